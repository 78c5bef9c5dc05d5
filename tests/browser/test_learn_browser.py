"""Learn in Chromium: the walk-through renders its computed numbers and opens examples in Explore."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.golden_examples import CA2


def test_learn_page_shows_the_worked_examples(app_page: Page, wait_for_app, screenshot_dir: Path, settle_page) -> None:
    app_page.get_by_test_id("stSidebarNav").get_by_role("link", name="Learn", exact=True).click()
    expect(app_page).to_have_url(re.compile(r"/learn(\?.*)?$"))  # the navigation, not Explore's last run
    wait_for_app(app_page)
    expect(app_page.get_by_role("heading", name="Learn BLEU from the worked examples")).to_be_visible()
    main = app_page.get_by_test_id("stMain")
    for number in (
        "2/7 = 0.2857142857142857",
        "0.5045666840058485",
        "0.39692877231857493",
        "0.25400289715190977",
        "3/7",
        "1.5e-154",
    ):
        expect(main).to_contain_text(number)
    clipped = app_page.locator(".bleu-candidate .bleu-tok.clipped")
    expect(clipped).to_have_count(5 + 2)  # "the the …" (5) and the Korean note's clipping example (2)
    assert clipped.first.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(230, 159, 0)"
    expect(app_page.locator('[data-testid="stException"]')).to_have_count(0)
    app_page.set_viewport_size({"width": 1280, "height": 1300})
    settle_page(app_page)
    app_page.screenshot(path=str(screenshot_dir / "learn.png"))


def test_open_in_explore_carries_the_example(app_page: Page, wait_for_app) -> None:
    app_page.get_by_test_id("stSidebarNav").get_by_role("link", name="Learn", exact=True).click()
    wait_for_app(app_page)
    app_page.get_by_role("button", name="Open in Explore: Ca2").click()
    # wait for the navigation itself: wait_for_app alone may see Learn's finished run
    expect(app_page).to_have_url(re.compile(r"/\?(.*&)?s="))
    wait_for_app(app_page)
    expect(app_page.get_by_label("Candidate", exact=True)).to_have_value(CA2)
    expect(
        app_page.get_by_test_id("stMetric").filter(has_text="BLEU (0–100)").get_by_test_id("stMetricValue")
    ).to_have_text("0.00")
    expect(app_page.get_by_text("Why is it zero?")).to_be_visible()
    # The address now reproduces Ca2 in a fresh tab.
    tab = app_page.context.new_page()
    tab.goto(app_page.url)
    wait_for_app(tab)
    expect(tab.get_by_label("Candidate", exact=True)).to_have_value(CA2)
    tab.close()
