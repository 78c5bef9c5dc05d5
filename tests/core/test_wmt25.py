"""WMT25's measures in bleucore (issue 46): the paired permutation p-values and soft pairwise accuracy against the
formulas written out (``tests/meta_formulas.py``) and cases worked by hand; acc_eq and its tie calibration against
exact fractions and a case worked by hand; AutoRank against its formula; Kocmi et al. 2024's estimates against their
own package (``mt-thresholds``) and the paper's table; and the estimate beside every significance row.
mt-metrics-eval itself is compared by ``scripts/check_mt_metrics_eval.py`` (docs/report.md)."""

from __future__ import annotations

import math
import random

import mt_thresholds
import numpy as np
import pytest

from bleucore import limits
from bleucore.meta_evaluation import (
    pairwise_p_values,
    permutation_signs,
    soft_pairwise_accuracy,
    tie_calibrated_accuracy,
)
from bleucore.metrics import get_metric, imported_metric
from bleucore.metrics.bleu.options import BleuOptions
from bleucore.metrics.chrf import ChrfOptions
from bleucore.significance import autorank, human_agreement, significance_table, threshold_model
from bleucore.significance.thresholds import MODELS
from tests import meta_formulas

EPSILON = 1e-12


def _matrix(rng: np.random.Generator, systems: int, segments: int, integer: bool) -> np.ndarray:
    if integer:  # sums exact in float32 and float64 alike: the formula's p-values must be equal, not close
        return -rng.choice([0, 0, 0, 1, 5, 6, 10], size=(systems, segments)).astype(float)
    return rng.normal(size=(systems, segments))


# ------------------------------------------------------------------ permutation tests and soft pairwise accuracy


@pytest.mark.parametrize("seed", range(6))
def test_p_values_equal_the_permutation_test_written_out(seed: int) -> None:
    rng = np.random.default_rng(seed)
    scores = _matrix(rng, 3 + seed % 3, 5 + 11 * seed, integer=seed % 2 == 0)
    p = pairwise_p_values(scores, permutation_signs(scores.shape[1], 300))
    for i in range(scores.shape[0]):
        for j in range(scores.shape[0]):
            if i < j:
                expected = meta_formulas.permutation_p(list(scores[i]), list(scores[j]), 300)
                assert p[i, j] == expected if seed % 2 == 0 else p[i, j] == pytest.approx(expected, abs=2 / 300)
            else:
                assert math.isnan(p[i, j])  # only the pairs i < j, as mt-metrics-eval fills them


def test_p_values_worked_by_hand() -> None:
    signs = permutation_signs(2, 1000)
    both_kept = float(np.mean((signs[:, 0] == 1) & (signs[:, 1] == 1)))
    p = pairwise_p_values([[1.0, 1.0], [0.0, 0.0], [1.0, 1.0]], signs)
    assert p[0, 1] == both_kept and 0.2 < both_kept < 0.3  # only keeping both reaches the observed +2
    assert p[0, 2] == 1.0  # identical systems: every permuted difference is 0 >= 0
    assert p[1, 2] == 1.0  # "worse" reaches -2 under every permutation: p(1 better than 2) is 1
    assert set(np.unique(signs)) == {-1.0, 1.0} and signs.dtype == np.float32


def test_signs_are_mt_metrics_evals_draws_from_seed_4() -> None:
    draws = np.random.default_rng(4).random(size=(1000, 7), dtype=np.float32)
    assert np.array_equal(permutation_signs(7), np.where(draws > 0.5, 1.0, -1.0).astype(np.float32))
    assert not np.array_equal(permutation_signs(7), permutation_signs(7, seed=5))


@pytest.mark.parametrize("seed", range(4))
def test_soft_pairwise_accuracy_equals_its_formula(seed: int) -> None:
    rng = np.random.default_rng(100 + seed)
    human = _matrix(rng, 3 + seed, 20, integer=True)
    metric = human + rng.integers(-3, 4, size=human.shape)
    names = [f"sys{k}" for k in range(human.shape[0])]
    result = soft_pairwise_accuracy(dict(zip(names, human)), dict(zip(names, metric)))
    assert result.value == pytest.approx(meta_formulas.soft_pairwise(human.tolist(), metric.tolist()), abs=EPSILON)
    assert result.pce == pytest.approx(1 - result.value)
    assert len(result.pairs) == len(names) * (len(names) - 1) // 2 and result.systems == tuple(names)
    assert result.value == pytest.approx(1 - np.mean([pair.error for pair in result.pairs]), abs=EPSILON)
    worst = result.worst_pairs(2)
    assert [pair.error for pair in worst] == sorted((pair.error for pair in result.pairs), reverse=True)[:2]


def test_soft_pairwise_accuracy_worked_by_hand() -> None:
    same = {"a": [0.0, -1.0, -5.0, 0.0], "b": [-1.0, 0.0, 0.0, -5.0]}
    assert soft_pairwise_accuracy(same, same).value == 1.0  # a metric as sure as the people about every pair
    people = {"a": [0.0] * 20, "b": [0.0] * 20}  # the people cannot tell them apart: p = 1
    sure = {"a": [1.0] * 20, "b": [0.0] * 20}  # the metric is certain a is better: p = 0 (every sign kept: 2^-20)
    result = soft_pairwise_accuracy(people, sure)
    assert (result.pairs[0].human_p, result.pairs[0].metric_p, result.value) == (1.0, 0.0, 0.0)


@pytest.mark.parametrize(
    ("human", "metric", "message"),
    [
        ({"a": [1.0]}, {"a": [1.0]}, "at least 2 systems"),
        ({"a": [1.0], "b": [2.0]}, {"a": [1.0]}, "no system 'b'"),
        ({"a": [1.0], "b": [2.0]}, {"a": [1.0, 2.0], "b": [1.0, 2.0]}, "1 segments per system but the metric's have 2"),
        ({"a": [1.0], "b": [math.nan]}, {"a": [1.0], "b": [2.0]}, "finite"),
        ({"a": [1.0, 2.0], "b": [2.0]}, {"a": [1.0], "b": [2.0]}, "different numbers of segments"),
    ],
)
def test_bad_input_is_a_value_error_that_says_why(human: dict, metric: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        soft_pairwise_accuracy(human, metric)


def test_the_sign_matrix_and_the_tie_pairs_have_stated_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError, match="at most 20,000,000 are held"):
        permutation_signs(20_001)
    with pytest.raises(ValueError, match="number of permutations"):
        permutation_signs(10, 0)
    monkeypatch.setattr(limits, "MAX_TIE_PAIRS", 29)
    scores = {name: [0.0] * 10 for name in "abc"}  # 10 segments x 3 pairs
    with pytest.raises(ValueError, match="30 pairs; the tie calibration holds at most 29"):
        tie_calibrated_accuracy(scores, scores)


# ------------------------------------------------------------------ acc_eq


def test_acc_eq_worked_by_hand() -> None:
    """Segment 1: the people tie a and b, the metric is 2 apart; segment 2: the metric ties a and c as the people do,
    and is 4 apart on the two pairs the people order its way. Epsilon 0: (2/3 + 3/3) / 2; epsilon 2 ties segment 1's
    pair as the people do: 1; epsilon 4 would also tie segment 2's two ordered pairs: (3/3 + 1/3) / 2."""
    human = {"a": [0.0, -1.0], "b": [0.0, 0.0], "c": [-5.0, -1.0]}
    metric = {"a": [10.0, 5.0], "b": [12.0, 9.0], "c": [3.0, 5.0]}
    result = tie_calibrated_accuracy(human, metric)
    assert (result.value, result.epsilon, result.untied) == (1.0, 2.0, pytest.approx(5 / 6))
    assert (result.items, result.pairs_per_item) == (2, 3)
    counts = (result.concordant, result.discordant, result.ties_both, result.ties_human, result.ties_metric)
    assert counts == (4, 0, 2, 0, 0)


@pytest.mark.parametrize("seed", range(8))
def test_acc_eq_is_the_best_of_its_formula_over_every_threshold(seed: int) -> None:
    rng = np.random.default_rng(seed)
    human = _matrix(rng, 2 + seed % 4, 6 + seed, integer=True)
    metric = np.round(human + rng.normal(scale=2, size=human.shape), 0 if seed % 2 else 1)
    names = [str(k) for k in range(human.shape[0])]
    result = tie_calibrated_accuracy(dict(zip(names, human)), dict(zip(names, metric)))
    best, maximisers = meta_formulas.acc_eq(human.tolist(), metric.tolist())
    assert result.value == pytest.approx(float(best), abs=EPSILON)
    assert result.epsilon in maximisers and result.epsilon == min(maximisers)  # the first best threshold
    assert result.untied == pytest.approx(float(meta_formulas.acc_eq_at(human.tolist(), metric.tolist(), 0.0)))
    total = result.concordant + result.discordant + result.ties_both + result.ties_human + result.ties_metric
    assert total == result.items * result.pairs_per_item


def test_acc_eq_ignores_which_way_both_sides_are_turned() -> None:
    rng = np.random.default_rng(9)
    human, metric = _matrix(rng, 4, 30, True), rng.normal(size=(4, 30))
    names = list("abcd")
    once = tie_calibrated_accuracy(dict(zip(names, human)), dict(zip(names, metric)))
    turned = tie_calibrated_accuracy(dict(zip(names, -human)), dict(zip(names, -metric)))
    assert (once.value, once.epsilon) == (turned.value, turned.epsilon)


# ------------------------------------------------------------------ AutoRank


def test_autorank_worked_by_hand() -> None:
    """x = 1, 2, 4: median 2, Q25 1.5, Q100 4, so z = -0.4, 0, 0.8 and AutoRank 3, 1 + 2 * 0.8 / 1.2, 1."""
    result = autorank(["a", "b", "c"], {"BLEU": [1.0, 2.0, 4.0]})
    by_system = {row.system: row for row in result.rows}
    assert [row.system for row in result.rows] == ["c", "b", "a"] and [row.place for row in result.rows] == [1, 2, 3]
    assert by_system["a"].autorank == 3.0 and by_system["c"].autorank == 1.0
    assert by_system["b"].autorank == pytest.approx(1 + 2 * 0.8 / 1.2)
    assert by_system["a"].scaled == (pytest.approx(-0.4),) and result.spreads == (2.5,) and result.medians == (2.0,)
    turned = autorank(["a", "b", "c"], {"BLEU": [1.0, 2.0, 4.0], "TER": [3.0, 2.0, 1.0]}, lower_is_better={"TER"})
    assert turned.higher_is_better == (True, False)
    b = next(row for row in turned.rows if row.system == "b")
    best, worst = (0.8 + 2 / 3) / 2, (-0.4 - 2 / 3) / 2  # TER's z: -2/3, 0, 2/3 (median -2, Q25 -2.5, Q100 -1)
    assert b.scaled == (0.0, 0.0) and b.autorank == pytest.approx(1 + 2 * best / (best - worst))


@pytest.mark.parametrize("seed", range(10))
def test_autorank_equals_its_formula(seed: int) -> None:
    rng = random.Random(seed)
    count = rng.randint(2, 12)
    scores = {f"m{k}": [rng.uniform(-5, 90) for _ in range(count)] for k in range(rng.randint(1, 4))}
    if seed % 3 == 0:  # a metric on which every system scores alike: its z are all 0
        scores["flat"] = [7.5] * count
    lower = {name for name in scores if rng.random() < 0.4}
    systems = [f"s{k}" for k in range(count)]
    result = autorank(systems, scores, lower_is_better=lower)
    expected = meta_formulas.autorank(scores, lower)
    assert {row.system: row.autorank for row in result.rows} == pytest.approx(dict(zip(systems, expected)), abs=1e-9)
    assert sorted(row.place for row in result.rows) == list(range(1, count + 1))
    assert [row.autorank for row in result.rows] == sorted(row.autorank for row in result.rows)
    record = result.records()[0]
    assert record["analysis"] == "autorank" and record["value"] == result.rows[0].autorank == 1.0


def test_autorank_bad_input() -> None:
    with pytest.raises(ValueError, match="2 scores for 3 systems"):
        autorank(["a", "b", "c"], {"BLEU": [1.0, 2.0]})
    with pytest.raises(ValueError, match="not a finite number"):
        autorank(["a", "b"], {"BLEU": [1.0, math.inf]})
    with pytest.raises(ValueError, match="at least 1 metric"):
        autorank(["a"], {})


# ------------------------------------------------------------------ Kocmi et al. 2024


@pytest.mark.parametrize("key", sorted(MODELS))
def test_estimates_equal_mt_thresholds_own_tool(key: str) -> None:
    model = MODELS[key]
    for delta in (0.0, 0.003, 0.05, 0.27, 0.5, 1.0, 1.39, 2.34, 5.0, 30.0):
        assert 100 * model.accuracy(delta) == pytest.approx(mt_thresholds.accuracy(delta, key), rel=1e-12)
    assert model.accuracy(-1.0) == model.accuracy(1.0)  # the delta's size: people agree with its direction
    for accuracy in (0.6, 0.75, 0.85):
        found = model.delta_for(accuracy)
        if found is not None:
            assert found == pytest.approx(mt_thresholds.delta(accuracy, key), rel=1e-9)


@pytest.mark.parametrize(
    ("key", "at_70", "at_80"),
    [("bleu", 1.39, 2.34), ("chrf", 1.00, 1.63), ("comet22", 0.35, 0.56), ("spbleu200", 1.49, 2.46)],
)
def test_the_papers_table_of_thresholds(key: str, at_70: float, at_80: float) -> None:
    model = MODELS[key]
    assert round(model.delta_for(0.70) or 0, 2) == at_70 and round(model.delta_for(0.80) or 0, 2) == at_80
    assert MODELS["bleu"].delta_for(0.90) is None  # BLEU's fit never reaches 90% (its ceiling is 88.3%)


def test_which_metrics_have_an_estimate() -> None:
    assert threshold_model(get_metric("bleu")) is MODELS["bleu"]
    flores = BleuOptions()
    object.__setattr__(flores, "tokenize", "flores200")  # sacreBLEU's spBLEU tokenizer, whichever BLEU options hold it
    assert threshold_model(get_metric("bleu", flores)) is MODELS["spbleu200"]
    assert threshold_model(get_metric("chrf")) is MODELS["chrf"]
    assert threshold_model(get_metric("chrf", ChrfOptions(word_order=2))) == "not_covered"  # chrF++
    assert threshold_model(get_metric("ter")) == "not_covered"
    for name, key in (("COMET-22", "comet22"), ("Unbabel/wmt22-comet-da", "comet22"), ("xCOMET-XL", "xcometxl")):
        assert threshold_model(imported_metric(name, {"a": [0.5]})) is MODELS[key], name
    assert (
        threshold_model(imported_metric("MetricX-23", {"a": [2.0]}, higher_is_better=False))
        is MODELS["metricx-23-large"]
    )
    for name in ("COMET", "xCOMET", "CometKiwi"):
        assert threshold_model(imported_metric(name, {"a": [0.5]})) == "ambiguous", name
    for name in ("MQM", "MetricX-24", "DA"):
        assert threshold_model(imported_metric(name, {"a": [0.5]})) == "not_covered", name


def test_a_learned_metrics_delta_is_taken_in_the_papers_points() -> None:
    comet = imported_metric("COMET-22", {"a": [0.8], "b": [0.8035]})
    estimate = human_agreement(comet, 0.0035, [0.8, 0.8035])
    assert (estimate.scale, estimate.model) == (100.0, "comet22") and estimate.points == pytest.approx(0.35)
    assert estimate.estimate == pytest.approx(0.70, abs=0.005)
    already = human_agreement(comet, 0.35, [80.0, 80.35])  # a file already on the 0-100 scale
    assert already.scale == 1.0 and already.estimate == pytest.approx(estimate.estimate)
    assert human_agreement(get_metric("bleu"), 2.34).estimate == pytest.approx(0.80, abs=0.001)
    none = human_agreement(get_metric("ter"), -3.0)
    assert (none.estimate, none.reason) == (None, "not_covered") and none.to_dict()["reason"] == "not_covered"


def test_every_significance_row_carries_its_estimate() -> None:
    metric = get_metric("bleu")
    refs = [["the cat sat on the mat today", "a dog ran far away from home"] * 10]
    outputs = {
        "base": ["the cat sat on mat", "a dog ran away"] * 10,
        "good": ["the cat sat on the mat today", "a dog ran far away"] * 10,
    }
    stats = {name: metric.statistics(lines, refs) for name, lines in outputs.items()}
    table = significance_table(metric, stats, "base", 1, n_samples=100, n_trials=None)
    base, good = table.rows
    assert base.agreement is None and good.agreement is not None and good.delta is not None
    assert good.agreement.estimate == pytest.approx(MODELS["bleu"].accuracy(good.delta))
    assert table.to_dict()["rows"][1]["human_agreement"]["model"] == "bleu"
    assert table.to_dict()["rows"][0]["human_agreement"] is None
