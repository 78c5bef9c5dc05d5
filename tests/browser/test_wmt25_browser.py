"""Issue 46's browser test: on Compare, a reference, four systems, COMET-22's JSON and MQM-like human scores uploaded
in Chromium and the MQM named in "Human scores"; the page says, as a person reads it, Kocmi et al.'s estimate beside
a BLEU delta with the paper named, WMT25's SPA and acc_eq of BLEU in words (with its tie threshold),
and AutoRank beside the clusters, with bleucore's numbers, in English and in Korean."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from bleucore.meta_evaluation import human_rows, metric_values
from bleucore.metrics import get_metric
from bleucore.metrics.imported import imported_metric
from bleucore.significance import autorank, human_agreement
from tests.conftest import sample_lines
from tests.score_files import SYSTEMS, comet_json, comet_scores, mqm_scores, system_lines

BASELINE = SYSTEMS[0]


def _expected():  # type: ignore[no-untyped-def]
    """bleucore's BLEU delta of system_b.en with its estimate, BLEU's SPA and acc_eq against the MQM, and AutoRank."""
    lines = system_lines()
    refs = [sample_lines("ref.en")]
    bleu = metric_values(get_metric("bleu"), lines, refs)
    comet = metric_values(imported_metric("COMET-22", comet_scores()), lines, refs)
    people = metric_values(imported_metric("MQM", mqm_scores()), lines, refs)
    delta = (bleu.corpus[SYSTEMS[1]] or 0) - (bleu.corpus[BASELINE] or 0)
    estimate = human_agreement(get_metric("bleu"), delta, [bleu.corpus[n] or 0 for n in SYSTEMS])
    system, segment = (r for r in human_rows([bleu, comet, people], "MQM") if r.metric == "BLEU")
    ranking = autorank(SYSTEMS, {v.label: [v.corpus[n] or 0 for n in SYSTEMS] for v in (bleu, comet)})
    return delta, estimate, system.spa, segment.acc_eq, ranking


def expect_wmt25(page: Page, korean: bool) -> None:
    delta, estimate, spa, ties, ranking = _expected()
    assert estimate.estimate is not None and spa is not None and ties is not None
    markdown = page.get_by_test_id("stMarkdown")
    if korean:
        sentence = f"BLEU 기준 {BASELINE} 대비 {SYSTEMS[1]}: Δ {delta:+.2f}"
        agree = f"이만큼 큰 BLEU 차이라면 시스템 쌍의 약 {estimate.estimate:.0%}에서 사람도 같은 방향에 동의합니다"
        paper = "Kocmi 외 2024년 논문(Navigating the Metrics Maze, ACL 2024)"
        words = (
            f"시스템 4개의 쌍 6개에 대한 SPA {spa.value:.3f} (PCE {spa.pce:.3f}), 쌍마다 두 p-값은 문장 60개의 순열 "
            "1,000개로 구했습니다"
        )
        tie = f"BLEU 지표의 차이가 {ties.epsilon:.2f} 이하이면 동점입니다"
        heading, combines = "AutoRank: 모든 지표를 한꺼번에", "AutoRank는 WMT25가 사람 평가 없이"
        human = "사람이 동의할 가능성의 추정치가 없습니다: MQM 지표가 바로 사람 평가 점수입니다."
    else:
        sentence = f"{SYSTEMS[1]} against {BASELINE} by BLEU: Δ {delta:+.2f}"
        agree = f"People agree with the direction of BLEU deltas this large in about {estimate.estimate:.0%} of system"
        paper = "Kocmi et al. 2024, “Navigating the Metrics Maze”, ACL 2024"
        words = (
            f"BLEU: SPA {spa.value:.3f} (PCE {spa.pce:.3f}) over the 6 pairs of 4 systems, each pair's two p-values "
            "from 1,000 permutations of 60 segments"
        )
        tie = f"Ties are BLEU differences up to {ties.epsilon:.2f}; with only equal scores as ties, acc_eq is"
        heading, combines = "AutoRank: every metric at once", "AutoRank combines BLEU and COMET-22"
        human = "No estimate of how likely people agree: MQM holds the human scores themselves."
    said = markdown.filter(has_text=sentence)
    expect(said).to_have_count(1)
    expect(said).to_contain_text(agree)
    expect(said).to_contain_text(paper)
    # the human-score choice, made in a section further down, reached the significance tables above it
    expect(markdown.filter(has_text=human)).to_have_count(len(SYSTEMS) - 1)
    measures = markdown.filter(has_text=words)
    expect(measures).to_have_count(1)
    assert ties.epsilon > 0 and ties.concordant + ties.discordant > 0  # one reference: BLEU's threshold ties some pairs
    expect(measures).to_contain_text(f"acc_eq {ties.value:.3f}")
    expect(measures).to_contain_text(tie)
    expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
    expect(markdown.filter(has_text=combines)).to_have_count(1)
    assert ranking.rows  # its numbers are AppTest's to check: the table is drawn on a canvas


def test_the_estimates_spa_acc_eq_and_autorank_read_as_a_person_reads_them_in_both_languages(
    app_page: Page,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    compare_with_scores: Callable[..., None],
) -> None:
    page = app_page
    lines = system_lines()
    compare_with_scores(
        page,
        streamlit_server,
        {n: lines[n] for n in SYSTEMS},
        ("comet.json", comet_json(comet_scores(), key="COMET-22")),
        human=("mqm.json", comet_json(mqm_scores(), key="MQM"), "MQM"),
    )
    expect_wmt25(page, korean=False)

    page.get_by_test_id("stSidebar").get_by_text("한국어", exact=True).click()
    wait_for_app(page)
    expect_wmt25(page, korean=True)
    expect(page.get_by_test_id("stException")).to_have_count(0)
