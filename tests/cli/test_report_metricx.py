"""``python -m bleucore.report ... --scores NAME metricx.jsonl``: MetricX's JSONL (issue 46) gives the records of the
same scores as plain numbers with ``--lower-better`` (the format says its direction, and a note on standard error
says so after the report is written), ``--higher-better NAME`` turns it back, and it serves as ``--human`` scores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bleucore.cli.report import main

DATA = Path(__file__).resolve().parents[1] / "data" / "comet"
SYSTEMS = ["outputs/sysA.txt", "outputs/sysB.txt", "outputs/sysC.txt"]
PLAIN = ["sysA.comet.txt", "sysB.comet.txt", "sysC.comet.txt"]
NOTE = (
    "bleucore: note: MX: metricx.jsonl is MetricX's JSONL, an error score: lower is better (--higher-better MX if it "
    "is not)\n"
)


@pytest.fixture(autouse=True)
def in_data(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(DATA)


def records(files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[list, str]:
    out = tmp_path / f"r{len(list(tmp_path.iterdir()))}.json"
    args = ["ref.txt", "-i", *SYSTEMS, "--names", "A", "B", "C", "--scores", "MX", *files, "--n-samples", "200"]
    code = main([*args, "--rank", "--json", str(out), *extra])
    _, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out.read_text(encoding="utf-8")), err


def test_metricx_is_lower_is_better_by_itself_and_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    metricx, note = records(["metricx.jsonl"], tmp_path, capsys)
    plain_lower, quiet = records(PLAIN, tmp_path, capsys, "--lower-better", "MX")
    assert metricx == plain_lower and note == NOTE and quiet == ""
    ranked = [r["system"] for r in metricx if r["analysis"] == "rank" and r["metric"] == "MX"]
    by_mean = sorted("ABC", key=lambda s: float(sum(map(float, (DATA / f"sys{s}.comet.txt").read_text().split()))))
    assert ranked == by_mean  # lowest mean first
    told, none = records(["metricx.jsonl"], tmp_path, capsys, "--lower-better", "MX")
    assert told == metricx and none == ""


def test_higher_better_turns_it_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    higher, err = records(["metricx.jsonl"], tmp_path, capsys, "--higher-better", "MX")
    plain, _ = records(PLAIN, tmp_path, capsys)
    assert higher == plain and err == ""


def test_metricx_scores_can_be_the_human_scores(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found, _ = records(["metricx.jsonl"], tmp_path, capsys, "--human", "MX")
    assert {r["versus"] for r in found if r["analysis"] == "meta"} == {"MX"}


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--higher-better", "COMET"], "--higher-better COMET: no --scores COMET FILE... is given"),
        (["--higher-better", "MX", "--lower-better", "MX"], "--lower-better MX and --higher-better MX: give one"),
    ],
)
def test_a_direction_for_no_metric_or_both_is_one_error(
    extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["ref.txt", "-i", *SYSTEMS, "--scores", "MX", "metricx.jsonl", *extra])
    _, err = capsys.readouterr()
    assert code == 2 and err == f"bleucore: error: {message}\n", err
