"""Every way into Explore, walked as a person does: arrive, edit, reload, and the edited view is still there.

Learn's "Open in Explore", Corpus's "Open this sentence in Explore", Compare's "Open line … in
Explore", and a shared link opened in a fresh browser. After each arrival the test types in the
candidate (Ctrl+Enter), checks the new score (bleucore, computed here) and that no error appears,
then reloads and checks text, options, open tab and selected order again.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from playwright.sync_api import Page, expect

from bleucore import BleuOptions, sentence_bleu
from tests.browser.widgets import choose, metric
from tests.conftest import sample_lines
from tests.golden_examples import CAND_2B, REFS_2
from ui.options import bleu as om
from ui.state import explore as es

TUTORIAL = BleuOptions(tokenize="none", smooth_method="none")
SACRE_SENTENCE = BleuOptions(effective_order=True)  # sacreBLEU's sentence_bleu defaults


def candidate(page: Page):  # type: ignore[no-untyped-def]
    return page.get_by_label("Candidate", exact=True)


def expect_references(page: Page, refs: Sequence[str]) -> None:
    """Exactly these reference boxes, in order (Playwright retries until the page shows them)."""
    areas = page.get_by_role("textbox", name="Reference")
    expect(areas).to_have_count(len(refs))
    for i, text in enumerate(refs):
        expect(areas.nth(i)).to_have_value(text)


def expect_no_error(page: Page) -> None:
    expect(page.get_by_test_id("stException")).to_have_count(0)
    expect(page.get_by_test_id("stAlert").filter(has_text="link")).to_have_count(0)
    expect(page.get_by_test_id("stAlertContentError")).to_have_count(0)


def expect_view(page: Page, text: str, refs: Sequence[str], options: BleuOptions, caption: str) -> None:
    """The candidate, its references, the options' caption and the score bleucore gives them."""
    expect(candidate(page)).to_have_value(text)
    expect_references(page, refs)
    expect(page.get_by_test_id("stCaptionContainer").filter(has_text=caption).first).to_be_visible()
    expected = sentence_bleu(text, list(refs), options)
    expect(metric(page, "BLEU (0–100)")).to_have_text(f"{expected.score:.2f}")
    expect_no_error(page)


def expect_order(page: Page, n: int) -> None:
    expect(page.get_by_role("tab", name="N-gram matches")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("radio", name=f"{n}-grams")).to_be_checked()


def type_candidate(page: Page, wait_for_app: Callable[..., None], text: str) -> None:
    """Type ``text`` as the candidate (Ctrl+Enter) and wait for the run and for the address to follow."""
    before = page.url
    area = candidate(page)
    area.fill(text)
    area.press("Control+Enter")
    wait_for_app(page)
    page.wait_for_function("old => window.location.href !== old", arg=before)
    expect(candidate(page)).to_have_value(text)
    expect_no_error(page)


def reload(page: Page, wait_for_app: Callable[..., None]) -> None:
    page.reload()
    wait_for_app(page)


def test_learn_to_explore_survives_an_edit_and_a_reload(app_page: Page, wait_for_app) -> None:
    page = app_page
    page.get_by_test_id("stSidebarNav").get_by_role("link", name="Learn", exact=True).click()
    wait_for_app(page)
    page.get_by_role("button", name="Open in Explore: the cat the cat on the mat").click()
    expect(page).to_have_url(re.compile(r"://[^/]+/(\?.*)?$"))  # the navigation itself, not the last run
    wait_for_app(page)
    expect_view(page, CAND_2B, REFS_2, TUTORIAL, "Options: tutorial preset")
    expect_order(page, 2)  # the button opens the bigrams, where this example's point is
    edited = "the cat the cat sat on the mat"
    type_candidate(page, wait_for_app, edited)
    expect_view(page, edited, REFS_2, TUTORIAL, "Options: tutorial preset")
    expect_order(page, 2)
    reload(page, wait_for_app)
    expect_view(page, edited, REFS_2, TUTORIAL, "Options: tutorial preset")
    expect_order(page, 2)


def test_learn_button_opens_its_example_again_after_an_edit(app_page: Page, wait_for_app) -> None:
    """The session knows the example's link already; the hand-off must open it anyway, not keep the edit."""
    page = app_page
    button = "Open in Explore: the cat the cat on the mat"
    for attempt in range(2):
        page.get_by_test_id("stSidebarNav").get_by_role("link", name="Learn", exact=True).click()
        page.wait_for_function("() => window.location.pathname === '/learn'")
        wait_for_app(page)
        page.get_by_role("button", name=button).click()
        page.wait_for_function("() => window.location.pathname === '/'")
        wait_for_app(page)
        expect_view(page, CAND_2B, REFS_2, TUTORIAL, "Options: tutorial preset")
        if attempt == 0:
            type_candidate(page, wait_for_app, "the cat sat")


def test_corpus_to_explore_survives_an_edit_and_a_reload(app_page: Page, streamlit_server: str, wait_for_app) -> None:
    page = app_page
    page.goto(f"{streamlit_server}/corpus")
    wait_for_app(page)
    page.get_by_test_id("stSidebar").get_by_text("Lowercase", exact=True).click()  # options travel too
    wait_for_app(page)
    expect(page.get_by_test_id("stCaptionContainer").filter(has_text="Options: custom").first).to_be_visible()
    page.get_by_role("radio", name="n = 2").click()
    wait_for_app(page)
    raw = page.get_by_test_id("stCode").filter(has_text="hypothesis:").first.inner_text()
    fields = dict(line.split(":", 1) for line in raw.splitlines())
    hypothesis = fields["hypothesis"].strip()
    refs = [fields[f"reference {j}"].strip() for j in (1, 2)]
    options = SACRE_SENTENCE.with_changes(lowercase=True)
    page.get_by_role("button", name="Open this sentence in Explore").click()
    expect(page).to_have_url(re.compile(r"://[^/]+/(\?.*)?$"))  # the navigation itself, not the last run
    wait_for_app(page)
    expect_view(page, hypothesis, refs, options, "Options: custom")
    expect(page.get_by_test_id("stSidebar").get_by_role("checkbox", name="Lowercase")).to_be_checked()
    expect_order(page, 2)
    edited = hypothesis + " and the party"
    type_candidate(page, wait_for_app, edited)  # the first edit used to bring back the default example
    expect_view(page, edited, refs, options, "Options: custom")
    reload(page, wait_for_app)
    expect_view(page, edited, refs, options, "Options: custom")
    expect(page.get_by_test_id("stSidebar").get_by_role("checkbox", name="Lowercase")).to_be_checked()
    expect_order(page, 2)


def test_compare_to_explore_survives_an_edit_and_a_reload(app_page: Page, streamlit_server: str, wait_for_app) -> None:
    page = app_page
    page.goto(f"{streamlit_server}/compare")
    wait_for_app(page)
    page.get_by_text("Open one segment in Explore").click()
    choose(page, "System to open", "system_b.en")
    wait_for_app(page)
    expect(page.get_by_role("combobox", name="System to open", exact=True)).to_have_value("system_b.en")
    line = page.get_by_label("Line", exact=True)
    line.fill("3")
    line.press("Enter")
    wait_for_app(page)
    page.get_by_role("button", name="Open line 3 of system_b.en in Explore").click()
    wait_for_app(page)
    lines = {name: sample_lines(name) for name in ("system_b.en", "ref.en", "ref2.en")}
    hypothesis, refs = lines["system_b.en"][2].rstrip(), [lines["ref.en"][2].rstrip(), lines["ref2.en"][2].rstrip()]
    expect_view(page, hypothesis, refs, SACRE_SENTENCE, "Options: sacreBLEU defaults")
    edited = "A different translation of line three"
    type_candidate(page, wait_for_app, edited)
    expect_view(page, edited, refs, SACRE_SENTENCE, "Options: sacreBLEU defaults")
    reload(page, wait_for_app)
    expect_view(page, edited, refs, SACRE_SENTENCE, "Options: sacreBLEU defaults")


def test_shared_link_in_a_fresh_page_survives_an_edit_a_tab_and_a_reload(
    page: Page, streamlit_server: str, wait_for_app
) -> None:
    choices = om.Choices(
        tokenize="13a",
        lowercase=True,
        max_order=3,
        smooth_method="floor",
        smooth_value=0.2,
        effective_order=False,
        ref_length="shortest",
    )
    refs = ("The cat is on the mat.", "There is a cat on the mat!")
    state = es.ExploreState("the cat the cat on the mat", refs, choices, order=3, tab="N-gram matches")
    options = choices.sentence_options()
    page.goto(f"{streamlit_server}/?s={es.PAGE_STATE.to_link(state)}")
    wait_for_app(page)
    expect_view(page, state.candidate, refs, options, "Options: custom")
    expect(page.get_by_role("spinbutton", name="Max n-gram order N")).to_have_value("3")
    expect_order(page, 3)
    edited = "The cat sat on the mat."
    type_candidate(page, wait_for_app, edited)
    expect_view(page, edited, refs, options, "Options: custom")
    before = page.url
    page.get_by_role("tab", name="Formula").click()
    wait_for_app(page)
    page.wait_for_function("old => window.location.href !== old", arg=before)  # the open tab is in the link
    reload(page, wait_for_app)
    expect_view(page, edited, refs, options, "Options: custom")
    expect(page.get_by_role("tab", name="Formula")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("spinbutton", name="Max n-gram order N")).to_have_value("3")
    page.get_by_role("tab", name="N-gram matches").click()
    wait_for_app(page)
    expect_order(page, 3)
