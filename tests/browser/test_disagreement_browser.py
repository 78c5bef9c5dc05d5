"""Issue 38's browser test: on Compare, a reference, two systems and an xCOMET JSON with error spans uploaded in
Chromium; "Where the metrics disagree" shows the agreement share in words and bleucore's first disagreement example
with xCOMET's spans marked on both hypotheses (the severity in words beside each, its hover title) and BLEU's n-gram
chips beside them, in English and in Korean."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from bleucore.meta_evaluation import agreement_rows, disagreement_examples, metric_values
from bleucore.metrics import get_metric
from bleucore.metrics.imported import imported_metric
from tests.conftest import sample_lines
from tests.score_files import comet_scores, system_lines, xcomet_json

TWO = ("system_a.en", "system_b.en")


def _expected():  # type: ignore[no-untyped-def]
    """bleucore's agreement row and first disagreement example of system_b.en against system_a.en."""
    lines = {n: system_lines()[n] for n in TWO}
    refs = [sample_lines("ref.en")]
    bleu = metric_values(get_metric("bleu"), lines, refs)
    comet = metric_values(imported_metric("xCOMET", comet_scores(TWO)), lines, refs)
    (row,) = agreement_rows([comet, bleu], TWO[0])
    return row, disagreement_examples(comet, bleu, TWO[1], TWO[0], lines, refs, 3)[0]


def expect_disagreement(page: Page, korean: bool) -> None:
    row, example = _expected()
    assert row.value is not None
    heading, pair = (
        ("평가 지표가 엇갈리는 곳", "BLEU 지표와 xCOMET 지표가 엇갈리는 곳")
        if korean
        else (
            "Where the metrics disagree",
            "Where BLEU and xCOMET disagree",
        )
    )
    expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
    expect(page.get_by_role("heading", name=pair, exact=True)).to_be_visible()
    if korean:
        share = f"{row.size:,}개 문장 중 {row.value:.0%}에서 xCOMET 지표와 BLEU 지표가 같은 방향으로 움직입니다"
        line = f"{example.line}번째 줄: xCOMET 지표는 {TWO[1]}의 줄을"
    else:
        share = f"xCOMET and BLEU move the same way on {row.value:.0%} of the {row.size:,} segments where both move"
        line = f"Line {example.line}: xCOMET scores {TWO[1]}'s line"
    expect(page.get_by_test_id("stMarkdown").filter(has_text=share)).to_have_count(1)
    said = page.get_by_test_id("stMarkdown").filter(has_text=line)
    expect(said).to_have_count(1)
    word = "주요" if korean else "major"
    for score in (
        f"xCOMET {example.scores[0]:.4f}, BLEU {example.versus_scores[0]:.2f}",
        f"xCOMET {example.scores[1]:.4f}, BLEU {example.versus_scores[1]:.2f}",
    ):
        expect(page.get_by_text(score, exact=True).first).to_be_visible()
    for text in (example.baseline_hypothesis, example.hypothesis):  # xcomet_json marks each line's last word
        mark = page.locator(f'mark.xspan[aria-label^="{word} "]', has_text=text.split()[-1]).first
        expect(mark).to_be_visible()
        expect(mark.locator("xpath=following-sibling::span[1]")).to_have_text(word)
        expect(mark).to_have_css("border-bottom-style", "dashed")  # major: a dashed line, not colour alone
        expect(page.locator(".xspans", has_text=text).first).to_be_visible()
        column = page.get_by_test_id("stColumn").filter(has=mark).last
        expect(column.locator(".bleu-chip").first).to_be_visible()  # BLEU's n-gram chips beside the spans


def test_an_xcomet_json_with_spans_shows_a_disagreement_example_in_both_languages(
    app_page: Page,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    compare_with_scores: Callable[..., None],
) -> None:
    page = app_page
    lines = system_lines()
    data = xcomet_json(comet_scores(TWO), severities=("major",))
    compare_with_scores(page, streamlit_server, {n: lines[n] for n in TWO}, ("xcomet.json", data))
    expect_disagreement(page, korean=False)

    page.get_by_test_id("stSidebar").get_by_text("한국어", exact=True).click()
    wait_for_app(page)
    expect_disagreement(page, korean=True)
    expect(page.get_by_test_id("stException")).to_have_count(0)
