"""The report warns before its numbers (issue 49): one system's lines shifted by a segment (the doctor's
merged-lines finding) and the references' findings are warnings on standard error, a section of the HTML report and
JSON records, said once with the systems they were found for; an imported metric named as a lower-is-better one
(MetricX) without --lower-better, or whose values correlate negatively with BLEU's across the systems, is a warning
too, and none is given once its direction is right."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import sacrebleu

from bleucore.cli.report import main
from bleucore.doctor import Setup, check_setup
from devtools.corpora import WMT22_EN_DE, corpus_shaped_like
from tests.score_files import plain

NAMES = ("sysA.txt", "sysB.txt", "sysC.txt")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three systems of 300 WMT-shaped lines; sysB's line 182 holds two segments, so lines 183-199 are shifted."""
    out = tmp_path_factory.mktemp("warnings")
    made = corpus_shaped_like(WMT22_EN_DE, 3, 300, systems=3)
    systems = [list(lines) for lines in made.systems]
    shifted = systems[1]
    original = list(shifted)
    shifted[181] = original[181] + " " + original[182]
    shifted[182:199] = original[183:200]
    shifted[199] = "."
    (out / "ref.txt").write_text("\n".join(made.references[0]) + "\n", encoding="utf-8")
    for name, lines in zip(NAMES, systems):
        (out / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        bleu = [sacrebleu.sentence_bleu(h, [r]).score for h, r in zip(lines, made.references[0])]
        (out / f"{name}.metricx").write_bytes(plain([round(25 - b / 4, 4) for b in bleu]))  # lower is better
    return out


def run(folder: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[str, list[dict], str]:
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        code = main(["ref.txt", "-i", *NAMES, "-m", "bleu", "--n-samples", "100", "--json", "r.json", *extra])
    _out, err = capsys.readouterr()
    assert code == 0, err
    return err, json.loads((folder / "r.json").read_text(encoding="utf-8")), str(folder)


def test_a_shifted_system_is_a_warning_in_every_output(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err, records, _root = run(folder, capsys, "--html", "r.html")
    lines = err.splitlines()
    assert all(line.startswith("bleucore: warning: ") for line in lines), err
    shifted = [line for line in lines if "[merged-lines]" in line]
    assert shifted == [
        next(
            line for line in lines if line.startswith("bleucore: warning: sysB.txt: setup check error: [merged-lines]")
        )
    ]
    assert "line 182 of sysB.txt holds two segments: lines 182 and 183 of ref.txt" in shifted[0]
    # the references' findings once, for every system; the notes only in the HTML and the JSON
    about_ref = [line for line in lines if "ref.txt holds" in line]
    assert about_ref and all(line.startswith("bleucore: warning: every system: setup check ") for line in about_ref)
    assert len(about_ref) == len(set(about_ref))
    warnings = [r for r in records if r["analysis"] == "warning"]
    merged = next(r for r in warnings if r["code"] == "merged-lines")
    assert merged["systems"] == ["sysB.txt"] and merged["lines"] == [182] and merged["severity"] == "error"
    assert list(merged) == ["analysis", "code", "severity", "metric", "systems", "lines", "message", "fix"]
    expected = check_setup(
        Setup(
            (folder / "sysB.txt").read_text(encoding="utf-8").splitlines(),
            [(folder / "ref.txt").read_text(encoding="utf-8").splitlines()],
            "sysB.txt",
            ["ref.txt"],
        )
    )
    assert merged["message"] == next(f for f in expected if f.code == "merged-lines").to_dict()["message"]
    assert any(r["severity"] == "note" for r in warnings) and not any("setup check note" in line for line in lines)
    html = (folder / "r.html").read_text(encoding="utf-8")
    assert "<h2>Warnings</h2>" in html and "<b>error</b> (sysB.txt): [merged-lines] line 182 of sysB.txt" in html
    assert html.index("<h2>Warnings</h2>") < html.index("<h2>Corpus scores</h2>"), "before the numbers"
    assert {r["system"] for r in records if r["analysis"] == "corpus"} == set(NAMES), "the numbers are still given"


def test_a_metricx_without_lower_better_is_a_warning(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scores = [f"{n}.metricx" for n in NAMES]
    err, records, _root = run(folder, capsys, "--scores", "MetricX-24", *scores)
    said = [line for line in err.splitlines() if "MetricX-24" in line]
    assert said == [
        "bleucore: warning: MetricX-24 is taken as higher-is-better, but MetricX is an error score (lower is better): "
        "if its scores are errors, give --lower-better MetricX-24, or every ranking and correlation is turned around",
        next(line for line in said if "correlates negatively with BLEU across the 3 systems" in line),
    ]
    corpus = {r["system"]: r["value"] for r in records if r["analysis"] == "corpus"}
    assert len(corpus) == 3
    codes = [r["code"] for r in records if r["analysis"] == "warning" and r["metric"] == "MetricX-24"]
    assert codes == ["lower-is-better-name", "negative-correlation"]
    err, records, _root = run(folder, capsys, "--scores", "MetricX-24", *scores, "--lower-better", "MetricX-24")
    assert "MetricX-24" not in err and not [r for r in records if r["analysis"] == "warning" and r["metric"]]


def test_a_metric_that_orders_the_systems_against_bleu_is_a_warning(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A neutral name: only the correlation says the direction may be wrong, with Pearson's r across the systems."""
    scores = [f"{n}.metricx" for n in NAMES]
    err, records, _root = run(folder, capsys, "--scores", "Quality", *scores)
    (record,) = [r for r in records if r["analysis"] == "warning" and r["metric"] == "Quality"]
    bleu = {r["system"]: r["value"] for r in records if r["analysis"] == "corpus" and r["metric"] == "BLEU"}
    ours = {r["system"]: r["value"] for r in records if r["analysis"] == "corpus" and r["metric"] == "Quality"}
    r = float(np.corrcoef([ours[n] for n in NAMES], [bleu[n] for n in NAMES])[0, 1])
    assert r < 0 and f"Pearson's r = {r:.2f}" in record["message"] and record["code"] == "negative-correlation"
    assert f"bleucore: warning: {record['message']}" in err
