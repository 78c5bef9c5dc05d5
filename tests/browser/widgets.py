"""Streamlit's widgets as a person uses them in Chromium: read an ``st.metric``'s value, type into a text area, pick a
selectbox option. Each returns a locator or waits for the state it brings about, never for a fixed time."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

#: ui.shell's own scripts (the history entry, the reload on reconnect, the copy buttons' listener), the only scripts a
#: page may hold; this selector finds every other one, as an injected payload would create.
OWN_SCRIPTS = ("data-bleu-history", "data-bleu-reconnect", "data-bleu-copy")
FOREIGN_SCRIPT = "script" + "".join(f":not([{name}])" for name in OWN_SCRIPTS)


def metric(page: Page, label: str) -> Locator:
    """The value of the ``st.metric`` labelled ``label`` (a locator: ``expect`` retries until the page shows it)."""
    return page.get_by_test_id("stMetric").filter(has_text=label).get_by_test_id("stMetricValue")


def type_into(page: Page, label: str, text: str, wait_for_app: Callable[..., None]) -> None:
    """Replace the text of the text area ``label`` with ``text``, apply it (Ctrl+Enter) and wait for the run."""
    area = page.get_by_label(label, exact=True)
    area.fill(text)
    area.press("Control+Enter")
    wait_for_app(page)


def choose(page: Page, label: str, option: str) -> None:
    """Pick ``option`` in Streamlit's selectbox ``label``: open its list (again, if a re-render closed it) and click."""
    box = page.get_by_role("combobox", name=label, exact=True)
    item = page.get_by_role("option", name=option)
    expect(box).to_be_visible()
    for _ in range(5):  # a re-render of a loaded page may close the list or move the option mid-click
        box.click()
        try:
            expect(item).to_be_visible(timeout=5_000)
            item.click(timeout=5_000)
            break
        except (AssertionError, PlaywrightTimeoutError):
            page.keyboard.press("Escape")
    expect(box).to_have_value(option)
