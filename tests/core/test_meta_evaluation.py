"""Metrics checked against people and against each other (issue 38): Pearson, Kendall tau-b and pairwise accuracy
equal scipy's and a direct count on generated scores with ties; sign agreement equals a direct count."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from scipy import stats

from bleucore.meta_evaluation import disagreements, kendall_tau_b, pairwise_accuracy, pearson, sign_agreement

EPSILON = 1e-12


def _scores(rng: random.Random, n: int, levels: int | None) -> list[float]:
    """n scores, drawn from ``levels`` distinct values when given (many ties), else continuous."""
    if levels:
        return [float(rng.randrange(levels)) for _ in range(n)]
    return [rng.gauss(0, 1) for _ in range(n)]


CASES = [
    (seed, n, levels)
    for seed in range(40)
    for n, levels in ((2, None), (3, 2), (8, None), (8, 3), (60, 5), (300, None))
]


@pytest.mark.parametrize(("seed", "n", "levels"), CASES)
def test_correlations_equal_scipys(seed: int, n: int, levels: int | None) -> None:
    rng = random.Random(seed)
    human = _scores(rng, n, levels)
    metric = [h + rng.gauss(0, 1) for h in human] if levels is None else _scores(rng, n, levels)
    r, tau = pearson(metric, human), kendall_tau_b(metric, human)
    expected_r = stats.pearsonr(metric, human).statistic if len(set(metric)) > 1 and len(set(human)) > 1 else None
    expected_tau = stats.kendalltau(metric, human).statistic
    if expected_r is None:
        assert r is None
    else:
        assert r == pytest.approx(float(expected_r), abs=EPSILON)
    if np.isnan(expected_tau):
        assert tau is None
    else:
        assert tau == pytest.approx(float(expected_tau), abs=EPSILON)


@pytest.mark.parametrize("seed", range(30))
def test_pairwise_accuracy_is_a_direct_count(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randrange(2, 12)
    human = _scores(rng, n, 4)
    metric = _scores(rng, n, 4)
    pairs = list(itertools.combinations(range(n), 2))

    def order(values: list[float], i: int, j: int) -> int:
        return (values[i] > values[j]) - (values[i] < values[j])

    agree = sum(order(metric, i, j) == order(human, i, j) for i, j in pairs)
    assert pairwise_accuracy(metric, human) == agree / len(pairs)


def test_a_tie_matches_only_a_tie() -> None:
    assert pairwise_accuracy([1, 1, 2], [5, 5, 6]) == 1.0
    assert pairwise_accuracy([1, 1, 2], [5, 6, 7]) == pytest.approx(2 / 3)
    assert pairwise_accuracy([1, 2, 3], [5, 5, 7]) == pytest.approx(2 / 3)


def test_undefined_correlations_are_none_not_nan() -> None:
    assert pearson([1.0], [2.0]) is None
    assert pearson([1.0, 1.0, 1.0], [1.0, 2.0, 3.0]) is None
    assert kendall_tau_b([3.0, 3.0], [1.0, 2.0]) is None
    assert pairwise_accuracy([1.0], [1.0]) is None


@pytest.mark.parametrize(
    ("metric", "human", "problem"),
    [
        ([1.0, 2.0], [1.0], "same length"),
        ([1.0, float("nan")], [1.0, 2.0], "finite"),
        ([[1.0]], [[1.0]], "same length"),
    ],
)
def test_bad_input_is_a_value_error(metric: list[float], human: list[float], problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        pearson(metric, human)


@pytest.mark.parametrize("seed", range(30))
def test_sign_agreement_is_a_direct_count(seed: int) -> None:
    rng = random.Random(seed)
    n = 200
    base_a, base_b = _scores(rng, n, 5), _scores(rng, n, 5)
    sys_a, sys_b = _scores(rng, n, 5), _scores(rng, n, 5)
    higher_b = seed % 2 == 0  # every other seed the second metric is an error rate (TER)
    result = sign_agreement((sys_a, base_a, True), (sys_b, base_b, higher_b))
    d1 = [a - b for a, b in zip(sys_a, base_a)]
    d2 = [(a - b) if higher_b else (b - a) for a, b in zip(sys_b, base_b)]
    both = [(x, y) for x, y in zip(d1, d2) if x != 0 and y != 0]
    assert result.size == len(both)
    assert result.value == sum((x > 0) == (y > 0) for x, y in both) / len(both)


def test_no_segment_moves_on_both_metrics() -> None:
    result = sign_agreement(([1.0, 2.0], [1.0, 2.0], True), ([3.0, 3.0], [2.0, 1.0], True))
    assert (result.value, result.size) == (None, 0)


def test_disagreements_strongest_first() -> None:
    first = ([0.9, 0.5, 0.1, 0.7], [0.5, 0.5, 0.6, 0.2], True)  # differences +0.4, 0, -0.5, +0.5
    second = ([10.0, 50.0, 40.0, 5.0], [30.0, 40.0, 20.0, 6.0], True)  # -20, +10, +20, -1
    # opposite signs at 0 (+0.4 / -20), 2 (-0.5 / +20) and 3 (+0.5 / -1); ranked by the smaller difference: 0.4,
    # 0.5, 0.5 unscaled (ties in segment order), and 2, 2, 0.1 once the second metric's differences are divided by 10
    assert disagreements(first, second) == [2, 3, 0]
    assert disagreements(first, second, scales=(0.1, 10.0)) == [0, 2, 3]
