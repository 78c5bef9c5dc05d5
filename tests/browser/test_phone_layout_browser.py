"""The demo as a visitor on a phone meets it: the score on the first screen, nothing wider than
the screen, no developer chrome, and an address bar that holds the view without a history entry
per edit (ui/explore/summary.py, ui/shell/style.py, ui/shell/history.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from bleucore import BleuOptions, sentence_bleu
from bleucore.metrics.bleu import SMOOTHING_METHODS, VARIANTS
from tests.browser.charts import chart_texts, overlaps
from tests.browser.widgets import metric
from tests.golden_examples import REFS_1
from ui.shell.i18n import translations

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 768, "height": 1024}
PAGES = ("/", "/learn", "/corpus", "/compare", "/doctor")
TUTORIAL = BleuOptions(tokenize="none", smooth_method="none")


def open_at(page: Page, url: str, size: dict[str, int], wait_for_app: Callable[..., None]) -> None:
    page.set_viewport_size(size)
    page.goto(url)
    wait_for_app(page)
    expect(page.locator("h1").first).to_be_visible()


def share_link(page: Page):
    """Explore's link to the view, in the page (a phone hides the sidebar)."""
    return page.get_by_test_id("stMain").get_by_role("link").filter(has_text="?s=")


def in_first_screen(page: Page, locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["x"] + box["width"] <= size["width"]


def test_explore_shows_its_result_on_the_first_phone_screen(page: Page, streamlit_server: str, wait_for_app) -> None:
    open_at(page, streamlit_server, PHONE, wait_for_app)
    assert page.evaluate("window.scrollY") == 0
    # Example 1 of the tutorials: BLEU 50.46, BP 1, c = r = 18 (golden.md).
    expect(page.get_by_role("heading", name="BLEU 50.46")).to_be_visible()
    for label, value in (("BLEU (0–100)", "50.46"), ("Brevity penalty", "1.0000"), ("c / r", "18 / 18")):
        expect(metric(page, label)).to_have_text(value)
        assert in_first_screen(page, metric(page, label)), label
    assert in_first_screen(page, page.get_by_role("heading", name="BLEU 50.46"))


def test_phone_shows_the_first_ngram_chips_within_two_screens(
    page: Page, streamlit_server: str, wait_for_app, settle_page: Callable[[Page], None]
) -> None:
    """At 390 x 844 the score is on the first screen (above) and the first row of chips ends above 1,700 px: the
    explanation comes before sacreBLEU's line and the share link, which sit under the tabs."""
    open_at(page, streamlit_server, PHONE, wait_for_app)
    # The HTML blocks render before the widgets (whose code loads on demand): wait for everything above the chips.
    expect(page.locator("textarea")).to_have_count(4)  # the candidate and three references
    expect(page.get_by_test_id("stMetric")).to_have_count(7)  # BLEU, BLEU (0-1), BP, c/r, chrF2, chrF2++, TER
    chip = page.locator(".bleu-candidate .bleu-tok").first
    expect(chip).to_be_visible()
    settle_page(page)
    box = chip.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 1700, box
    share_box = share_link(page).bounding_box()
    assert share_box is not None and share_box["y"] > box["y"]  # the share link comes after the explanation


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_explore_charts_are_readable_on_a_phone(
    page: Page, streamlit_server: str, wait_for_app, settle_page: Callable[[Page], None], lang: str
) -> None:
    """At 390 x 844 each of Explore's charts (Charts: the precisions and the brevity penalty; Variants) shows its whole
    title, its axis titles and a label for every bar, every text inside the chart, none cut short with "…" and no two
    on top of each other, in English and in Korean."""
    words = translations(lang).gettext
    open_at(page, streamlit_server + ("" if lang == "en" else f"/?lang={lang}"), PHONE, wait_for_app)
    # Example 1 of the tutorials (golden.md): p1..p4 = 17/18, 10/17, 7/16, 4/15; c = r = 18
    expected = {
        "Charts": [
            {
                "title": words("Modified n-gram precisions"),
                "axes": [words("n-gram order"), words("modified precision p_n")],
                "bars": ["p1", "p2", "p3", "p4"],
                "marks": ["17/18", "10/17", "7/16", "4/15"],
            },
            {
                "title": words("Brevity penalty (c = {c:,}, r = {r:,g})").format(c=18, r=18),
                "axes": [words("c / r (candidate length / reference length)"), words("brevity penalty")],
                "bars": [],
                "marks": [],
            },
        ],
        "Variants": [
            {
                "title": words("BLEU under every variant and smoothing"),
                "axes": [words("BLEU (0–100)")],
                "bars": [*VARIANTS, *SMOOTHING_METHODS],
                "marks": [],
            },
        ],
    }
    for tab, charts in expected.items():
        page.get_by_role("tab", name=words(tab)).click()
        wait_for_app(page)
        shown = page.get_by_test_id("stMain").get_by_test_id("stVegaLiteChart")
        expect(shown).to_have_count(len(charts))
        for i, want in enumerate(charts):
            chart = shown.nth(i)
            chart.scroll_into_view_if_needed()
            settle_page(page)
            texts = chart_texts(page, chart)
            by_role: dict[str, list[str]] = {}
            for t in texts:
                by_role.setdefault(str(t["role"]), []).append(str(t["text"]))
            assert by_role.get("role-title-text") == [want["title"]], by_role
            assert sorted(by_role.get("role-axis-title", [])) == sorted(want["axes"]), by_role
            labels = by_role.get("role-axis-label", [])
            assert all(bar in labels for bar in want["bars"]), (want["bars"], labels)  # every bar is named
            if want["bars"]:  # and drawn: one bar per name
                assert chart.locator("g.mark-rect.role-mark path").count() == len(want["bars"]), tab
            marks = by_role.get("role-mark", [])
            assert all(mark in marks for mark in want["marks"]), (want["marks"], marks)
            for t in texts:  # nothing cut by the chart's edge or shortened
                inside = t["left"] >= 0 and t["right"] <= t["width"] and t["top"] >= 0 and t["bottom"] <= t["height"]
                assert inside and not str(t["text"]).endswith("…"), (lang, tab, t)
            for j, a in enumerate(texts):  # no text drawn over another
                for b in texts[j + 1 :]:
                    assert not overlaps(a, b), (lang, tab, a, b)


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["390x844", "768x1024"])
def test_no_page_scrolls_sideways(page: Page, streamlit_server: str, wait_for_app, size: dict[str, int]) -> None:
    for path in PAGES:
        open_at(page, streamlit_server + path, size, wait_for_app)
        widths = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
        assert widths[0] <= widths[1], (path, widths)
        expect(page.get_by_test_id("stException")).to_have_count(0)


def test_no_developer_chrome_for_visitors(page: Page, streamlit_server: str, wait_for_app) -> None:
    for size in (PHONE, {"width": 1280, "height": 900}):
        open_at(page, streamlit_server, size, wait_for_app)
        expect(page.get_by_test_id("stMetric").first).to_be_visible()
        expect(page.get_by_text("Deploy", exact=True)).to_have_count(0)
        expect(page.get_by_test_id("stAppDeployButton")).to_have_count(0)


def test_phone_reaches_every_tab_remove_button_and_share_link(
    page: Page, streamlit_server: str, wait_for_app, settle_page: Callable[[Page], None]
) -> None:
    open_at(page, streamlit_server, PHONE, wait_for_app)
    settle_page(page)
    width = PHONE["width"]
    tabs = ["N-gram matches", "Formula", "Charts", "Variants", "Tokenizers", "Export"]
    # The strip wraps onto a second row on a phone once the page's style applies; measured before that (a
    # fresh-clone run on a busy machine), "Export" was half off the screen. Wait for the wrapped state
    # (a timeout if it never comes), then measure.
    page.wait_for_function(
        """names => names.every(name => {
            const tab = [...document.querySelectorAll('[role="tab"]')].find(e => e.innerText.trim() === name);
            if (!tab) return false;
            const box = tab.getBoundingClientRect();
            return box.left >= 0 && box.right <= window.innerWidth;
        })""",
        arg=tabs,
    )
    for tab in tabs:
        box = page.get_by_role("tab", name=tab).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (tab, box)
    # Each ✕ sits on its reference's row (not wrapped under it), and says which one it removes.
    for position in (1, 2, 3):
        area = page.get_by_label(f"Reference {position}", exact=True).bounding_box()
        named = page.get_by_role("button", name=f"Remove reference {position}", exact=True)  # its accessible name
        expect(named).to_have_count(1)
        button = named.bounding_box()
        assert area is not None and button is not None
        assert button["x"] >= area["x"] + area["width"], position
        assert area["y"] <= button["y"] + button["height"] / 2 <= area["y"] + area["height"], position
    link = share_link(page)
    link.scroll_into_view_if_needed()
    expect(link).to_be_visible()
    assert link.inner_text().endswith(page.url.split("?", 1)[1])


def test_learn_formula_and_compare_p_values_fit_a_phone(page: Page, streamlit_server: str, wait_for_app) -> None:
    open_at(page, streamlit_server + "/learn", PHONE, wait_for_app)
    expect(page.locator(".katex-display").nth(1)).to_be_attached()  # both are drawn before the list is read
    for formula in page.locator(".katex-display").all()[:2]:
        fits = formula.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
        assert fits, formula.inner_text()
    open_at(page, streamlit_server + "/compare", PHONE, wait_for_app)
    table = page.get_by_test_id("stDataFrame").first
    table.scroll_into_view_if_needed()
    box = table.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"], box
    # The grid draws on a canvas; its accessible table lists the columns in their drawn order:
    # Δ BLEU and both p-values come right after the system, within the first 390 px screen.
    expect(table.locator("th").first).to_be_attached()  # the accessible table is drawn after the canvas
    headers = table.evaluate("d => [...d.querySelectorAll('th')].map(e => e.textContent)")
    assert headers[:4] == ["system", "Δ BLEU", "p (bootstrap)", "p (AR)"], headers


def test_edits_replace_the_history_entry_and_the_address_keeps_the_last(
    page: Page, streamlit_server: str, wait_for_app
) -> None:
    open_at(page, streamlit_server, PHONE, wait_for_app)
    page.wait_for_function("() => window.location.search.startsWith('?s=')")
    before = page.evaluate("history.length")
    texts = ("the military", "the military obeys", "It is a guide to action which ensures that the party")
    for text in texts:
        previous = page.url
        area = page.get_by_label("Candidate", exact=True)
        area.fill(text)
        area.press("Control+Enter")
        wait_for_app(page)
        # the edit's own run wrote the address (the first two edits score 0.00 alike)
        page.wait_for_function("url => window.location.href !== url", arg=previous)
        expected = sentence_bleu(text, list(REFS_1), TUTORIAL)
        expect(metric(page, "BLEU (0–100)")).to_have_text(f"{expected.score:.2f}")
    wait_for_app(page)  # the share link is drawn below the score: the last run's end, then its link
    # the address of the last edit, then the history length it was written with
    token = share_link(page).inner_text().split("?s=", 1)[1]
    page.wait_for_function("token => window.location.search === '?s=' + token", arg=token)
    assert page.evaluate("history.length") <= before + 1
    page.reload()
    wait_for_app(page)
    expect(page.get_by_label("Candidate", exact=True)).to_have_value(texts[-1])
    expected = sentence_bleu(texts[-1], list(REFS_1), TUTORIAL)
    expect(metric(page, "BLEU (0–100)")).to_have_text(f"{expected.score:.2f}")


def test_corpus_edits_replace_the_history_entry(page: Page, streamlit_server: str, wait_for_app) -> None:
    open_at(page, streamlit_server + "/corpus", {"width": 1280, "height": 900}, wait_for_app)
    page.wait_for_function("() => window.location.search.startsWith('?s=')")
    before = page.evaluate("history.length")
    checkbox = page.get_by_test_id("stSidebar").get_by_text("Lowercase", exact=True)
    for _ in range(3):
        previous = page.url
        checkbox.click()
        wait_for_app(page)
        page.wait_for_function("url => window.location.href !== url", arg=previous)
    assert page.evaluate("history.length") <= before + 1
    page.reload()
    wait_for_app(page)
    expect(page.get_by_test_id("stSidebar").get_by_role("checkbox", name="Lowercase")).to_be_checked()
