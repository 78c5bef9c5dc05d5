"""AutoRank: several metrics' system-level scores combined into one ranking, as WMT25's general MT task ranks the
systems it has no human judgement of (Kocmi et al. 2025, "Preliminary Ranking of WMT25 General Machine Translation
Systems", section "From system-level scores to AutoRank"; wmt-conference/wmt25-general-mt,
``preliminary_ranking/latex_source/main.tex``).

For each metric m, its systems' scores x (a lower-is-better metric's negated first, as WMT25 stores MetricX's, so
that higher is better everywhere) are scaled by the median and the spread from the 25th to the 100th percentile:

    z_s = (x_s - median(x)) / max(epsilon, Q100(x) - Q25(x))

(percentiles interpolated linearly, numpy's default; the paper leaves epsilon unstated, ``EPSILON``: it only matters
when every system scores alike, and then that metric's z are all 0). Each system's z are averaged over the metrics
with equal weights, and the averages are mapped linearly onto 1 (the highest average) .. N (the lowest): AutoRank, 1
best, as WMT25's tables print it. ``place`` is the integer order (ties keep the order given)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["EPSILON", "AutoRank", "AutoRankRow", "autorank"]

#: The floor of a metric's spread Q100 - Q25 (WMT25's epsilon > 0, whose value the paper does not give).
EPSILON = 1e-9


@dataclass(frozen=True)
class AutoRankRow:
    """One system: its ``autorank`` (1 best .. N), its integer ``place``, the ``average`` of its scaled scores and each
    metric's ``scaled`` score z (in the order of ``AutoRank.metrics``)."""

    system: str
    autorank: float
    place: int
    average: float
    scaled: tuple[float, ...]


@dataclass(frozen=True)
class AutoRank:
    """The ranking (rows best first) of the ``metrics`` combined, with each metric's direction, median and spread
    (``max(epsilon, Q100 - Q25)`` of its scores turned higher-better)."""

    metrics: tuple[str, ...]
    higher_is_better: tuple[bool, ...]
    medians: tuple[float, ...]
    spreads: tuple[float, ...]
    rows: tuple[AutoRankRow, ...]
    epsilon: float = EPSILON

    def records(self) -> list[dict[str, Any]]:
        """One JSON record per system, best first."""
        return [
            {
                "analysis": "autorank",
                "bucket": "all",
                "system": row.system,
                "metric": "AutoRank",
                "value": row.autorank,
                "place": row.place,
                "average": row.average,
                "metrics": list(self.metrics),
            }
            for row in self.rows
        ]


def autorank(
    systems: Sequence[str],
    scores: Mapping[str, Sequence[float]],
    *,
    lower_is_better: Collection[str] = (),
    epsilon: float = EPSILON,
) -> AutoRank:
    """AutoRank of ``systems`` from ``scores`` (metric name -> each system's score, in the order of ``systems``);
    ``lower_is_better``: the metrics whose scores are negated first (TER, MetricX). A ValueError for no system, no
    metric, a score list of another length or a score that is not finite."""
    names = tuple(systems)
    if not names:
        raise ValueError("AutoRank needs at least 1 system")
    if not scores:
        raise ValueError("AutoRank needs at least 1 metric")
    unknown = [m for m in lower_is_better if m not in scores]
    if unknown:
        raise ValueError(f"the lower-is-better metric {unknown[0]!r} has no scores")
    metrics = tuple(scores)
    columns, medians, spreads = [], [], []
    for metric in metrics:
        x = np.asarray(scores[metric], dtype=np.float64).reshape(-1)
        if x.size != len(names):
            raise ValueError(f"{metric} has {x.size} scores for {len(names)} systems")
        if not np.isfinite(x).all():
            raise ValueError(f"{metric} has a score that is not a finite number")
        if metric in lower_is_better:
            x = -x
        median = float(np.median(x))
        spread = max(epsilon, float(np.percentile(x, 100) - np.percentile(x, 25)))
        columns.append((x - median) / spread)
        medians.append(median)
        spreads.append(spread)
    z = np.vstack(columns)
    average = z.mean(axis=0)
    best, worst = float(average.max()), float(average.min())
    count = len(names)
    if best > worst:
        ranks = 1.0 + (count - 1) * (best - average) / (best - worst)
    else:
        ranks = np.ones(count)
    order = sorted(range(count), key=lambda k: -average[k])
    rows = tuple(
        AutoRankRow(names[k], float(ranks[k]), place, float(average[k]), tuple(float(v) for v in z[:, k]))
        for place, k in enumerate(order, start=1)
    )
    directions = tuple(m not in lower_is_better for m in metrics)
    return AutoRank(metrics, directions, tuple(medians), tuple(spreads), rows, epsilon)
