"""Explore on a 390 x 844 phone (issue 45, items 3, 8 and 12), measured by the elements' boxes: every line of the
Formula tab inside its box, its numbers on the screen (ui/metrics/bleu/formula.py); the Variants table stacked as
cards, short and with whole Korean words (ui/metrics/bleu/variants.py); matched and used chips told apart in style
and words, each legend chip one box (ui/metrics/bleu/highlight.py); sacreBLEU's line and the share link wrapped,
each with a copy button (ui/shell/plain_code.py). A screenshot of each is saved to the screenshot dir."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from bleucore import BleuOptions, sentence_bleu
from bleucore.metrics.bleu import SMOOTHING_METHODS, VARIANTS
from tests.golden_examples import CA1, CA2, CA4, REFS_1
from ui.state import explore as es

PHONE = {"width": 390, "height": 844}
TUTORIAL = BleuOptions(tokenize="none", smooth_method="none")


def open_explore(
    page: Page, server: str, wait_for_app: Callable[..., None], candidate: str, options: BleuOptions, tab: str
) -> None:
    """Explore at 390 x 844 on ``candidate`` against the tutorials' Example 1 references, ``tab`` open (a link)."""
    state = es.with_changes(es.from_options(candidate, REFS_1, options), tab=tab)
    page.set_viewport_size(PHONE)
    page.goto(f"{server}/?s={es.PAGE_STATE.to_link(state)}")
    wait_for_app(page)


#: Every line box of a formula (KaTeX's ``.base``: a run of math that never breaks) against its display's box.
FORMULA_BOXES_JS = """e => {
    const box = e.getBoundingClientRect();
    const right = Math.max(...[...e.querySelectorAll('.katex-html .base')].map(b => b.getBoundingClientRect().right));
    return {left: box.left, right: box.right, inner: right, viewport: window.innerWidth};
}"""

FORMULA_CASES = {
    # Example 1 (golden.md): the result's line read "BLEU = BP·exp(Σ…) = 1 × 0" on main, its 0.5046 off the screen
    "example-1": (CA1, TUTORIAL),
    "log-zero": (CA2, TUTORIAL),  # p3 = p4 = 0: "log 0 = −∞, so BLEU = 0" beside two log terms
    "left-out": (CA2, TUTORIAL.with_changes(variant="tutorial")),  # "p_n = 0 is left out of the sum"
    "smoothed": (CA2, TUTORIAL.with_changes(smooth_method="exp")),
    "effective-order": (CA4, TUTORIAL.with_changes(effective_order=True, smooth_method="floor")),  # "beyond ..."
    "simplified": (CA2, TUTORIAL.with_changes(variant="simplified")),  # BP = min(1, c/r)
}


@pytest.mark.parametrize("case", list(FORMULA_CASES))
def test_every_formula_line_fits_a_phone_and_shows_its_numbers(
    page: Page,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    settle_page: Callable[[Page], None],
    screenshot_dir: Path,
    case: str,
) -> None:
    candidate, options = FORMULA_CASES[case]
    open_explore(page, streamlit_server, wait_for_app, candidate, options, "Formula")
    formulas = page.get_by_role("tabpanel").locator(".katex-display")
    expect(formulas).to_have_count(5)  # p_n, the log terms, BP, the geometric mean, the result
    settle_page(page)
    for i in range(5):
        box = formulas.nth(i).evaluate(FORMULA_BOXES_JS)
        assert box["left"] >= 0 and box["right"] <= box["viewport"], (case, i, box)
        assert box["inner"] <= box["right"] + 0.5, (case, i, box)  # no line runs past its box: nothing scrolls
    score = sentence_bleu(candidate, list(REFS_1), options)
    result = formulas.nth(4)
    result.scroll_into_view_if_needed()
    value = f"{score.value:.4f}".rstrip("0").rstrip(".")
    shown = result.locator(".katex-html").evaluate("e => e.textContent.replace(/[\\s\\u200b]/g, '')")
    assert shown.endswith(f"={value}"), shown  # the drawn math (not KaTeX's MathML copy) ends with the score
    page.get_by_role("tabpanel").screenshot(path=screenshot_dir / f"phone-formula-{case}.png")


#: Each word (a run of letters and digits) of an element's text that the browser laid out on more than one line: a
#: Korean word broken between its syllables. A break at a bracket or a slash is the language's own (UAX #14).
BROKEN_WORDS_JS = """element => {
    const broken = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of node.textContent.matchAll(/[\\p{L}\\p{N}]+/gu)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
            if (tops.size > 1) broken.push(word[0]);
        }
    }
    return broken;
}"""


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_variants_table_is_cards_of_whole_words_on_a_phone(
    page: Page,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    settle_page: Callable[[Page], None],
    screenshot_dir: Path,
    lang: str,
) -> None:
    """At 390 x 844 the table of every variant and smoothing (15 rows) is one card a row, under 1,800 px (about 2,850
        as six columns, a Korean word a syllable a line), inside the screen, no word broken across lines; every value is
        named by its column, and "= headline" shows on the headline's two cards only. At 1280 px it is a table, again
    without a broken word."""
    state = es.with_changes(es.from_options(CA1, REFS_1, TUTORIAL), tab="Variants")
    page.set_viewport_size(PHONE)
    page.goto(f"{streamlit_server}/?s={es.PAGE_STATE.to_link(state)}&lang={lang}")
    wait_for_app(page)
    table = page.locator("table.bleu-variants")
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(len(VARIANTS) + len(SMOOTHING_METHODS))
    table.scroll_into_view_if_needed()
    settle_page(page)
    box = table.bounding_box()
    assert box is not None and box["height"] < 1800, box
    for i in range(rows.count()):
        card = rows.nth(i).bounding_box()
        assert card is not None and card["x"] >= 0 and card["x"] + card["width"] <= PHONE["width"], (i, card)
    assert table.locator("tbody").evaluate(BROKEN_WORDS_JS) == []  # (the header row is for screen readers)
    headers = table.locator("thead th").all_inner_texts()
    assert headers[1:] == table.locator("tbody tr").first.locator("td").evaluate_all(
        "cells => cells.map(c => c.dataset.label)"
    )
    why = rows.first.locator("td.why")
    label = why.evaluate("e => getComputedStyle(e, '::before').content")
    assert headers[-1] in label, label  # "why it differs: ..." on the card itself
    shown = table.locator("td.headline").evaluate_all("cells => cells.filter(c => c.offsetParent).length")
    assert shown == 2  # standard and none: the headline's variant and smoothing
    page.screenshot(path=screenshot_dir / f"phone-variants-{lang}.png")
    page.set_viewport_size({"width": 1280, "height": 900})  # a table again, its short columns never one syllable wide
    expect(table.locator("thead")).to_have_css("position", "static")
    settle_page(page)
    assert table.locator("tbody").evaluate(BROKEN_WORDS_JS) == []


#: An element's look: background, underline style and the marker after it.
LOOK_JS = """e => { const s = getComputedStyle(e), after = getComputedStyle(e, '::after');
    return [s.backgroundColor, s.borderBottomStyle, after.content]; }"""


def test_matched_and_used_chips_differ_and_each_legend_chip_is_one_box(
    page: Page,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    settle_page: Callable[[Page], None],
    screenshot_dir: Path,
) -> None:
    """A candidate's matched chip and the reference n-gram it used looked the same (blue, solid underline, ✓): the used
    one is now light, double-underlined and marked ↔, as its legend entry says in words. At 390 px every legend entry
    is one box inside the page (a long one broke in two at the line's end)."""
    open_explore(page, streamlit_server, wait_for_app, CA1, TUTORIAL, "N-gram matches")
    matched = page.locator(".bleu-candidate summary.bleu-tok.matched").first
    used = page.locator(".bleu-used mark.bleu-tok.used").first
    expect(used).to_be_visible()
    settle_page(page)
    matched_look, used_look = matched.evaluate(LOOK_JS), used.evaluate(LOOK_JS)
    assert all(a != b for a, b in zip(matched_look, used_look)), (matched_look, used_look)
    keys = page.locator(".bleu-legend .bleu-key")
    expect(keys).to_have_count(4)  # matched, clipped, unmatched, used
    for key, status in zip(keys.all(), ("matched", "clipped", "unmatched", "used")):
        assert key.evaluate("e => e.getClientRects().length") == 1, key.inner_text()  # one box, not two halves
        box, legend = key.bounding_box(), page.locator(".bleu-legend").bounding_box()
        assert box is not None and legend is not None and box["x"] + box["width"] <= legend["x"] + legend["width"] + 1
        assert key.inner_text().startswith(status)  # the status in words
        chip = matched if status == "matched" else used if status == "used" else None
        if chip is not None:  # the legend shows each status as its chips look
            assert key.evaluate(LOOK_JS) == chip.evaluate(LOOK_JS), status
    page.locator(".bleu-legend").screenshot(path=screenshot_dir / "phone-chip-legend.png")


def test_sacrebleus_line_and_the_share_link_wrap_on_a_phone_each_with_a_copy_button(
    page: Page,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    settle_page: Callable[[Page], None],
    screenshot_dir: Path,
) -> None:
    """At 390 x 844 sacreBLEU's line, the signature and the share link wrap inside the screen (the link scrolled
    sideways in a box, a few letters of it shown), each beside a copy button that names what it copies and puts it on
    the clipboard; the Export tab's st.code lines wrap too (sacreBLEU's line scrolled there)."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_explore(page, streamlit_server, wait_for_app, CA1, TUTORIAL, "N-gram matches")
    bottom = page.locator(".st-key-explore_bottom")
    codes = bottom.locator("code.plain-code")
    expect(codes).to_have_count(3)
    link = codes.nth(2).get_by_role("link")
    bottom.scroll_into_view_if_needed()
    settle_page(page)
    for i in range(3):
        fits = codes.nth(i).evaluate(
            "e => e.scrollWidth <= e.clientWidth + 1 && e.getBoundingClientRect().right <= window.innerWidth"
        )
        assert fits, codes.nth(i).inner_text()
    for name, code in (("Copy sacreBLEU's line", codes.nth(0)), ("Copy the signature", codes.nth(1))):
        expect(bottom.get_by_role("button", name=name, exact=True)).to_be_visible()
        expect(code.locator("xpath=following-sibling::button")).to_have_attribute("aria-label", name)
    expect(bottom.get_by_role("button", name="Copy the link", exact=True)).to_be_visible()
    button = bottom.locator("button.plain-copy").nth(2)  # its name says "Copied" for two seconds once clicked
    button.click()
    expect(button).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == link.get_attribute("href") == link.inner_text()
    bottom.screenshot(path=screenshot_dir / "phone-explore-lines.png")
    page.get_by_role("tab", name="Export").click()
    wait_for_app(page)
    blocks = page.get_by_role("tabpanel").get_by_test_id("stCode")
    expect(blocks).to_have_count(3)  # sacreBLEU's line, the signature, the link: st.code, with its copy buttons
    settle_page(page)
    for i in range(3):
        assert blocks.nth(i).locator("pre").evaluate("e => e.scrollWidth <= e.clientWidth + 1"), blocks.nth(
            i
        ).inner_text()
