"""Compare as a researcher walks it in Chromium (issue 22's "Done when"), with two reference files and two systems,
system_b.en as the baseline, BLEU, chrF and TER: every metric's difference and p-values, its interval chart and
the sentence scatter (read from the drawn marks), the signature sacreBLEU 2.6 prints beside each paired test, and
the sentence CSV equal sacreBLEU's; the files, the baseline and the metrics stay through the Explore hand-off and
the browser's Back button, a sidebar round trip, Korean and back, and a reload; every remove button is named for
its file, and removing a file removes it everywhere."""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from sacrebleu.metrics import BLEU, CHRF, TER
from sacrebleu.significance import PairedTest

from tests.browser.charts import chart_rows, charts_rows, expect_charts, until_drawn
from tests.browser.widgets import choose
from tests.conftest import SAMPLE, sample_lines

REFS = ("ref.en", "ref2.en")
SYSTEMS = ("system_a.en", "system_b.en")
BASELINE, OTHER = "system_b.en", "system_a.en"
#: Compare's charts with three metrics: an interval chart per metric, the sentence scatter and differences, buckets.
COMPARE_CHARTS = 6


@pytest.fixture
def sacrebleu_paired() -> Iterator[dict[str, dict[str, tuple[str, list[object]]]]]:
    """sacreBLEU 2.6's paired tests of the walk (baseline first), per test and metric: (signature, results)."""
    saved = os.environ.pop("SACREBLEU_SEED", None)  # sacreBLEU's default seed, 12345, as the page's
    refs = [sample_lines(r) for r in REFS]
    systems = [(BASELINE, sample_lines(BASELINE)), (OTHER, sample_lines(OTHER))]
    out: dict[str, dict[str, tuple[str, list[object]]]] = {}
    try:
        for test, n in (("bs", 1000), ("ar", 10000)):
            metrics = {"BLEU": BLEU(), "chrF2": CHRF(), "TER": TER()}
            sigs, scores = PairedTest(systems, metrics, references=refs, test_type=test, n_samples=n)()
            out[test] = {label: (str(sigs[label]), scores[label]) for label in metrics}
        yield out
    finally:
        if saved is not None:
            os.environ["SACREBLEU_SEED"] = saved


def expect_results(page: Page, paired: dict[str, dict[str, tuple[str, list[object]]]]) -> None:
    """The kept files, and per metric sacreBLEU's difference, p-values, interval chart values and paired signatures;
    the sentence scatter holds sacreBLEU's sentence BLEU of both systems."""
    for name in (*REFS, *SYSTEMS):
        expect(page.get_by_text(f"{name}: 60 lines, kept for this session")).to_be_visible()
    labels = ("BLEU", "chrF2", "TER")
    for label in labels:  # the numbers in words first: the charts below them are drawn later
        bs_sig, (base, other) = paired["bs"][label]
        ar_sig, (_base, other_ar) = paired["ar"][label]
        delta = other.score - base.score  # type: ignore[attr-defined]
        row = page.get_by_test_id("stMarkdown").filter(
            has_text=f"{OTHER} against {BASELINE} by {label}: Δ {delta:+.2f}"
        )
        expect(row).to_contain_text(f"p = {other.p_value:.4f} (paired bootstrap), p = {other_ar.p_value:.4f}")  # type: ignore[attr-defined]
        for signature in (bs_sig, ar_sig):
            expect(page.get_by_test_id("stCode").filter(has_text=f"# {signature}")).to_have_count(1)
    expect_charts(page, COMPARE_CHARTS)
    refs = [sample_lines(r) for r in REFS]
    sentence = BLEU(effective_order=True)
    sentences = {
        name: [sentence.sentence_score(h, [r[i] for r in refs]).score for i, h in enumerate(sample_lines(name))]
        for name in (BASELINE, OTHER)
    }

    def drawn() -> None:
        intervals = charts_rows(page, "role")  # each metric's interval chart, in the page's order
        assert len(intervals) == 3
        for label, drawn_rows in zip(labels, intervals):
            _bs_sig, (base, other) = paired["bs"][label]
            by_system = {r["system"]: r for r in drawn_rows}
            for result, name in ((base, BASELINE), (other, OTHER)):
                row = by_system[name]
                assert row["score"] == pytest.approx(result.score, abs=1e-9)  # type: ignore[attr-defined]
                assert row["lower"] == pytest.approx(result.mean - result.ci, abs=1e-9)  # type: ignore[attr-defined]
                assert row["upper"] == pytest.approx(result.mean + result.ci, abs=1e-9)  # type: ignore[attr-defined]
        points = sorted(chart_rows(page, "better"), key=lambda r: int(r["line"]))  # type: ignore[arg-type]
        for name, column in ((BASELINE, "baseline"), (OTHER, "system")):
            assert [p[column] for p in points] == pytest.approx(sentences[name], abs=1e-9), name

    until_drawn(page, drawn)
    expect(page.get_by_test_id("stException")).to_have_count(0)


def _check_sentence_csv(page: Page, wait_for_app: Callable[..., None]) -> None:
    """The sentence CSV: both references, each system's text, and each system's sentence score by each metric,
    equal to sacreBLEU's sentence scores. Called once the page shows the numbers, it waits for the end of the run
    that drew them: the button is drawn below them and holds the scores of the run that drew it."""
    wait_for_app(page)
    button = page.get_by_role("button", name="Download every sentence score (CSV)")
    button.scroll_into_view_if_needed()
    with page.expect_download() as download:
        button.click()
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
    refs = [sample_lines(r) for r in REFS]
    assert len(rows) == 60 and {"reference 1", "reference 2"} <= set(rows[0])
    for system in SYSTEMS:
        hyps = sample_lines(system)
        for label, metric in (("BLEU", BLEU(effective_order=True)), ("chrF2", CHRF()), ("TER", TER())):
            column = f"{system} {label}"
            for i, row in enumerate(rows):
                expected = metric.sentence_score(hyps[i], [r[i] for r in refs]).score
                assert abs(float(row[column]) - expected) < 1e-9, (column, i + 1, row[column], expected)
        assert [row[f"{system} text"] for row in rows] == [h.rstrip() for h in hyps]


def test_compare_walk_with_two_references_two_systems_and_three_metrics(
    app_page: Page,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    sacrebleu_paired: dict[str, dict[str, tuple[str, list[object]]]],
    choose_input: Callable[..., None],
    upload: Callable[..., None],
) -> None:
    page = app_page
    page.goto(f"{streamlit_server}/compare")
    wait_for_app(page)
    choose_input(page, "Upload files")
    upload(page, "Reference files", [(n, (SAMPLE / n).read_bytes()) for n in REFS])  # references first, as Corpus asks
    upload(page, "System outputs", [(n, (SAMPLE / n).read_bytes()) for n in SYSTEMS])
    group = page.get_by_test_id("stButtonGroup").filter(has_text="chrF++")
    for label in ("chrF", "TER"):
        group.get_by_role("button", name=label, exact=True).click()
        wait_for_app(page)
    choose(page, "Baseline", BASELINE)
    wait_for_app(page)
    for kind, names in (("reference", REFS), ("system", SYSTEMS)):  # every remove button names what it removes
        for name in names:
            expect(page.get_by_role("button", name=f"Remove {kind} file {name}", exact=True)).to_have_count(1)
    expect_results(page, sacrebleu_paired)
    _check_sentence_csv(page, wait_for_app)

    # The Explore hand-off, then the browser's Back button
    page.get_by_text("Open one segment in Explore").click()
    page.get_by_role("button", name=f"Open line 1 of {SYSTEMS[0]} in Explore").click()  # the first system listed
    wait_for_app(page)
    expect(page.get_by_label("Candidate", exact=True)).to_have_value(sample_lines(SYSTEMS[0])[0].rstrip())
    page.go_back()
    wait_for_app(page)
    expect_results(page, sacrebleu_paired)

    # Another page from the sidebar and back; Korean and back to English
    nav = page.get_by_test_id("stSidebarNav")
    nav.get_by_role("link", name="Learn", exact=True).click()
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Learn BLEU from the worked examples")).to_be_visible()  # there, then back
    nav.get_by_role("link", name="Compare", exact=True).click()
    wait_for_app(page)
    expect_results(page, sacrebleu_paired)
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.get_by_text("한국어", exact=True).click()
    wait_for_app(page)
    expect(page.locator("h1").first).to_contain_text("시스템 비교")  # the Korean page, then English again
    sidebar.get_by_text("English", exact=True).click()
    wait_for_app(page)
    expect_results(page, sacrebleu_paired)

    # A reload: a new server session finds the same files and settings through the address, and asks for nothing
    page.reload()
    wait_for_app(page)
    expect_results(page, sacrebleu_paired)
    expect(page.get_by_text("which a link cannot hold")).to_have_count(0)

    # Removing a file removes it everywhere, also after a reload
    page.get_by_role("button", name="Remove system file system_a.en", exact=True).click()
    wait_for_app(page)
    expect(page.get_by_text("Upload at least one reference file and two or more system outputs.")).to_be_visible()
    page.reload()
    wait_for_app(page)
    expect(page.get_by_text("system_b.en: 60 lines, kept for this session")).to_be_visible()
    expect(page.get_by_text("system_a.en: 60 lines, kept for this session")).to_have_count(0)
