"""Real human judgements (issue 46): on a slice of Google's MQM ratings of the WMT21 TED talks (tests/data/
mqm_ted_ende, Apache-2.0), sentence BLEU's and chrF's soft pairwise accuracy and acc_eq against MQM equal
mt-metrics-eval's, which scripts/make_mqm_slice.py recorded from the fetched mt-metrics-eval (expected.json)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from bleucore.meta_evaluation import human_rows, metric_values, soft_pairwise_accuracy, tie_calibrated_accuracy
from bleucore.metrics import get_metric, imported_metric
from tests.conftest import ROOT

FOLDER = ROOT / "tests" / "data" / "mqm_ted_ende"
EXPECTED = json.loads((FOLDER / "expected.json").read_text(encoding="utf-8"))


def _lines(name: str) -> list[str]:
    return (FOLDER / name).read_text(encoding="utf-8").split("\n")[:-1]


@pytest.fixture(scope="module")
def mqm() -> tuple[dict[str, list[str]], list[str], dict[str, list[float]]]:
    systems = {name: _lines(f"{name}.de") for name in EXPECTED["systems"]}
    scores = {name: [float(v) for v in _lines(f"{name}.mqm")] for name in EXPECTED["systems"]}
    return systems, _lines("ref.de"), scores


def test_the_slice_is_what_its_readme_says(mqm: tuple[dict[str, list[str]], list[str], dict[str, list[float]]]) -> None:
    systems, reference, scores = mqm
    assert len(reference) == len(EXPECTED["segments"]) == 80
    assert all(len(lines) == 80 for lines in systems.values()) and all(len(v) == 80 for v in scores.values())
    assert all(v <= 0 for values in scores.values() for v in values)  # minus the weighted errors
    assert not any("<v>" in line for lines in systems.values() for line in lines)


@pytest.mark.parametrize("name", ["bleu", "chrf"])
def test_spa_and_acc_eq_against_mqm_equal_mt_metrics_evals(
    name: str, mqm: tuple[dict[str, list[str]], list[str], dict[str, list[float]]]
) -> None:
    systems, reference, scores = mqm
    values = metric_values(get_metric(name), systems, [reference])
    expected = EXPECTED[values.label]
    metric = {system: values.segments[system] for system in systems}
    people = {system: np.asarray(scores[system]) for system in systems}
    assert soft_pairwise_accuracy(people, metric).value == expected["spa"]
    ties = tie_calibrated_accuracy(people, metric)
    assert (ties.value, ties.epsilon) == (expected["acc_eq"], expected["tie_threshold"])
    # and the same through the report's rows, MQM as an imported metric named the human judgement
    human = imported_metric("MQM", scores)
    rows = human_rows([values, metric_values(human, systems, [reference])], "MQM")
    system_row, segment_row = rows
    assert system_row.to_dict()["soft_pairwise_accuracy"] == expected["spa"]
    assert segment_row.to_dict()["acc_eq"] == expected["acc_eq"]
    assert segment_row.to_dict()["tie_threshold"] == expected["tie_threshold"]
