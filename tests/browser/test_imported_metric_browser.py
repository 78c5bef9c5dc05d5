"""Issue 37's browser test: on Compare, a reference, four systems and one COMET JSON uploaded in Chromium; COMET's
row in the significance section and every system ranked in clusters (a rule between clusters and the cluster in
words), in English and in Korean, and again after a reload."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from playwright.sync_api import Page, expect

from bleucore.metrics.imported import ImportedStatistics, imported_metric
from bleucore.significance import Ranking, rank_systems, significance_table
from tests.score_files import SYSTEMS, comet_json, comet_scores, system_lines

BASELINE = SYSTEMS[0]


def _expected() -> tuple[list[tuple[str, float]], Ranking]:
    """COMET's difference of each system from the baseline, and COMET's ranking, as bleucore computes them."""
    scores = comet_scores()
    metric = imported_metric("COMET", scores)
    stats = {n: ImportedStatistics.of(np.array(v, dtype=np.float64)) for n, v in scores.items()}
    table = significance_table(metric, stats, BASELINE, 1)
    deltas = [(row.system, row.delta) for row in table.rows if row.delta is not None]
    return deltas, rank_systems(metric, stats)


def expect_comet(page: Page, korean: bool) -> None:
    """COMET's section with each system's Δ against the baseline, then its ranking: one row per system in bleucore's
    order, its rank range and cluster in words, a thick rule above each new cluster."""
    deltas, ranking = _expected()
    heading = "Corpus COMET and significance against the baseline"
    if korean:
        heading = "코퍼스 COMET 및 기준 시스템 대비 유의성"
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    for system, delta in deltas:
        if korean:
            sentence = f"COMET 기준 {BASELINE} 대비 {system}: Δ {delta:+.4f}"
        else:
            sentence = f"{system} against {BASELINE} by COMET: Δ {delta:+.4f}"
        expect(page.get_by_test_id("stMarkdown").filter(has_text=sentence)).to_have_count(1)
    expect(page.get_by_role("heading", name="순위" if korean else "Ranking", exact=True)).to_be_visible()
    table = page.locator("table.rank-table").filter(has=page.locator("th", has_text="COMET"))
    expect(table).to_have_count(1)
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(len(ranking.rows))
    cluster = "군집" if korean else "cluster"
    for k, row in enumerate(ranking.rows):
        cells = rows.nth(k).locator("td, th")
        expect(cells).to_have_text(
            [f"{row.rank[0]}-{row.rank[1]}", row.system, f"{row.value:.4f}", f"{cluster} {row.cluster}"]
        )
    starts = table.locator("tr.cluster-start")
    expect(starts).to_have_count(ranking.clusters - 1)
    for k in range(ranking.clusters - 1):  # the rule is drawn, not only marked
        width = starts.nth(k).locator("td").first.evaluate("cell => getComputedStyle(cell).borderTopWidth")
        assert width == "3px", width
    first = [r.system for r in ranking.rows if r.cluster == 1]
    words = f"군집 1: {first[0]} 및 {first[1]}." if korean else f"Cluster 1: {first[0]} and {first[1]}."
    expect(page.get_by_test_id("stMarkdown").filter(has_text=words)).to_have_count(1)


def test_a_comet_json_for_four_systems_is_a_row_and_a_ranking_in_both_languages_after_a_reload(
    app_page: Page,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    compare_with_scores: Callable[..., None],
) -> None:
    page = app_page
    lines = system_lines()
    compare_with_scores(
        page, streamlit_server, {n: lines[n] for n in SYSTEMS}, ("comet.json", comet_json(comet_scores()))
    )
    expect_comet(page, korean=False)

    sidebar = page.get_by_test_id("stSidebar")
    sidebar.get_by_text("한국어", exact=True).click()
    wait_for_app(page)
    expect_comet(page, korean=True)

    page.reload()  # a new server session: the files come back from the store, the language from the address
    wait_for_app(page)
    expect_comet(page, korean=True)
    sidebar.get_by_text("English", exact=True).click()
    wait_for_app(page)
    expect_comet(page, korean=False)
    expect(page.get_by_test_id("stException")).to_have_count(0)
