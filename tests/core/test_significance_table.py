"""The one significance table (bleucore.significance.significance_table): sacreBLEU's paired tests for any metric,
TER's direction from Metric.higher_is_better, and the same numbers as plain named data for a download."""

from __future__ import annotations

import json

import pytest
from sacrebleu.metrics import TER as SacreTER
from sacrebleu.significance import PairedTest

from bleucore.metrics import get_metric
from bleucore.significance import significance_table

REF = [f"the cat number {i} sat on the mat" for i in range(40)]
BASE = [f"a cat number {i} is on a mat" for i in range(40)]
BETTER = [f"the cat number {i} sat on a mat" for i in range(40)]


def test_ter_table_equals_sacrebleu_and_reads_lower_as_better() -> None:
    metric = get_metric("ter")
    stats = {name: metric.statistics(lines, [REF]) for name, lines in (("base", BASE), ("better", BETTER))}
    table = significance_table(metric, stats, "base", 1, 200, 500, 12345)
    _, sacre = PairedTest(
        [("base", BASE), ("better", BETTER)], {"TER": SacreTER()}, references=[REF], test_type="bs", n_samples=200
    )()
    _base, better = table.rows
    assert better.score == pytest.approx(sacre["TER"][1].score, abs=1e-9)
    assert better.p_bootstrap == pytest.approx(sacre["TER"][1].p_value, abs=1e-9)
    assert better.delta is not None and better.delta < 0 and table.direction(better) == "better"
    data = json.loads(json.dumps(table.to_dict()))
    assert data["metric"] == "TER" and data["higher_is_better"] is False
    assert data["tests"] == {"bootstrap_resamples": 200, "randomization_trials": 500, "seed": 12345}
    assert [r["system"] for r in data["rows"]] == ["base", "better"] and data["rows"][0]["baseline"] is True
    assert data["rows"][1]["direction"] == "better" and data["rows"][1]["ci"] == [better.lower, better.upper]


def test_a_missing_baseline_or_no_test_is_a_value_error() -> None:
    metric = get_metric("bleu")
    stats = {"a": metric.statistics(BASE, [REF])}
    with pytest.raises(ValueError, match="baseline"):
        significance_table(metric, stats, "b", 1)
    with pytest.raises(ValueError, match="at least one test"):
        significance_table(metric, stats, "a", 1, None, None)
