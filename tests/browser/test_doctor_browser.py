"""The Score doctor page in Chromium, as a researcher uses it: open it from the sidebar, read every tool's number
on the Corpus page's files, pick another tool to start from and read the waterfall's steps, which add up; an LLM's
output named, and chrF's implementations lined up, in English and Korean."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import sacrebleu
from playwright.sync_api import Page, expect

from bleucore.tools import FAMILIES, tool, waterfall
from tests.browser.widgets import choose
from tests.conftest import file_bytes, sample_lines
from tests.core.doctor_rules.parallel import ENGLISH, SYSTEM

STEP = re.compile(r"(.+) → (.+): ([+-]\d+\.\d\d) points")


def test_the_doctor_explains_why_nltk_and_sacrebleu_differ(
    app_page: Page, wait_for_app: Callable[..., None], screenshot_dir: Path, settle_page: Callable[[Page], None]
) -> None:
    page = app_page
    page.get_by_test_id("stSidebarNav").get_by_role("link", name="Score doctor", exact=True).click()
    page.wait_for_function("() => window.location.pathname === '/doctor'")
    wait_for_app(page)
    expect(page.locator("h1").first).to_have_text("Score doctor")
    hyp, refs = sample_lines("system_a.en"), [sample_lines("ref.en"), sample_lines("ref2.en")]
    expect(page.get_by_text("Checking system_a.en against ref.en and ref2.en")).to_be_visible()
    expect(page.get_by_test_id("stDataFrame")).to_be_visible()
    choose(page, "From", "NLTK 3.10 sentence_bleu, averaged")
    wait_for_app(page)
    steps = waterfall(tool("nltk-sentence-mean"), tool("sacrebleu"), hyp, refs)
    items = page.get_by_test_id("stMarkdown").locator("ol > li")
    expect(items).to_have_count(len(steps.steps))
    shown = [STEP.search(text) for text in items.all_inner_texts()]
    assert all(shown), items.all_inner_texts()
    assert [m.group(3) for m in shown if m] == [f"{s.printed_delta():+}" for s in steps.steps]
    assert shown[-1] is not None and shown[-1].group(1) == "mean of sentence BLEU"
    expect(page.get_by_text(f"sacreBLEU 2.6: {steps.end_score.score:.2f}")).to_be_visible()
    chart = page.get_by_test_id("stVegaLiteChart").last
    chart.scroll_into_view_if_needed()
    expect(chart).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)
    # The README's picture: the tools' table and the waterfall (the main area scrolls inside the page).
    page.set_viewport_size({"width": 1280, "height": 2000})
    settle_page(page)
    expect(page.locator('[data-testid="stDataFrame"] canvas').first).to_be_attached()
    expect(chart.locator("svg, canvas").first).to_be_attached()
    settle_page(page)
    page.screenshot(path=str(screenshot_dir / "doctor.png"))
    page.set_viewport_size({"width": 1280, "height": 900})


def test_files_brought_to_the_doctor_first_are_checked_kept_and_on_corpus(
    app_page: Page,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    choose_input: Callable[..., None],
    upload: Callable[..., None],
) -> None:
    """A researcher opens the doctor first, uploads a hypothesis that lost a line: the finding names where the
    alignment breaks and no number is shown; the right file gives sacreBLEU's number; a reload and the Corpus
    page keep the files (uploaded once)."""
    page = app_page
    page.goto(f"{streamlit_server}/doctor")
    wait_for_app(page)
    choose_input(page, "Upload files", "Input")
    hyp, ref = sample_lines("system_a.en"), sample_lines("ref.en")
    upload(page, "Reference files", [("ref.en", file_bytes(ref))])
    upload(page, "Hypothesis file", [("lost.en", file_bytes(hyp[:10] + hyp[11:]))])
    expect(
        page.get_by_text("lost.en has 59 lines but ref.en has 60; the alignment visibly breaks at line")
    ).to_be_visible()
    expect(page.get_by_text("No tool's score is shown until the errors above are fixed")).to_be_visible()
    expect(page.get_by_test_id("stDataFrame")).to_have_count(0)
    upload(page, "Hypothesis file", [("mine.en", file_bytes(hyp))])
    expect(page.get_by_text("Checking mine.en against ref.en, with the 13a tokenizer.")).to_be_visible()
    expect(page.get_by_test_id("stDataFrame")).to_be_visible()
    score = sacrebleu.corpus_bleu(hyp, [ref]).score
    page.reload()
    wait_for_app(page)
    expect(page.get_by_text("ref.en: 60 lines, kept for this session")).to_be_visible()
    expect(page.get_by_text("Checking mine.en against ref.en, with the 13a tokenizer.")).to_be_visible()
    page.get_by_test_id("stSidebarNav").get_by_role("link", name="Corpus", exact=True).click()
    wait_for_app(page)
    expect(page.get_by_text("mine.en: 60 lines, kept for this session")).to_be_visible()
    expect(page.get_by_text(f"BLEU = {score:.2f} ").first).to_be_visible()  # sacreBLEU's line, its number
    expect(page.get_by_test_id("stException")).to_have_count(0)


def test_text_pasted_on_the_doctor_survives_a_reload(
    app_page: Page, streamlit_server: str, wait_for_app: Callable[..., None], choose_input: Callable[..., None]
) -> None:
    """Pasted text has no link on this page: the server keeps it for the browser, so a reload finds it again (the
    pasted source too)."""
    page = app_page
    page.goto(f"{streamlit_server}/doctor")
    wait_for_app(page)
    choose_input(page, "Paste text", "Input")
    hyp, ref = (
        "The cat sat on the mat today.\nIt is raining in Seoul.",
        "The cat sat on a mat today.\nIt rains in Seoul.",
    )
    source = "Die Katze saß heute auf der Matte.\nEs regnet in Seoul."
    for label, text in (
        ("Hypothesis: one segment per line", hyp),
        ("Reference 1: one segment per line", ref),
        ("Source (optional): one segment per line", source),  # the doctor's own: kept the same way
    ):
        box = page.get_by_label(label, exact=True)
        box.fill(text)
        box.press("Control+Enter")
        wait_for_app(page)
    expect(page.get_by_text("and against Pasted source, the source it translates")).to_be_visible()
    expect(page.get_by_test_id("stDataFrame")).to_be_visible()
    page.reload()
    wait_for_app(page)
    expect(page.get_by_label("Hypothesis: one segment per line", exact=True)).to_have_value(hyp)
    expect(page.get_by_label("Reference 1: one segment per line", exact=True)).to_have_value(ref)
    expect(page.get_by_label("Source (optional): one segment per line", exact=True)).to_have_value(source)
    expect(page.get_by_test_id("stDataFrame")).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)


def test_a_chat_models_output_is_named_and_chrfs_implementations_lined_up_in_both_languages(
    app_page: Page,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    choose_input: Callable[..., None],
    upload: Callable[..., None],
) -> None:
    """Issue 39 as a researcher meets it: an LLM's output with "Here is the translation:" on some lines dropped with
    its reference; the finding names it, chrF is picked, and its six implementations are listed with their numbers
    and the steps between NLTK's and sacreBLEU's; the same page in Korean after the sidebar's switch."""
    page = app_page
    page.goto(f"{streamlit_server}/doctor")
    wait_for_app(page)
    choose_input(page, "Upload files", "Input")
    hyp = [("Here is the translation: " + line if i % 6 == 1 else line) for i, line in enumerate(SYSTEM)]
    upload(page, "Reference files", [("ref.en", file_bytes(ENGLISH))])
    upload(page, "Hypothesis file", [("llm.en", file_bytes(hyp))])
    expect(
        page.get_by_text("4 of the 24 lines of llm.en hold a chat model's words around the translation")
    ).to_be_visible()
    expect(page.get_by_text("for example “Here is the translation:”")).to_be_visible()
    page.get_by_test_id("stRadio").filter(has_text="Metric").get_by_text("chrF", exact=True).click()
    table = page.get_by_test_id("stDataFrame").filter(has_text="torchmetrics CHRFScore")
    expect(table).to_be_visible()  # the chrF run has drawn its table
    wait_for_app(page)
    chrf = FAMILIES["chrf"]
    for t in chrf.tools:
        expect(table).to_contain_text(t.name)
    expect(table).to_contain_text(f"{sacrebleu.corpus_chrf(hyp, [ENGLISH]).score:.2f}")  # sacreBLEU's printed number
    steps = chrf.waterfall(chrf.tool("nltk-corpus"), chrf.tool("sacrebleu"), chrf.scorer(hyp, [ENGLISH]))
    items = page.get_by_test_id("stMarkdown").locator("ol > li")
    expect(items).to_have_count(len(steps.steps))
    expect(items.last).to_contain_text(f"mean of sentence F → corpus F: {steps.steps[-1].printed_delta():+} points")
    expect(page.get_by_text(f"sacreBLEU 2.6 chrF2: {steps.end_score:.2f}")).to_be_visible()
    # The same page in Korean: the finding, the implementations and the steps in the catalog's words.
    page.locator('[data-testid="stSidebar"]').get_by_text("한국어", exact=True).click()
    expect(page.get_by_text("llm.en의 24줄 중 4줄에 채팅 모델이 번역 앞뒤에 덧붙인 말이 있습니다")).to_be_visible()
    wait_for_app(page)
    expect(page.get_by_text("예: “Here is the translation:”")).to_be_visible()
    table = page.get_by_test_id("stDataFrame").filter(has_text="torchmetrics CHRFScore")
    expect(table).to_contain_text("NLTK 3.10 sentence_chrf의 평균")
    expect(table.locator("th").first).to_have_text("도구")  # the grid draws the columns it has room for
    expect(items).to_have_count(len(steps.steps))
    expect(items.last).to_contain_text(f"문장 F의 평균 → 코퍼스 F: {steps.steps[-1].printed_delta():+}점")
    expect(page.get_by_test_id("stException")).to_have_count(0)
