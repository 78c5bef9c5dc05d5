"""The Korean interface in Chromium (issue 16): ?lang=ko on each page, kept by the sidebar's navigation
and a reload, English without it; Korean screenshots for the README (Noto CJK renders the Hangul)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

HANGUL = re.compile(r"[\uac00-\ud7a3]")
# (url path, Korean title, Korean nav label of the page)
PAGES = [("", "BLEU 탐색"), ("learn", "예제로 배우는 BLEU"), ("corpus", "코퍼스 BLEU"), ("compare", "시스템 비교")]
KOREAN_NAV = ["탐색", "배우기", "코퍼스", "비교"]


def _heading(page: Page):  # type: ignore[no-untyped-def]
    return page.locator('[data-testid="stMain"] h1').first


def _expect_korean_sidebar(page: Page) -> None:
    nav = page.locator('[data-testid="stSidebarNav"]')
    for label in KOREAN_NAV:
        expect(nav.get_by_text(label, exact=True)).to_be_visible()


@pytest.mark.parametrize(("path", "title"), PAGES)
def test_each_page_opens_in_korean(
    page: Page, streamlit_server: str, wait_for_app: Callable[..., None], path: str, title: str
) -> None:
    page.goto(f"{streamlit_server}/{path}?lang=ko")
    wait_for_app(page)
    expect(_heading(page)).to_have_text(re.compile(re.escape(title)))
    _expect_korean_sidebar(page)


def test_explore_in_korean_keeps_its_score_and_the_language_through_navigation_and_reload(
    page: Page, streamlit_server: str, wait_for_app: Callable[..., None], screenshot_dir: Path
) -> None:
    page.goto(f"{streamlit_server}/?lang=ko")
    wait_for_app(page)
    score = page.locator('[data-testid="stMetric"]').filter(has_text="BLEU (0–100)").first
    expect(score.locator('[data-testid="stMetricValue"]')).to_have_text("50.46")  # golden.md, Example 1
    expect(page.get_by_text("브레버티 패널티", exact=True).first).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "explore-ko.png"))

    page.locator('[data-testid="stSidebarNav"]').get_by_text("배우기", exact=True).click()
    wait_for_app(page)
    expect(_heading(page)).to_have_text(re.compile("예제로 배우는 BLEU"))
    expect(page).to_have_url(re.compile(r"/learn\?(.*&)?lang=ko"))
    page.screenshot(path=str(screenshot_dir / "learn-ko.png"))

    page.reload()
    wait_for_app(page)
    expect(_heading(page)).to_have_text(re.compile("예제로 배우는 BLEU"))
    _expect_korean_sidebar(page)


def test_without_lang_the_app_is_english(page: Page, streamlit_server: str, wait_for_app: Callable[..., None]) -> None:
    page.goto(f"{streamlit_server}/corpus")
    wait_for_app(page)
    expect(_heading(page)).to_have_text(re.compile("Corpus BLEU"))
    expect(page.locator('[data-testid="stSidebarNav"]').get_by_text("Learn", exact=True)).to_be_visible()
    assert not HANGUL.search(_heading(page).inner_text())


def test_the_sidebar_switch_turns_the_page_korean(app_page: Page, wait_for_app: Callable[..., None]) -> None:
    app_page.locator('[data-testid="stSidebar"]').get_by_text("한국어", exact=True).click()
    wait_for_app(app_page)
    expect(_heading(app_page)).to_have_text(re.compile("BLEU 탐색"))
    expect(app_page).to_have_url(re.compile(r"lang=ko"))


def test_a_korean_tab_click_makes_a_link_that_opens_the_same_tab_in_english(
    page: Page, streamlit_server: str, wait_for_app: Callable[..., None]
) -> None:
    """The tab is shown as 차트 and stored as its key: the copied link opens Charts in either language."""
    from urllib.parse import parse_qs, urlparse

    from ui.links.share import decode_state

    page.goto(f"{streamlit_server}/?lang=ko")
    wait_for_app(page)
    before = page.url
    page.get_by_role("tab", name="차트").click()
    wait_for_app(page)
    page.wait_for_function("old => window.location.href !== old", arg=before)  # the open tab is in the link
    expect(page.get_by_role("tab", name="차트")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_text("보정된 n-gram 정밀도", exact=True).first).to_be_attached()  # the chart title
    token = parse_qs(urlparse(page.url).query)["s"][0]
    assert decode_state(token)["tab"] == "Charts"

    page.goto(f"{streamlit_server}/?s={token}")  # the same link without the language: English
    wait_for_app(page)
    expect(page.get_by_role("tab", name="Charts")).to_have_attribute("aria-selected", "true")
    page.goto(f"{streamlit_server}/?s={token}&lang=ko")
    wait_for_app(page)
    expect(page.get_by_role("tab", name="차트")).to_have_attribute("aria-selected", "true")


@pytest.mark.parametrize(
    ("path", "source", "korean", "korean_title"),
    [("corpus", "Upload files", "파일 올리기", "코퍼스"), ("compare", "Paste text", "텍스트 붙여 넣기", "시스템 비교")],
)
def test_the_input_choice_stays_checked_through_a_language_switch(  # type: ignore[no-untyped-def]
    page: Page,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    choose_input,
    path: str,
    source: str,
    korean: str,
    korean_title: str,
) -> None:
    """Issue 45, item 1: after English -> Korean the four options of "Input" all showed unchecked (the browser kept
    the English label, which no Korean option has) while the page went on reading the files."""
    page.goto(f"{streamlit_server}/{path}")
    wait_for_app(page)
    choose_input(page, source)
    main, sidebar = page.get_by_test_id("stMain"), page.get_by_test_id("stSidebar")

    def checked(group: str, option: str) -> None:
        radio = main.get_by_role("radiogroup", name=group, exact=True)
        expect(radio.get_by_role("radio", name=option, exact=True)).to_be_checked()
        expect(radio.locator("input:checked")).to_have_count(1)

    checked("Input", source)
    sidebar.get_by_text("한국어", exact=True).click()
    wait_for_app(page)
    expect(_heading(page)).to_contain_text(korean_title)
    checked("입력", korean)
    sidebar.get_by_text("English", exact=True).click()
    wait_for_app(page)
    expect(_heading(page)).to_contain_text("Co")
    checked("Input", source)
