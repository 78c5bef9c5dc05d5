"""N systems ranked under one metric the way WMT25 ranks them (wmt-conference/wmt25-general-mt,
``humeval/05-compute_clusters.py``), with rank ranges, clusters, and every pair's test.

The procedure (``rank_ranges``, ``cluster_numbers``):

1. the systems are sorted by the metric's value, best first by its direction (equal values keep their order);
2. the rank range of the system at position i starts at i and extends upward past each better-placed system, the
   nearest first, until one is significantly better than it, and downward past each worse-placed one until it is
   significantly better than that one;
3. a cluster ends after position i when every system above has its range within 1..i and every system below starts
   below i (WMT25's ``does_cluster_end_here``); cluster 1 is the best.

What a cluster means: its systems' rank ranges overlap in a chain, so no rule can be drawn inside it; it does not
mean that no test tells its systems apart. If A is significantly better than C while B differs from neither, the
ranges of A, B and C overlap and the three make one cluster. Which pairs the test does tell apart is ``pairs``: every
pair's test (``PairTest``), the better-placed system first, on the same tests the ranges were drawn from.

"Significantly better" (``significantly_better``): for a metric whose value is the mean of its segment scores
(``Metric.mean_of_segments``: imported and human scores), WMT25's test: the one-sided Wilcoxon signed-rank test on
the paired segment differences, ``scipy.stats.wilcoxon(a - b, alternative="greater")`` with its defaults
(``wilcoxon``), p < 0.05 (differences negated for a lower-is-better metric). For BLEU, chrF and TER, sacreBLEU's
paired bootstrap p-value (Koehn 2004) of the two systems, p < 0.05, where the first system's value is better: every
pair from one set of resamples, each system's resampled scores computed once (``bootstrap_scores``: the same seed
draws the same resamples as the baseline comparison of ``table``, so a pair's p-value is ``paired_bootstrap``'s).

A ranking's JSON records (``Ranking.records``) are ``{"analysis": "rank", "bucket": "all", "system", "metric",
"value", "rank": [low, high], "cluster": c}``, and its pairs' (``Ranking.pair_records``) ``{"analysis": "pair",
"bucket": "all", "system", "versus", "metric", "test", "p_value", "significant"}``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from ..metrics import Metric
from .defaults import BOOTSTRAP_SAMPLES, SEED
from .paired import exceedance_p_value
from .resampling import bootstrap_scores, sample_count
from .wilcoxon import wilcoxon_greater

__all__ = [
    "ALPHA",
    "PairTest",
    "RankRow",
    "Ranking",
    "cluster_numbers",
    "does_cluster_end_here",
    "pairwise_bootstrap_p",
    "rank_ranges",
    "rank_systems",
]

#: The significance level of every test of the ranking (WMT25's).
ALPHA = 0.05
RankTest = Literal["wilcoxon", "bootstrap"]


@dataclass(frozen=True)
class RankRow:
    """One system's place: its value, its rank range (``low`` best, ``high`` worst, from 1) and its cluster."""

    system: str
    value: float
    rank: tuple[int, int]
    cluster: int


@dataclass(frozen=True)
class PairTest:
    """Two systems' test under one metric: ``better`` is placed above ``worse``; ``p_value`` is the test's p-value
    that ``better`` is the better one (None where the test has none: every segment difference 0) and
    ``significant`` says it is below the ranking's alpha (for the bootstrap, with ``better``'s value strictly
    better)."""

    better: str
    worse: str
    p_value: float | None
    significant: bool


@dataclass(frozen=True)
class Ranking:
    """Every system under one metric (``metric``: its printed label), best first, with the test that told them apart
    and its settings (``n_samples`` and ``seed`` for the bootstrap, None for Wilcoxon's test), and every pair's test
    (``pairs``, in the order of the rows: the first row against each below it, then the second, ...)."""

    metric: str
    higher_is_better: bool
    test: RankTest
    rows: tuple[RankRow, ...]
    alpha: float = ALPHA
    n_samples: int | None = None
    seed: int | None = None
    pairs: tuple[PairTest, ...] = ()

    @property
    def clusters(self) -> int:
        return self.rows[-1].cluster if self.rows else 0

    @property
    def separated(self) -> int:
        """How many pairs the test tells apart (of ``len(pairs)``)."""
        return sum(pair.significant for pair in self.pairs)

    def pair(self, a: str, b: str) -> PairTest:
        """The test of systems ``a`` and ``b`` (either order); KeyError when it was not run."""
        for pair in self.pairs:
            if {pair.better, pair.worse} == {a, b}:
                return pair
        raise KeyError((a, b))

    def cluster_ends(self) -> list[bool]:
        """For each row, True when a new cluster starts after it (a rule in the tables; never after the last)."""
        return [k + 1 < len(self.rows) and self.rows[k + 1].cluster != row.cluster for k, row in enumerate(self.rows)]

    def records(self) -> list[dict[str, Any]]:
        """One JSON record per system, best first."""
        return [
            {
                "analysis": "rank",
                "bucket": "all",
                "system": row.system,
                "metric": self.metric,
                "value": row.value,
                "rank": [row.rank[0], row.rank[1]],
                "cluster": row.cluster,
            }
            for row in self.rows
        ]

    def pair_records(self) -> list[dict[str, Any]]:
        """One JSON record per pair: ``system`` the better-placed, ``versus`` the other, the test, its p-value and
        whether it tells them apart."""
        return [
            {
                "analysis": "pair",
                "bucket": "all",
                "system": pair.better,
                "versus": pair.worse,
                "metric": self.metric,
                "test": self.test,
                "p_value": pair.p_value,
                "significant": pair.significant,
            }
            for pair in self.pairs
        ]


def rank_ranges(count: int, better: Callable[[int, int], bool]) -> list[tuple[int, int]]:
    """WMT25's rank range of each of ``count`` systems already sorted best first; ``better(i, j)``: the system at
    position i (from 0) is significantly better than the one at position j."""
    ranges = []
    for i in range(count):
        start = i + 1
        for j in range(i - 1, -1, -1):
            if better(j, i):
                break
            start -= 1
        end = i + 1
        for j in range(i + 1, count):
            if better(i, j):
                break
            end += 1
        ranges.append((start, end))
    return ranges


def does_cluster_end_here(i: int, ranks: Sequence[tuple[int, int]]) -> bool:
    """WMT25's rule: after the first ``i`` systems a cluster ends when none of their ranges reaches below i and none
    of the others' reaches up to i."""
    return all(b <= i for _a, b in ranks[:i]) and all(a > i for a, _b in ranks[i:])


def cluster_numbers(ranks: Sequence[tuple[int, int]]) -> list[int]:
    """Each system's cluster, 1 for the best, a new one after every position where a cluster ends."""
    out, cluster = [], 1
    for i in range(len(ranks)):
        out.append(cluster)
        if i + 1 < len(ranks) and does_cluster_end_here(i + 1, ranks):
            cluster += 1
    return out


def pairwise_bootstrap_p(resampled: Sequence[Any], observed: Sequence[float]) -> Any:
    """sacreBLEU's paired-bootstrap p-value of every pair of systems (a symmetric K x K array, 1 on the diagonal)
    from each system's scores on the same resamples (``resampled``) and its real score (``observed``); p = 1 for two
    systems of equal scores on every resample (identical outputs), which sacreBLEU's rule would call different."""
    count = len(resampled)
    p = np.ones((count, count))
    for i in range(count):
        for j in range(i + 1, count):
            diffs = np.abs(np.asarray(resampled[i]) - np.asarray(resampled[j]))
            if not diffs.any() and observed[i] == observed[j]:
                continue
            p[i, j] = p[j, i] = exceedance_p_value(diffs - diffs.mean(), abs(observed[i] - observed[j]))
    return p


def _sorted_best_first(values: Sequence[float], higher_is_better: bool) -> list[int]:
    """Positions in order of value, best first; equal values keep their order (Python's sort is stable)."""
    return sorted(range(len(values)), key=lambda k: -values[k] if higher_is_better else values[k])


def rank_systems(
    metric: Metric,
    statistics: Mapping[str, Any],
    *,
    nrefs: int = 1,
    n_samples: int = BOOTSTRAP_SAMPLES,
    seed: int | None = SEED,
    resampled: Sequence[Any] | None = None,
    alpha: float = ALPHA,
) -> Ranking:
    """Rank every system of ``statistics`` (name -> its statistics under ``metric``, all on the same segments) by
    WMT25's procedure. For a bootstrap-tested metric, ``resampled``: each system's scores on the shared resamples
    when already computed (``bootstrap_scores`` with ``n_samples`` and ``seed``)."""
    names = list(statistics)
    if not names:
        raise ValueError("no system to rank")
    stats = [statistics[name] for name in names]
    if len({s.segments for s in stats}) != 1:
        raise ValueError("the systems to rank must have the same segments")
    values = [float(metric.score_from_statistics(s, nrefs).score) for s in stats]
    order = _sorted_best_first(values, metric.higher_is_better)
    sign = 1.0 if metric.higher_is_better else -1.0
    count = len(order)
    if metric.mean_of_segments:
        segments = [metric.segment_values(stats[k], nrefs) * sign for k in order]
        pair_p = {
            (i, j): wilcoxon_greater(segments[i] - segments[j]) for i in range(count) for j in range(i + 1, count)
        }

        def better(i: int, j: int) -> bool:
            p = pair_p[(i, j)]
            return not math.isnan(p) and p < alpha

        test: RankTest = "wilcoxon"
        settings: tuple[int | None, int | None] = (None, None)
    else:
        n_samples = sample_count(n_samples, "bootstrap resamples")
        scores = resampled if resampled is not None else bootstrap_scores(stats, metric, n_samples, seed)
        observed = [float(metric.row_scores(metric.columns(s).sum(axis=0, keepdims=True))[0]) for s in stats]
        p_matrix = pairwise_bootstrap_p(scores, observed)
        placed = [values[k] for k in order]
        pair_p = {(i, j): float(p_matrix[order[i], order[j]]) for i in range(count) for j in range(i + 1, count)}

        def better(i: int, j: int) -> bool:
            ahead = placed[i] > placed[j] if metric.higher_is_better else placed[i] < placed[j]
            return ahead and pair_p[(i, j)] < alpha

        test, settings = "bootstrap", (n_samples, seed)
    ranges = rank_ranges(count, better)
    clusters = cluster_numbers(ranges)
    rows = tuple(RankRow(names[k], values[k], ranges[i], clusters[i]) for i, k in enumerate(order))
    pairs = tuple(
        PairTest(names[order[i]], names[order[j]], None if math.isnan(p) else p, better(i, j))
        for (i, j), p in pair_p.items()
    )
    return Ranking(metric.printed_label, metric.higher_is_better, test, rows, alpha, *settings, pairs)
