"""Explore in Chromium: every n-gram occurrence is one chip, readable by hover, screen reader and tap.

Expected numbers are golden.md's (Example 1: p1..p4 = 17/18, 10/17, 7/16, 4/15) or counted by hand
for the Korean example (4 bigrams, only "아침에 학교에" in no reference).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.widgets import type_into

KO_CAND = "나는 오늘 아침에 학교에 갔다"
KO_REFS = ("나는 오늘 아침 학교에 갔다", "오늘 아침에 나는 학교로 갔다")
BLUE, GREY = "rgb(0, 114, 178)", "rgb(229, 229, 229)"
WaitForApp = Callable[..., None]


def choose_order(page: Page, option: str, wait_for_app: WaitForApp) -> None:
    """Pick one choice of the "Order n" radio (\"2-grams\", \"All orders\")."""
    page.get_by_role("radiogroup", name="Order n").get_by_text(option, exact=True).click()
    wait_for_app(page)


def chips(page: Page, row: int | None = None):
    """The candidate's chips (of one all-orders row when ``row`` is given)."""
    scope = page.locator(".bleu-order").nth(row) if row is not None else page
    return scope.locator(".bleu-candidate details.bleu-chip > summary")


def enter_korean_example(page: Page, wait_for_app: WaitForApp) -> None:
    type_into(page, "Candidate", KO_CAND, wait_for_app)
    type_into(page, "Reference 1", KO_REFS[0], wait_for_app)
    type_into(page, "Reference 2", KO_REFS[1], wait_for_app)
    page.get_by_role("button", name="Remove reference 3", exact=True).click()  # the default's third reference
    wait_for_app(page)
    expect(page.get_by_label("Reference 3", exact=True)).to_have_count(0)
    expect(page.get_by_role("combobox", name="Tokenizer")).to_have_value("none")  # the page's default


def test_korean_unmatched_bigram_is_one_unit_that_says_so(
    app_page: Page, wait_for_app: WaitForApp, screenshot_dir: Path
) -> None:
    enter_korean_example(app_page, wait_for_app)
    choose_order(app_page, "2-grams", wait_for_app)
    caption = "p2 = 3/4: 3 of the candidate's 4 bigrams are matched, 1 unmatched, 0 clipped"
    expect(app_page.get_by_text(caption)).to_be_visible()
    expect(chips(app_page)).to_have_text(["나는 오늘", "오늘 아침에", "아침에 학교에", "학교에 갔다"])
    unit = chips(app_page).filter(has_text=re.compile("^아침에 학교에$"))
    expect(unit).to_have_count(1)
    expect(unit).to_have_attribute(
        "aria-label", "unmatched 2-gram “아침에 학교에”: Count 1, Max_Ref_Count 0, Count_clip 0, in no reference"
    )
    expect(unit).to_have_attribute("title", re.compile("^unmatched 2-gram “아침에 학교에”"))
    assert unit.evaluate("e => getComputedStyle(e).backgroundColor") == GREY
    # both of its words are in matched bigrams too: the words alone would all look matched
    assert [c.evaluate("e => getComputedStyle(e).backgroundColor") for c in chips(app_page).all()] == [
        BLUE,
        BLUE,
        GREY,
        BLUE,
    ]
    # the accessible name is the label (what a screen reader announces)
    expect(app_page.get_by_label(re.compile("^unmatched 2-gram “아침에 학교에”"))).to_have_count(1)

    # the references mark the bigrams the three matches used
    references = app_page.locator(".bleu-used")
    expect(references.nth(0).locator("mark.bleu-tok.used")).to_have_text(["나는 오늘", "학교에 갔다"])
    expect(references.nth(1).locator("mark.bleu-tok.used")).to_have_text(["오늘 아침에"])
    expect(references.nth(1).locator("mark").first).to_have_attribute(
        "aria-label", "used 2-gram “오늘 아침에” in Reference 2, occurrence 1 of 1: used 1 of 1, the Max_Ref_Count"
    )
    expect(app_page.locator('[data-testid="stException"]')).to_have_count(0)
    app_page.get_by_role("tabpanel", name="N-gram matches").screenshot(path=str(screenshot_dir / "ngrams-korean.png"))

    counts = app_page.locator(".bleu-candidate details.bleu-chip").nth(2).locator(".bleu-counts")
    expect(counts).to_be_hidden()
    unit.click()  # a tap on a phone
    expect(counts).to_be_visible()
    expect(counts).to_have_text("unmatched: Count 1, Max_Ref_Count 0, Count_clip 0, in no reference")


def test_example_1_has_four_matched_4grams(app_page: Page, wait_for_app: WaitForApp) -> None:
    choose_order(app_page, "4-grams", wait_for_app)
    expect(app_page.get_by_text("p4 = 4/15: 4 of the candidate's 15 4-grams are matched", exact=False)).to_be_visible()
    expect(chips(app_page)).to_have_count(15)
    matched = app_page.locator(".bleu-candidate summary.bleu-tok.matched")
    expect(matched).to_have_count(4)
    assert all(c.evaluate("e => getComputedStyle(e).backgroundColor") == BLUE for c in matched.all())
    expect(app_page.locator(".bleu-candidate summary.bleu-tok.unmatched")).to_have_count(11)
    expect(app_page.locator(".bleu-candidate summary[aria-label^='matched 4-gram']")).to_have_count(4)


def test_example_1_bigrams_screenshot_and_click_to_read(
    app_page: Page, wait_for_app: WaitForApp, screenshot_dir: Path
) -> None:
    choose_order(app_page, "2-grams", wait_for_app)
    expect(chips(app_page)).to_have_count(17)
    expect(app_page.locator(".bleu-candidate summary.bleu-tok.matched")).to_have_count(10)  # p2 = 10/17
    app_page.set_viewport_size({"width": 1280, "height": 1400})
    app_page.get_by_role("tabpanel", name="N-gram matches").screenshot(path=str(screenshot_dir / "ngrams-example1.png"))
    first = app_page.locator(".bleu-candidate details.bleu-chip").first
    first.locator("summary").click()
    expect(first.locator(".bleu-counts")).to_have_text(
        "matched: Count 1, Max_Ref_Count 1, Count_clip 1, source: reference 1, reference 2, reference 3"
    )  # "It is" opens all three references


def test_all_orders_view_reads_p1_to_p4(app_page: Page, wait_for_app: WaitForApp) -> None:
    choose_order(app_page, "All orders", wait_for_app)
    rows = app_page.locator(".bleu-order")
    expect(rows).to_have_count(4)
    expected = [("p1 = 17/18", 18, 17), ("p2 = 10/17", 17, 10), ("p3 = 7/16", 16, 7), ("p4 = 4/15", 15, 4)]
    for k, (label, total, matched) in enumerate(expected):
        expect(rows.nth(k).locator(".bleu-order-label")).to_contain_text(f"{k + 1}-grams: {label} · ")
        expect(chips(app_page, k)).to_have_count(total)
        expect(rows.nth(k).locator(".bleu-candidate summary.bleu-tok.matched")).to_have_count(matched)
    expect(app_page.locator(".bleu-reference, .bleu-used")).to_have_count(0)
    # a chip of the 3-gram row opens like any other
    chip = app_page.locator(".bleu-order").nth(2).locator("details.bleu-chip").first
    chip.locator("summary").click()
    expect(chip.locator(".bleu-counts")).to_contain_text("Count_clip 1")
    expect(app_page.locator('[data-testid="stException"]')).to_have_count(0)


def test_on_a_phone_a_tapped_chip_shows_its_counts_on_screen(app_page: Page, wait_for_app: WaitForApp) -> None:
    app_page.set_viewport_size({"width": 390, "height": 844})
    choose_order(app_page, "2-grams", wait_for_app)
    expect(chips(app_page)).to_have_count(17)  # the bigrams' chips, not the words' (18) the click's run replaces
    wait_for_app(app_page)  # and that run's end: the chip tapped below is the one the page keeps
    chip = app_page.locator(".bleu-candidate details.bleu-chip").last  # "the party", at the end of a line
    chip.locator("summary").click()
    counts = chip.locator(".bleu-counts")
    expect(counts).to_be_visible()
    expect(counts).to_have_text("matched: Count 1, Max_Ref_Count 1, Count_clip 1, source: reference 3")
    box = counts.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    chip.locator("summary").click()  # a second tap closes it
    expect(counts).to_be_hidden()
