"""Where two metrics agree on a system's change from the baseline, segment by segment: the share of segments, among
those where both metrics' sentence-level differences from the baseline are non-zero, where the two differences have
the same sign (a sign test's agreement rate, as in Freitag et al. 2021's segment-level comparisons). A lower-is-better
metric's differences are negated first (TER: fewer edits is better), so agreement always reads as the same sign."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = ["Agreement", "disagreements", "sign_agreement"]

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Agreement:
    """``value``: the share of the ``size`` segments where both differences are non-zero that move the same way
    (None when there is no such segment)."""

    value: float | None
    size: int


def _differences(
    system: Sequence[float] | FloatArray, baseline: Sequence[float] | FloatArray, higher_is_better: bool
) -> FloatArray:
    a, b = np.asarray(system, dtype=np.float64), np.asarray(baseline, dtype=np.float64)
    if a.shape != b.shape or a.ndim != 1:
        raise ValueError(f"a system and its baseline need one score per segment each, got {a.size} and {b.size}")
    delta = a - b
    return delta if higher_is_better else -delta


def sign_agreement(
    first: tuple[Sequence[float] | FloatArray, Sequence[float] | FloatArray, bool],
    second: tuple[Sequence[float] | FloatArray, Sequence[float] | FloatArray, bool],
) -> Agreement:
    """Agreement of two metrics on one system: each given as (system's sentence scores, baseline's, higher is
    better)."""
    d1, d2 = _differences(*first), _differences(*second)
    if d1.shape != d2.shape:
        raise ValueError(f"the two metrics score {d1.size} and {d2.size} segments")
    both = (d1 != 0) & (d2 != 0)
    size = int(both.sum())
    if not size:
        return Agreement(None, 0)
    same = np.sign(d1[both]) == np.sign(d2[both])
    return Agreement(float(same.mean()), size)


def disagreements(
    first: tuple[Sequence[float] | FloatArray, Sequence[float] | FloatArray, bool],
    second: tuple[Sequence[float] | FloatArray, Sequence[float] | FloatArray, bool],
    scales: tuple[float, float] = (1.0, 1.0),
) -> list[int]:
    """The segments (0-based) where the two metrics move in opposite directions, the strongest first: ordered by the
    smaller of the two differences, each divided by its ``scales`` entry (e.g. each metric's standard deviation of
    differences, so that a COMET point and a BLEU point weigh alike)."""
    d1, d2 = _differences(*first) / scales[0], _differences(*second) / scales[1]
    opposite = np.flatnonzero(np.sign(d1) * np.sign(d2) < 0)
    strength = np.minimum(np.abs(d1[opposite]), np.abs(d2[opposite]))
    return [int(i) for i in opposite[np.argsort(-strength, kind="stable")]]
