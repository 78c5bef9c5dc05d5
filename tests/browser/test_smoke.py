"""The app shell loads in a real browser, without errors and without leaving the machine."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect


def test_app_loads_with_title_and_no_exception(
    app_page: Page, offsite_requests: list[str]
) -> None:
    # st.set_page_config(page_title="BLEU Explorer") in app.py names the browser tab.
    expect(app_page).to_have_title(re.compile(r"BLEU Explorer"))
    expect(app_page.locator('[data-testid="stMain"]')).to_be_visible()
    # The router rendered something into the main block (not an empty shell).
    expect(app_page.locator('[data-testid="stMainBlockContainer"] > *').first).to_be_attached()
    expect(app_page.locator('[data-testid="stException"]')).to_have_count(0)
    assert offsite_requests == []
