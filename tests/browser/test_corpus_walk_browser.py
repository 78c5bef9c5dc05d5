"""Corpus as a researcher walks it in Chromium (issue 22's "Done when"), with two reference files, BLEU, chrF and
TER, and the two sample systems one after the other as the hypothesis: every corpus score, the values every corpus
chart draws (read from the drawn marks) and the sacreBLEU signature shown equal sacreBLEU 2.6's; the CSV holds both
reference columns and every metric; the files, the metrics and the numbers stay through an option change, the
Explore hand-off and the browser's Back button, a sidebar round trip, a language switch there and back, and a
reload; a bad upload is named with its line and loses nothing. Pasted texts survive a reload and a language switch."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from sacrebleu.metrics import BLEU, CHRF, TER

from tests.browser.charts import chart_rows, expect_charts, until_drawn
from tests.conftest import SAMPLE, sample_lines
from tests.sacrebleu_reference import sacrebleu_edits_by_type
from ui.inputs.limits import MAX_UPLOAD_MB

REFS = ("ref.en", "ref2.en")
SYSTEMS = ("system_a.en", "system_b.en")


#: Corpus's charts with BLEU, chrF and TER: BLEU's p_n, chrF's orders, TER's edits, a histogram and a by-length
#: chart per metric, and the bucket section's chart.
CORPUS_CHARTS = 10


def sacrebleu_numbers(hyp: str) -> dict[str, object]:
    """What the page must show for ``hyp`` against both references, from sacreBLEU 2.6."""
    hyps, refs = sample_lines(hyp), [sample_lines(r) for r in REFS]
    bleu, chrf, ter = BLEU(), CHRF(), TER()
    scores = {label: m.corpus_score(hyps, refs) for label, m in (("BLEU", bleu), ("chrF2", chrf), ("TER", ter))}
    signatures = {label: m.get_signature().format() for label, m in (("BLEU", bleu), ("chrF2", chrf), ("TER", ter))}
    orders = [sum(col) for col in zip(*chrf._extract_corpus_statistics(hyps, refs))]  # [hyp, ref, match] per order
    return {
        "hyp": hyp,
        "scores": scores,
        "signatures": signatures,
        "chrf_orders": orders,
        "ter_edits": sacrebleu_edits_by_type(hyps, refs),
    }


def expect_numbers(page: Page, expected: dict[str, object]) -> None:
    """The kept files, every corpus score, every sacreBLEU signature and every corpus chart's values."""
    for name in (*REFS, expected["hyp"]):
        expect(page.get_by_text(f"{name}: 60 lines, kept for this session")).to_be_visible()
    scores: dict[str, object] = expected["scores"]  # type: ignore[assignment]
    for label, score in scores.items():
        value = page.get_by_test_id("stMetric").filter(has_text=f"Corpus {label}").get_by_test_id("stMetricValue")
        expect(value).to_have_text(f"{score.score:.2f}")  # type: ignore[attr-defined]
    for signature in expected["signatures"].values():  # type: ignore[attr-defined]
        expect(page.get_by_test_id("stCode").filter(has_text=signature).first).to_be_attached()
    bleu = scores["BLEU"]
    caption = page.get_by_test_id("stCaptionContainer").filter(has_text="brevity penalty × geometric mean of the bars")
    expect(caption).to_contain_text(f"(BP = {bleu.bp:.4f} ")  # type: ignore[attr-defined]
    expect_charts(page, CORPUS_CHARTS)
    orders = expected["chrf_orders"]

    def drawn() -> None:
        bars = sorted(chart_rows(page, "log_label"), key=lambda row: int(row["n"]))  # type: ignore[arg-type]
        assert [row["fraction"] for row in bars] == [f"{c}/{t}" for c, t in zip(bleu.counts, bleu.totals)]  # type: ignore[attr-defined]
        assert [100 * float(row["precision"]) for row in bars] == pytest.approx(bleu.precisions, rel=1e-12)  # type: ignore[arg-type, attr-defined]
        chrf_rows = chart_rows(page, "measure")
        for k in range(6):
            hyp_total, ref_total, matched = orders[3 * k : 3 * k + 3]  # type: ignore[index]
            row = {r["measure"]: r for r in chrf_rows if r["order"] == f"character {k + 1}-grams"}
            assert (row["precision"]["matched"], row["precision"]["candidate n-grams"]) == (matched, hyp_total)
            assert row["precision"]["value"] == pytest.approx(100 * matched / hyp_total, rel=1e-12)
            assert row["recall"]["value"] == pytest.approx(100 * matched / ref_total, rel=1e-12)
        assert {r["edit"]: r["count"] for r in chart_rows(page, "edit")} == expected["ter_edits"]

    until_drawn(page, drawn)
    expect(page.get_by_test_id("stException")).to_have_count(0)


def check_csv(page: Page, hyp: str, wait_for_app: Callable[..., None]) -> None:
    """The sentence CSV: both reference columns and each metric's sentence scores, equal to sacreBLEU's. Call it once
    the page shows the numbers: the run that drew them has then begun, and its end is awaited here, as the button
    is drawn below the charts and holds the table of the run that drew it."""
    wait_for_app(page)
    button = page.get_by_role("button", name="Download table (CSV)")
    button.scroll_into_view_if_needed()
    with page.expect_download() as download:
        button.click()
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
    refs, hyps = [sample_lines(r) for r in REFS], sample_lines(hyp)
    assert len(rows) == 60 and {"reference 1", "reference 2", "BLEU", "chrF2", "TER"} <= set(rows[0]), list(rows[0])
    for metric, column in ((BLEU(effective_order=True), "BLEU"), (CHRF(), "chrF2"), (TER(), "TER")):
        for row in rows:
            i = int(row["line"]) - 1
            assert row["reference 1"] == refs[0][i] and row["reference 2"] == refs[1][i]
            assert float(row[column]) == pytest.approx(
                metric.sentence_score(hyps[i], [r[i] for r in refs]).score, abs=1e-9
            )


def test_corpus_walk_with_two_references_three_metrics_and_both_systems(
    app_page: Page,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    choose_input: Callable[..., None],
    upload: Callable[..., None],
) -> None:
    page = app_page
    page.goto(f"{streamlit_server}/corpus")
    wait_for_app(page)
    choose_input(page, "Upload files")
    upload(page, "Reference files", [(r, (SAMPLE / r).read_bytes()) for r in REFS])
    upload(page, "Hypothesis file", [(SYSTEMS[0], (SAMPLE / SYSTEMS[0]).read_bytes())])
    group = page.get_by_test_id("stButtonGroup").filter(has_text="chrF++")
    for label in ("chrF", "TER"):
        group.get_by_role("button", name=label, exact=True).click()
        wait_for_app(page)
    expected = sacrebleu_numbers(SYSTEMS[0])
    expect_numbers(page, expected)
    check_csv(page, SYSTEMS[0], wait_for_app)

    # Another option, then the preset back: the files stay and the numbers follow sacreBLEU's
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.get_by_test_id("stSelectbox").filter(has_text="Tokenizer").click()
    page.get_by_role("option", name="intl", exact=True).click()
    wait_for_app(page)
    intl = BLEU(tokenize="intl").corpus_score(sample_lines(SYSTEMS[0]), [sample_lines(r) for r in REFS]).score
    value = page.get_by_test_id("stMetric").filter(has_text="Corpus BLEU").get_by_test_id("stMetricValue")
    expect(value).to_have_text(f"{intl:.2f}")
    sidebar.get_by_role("button", name="Reset to sacreBLEU defaults").click()
    wait_for_app(page)
    expect_numbers(page, expected)

    # The Explore hand-off, then the browser's Back button
    page.get_by_role("button", name="Open this sentence in Explore").click()
    wait_for_app(page)
    expect(page.get_by_label("Candidate", exact=True)).to_be_visible()
    page.go_back()
    wait_for_app(page)
    expect_numbers(page, expected)

    # Another page from the sidebar and back; Korean and back to English; a reload
    nav = page.get_by_test_id("stSidebarNav")
    nav.get_by_role("link", name="Learn", exact=True).click()
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Learn BLEU from the worked examples")).to_be_visible()  # there, then back
    nav.get_by_role("link", name="Corpus", exact=True).click()
    wait_for_app(page)
    expect_numbers(page, expected)
    page.get_by_test_id("stSidebar").get_by_text("한국어", exact=True).click()
    wait_for_app(page)
    expect(page.locator("h1").first).to_contain_text("코퍼스")  # the Korean page's run, then its end: the number
    wait_for_app(page)  # below is the Korean page's, not the English one's before it
    expect(
        page.get_by_test_id("stMetricValue").filter(has_text=f"{expected['scores']['TER'].score:.2f}")
    ).not_to_have_count(0)  # type: ignore[index]
    page.get_by_test_id("stSidebar").get_by_text("English", exact=True).click()
    wait_for_app(page)
    expect_numbers(page, expected)
    page.reload()
    wait_for_app(page)
    expect_numbers(page, expected)

    # The second system as the hypothesis: it takes the first one's place
    upload(page, "Hypothesis file", [(SYSTEMS[1], (SAMPLE / SYSTEMS[1]).read_bytes())])
    expect(page.get_by_text(f"{SYSTEMS[0]}: 60 lines, kept for this session")).to_have_count(0)
    expected = sacrebleu_numbers(SYSTEMS[1])
    expect_numbers(page, expected)
    check_csv(page, SYSTEMS[1], wait_for_app)

    # A bad upload is named with its line and what to do; the files entered stay, listed and scored
    upload(page, "Reference files", [("latin.en", b"fine\ncaf\xe9\n")], kept=False)
    expect(
        page.get_by_test_id("stAlertContentError").filter(
            has_text="latin.en is not UTF-8: line 2 has the byte 0xE9 at byte 4. Save the file as UTF-8 and upload it "
            "again."
        )
    ).to_be_visible()
    expect_numbers(page, expected)
    upload(page, "Reference files", [("huge.en", b"x\n" * (6 * 1024 * 1024))], kept=False)  # 12 MB
    expect(page.get_by_test_id("stFileUploader").filter(has_text="huge.en")).to_contain_text(
        f"File must be {MAX_UPLOAD_MB}.0MB or smaller"  # the box refuses it itself
    )
    expect_numbers(page, expected)


def test_pasted_texts_survive_a_reload_and_a_language_switch(
    app_page: Page, streamlit_server: str, wait_for_app: Callable[..., None], choose_input: Callable[..., None]
) -> None:
    page = app_page
    page.goto(f"{streamlit_server}/corpus")
    wait_for_app(page)
    choose_input(page, "Paste text")
    hyp, ref = "\n".join(sample_lines(SYSTEMS[1])), "\n".join(sample_lines(REFS[0]))
    page.get_by_label("Hypothesis: one segment per line").fill(hyp)
    page.get_by_label("Reference 1: one segment per line").fill(ref)
    page.get_by_label("Reference 1: one segment per line").press("Control+Enter")
    wait_for_app(page)
    score = f"{BLEU().corpus_score(sample_lines(SYSTEMS[1]), [sample_lines(REFS[0])]).score:.2f}"
    value = page.get_by_test_id("stMetric").filter(has_text="Corpus BLEU").get_by_test_id("stMetricValue")

    def same() -> None:
        expect(value).to_have_text(score)
        expect(page.get_by_label("Hypothesis: one segment per line")).to_have_value(hyp)
        expect(page.get_by_label("Reference 1: one segment per line")).to_have_value(ref)

    same()
    wait_for_app(page)  # the score's run has begun: its end puts the texts in the address, which the reload opens
    page.reload()
    wait_for_app(page)
    same()
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.get_by_text("한국어", exact=True).click()
    wait_for_app(page)
    expect(page.locator("h1").first).to_contain_text("코퍼스")  # the Korean page, then English again
    sidebar.get_by_text("English", exact=True).click()
    wait_for_app(page)
    same()  # before the fix, English -> Korean -> English brought back the bundled sample
