"""Corpus with two reference files, for BLEU, chrF and TER, as a researcher walks it in Chromium: the corpus scores
equal sacreBLEU's, the sacreBLEU signature shown is the one sacreBLEU prints, the CSV holds both reference
columns and every metric; the files and scores stay through the Explore hand-off and Back, a sidebar round trip
and a reload."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect
from sacrebleu.metrics import BLEU, CHRF, TER

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"
REFS = ("ref.en", "ref2.en")
HYP = "system_a.en"


def _lines(name: str) -> list[str]:
    return (SAMPLE / name).read_text(encoding="utf-8").splitlines()


def _upload(page: Page, label: str, names: tuple[str, ...], wait_for_app: Callable[..., None]) -> None:
    field = page.get_by_test_id("stFileUploader").filter(has_text=label).locator('input[type="file"]')
    files = [{"name": n, "mimeType": "text/plain", "buffer": (SAMPLE / n).read_bytes()} for n in names]
    field.set_input_files(files=files if len(files) > 1 else files[0])
    wait_for_app(page)


def _sacrebleu() -> dict[str, tuple[str, str]]:
    """Per metric label: sacreBLEU's corpus score (2 decimals) and the signature it prints."""
    hyp, refs = _lines(HYP), [_lines(r) for r in REFS]
    out = {}
    for label, metric in (("BLEU", BLEU()), ("chrF2", CHRF()), ("TER", TER())):
        score = metric.corpus_score(hyp, refs).score
        out[label] = (f"{score:.2f}", metric.get_signature().format())
    return out


def _expect_scores(page: Page, expected: dict[str, tuple[str, str]]) -> None:
    for name in (*REFS, HYP):
        expect(page.get_by_text(f"{name}: 60 lines, kept for this session")).to_be_visible()
    for label, (score, signature) in expected.items():
        value = page.get_by_test_id("stMetric").filter(has_text=f"Corpus {label}").get_by_test_id("stMetricValue")
        expect(value).to_have_text(score)
        expect(page.get_by_test_id("stCode").filter(has_text=signature).first).to_be_attached()
    expect(page.get_by_test_id("stException")).to_have_count(0)


def test_corpus_with_two_references_and_three_metrics(
    app_page: Page, streamlit_server: str, wait_for_app: Callable[..., None]
) -> None:
    page = app_page
    page.goto(f"{streamlit_server}/corpus")
    wait_for_app(page)
    page.get_by_text("Upload files", exact=True).click()
    wait_for_app(page)
    _upload(page, "Reference files", REFS, wait_for_app)
    _upload(page, "Hypothesis file", (HYP,), wait_for_app)
    group = page.get_by_test_id("stButtonGroup").filter(has_text="chrF++")
    for label in ("chrF", "TER"):
        group.get_by_role("button", name=label, exact=True).click()
        wait_for_app(page)
    expected = _sacrebleu()
    _expect_scores(page, expected)

    # The CSV: one column per reference, and the other metrics' sentence scores beside BLEU's.
    button = page.get_by_role("button", name="Download table (CSV)")
    button.scroll_into_view_if_needed()
    with page.expect_download() as download:
        button.click()
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
    assert len(rows) == 60
    assert {"reference 1", "reference 2", "BLEU"} <= set(rows[0]), list(rows[0])
    assert any("chrF2" in column for column in rows[0]) and any("TER" in column for column in rows[0]), list(rows[0])
    by_line = {int(row["line"]): row for row in rows}
    refs = [_lines(r) for r in REFS]
    assert all(by_line[i + 1]["reference 2"] == refs[1][i].rstrip() for i in range(60))

    # The Explore hand-off, then the browser's Back button
    page.get_by_role("button", name="Open this sentence in Explore").click()
    wait_for_app(page)
    expect(page.get_by_label("Candidate", exact=True)).to_be_visible()
    page.go_back()
    wait_for_app(page)
    _expect_scores(page, expected)

    # Another page from the sidebar and back, then a reload
    nav = page.get_by_test_id("stSidebarNav")
    nav.get_by_role("link", name="Learn", exact=True).click()
    wait_for_app(page)
    nav.get_by_role("link", name="Corpus", exact=True).click()
    wait_for_app(page)
    _expect_scores(page, expected)
    page.reload()
    wait_for_app(page)
    _expect_scores(page, expected)
