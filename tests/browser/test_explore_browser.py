"""Explore in Chromium: colours of the n-gram spans, live edits, navigation, shared links, escaping."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Page, expect

from bleucore import BleuOptions, sentence_bleu
from bleucore.metrics.bleu.explanation import explain
from tests.browser.widgets import FOREIGN_SCRIPT, metric, type_into
from tests.conftest import PAYLOADS
from tests.golden_examples import REFS_1
from ui.shell.titles import WORD_JOINER

TUTORIAL = BleuOptions(tokenize="none", smooth_method="none")
BLUE, ORANGE, GREY = "rgb(0, 114, 178)", "rgb(230, 159, 0)", "rgb(229, 229, 229)"


def candidate_spans(page: Page) -> list[tuple[str, str, str]]:
    """(class, computed background colour, computed background image) of each candidate token."""
    return page.evaluate(
        """() => Array.from(document.querySelectorAll('.bleu-candidate .bleu-tok')).map(e => {
            const s = getComputedStyle(e);
            return [e.className, s.backgroundColor, s.backgroundImage];
        })"""
    )


def test_default_page_shows_example_1_with_coloured_ngrams(app_page: Page, screenshot_dir: Path, settle_page) -> None:
    expect(metric(app_page, "BLEU (0–100)")).to_have_text("50.46")
    expect(metric(app_page, "BLEU (0–1)")).to_have_text("0.5046")
    expect(app_page.get_by_text("p1 = 17/18", exact=False)).to_be_visible()
    expect(app_page.locator(".bleu-candidate .bleu-tok")).to_have_count(18)  # the chips' HTML may come a frame later
    spans = candidate_spans(app_page)
    assert len(spans) == 18
    assert [s[0] for s in spans].count("bleu-tok matched") == 17
    assert all(colour == BLUE for cls, colour, _ in spans if cls.endswith("matched") and "un" not in cls)
    unmatched = [s for s in spans if s[0] == "bleu-tok unmatched"]
    assert len(unmatched) == 1 and unmatched[0][1] == GREY and "repeating-linear-gradient" in unmatched[0][2]
    title = app_page.locator(".bleu-candidate .bleu-tok.unmatched").get_attribute("title") or ""
    assert "“obeys”" in title and "Count 1" in title and "Max_Ref_Count 0" in title and "Count_clip 0" in title
    expect(app_page.locator(".bleu-legend")).to_contain_text("clipped")
    expect(app_page.locator('[data-testid="stException"]')).to_have_count(0)
    app_page.set_viewport_size({"width": 1280, "height": 1500})
    settle_page(app_page)
    app_page.screenshot(path=str(screenshot_dir / "explore.png"))


def test_editing_the_candidate_updates_score_and_colours(app_page: Page, wait_for_app) -> None:
    text = "the the the the the the military obeys"
    type_into(app_page, "Candidate", text, wait_for_app)
    expected = sentence_bleu(text, list(REFS_1), TUTORIAL)
    expect(metric(app_page, "BLEU (0–100)")).to_have_text(f"{expected.score:.2f}")
    expect(metric(app_page, "Brevity penalty")).to_have_text(f"{expected.bp:.4f}")
    statuses = explain(text, REFS_1, TUTORIAL).order(1).token_status(8)
    # the score is drawn above the chips: the run may not have redrawn them yet
    expect(app_page.locator(".bleu-candidate .bleu-tok")).to_have_text(text.split())
    spans = candidate_spans(app_page)
    assert [cls.split()[-1] for cls, _, _ in spans] == list(statuses)
    assert statuses.count("clipped") == 2  # 6 × "the", Max_Ref_Count 4
    colours = {"matched": BLUE, "clipped": ORANGE, "unmatched": GREY}
    assert all(colour == colours[cls.split()[-1]] for cls, colour, _ in spans)


def test_every_page_loads_from_the_navigation(app_page: Page, wait_for_app) -> None:
    nav = app_page.get_by_test_id("stSidebarNav")
    pages = (
        ("Learn", "/learn", "Learn BLEU from the worked examples"),
        ("Corpus", "/corpus", "Corpus BLEU"),
        ("Compare", "/compare", "Compare systems"),
        ("Score doctor", "/doctor", "Score doctor"),
        ("Explore", "/", "Explore BLEU"),
    )
    for name, path, title in pages:
        nav.get_by_role("link", name=name, exact=True).click()
        # wait for the navigation itself: wait_for_app alone may see the previous page's finished run
        app_page.wait_for_function("path => window.location.pathname === path", arg=path)
        wait_for_app(app_page)
        assert urlsplit(app_page.url).path == path, app_page.url
        expect(app_page.locator("h1").first).to_have_text(title)  # the page's run has begun: no error is the new page's
        wait_for_app(app_page)
        expect(app_page.locator('[data-testid="stException"]')).to_have_count(0)
    expect(metric(app_page, "BLEU (0–100)")).to_have_text("50.46")


def test_copied_address_reproduces_the_view_in_a_new_tab(app_page: Page, wait_for_app) -> None:
    type_into(app_page, "Candidate", "It is a guide to action that ensures the party", wait_for_app)
    order = app_page.get_by_role("spinbutton", name="Max n-gram order N")
    order.fill("2")
    order.press("Enter")
    wait_for_app(app_page)
    # N = 2's run drawn before the next click, as a person sees it (a click sent before it keeps both changes too:
    # test_app_options' browser one run behind)
    expect(app_page.get_by_test_id("stCaptionContainer").filter(has_text="tokenizer none, N = 2")).to_have_count(1)
    wait_for_app(app_page)
    app_page.get_by_text("Lowercase", exact=True).click()
    wait_for_app(app_page)
    # Lowercasing leaves this score as it is: the options' line says the click's run has begun, and its end has
    # written the address and the link to it, which come last
    expect(app_page.get_by_test_id("stCaptionContainer").filter(has_text="lowercase, N = 2")).to_have_count(1)
    wait_for_app(app_page)
    expected = sentence_bleu(
        "It is a guide to action that ensures the party",
        list(REFS_1),
        TUTORIAL.with_changes(weights=(0.5, 0.5), lowercase=True),
    )
    score = f"{expected.score:.2f}"
    expect(metric(app_page, "BLEU (0–100)")).to_have_text(score)
    address = app_page.url
    token = address.split("?s=", 1)[1]
    # the link is in the page itself (a phone hides the sidebar), under "Share this view": a real link to itself
    link = app_page.get_by_test_id("stMain").get_by_role("link").filter(has_text="?s=")
    expect(link).to_have_text(re.compile(rf"\?s={re.escape(token)}$"))  # drawn below the score, later in the run
    assert link.inner_text().endswith(f"?s={token}") and link.get_attribute("href") == link.inner_text()

    tab = app_page.context.new_page()
    tab.goto(address)
    wait_for_app(tab)
    expect(metric(tab, "BLEU (0–100)")).to_have_text(score)
    expect(tab.get_by_label("Candidate", exact=True)).to_have_value("It is a guide to action that ensures the party")
    expect(tab.get_by_role("spinbutton", name="Max n-gram order N")).to_have_value("2")
    expect(tab.get_by_test_id("stSidebar").get_by_role("checkbox", name="Lowercase")).to_be_checked()
    assert tab.url.split("?s=", 1)[1] == token
    tab.close()


def test_injection_payloads_are_shown_as_text(app_page: Page, wait_for_app, offsite_requests: list[str]) -> None:
    text = " ".join(PAYLOADS)
    type_into(app_page, "Candidate", text, wait_for_app)
    type_into(app_page, "Reference 1", text, wait_for_app)
    expect(metric(app_page, "BLEU (0–100)")).to_have_text("100.00")
    tokens = len(text.split())  # the tutorial preset splits on whitespace; the reference is the candidate
    for k, n in enumerate(("1-grams", "2-grams"), start=1):
        app_page.get_by_text(n, exact=True).click()
        wait_for_app(app_page)
        ngrams = tokens - k + 1  # every one matched: the caption of this text's k-grams, drawn above the chips
        caption = f"p{k} = {ngrams}/{ngrams}: {ngrams} of the candidate's"
        expect(app_page.get_by_text(caption, exact=False)).to_be_visible()
        wait_for_app(app_page)
        shown = app_page.locator(".bleu-candidate").inner_text()
        for payload in PAYLOADS:
            for token in payload.split():
                assert token in shown, (token, shown)
        titles = " ".join(app_page.locator(".bleu-candidate .bleu-tok").evaluate_all("els => els.map(e => e.title)"))
        titles = titles.replace(WORD_JOINER, "")  # see ui.shell.titles.keep_title
        assert '"><b>bold</b>' in titles and "<script>window.__x=1</script>" in titles
        reference = app_page.locator(".bleu-reference").first.inner_text()
        assert "&lt;b&gt;" in reference and "<svg/onload=window.__x=1>" in reference
        table = app_page.locator(".bleu-ngram-table").inner_text()  # the n-gram table: its cells as text too
        assert all(token in table for payload in PAYLOADS for token in payload.split()), table
    app_page.get_by_role("tab", name="Tokenizers").click()
    wait_for_app(app_page)
    expect(app_page.get_by_test_id("stCode").filter(has_text="<script>window.__x=1</script>").first).to_be_visible()
    created = app_page.evaluate(
        """() => {
            const main = document.querySelector('[data-testid="stMain"]');
            return {
                x: typeof window.__x,
                // ui.shell's own scripts are allowed
                scripts: main.querySelectorAll('"""
        + FOREIGN_SCRIPT
        + """').length,
                bold: Array.from(main.querySelectorAll('b')).filter(b => b.textContent.includes('bold')).length,
                imgs: main.querySelectorAll('img[src="x"], img[src*="example.com"], img[onerror]').length,
                svgs: main.querySelectorAll('svg[onload]').length,
                links: main.querySelectorAll('a[href^="javascript"]').length,
            };
        }"""
    )
    assert created == {"x": "undefined", "scripts": 0, "bold": 0, "imgs": 0, "svgs": 0, "links": 0}
    assert offsite_requests == []


def test_a_tab_clicked_before_the_text_areas_code_arrives_keeps_every_text(
    page: Page, streamlit_server: str, wait_for_app
) -> None:
    """The text areas' code (Streamlit's TextArea chunk) is held back until a tab has been clicked and its run has
    ended: the text areas were drawn empty then, and the next run scored the empty texts (seen in 6 of 15 fresh
    visits clicking at once). With persist_state the server sends each value again: all four texts come back and
    the score is the example's."""
    held, released = [], []
    page.route("**/static/js/TextArea.*.js", lambda route: route.continue_() if released else held.append(route))
    page.goto(streamlit_server)
    app = page.get_by_test_id("stApp")
    expect(app).to_have_attribute("data-test-script-state", "notRunning")
    expect(page.get_by_test_id("stSkeleton").first).to_be_attached()  # the text areas wait for their code
    assert held, "the TextArea chunk was not requested"
    charts = page.get_by_role("tab", name="Charts")
    for _ in range(3):  # a click the tabs' code drops (seen once in a full browser run) is made again
        charts.click()
        try:
            expect(charts).to_have_attribute("aria-selected", "true", timeout=10_000)
            break
        except AssertionError:
            continue
    expect(charts).to_have_attribute("aria-selected", "true")
    expect(app).to_have_attribute("data-test-script-state", "notRunning")
    released.append(True)
    for route in held:
        route.continue_()
    wait_for_app(page)
    values = page.locator("textarea").evaluate_all("areas => areas.map(a => a.value)")
    assert len(values) == 4 and all(v.strip() for v in values), values
    # the next run (back to the n-gram tab) scores those texts
    page.get_by_role("tab", name="N-gram matches").click()
    expect(page.get_by_role("radiogroup", name="Order n")).to_be_visible()  # only that tab draws it, in its run
    wait_for_app(page)
    values_after = page.locator("textarea").evaluate_all("areas => areas.map(a => a.value)")
    assert values_after == values
    expected = sentence_bleu(values[0], values[1:], TUTORIAL).score
    expect(metric(page, "BLEU (0–100)")).to_have_text(f"{expected:.2f}")
    assert f"{expected:.2f}" == "50.46"
