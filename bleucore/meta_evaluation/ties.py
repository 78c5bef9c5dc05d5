"""Tie-calibrated pairwise accuracy acc_eq (Deutsch, Foster and Freitag 2023, "Ties Matter: Meta-Evaluating Modern
Metrics with Pairwise Accuracy and Tie Calibration", arXiv 2305.14324), the segment-level meta-evaluation of WMT23
to WMT25, averaged per item as WMT25 does (mt-metrics-eval's ``KendallWithTiesOpt``, ``variant="acc23"``,
``average_by="item"``, ``sample_rate=1``; its ``tau_optimization.tau_optimization``).

* Items are segments: within each segment every pair of systems is compared, human scores against metric scores.
  A pair is concordant when both order it the same way, tied on both sides when both give equal scores; acc_eq of a
  segment = (concordant + tied on both) / pairs, and the value is the mean over the segments.
* Tie calibration: metric differences of at most epsilon count as ties. Epsilon runs over 0 and every distinct
  |metric difference| of a pair, in increasing order; the first epsilon with the highest mean is kept (a metric that
  never ties is not penalised for it: it may tie what people tie).
* The search repeats mt-metrics-eval's float arithmetic step by step (each pair turned into a tie subtracts its
  segment's old accuracy from a running sum and adds the new one, in the order of the pairs sorted by difference,
  a stable sort of segment-major, system-pair order), so the value and its epsilon are theirs to the last bit.

Scores are given higher-better on both sides (negate an error score first: a pair's order, not its sign, is what
counts, but both sides must point the same way)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .. import limits
from .soft_pairwise import Scores, score_matrix

__all__ = ["TieCalibratedAccuracy", "tie_calibrated_accuracy"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
#: Pairs whose running sums are accumulated at once (bounds the search's memory).
_CHUNK = 1 << 20


@dataclass(frozen=True)
class TieCalibratedAccuracy:
    """acc_eq at the calibrated ``epsilon`` (``value``) and without new ties (``untied``, epsilon 0), over ``items``
    segments of ``pairs_per_item`` system pairs each; the pairs of every segment summed at ``epsilon``:
    ``concordant``, ``discordant``, ``ties_both`` (both sides tie), ``ties_human`` (only the people tie),
    ``ties_metric`` (only the metric, within epsilon)."""

    value: float
    epsilon: float
    untied: float
    items: int
    pairs_per_item: int
    concordant: int
    discordant: int
    ties_both: int
    ties_human: int
    ties_metric: int


def _pairs(people: FloatArray, machine: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
    """Each segment's system pairs i < j, segment-major: the human scores and the metric scores of both systems."""
    i, j = np.triu_indices(people.shape[0], k=1)
    return people[i].T.ravel(), people[j].T.ravel(), machine[i].T.ravel(), machine[j].T.ravel()


def tie_calibrated_accuracy(human: Mapping[str, Scores], metric: Mapping[str, Scores]) -> TieCalibratedAccuracy:
    """acc_eq of ``metric`` against ``human`` (system name -> segment scores, higher better on both sides), every
    segment an item. A ValueError below 2 systems, for no segment, for scores that are not finite, or past
    ``limits.MAX_TIE_PAIRS`` pairs."""
    systems = tuple(human)
    people, machine = score_matrix(human, systems, "human"), score_matrix(metric, systems, "metric")
    if len(systems) < 2:
        raise ValueError(f"pairwise accuracy needs at least 2 systems, got {len(systems)}")
    if people.shape != machine.shape or people.shape[1] == 0:
        raise ValueError(
            f"the human scores have {people.shape[1]:,} segments per system and the metric's {machine.shape[1]:,}: "
            "pairwise accuracy needs the same segments, at least 1"
        )
    if not (np.isfinite(people).all() and np.isfinite(machine).all()):
        raise ValueError("pairwise accuracy needs finite scores (no NaN or infinity)")
    items, per_item = people.shape[1], len(systems) * (len(systems) - 1) // 2
    if items * per_item > limits.MAX_TIE_PAIRS:
        raise ValueError(
            f"{items:,} segments of {len(systems)} systems are {items * per_item:,} pairs; the tie calibration holds "
            f"at most {limits.MAX_TIE_PAIRS:,}"
        )
    h1, h2, m1, m2 = _pairs(people, machine)
    human_tie = h1 == h2
    concordant = ((h1 > h2) & (m1 > m2)) | ((h1 < h2) & (m1 < m2))
    difference = np.abs(m1 - m2)
    del h1, h2, m1, m2
    counted = (concordant | (human_tie & (difference == 0))).astype(np.int8)  # in acc_eq's numerator as scored
    change = human_tie.astype(np.int8) - counted  # made a tie: +1 where people tie, -1 where it was concordant
    start = counted.reshape(items, per_item).sum(axis=1, dtype=np.int64)
    del counted
    accuracy = [n / per_item for n in start.tolist()]
    untied_total = sum(accuracy)  # Python's sum, as mt-metrics-eval's over its rows (ascending)
    order = np.argsort(difference, kind="stable")
    rows = (order // per_item).astype(np.int32)  # each pair's segment, in the search's order
    ordered_change = change[order]
    del change
    before = _numerators_before(rows, ordered_change, start)
    del rows
    taus, thresholds = _search(untied_total, before, ordered_change, difference[order], per_item, items)
    del order, before, ordered_change
    best = int(np.argmax(taus))
    epsilon = float(thresholds[best])
    tied = difference <= epsilon
    both, only_human = tied & human_tie, human_tie & ~tied
    return TieCalibratedAccuracy(
        float(taus[best]),
        epsilon,
        float(taus[0]),
        items,
        per_item,
        int((concordant & ~tied).sum()),
        int((~concordant & ~tied & ~human_tie).sum()),
        int(both.sum()),
        int(only_human.sum()),
        int((tied & ~human_tie).sum()),
    )


def _numerators_before(rows: npt.NDArray[np.int32], changes: npt.NDArray[np.int8], start: IntArray) -> IntArray:
    """For each pair in the search's order, its segment's numerator before the pair is made a tie: the segment's
    start plus the changes of its pairs made ties earlier."""
    by_row = np.argsort(rows, kind="stable")
    grouped = changes[by_row]
    running = np.cumsum(grouped, dtype=np.int64)
    rows_grouped = rows[by_row]
    first = np.r_[True, rows_grouped[1:] != rows_grouped[:-1]]
    offsets = np.repeat(running[first] - grouped[first], np.diff(np.r_[np.flatnonzero(first), rows.size]))
    before = np.empty(changes.size, dtype=np.int64)
    before[by_row] = start[rows_grouped] + running - grouped - offsets
    return before


def _search(
    untied_total: float,
    before: IntArray,
    changes: npt.NDArray[np.int8],
    differences: FloatArray,
    per_item: int,
    items: int,
) -> tuple[FloatArray, FloatArray]:
    """The mean acc_eq at epsilon 0 and at each distinct difference (each pair turned into a tie in order, the
    running sum updated as mt-metrics-eval updates it: minus the segment's old accuracy, plus its new one)."""
    totals = np.empty(differences.size, dtype=np.float64)
    running = untied_total
    for low in range(0, differences.size, _CHUNK):
        high = min(differences.size, low + _CHUNK)
        old = before[low:high] / per_item
        new = (before[low:high] + changes[low:high]) / per_item
        steps = np.empty(2 * (high - low) + 1, dtype=np.float64)
        steps[0], steps[1::2], steps[2::2] = running, -old, new
        sums = np.cumsum(steps)  # sequential, as a loop of -= and += is
        totals[low:high] = sums[2::2]
        running = float(sums[-1])
    taus = totals / items
    # A threshold's accuracy is the one after its last pair; the pairs of difference 0 belong to epsilon 0.
    last = np.r_[differences[1:] != differences[:-1], True]
    zero = differences == 0.0
    first_tau = taus[np.flatnonzero(zero)[-1]] if zero.any() else untied_total / items
    keep = last & ~zero
    return np.r_[first_tau, taus[keep]], np.r_[0.0, differences[keep]]
