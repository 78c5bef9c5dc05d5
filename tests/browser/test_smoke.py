"""The app shell loads in a real browser, without errors and without leaving the machine."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect


def test_app_loads_with_title_and_no_exception(app_page: Page, offsite_requests: list[str]) -> None:
    # st.set_page_config(page_title="BLEU Explorer") in app.py names the browser tab.
    expect(app_page).to_have_title(re.compile(r"BLEU Explorer"))
    expect(app_page.locator('[data-testid="stMain"]')).to_be_visible()
    # The router rendered something into the main block (not an empty shell).
    expect(app_page.locator('[data-testid="stMainBlockContainer"] > *').first).to_be_attached()
    expect(app_page.locator('[data-testid="stException"]')).to_have_count(0)
    assert offsite_requests == []


def test_stale_elements_dim_at_once_instead_of_fading(app_page: Page) -> None:
    # ui.shell.style: while a run is under way Streamlit marks the last run's elements
    # data-stale="true" and fades them over 1 s (a compositor animation per element); the app's
    # stylesheet must reach the page and win, so they dim in one step after 1 s instead.
    metric = app_page.get_by_test_id("stMetric").first
    container = metric.locator("xpath=ancestor::*[@data-testid='stElementContainer'][1]")
    # One synchronous script reads the style without and with the mark, so a re-render between two
    # calls (a busy machine) cannot swap the element or its mark in the middle of the check.
    fresh, stale = container.evaluate(
        """e => {
            e.removeAttribute('data-stale');
            const fresh = getComputedStyle(e).transition;
            e.setAttribute('data-stale', 'true');
            const stale = getComputedStyle(e).transition;
            e.removeAttribute('data-stale');
            return [fresh, stale];
        }"""
    )
    assert fresh != "opacity 0s linear 1s"
    assert stale == "opacity 0s linear 1s"
    # the style-only st.html takes no room on the page
    heights = app_page.evaluate(
        """() => [...document.querySelectorAll('style')]
            .filter(s => s.textContent.includes('data-stale'))
            .map(s => { const c = s.closest('[data-testid=stElementContainer]'); return c ? c.offsetHeight : 0 })"""
    )
    assert heights and all(h == 0 for h in heights), heights


def test_visitors_see_no_developer_toolbar(app_page: Page) -> None:
    # client.toolbarMode = "minimal" (.streamlit/config.toml): the page is opened through
    # 127.0.0.1, where Streamlit's default ("auto") would show "Deploy" and the developer menu.
    expect(app_page.locator('[data-testid="stMain"]')).to_be_visible()
    expect(app_page.get_by_role("button", name=re.compile("Deploy"))).to_have_count(0)
    expect(app_page.get_by_test_id("stAppDeployButton")).to_have_count(0)
    expect(app_page.get_by_test_id("stMainMenu")).to_have_count(0)


def test_no_page_shows_internal_tutorial_numbering(
    page: Page, streamlit_server: str, wait_for_app: Callable[..., None]
) -> None:
    # The tutorials are named by title and author ("딥 러닝을 이용한 자연어 처리 입문" on wikidocs, ...),
    # never by the numbers of the files the project was made from ("seed 000", "seeds 003/004").
    for path in ("", "learn", "corpus", "compare", "doctor"):
        page.goto(f"{streamlit_server}/{path}")
        wait_for_app(page)
        main = page.get_by_test_id("stMain")
        expect(main.locator("h1").first).to_be_visible()
        expect(page.get_by_test_id("stApp")).not_to_contain_text(re.compile(r"\bseeds? ?0\d\d", re.IGNORECASE))
    page.goto(f"{streamlit_server}/learn")
    wait_for_app(page)
    expect(page.get_by_test_id("stMain")).to_contain_text("딥 러닝을 이용한 자연어 처리 입문")
