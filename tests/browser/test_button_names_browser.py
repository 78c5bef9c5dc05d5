"""Every button says what it acts on, as Chromium's accessibility tree names it (issue 22): no button on any page (every
Explore tab, Learn, Corpus and Compare with every section open, the Score doctor) is nameless or named only by an icon
or a bare "Help", and the remove buttons name their reference or file."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.conftest import SAMPLE

#: Names that say nothing about what a button acts on (an icon's glyph or ligature, a bare "Help").
GENERIC = {"", "✕", "×", "x", "X", "close", "Close", "help", "Help", "?"}
_BUTTON = re.compile(r'^\s*- button(?: "(?P<name>(?:[^"\\]|\\.)*)")?(?: \[[^\]]*\])*:?\s*$')


def button_names(page: Page) -> list[str]:
    """The accessible name of every button on the page (Chromium's accessibility tree, via Playwright)."""
    names = []
    for line in page.locator("body").aria_snapshot().splitlines():
        match = _BUTTON.match(line)
        if match:
            names.append(match.group("name") or "")
    return names


def open_every_section(page: Page, wait_for_app: Callable[..., None]) -> None:
    """Open every closed expander of the page (call it once the page is drawn to its end: it counts them)."""
    closed = page.locator('[data-testid="stExpander"] > details:not([open]) > summary')
    for _ in range(30):  # each click opens one, so the first closed one is another each time
        left = closed.count()
        if left == 0:
            return
        closed.first.click()
        expect(closed).to_have_count(left - 1)  # the one clicked is open before the next count
        wait_for_app(page)
    raise AssertionError("expanders keep closing")


def assert_named(names: list[str], where: str) -> None:
    generic = [name for name in names if name.strip() in GENERIC]
    assert not generic, (where, generic)


def test_every_button_says_what_it_acts_on(
    app_page: Page,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    choose_input: Callable[..., None],
    upload: Callable[..., None],
) -> None:
    page = app_page
    page.get_by_role("button", name="Add a reference").click()
    wait_for_app(page)
    expect(page.get_by_label("Reference 4", exact=True)).to_have_count(1)  # the example's three, and the one added
    for position in (1, 2):
        expect(page.get_by_role("button", name=f"Remove reference {position}", exact=True)).to_have_count(1)
    tabs = page.get_by_role("tab")
    for i in range(tabs.count()):
        label = tabs.nth(i).inner_text()
        tabs.nth(i).click()
        # Only the open tab runs: its panel is empty until the run the click asked for draws it, which may not
        # have begun when wait_for_app first looks.
        expect(page.get_by_role("tabpanel", name=label).get_by_test_id("stElementContainer").first).to_be_attached()
        wait_for_app(page)
        open_every_section(page, wait_for_app)
        assert_named(button_names(page), f"Explore, tab {label}")
    for path in ("learn", "doctor", "compare"):
        page.goto(f"{streamlit_server}/{path}")
        wait_for_app(page)
        open_every_section(page, wait_for_app)
        assert_named(button_names(page), path)
    page.goto(f"{streamlit_server}/corpus")
    wait_for_app(page)
    choose_input(page, "Upload files")
    for label, name in (("Reference files", "ref.en"), ("Hypothesis file", "system_a.en")):
        upload(page, label, [(name, (SAMPLE / name).read_bytes())])  # one drop at a time, each kept
    expect(page.get_by_role("button", name="Remove reference file ref.en", exact=True)).to_have_count(1)
    expect(page.get_by_role("button", name="Remove hypothesis file system_a.en", exact=True)).to_have_count(1)
    open_every_section(page, wait_for_app)
    names = button_names(page)
    assert_named(names, "corpus")
    assert "Open this sentence in Explore" in names and "Download table (CSV)" in names
