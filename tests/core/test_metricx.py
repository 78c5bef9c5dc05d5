"""MetricX's JSONL (issue 46), the fourth score format: MetricX-23's and -24's ``predict.py`` output
(google-research/metricx: the input's objects one a line, each with its ``prediction`` added) reads as the same
scores as COMET's files of tests/data/comet, lower is better as the format says, its ``system_id`` lines matched to
the systems by name, and every bad line named."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from bleucore.metrics.imported import format_direction
from bleucore.metrics.imported.errors import BadScoreFile, MissingSystem
from bleucore.metrics.imported.files import assign_scores
from bleucore.metrics.imported.readers import parse_scores

DATA = Path(__file__).resolve().parents[1] / "data" / "comet"


def test_the_jsonl_holds_the_fixtures_scores_per_system_id_lower_is_better() -> None:
    file = parse_scores((DATA / "metricx.jsonl").read_bytes(), "metricx.jsonl")
    assert file.format == "metricx" and file.named == "MetricX" and file.higher_is_better is False
    assert list(file.systems) == ["A", "B", "C"]
    for system in "ABC":
        expected = np.loadtxt(DATA / f"sys{system}.comet.txt")
        assert file.systems[system].values.tolist() == expected.tolist()
        assert file.systems[system].source == f"metricx.jsonl ({system})" and file.systems[system].errors is None
    comet = parse_scores((DATA / "comet.json").read_bytes(), "comet.json")
    assert comet.higher_is_better is None and format_direction([comet]) is None
    assert format_direction([file, file]) is False and format_direction([file, comet]) is None


def test_system_ids_are_matched_by_name_and_a_file_without_them_is_one_system() -> None:
    file = parse_scores((DATA / "metricx.jsonl").read_bytes(), "metricx.jsonl")
    scores = assign_scores("MetricX", [file], {"B": "outputs/sysB.txt", "A": "outputs/sysA.txt"}, 12, "ref.txt")
    assert list(scores) == ["B", "A"] and scores["A"].values.tolist() == np.loadtxt(DATA / "sysA.comet.txt").tolist()
    with pytest.raises(MissingSystem, match="holds no scores for the system D"):
        assign_scores("MetricX", [file], {"A": "a.txt", "D": "d.txt"}, 12, "ref.txt")
    lines = (DATA / "metricx.jsonl").read_text(encoding="utf-8").splitlines()
    single = "".join(
        json.dumps({k: v for k, v in json.loads(line).items() if k != "system_id"}) + "\r\n" for line in lines[:12]
    )
    one = parse_scores(("\ufeff" + single).encode(), "a.jsonl")  # a BOM and Windows line ends
    assert list(one.systems) == [""] and one.systems[""].values.tolist() == np.loadtxt(DATA / "sysA.comet.txt").tolist()
    assert parse_scores(b'{"prediction": 3}\n', "one.jsonl").systems[""].values.tolist() == [3.0]


def test_a_comet_json_on_one_line_naming_a_prediction_is_still_comets() -> None:
    """``looks_like`` only guesses from the first line: a one-line COMET JSON whose text says "prediction" (or whose
    system is so named) is read as COMET's."""
    data = json.dumps({"prediction": [{"src": '"prediction"', "mt": "b", "ref": "c", "COMET": 0.5}]}).encode()
    file = parse_scores(data, "c.json")
    assert file.format == "comet-json" and file.systems["prediction"].values.tolist() == [0.5]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"prediction": 1}\n{"prediction": 2} {"prediction": 3}\n', "line 2: Extra data"),
        ('{"prediction": 1}\n{"prediction":\n 2}\n', "line 2: Expecting value"),
        ('{"system_id": "a", "prediction": 1}\n{"prediction": 2}\n', "line 2 has no 'system_id', unlike the first"),
        ('{"prediction": 1}\n{"system_id": "a", "prediction": 2}\n', "line 2 has a 'system_id', unlike the first"),
        ('{"prediction": 1}\n{"prediction": true}\n', "line 2 has the prediction True, not a finite number"),
    ],
)
def test_a_bad_line_is_named(text: str, message: str) -> None:
    with pytest.raises(BadScoreFile, match=message) as err:
        parse_scores(text.encode(), "m.jsonl")
    assert str(err.value).startswith("m.jsonl is not MetricX's JSONL")
