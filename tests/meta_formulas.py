"""WMT25's meta-evaluation written out from the papers' formulas, as slowly and plainly as possible, for the tests
to check bleucore's against: the paired permutation p-values and soft pairwise accuracy (Thompson et al. 2024),
acc_eq with its tie calibration (Deutsch et al. 2023, exact fractions), AutoRank (WMT25) and Kocmi et al.'s
sigmoid. mt-metrics-eval itself is not installable (scripts/check_mt_metrics_eval.py runs a fetched copy)."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations

import numpy as np


def permutation_p(a: list[float], b: list[float], permutations: int = 1000, seed: int = 4) -> float:
    """p("a is better than b"): a sign flip per segment from seed's float32 draws, one permutation at a time."""
    draws = np.random.default_rng(seed).random(size=(permutations, len(a)), dtype=np.float32)
    x, y = np.asarray(a, dtype=np.float32), np.asarray(b, dtype=np.float32)
    observed = np.sum(x) - np.sum(y)
    reached = 0
    for row in draws:
        swap = np.rint(row) == 0.0
        first = np.where(swap, y, x)  # a swapped segment gives a's place b's score
        second = np.where(swap, x, y)
        reached += bool(float(np.sum(first, dtype=np.float64) - np.sum(second, dtype=np.float64)) >= observed)
    return reached / permutations


def soft_pairwise(human: list[list[float]], metric: list[list[float]], permutations: int = 1000) -> float:
    """1 - mean |p_human - p_metric| over the pairs i < j."""
    errors = [
        abs(permutation_p(human[i], human[j], permutations) - permutation_p(metric[i], metric[j], permutations))
        for i, j in combinations(range(len(human)), 2)
    ]
    return 1.0 - sum(errors) / len(errors)


def acc_eq_at(human: list[list[float]], metric: list[list[float]], epsilon: float) -> Fraction:
    """Mean over segments of (concordant + tied on both) / pairs, metric differences <= epsilon tied."""
    total = Fraction(0)
    segments, systems = len(human[0]), len(human)
    pairs = list(combinations(range(systems), 2))
    for k in range(segments):
        good = 0
        for i, j in pairs:
            h = human[i][k] - human[j][k]
            m = metric[i][k] - metric[j][k]
            tied = abs(m) <= epsilon
            if h == 0:
                good += tied
            elif not tied and (h > 0) == (m > 0):
                good += 1
        total += Fraction(good, len(pairs))
    return total / segments


def acc_eq(human: list[list[float]], metric: list[list[float]]) -> tuple[Fraction, list[float]]:
    """The highest acc_eq over epsilon in {0} and every |metric difference|, and every epsilon that reaches it."""
    candidates = {0.0}
    for k in range(len(human[0])):
        for i, j in combinations(range(len(human)), 2):
            candidates.add(abs(metric[i][k] - metric[j][k]))
    values = {eps: acc_eq_at(human, metric, eps) for eps in sorted(candidates)}
    best = max(values.values())
    return best, [eps for eps, v in values.items() if v == best]


def autorank(scores: dict[str, list[float]], lower: set[str], epsilon: float = 1e-9) -> list[float]:
    """WMT25's AutoRank of each system (in order), from its formula."""
    count = len(next(iter(scores.values())))
    z_sum = [0.0] * count
    for name, values in scores.items():
        x = [-v if name in lower else v for v in values]
        ordered = sorted(x)
        median = (ordered[(count - 1) // 2] + ordered[count // 2]) / 2
        position = 0.25 * (count - 1)  # the 25th percentile, linear between the neighbours
        below = math.floor(position)
        q25 = ordered[below] + (ordered[min(below + 1, count - 1)] - ordered[below]) * (position - below)
        spread = max(epsilon, ordered[-1] - q25)
        for k in range(count):
            z_sum[k] += (x[k] - median) / spread
    average = [z / len(scores) for z in z_sum]
    top, bottom = max(average), min(average)
    if top == bottom:
        return [1.0] * count
    return [1 + (count - 1) * (top - a) / (top - bottom) for a in average]


def kocmi(delta: float, a: float, b: float) -> float:
    """Kocmi et al. 2024's fitted sigmoid, as a share."""
    return a / 100 / (1 + math.exp(-b * abs(delta)))
