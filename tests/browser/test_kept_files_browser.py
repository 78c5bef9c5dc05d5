"""A researcher's files are uploaded once: Compare with two reference files and two systems keeps them, the
baseline and the chosen metrics through the Explore hand-off and Back, a sidebar round trip, a language
switch and a reload, with BLEU, chrF and TER equal to sacreBLEU's each time; removing a file removes it."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect
from sacrebleu.metrics import BLEU, CHRF, TER

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"
REFS = ("ref.en", "ref2.en")
SYSTEMS = ("system_a.en", "system_b.en")


def _lines(name: str) -> list[str]:
    return (SAMPLE / name).read_text(encoding="utf-8").splitlines()


def _upload(page: Page, label: str, names: tuple[str, ...], wait_for_app: Callable[..., None]) -> None:
    field = page.get_by_test_id("stFileUploader").filter(has_text=label).locator('input[type="file"]')
    field.set_input_files(files=[{"name": n, "mimeType": "text/plain", "buffer": (SAMPLE / n).read_bytes()} for n in names])
    wait_for_app(page)


def _deltas() -> dict[str, float]:
    """sacreBLEU's corpus score differences, system B minus A (the baseline), per metric label."""
    refs = [_lines(r) for r in REFS]
    a, b = (_lines(s) for s in SYSTEMS)
    return {label: m.corpus_score(b, refs).score - m.corpus_score(a, refs).score
            for label, m in (("BLEU", BLEU()), ("chrF2", CHRF()), ("TER", TER()))}  # fmt: skip


def _expect_results(page: Page, deltas: dict[str, float]) -> None:
    """The kept files are listed and each metric's sentence shows sacreBLEU's difference."""
    for name in (*REFS, *SYSTEMS):
        expect(page.get_by_text(f"{name}: 60 lines, kept for this session")).to_be_visible()
    for label, delta in deltas.items():
        sentence = f"system_b.en against system_a.en by {label}: Δ {delta:+.2f}"
        expect(page.get_by_test_id("stMarkdown").filter(has_text=sentence)).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)


def _check_sentence_csv(page: Page) -> None:
    """The sentence CSV: both references, each system's text, and each system's sentence score by each metric,
    equal to sacreBLEU's sentence scores."""
    button = page.get_by_role("button", name="Download every sentence score (CSV)")
    button.scroll_into_view_if_needed()
    with page.expect_download() as download:
        button.click()
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
    refs = [_lines(r) for r in REFS]
    assert len(rows) == 60 and {"reference 1", "reference 2"} <= set(rows[0])
    for system in SYSTEMS:
        hyps = _lines(system)
        for label, metric in (("BLEU", BLEU(effective_order=True)), ("chrF2", CHRF()), ("TER", TER())):
            column = f"{system} {label}"
            for i, row in enumerate(rows):
                expected = metric.sentence_score(hyps[i], [r[i] for r in refs]).score
                assert abs(float(row[column]) - expected) < 1e-9, (column, i + 1, row[column], expected)
        assert [row[f"{system} text"] for row in rows] == [h.rstrip() for h in hyps]


def test_compare_files_are_uploaded_once(app_page: Page, streamlit_server: str, wait_for_app: Callable[..., None]) -> None:
    page = app_page
    page.goto(f"{streamlit_server}/compare")
    wait_for_app(page)
    page.get_by_text("Upload files", exact=True).click()
    wait_for_app(page)
    _upload(page, "Reference files", REFS, wait_for_app)
    _upload(page, "System outputs", SYSTEMS, wait_for_app)
    group = page.get_by_test_id("stButtonGroup").filter(has_text="chrF++")
    for label in ("chrF", "TER"):
        group.get_by_role("button", name=label, exact=True).click()
        wait_for_app(page)
    deltas = _deltas()
    _expect_results(page, deltas)
    _check_sentence_csv(page)

    # The Explore hand-off, then the browser's Back button
    page.get_by_text("Open one segment in Explore").click()
    page.get_by_role("button", name="Open line 1 of system_a.en in Explore").click()
    wait_for_app(page)
    expect(page.get_by_label("Candidate", exact=True)).to_have_value(_lines("system_a.en")[0].rstrip())
    page.go_back()
    wait_for_app(page)
    _expect_results(page, deltas)

    # Another page from the sidebar and back
    nav = page.get_by_test_id("stSidebarNav")
    nav.get_by_role("link", name="Learn", exact=True).click()
    wait_for_app(page)
    nav.get_by_role("link", name="Compare", exact=True).click()
    wait_for_app(page)
    _expect_results(page, deltas)

    # A reload: a new server session finds the same files through the address
    page.reload()
    wait_for_app(page)
    _expect_results(page, deltas)

    # Removing a file removes it everywhere, also after a reload
    page.get_by_role("button", name="Remove system file system_b.en").click()
    wait_for_app(page)
    expect(page.get_by_text("Upload at least one reference file and two or more system outputs.")).to_be_visible()
    page.reload()
    wait_for_app(page)
    expect(page.get_by_text("system_a.en: 60 lines, kept for this session")).to_be_visible()
    expect(page.get_by_text("system_b.en: 60 lines, kept for this session")).to_have_count(0)
