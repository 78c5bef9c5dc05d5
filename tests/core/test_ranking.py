"""N systems ranked as WMT25 ranks them: bleucore's Wilcoxon test equals scipy's ``wilcoxon(d, alternative=
"greater")`` in every regime of its ``method="auto"``, and the ranks and clusters equal a direct transcription of
WMT25's ``humeval/05-compute_clusters.py`` (scipy inside) on many generated systems with near-ties; for BLEU, chrF
and TER every pair's bootstrap p-value is sacreBLEU's paired bootstrap's."""

from __future__ import annotations

import functools
import math
import statistics
import warnings
from collections.abc import Callable, Sequence

import numpy as np
import pytest
import scipy.stats

from bleucore.metrics import get_metric, imported_metric
from bleucore.significance import paired_bootstrap
from bleucore.significance.ranking import (
    PairTest,
    Ranking,
    RankRow,
    cluster_numbers,
    does_cluster_end_here,
    pairwise_bootstrap_p,
    rank_ranges,
    rank_systems,
)
from bleucore.significance.resampling import bootstrap_scores
from bleucore.significance.wilcoxon import wilcoxon_greater
from devtools.corpora import tokenized_corpus
from tests.score_files import chain_scores

# --- WMT25's procedure, transcribed (humeval/05-compute_clusters.py at ebae873, NaN filtering left out) -------


def wmt_get_significance(a: list[float], b: list[float]) -> bool:
    return scipy.stats.wilcoxon([a - b for a, b in zip(a, b)], alternative="greater").pvalue < 0.05


def wmt_does_cluster_end_here(i, ranks) -> bool:
    ranks_below = ranks[:i]
    ranks_above = ranks[i:]
    return all(b <= i for a, b in ranks_below) and all(a > i for a, b in ranks_above)


@functools.cache
def wmt_near_ties(seed: int) -> list[tuple[str, float, tuple[int, int], int]]:
    """WMT25's ranking of ``near_tie_systems(seed)`` (scipy's warnings of small samples silenced)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return wmt_ranking(near_tie_systems(seed))


def wmt_ranking(
    systems: dict[str, list[float]], get_significance: Callable[[list[float], list[float]], bool] = wmt_get_significance
) -> list[tuple[str, float, tuple[int, int], int]]:
    """(system, mean, (rank_start, rank_end), cluster) best first, as the script's LaTeX table prints them (a
    ``\\cmidrule`` where a cluster ends)."""
    systems = sorted(systems.items(), key=lambda x: statistics.mean(x[1]), reverse=True)
    systems_info = []
    for sysA_i, (sysA, sysA_v) in enumerate(systems):
        rank_start = sysA_i + 1
        for _sysB, sysB_v in systems[:sysA_i][::-1]:
            if get_significance(sysB_v, sysA_v):
                break
            rank_start -= 1
        rank_end = sysA_i + 1
        for _sysB, sysB_v in systems[sysA_i + 1 :]:
            if get_significance(sysA_v, sysB_v):
                break
            rank_end += 1
        systems_info.append((sysA, np.mean(sysA_v), (rank_start, rank_end)))
    out, cluster = [], 1
    for sys_i, (sysA, mean, ranks) in enumerate(systems_info):
        out.append((sysA, mean, ranks, cluster))
        if sys_i + 1 != len(systems_info) and wmt_does_cluster_end_here(sys_i + 1, [x[2] for x in systems_info]):
            cluster += 1
    return out


# --- generated systems with near-ties ----------------------------------------------------------------------


def near_tie_systems(seed: int) -> dict[str, list[float]]:
    """3-10 systems of 8-300 segments: COMET-like scores with four decimals, whose qualities are close (a shared
    base plus small shifts), some systems copies or shuffles of another (equal means), some short enough for
    scipy's exact and permutation tests."""
    rng = np.random.default_rng(seed)
    count = int(rng.integers(3, 11))
    segments = int(rng.choice([8, 10, 20, 45, 50, 51, 120, 300]))  # 12-13: scipy's permutation test takes 0.5 s
    base = rng.uniform(0.3, 0.9, segments)
    systems: dict[str, list[float]] = {}
    for k in range(count):
        roll = rng.random()
        if systems and roll < 0.15:
            systems[f"sys{k}"] = list(systems[rng.choice(list(systems))])  # a copy: every difference is 0
            continue
        if systems and roll < 0.25:
            other = list(systems[rng.choice(list(systems))])
            systems[f"sys{k}"] = [other[i] for i in rng.permutation(segments)]  # a shuffle: equal mean
            continue
        shift = rng.choice([0.0, 0.002, 0.005, 0.01, 0.03]) * rng.choice([-1, 1])
        noise = rng.normal(0, rng.choice([0.001, 0.02, 0.08]), segments)
        values = np.clip(base + shift + noise, 0, 1)
        if rng.random() < 0.3:
            values = np.round(values, 2)  # coarse scores: many ties and zero differences
        systems[f"sys{k}"] = [round(float(v), 4) for v in values]
    return systems


def test_wilcoxon_equals_scipy_in_every_regime() -> None:
    """Sizes on both sides of scipy's switches (13, 50), with and without zeros and ties."""
    rng = np.random.default_rng(37)
    regimes = {"exact": 0, "permutation": 0, "normal": 0}
    # scipy's permutation test of 12-13 differences takes 0.5 s: a few of those, many of the faster ones
    sizes = [12, 13, 13, 12] + [
        int(n) for n in rng.choice([2, 3, 5, 8, 10, 14, 20, 30, 49, 50, 51, 60, 400, 3000], 996)
    ]
    for trial, n in enumerate(sizes):
        kind = trial % 4
        if kind == 0:
            d = rng.normal(0.1, 1, n)
        elif kind == 1:
            d = np.round(rng.normal(0.05, 1, n), 1)
        elif kind == 2:
            d = rng.integers(-3, 4, n).astype(float)
        else:
            d = np.round(rng.normal(0, 0.3, n), 4)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = scipy.stats.wilcoxon(d, alternative="greater").pvalue
        got = wilcoxon_greater(d)
        if math.isnan(expected):
            assert math.isnan(got), (n, d)
            continue
        assert got == pytest.approx(expected, rel=1e-12, abs=0), (n, kind, d)
        ties = len(np.unique(np.abs(d[d != 0]))) < np.count_nonzero(d)
        regime = "normal" if n > 50 or (n > 13 and (ties or (d == 0).any())) else "exact"
        regimes["permutation" if n <= 13 and (ties or (d == 0).any()) else regime] += 1
    assert all(count > 80 for count in regimes.values()), regimes


def test_wilcoxon_of_no_difference_is_never_significant() -> None:
    assert math.isnan(wilcoxon_greater([]))
    assert math.isnan(wilcoxon_greater(np.zeros(20))), "scipy: z = 0/0"
    assert wilcoxon_greater(np.zeros(5)) == 1.0, "scipy's permutation test: every flip reaches r+ = 0"
    assert math.isnan(wilcoxon_greater([0.5, float("nan")]))


@pytest.mark.parametrize("seed", range(60))
def test_ranks_and_clusters_equal_wmt25s_procedure(seed: int) -> None:
    systems = near_tie_systems(seed)
    segments = len(next(iter(systems.values())))
    expected = wmt_near_ties(seed)
    for higher in (True, False):
        scores = systems if higher else {name: [-v for v in values] for name, values in systems.items()}
        metric = imported_metric("COMET", scores, higher_is_better=higher)
        stats = {name: metric.statistics_for(name, ["x"] * segments, [["x"] * segments]) for name in scores}
        ranking = rank_systems(metric, stats)
        assert ranking.test == "wilcoxon" and ranking.metric == "COMET"
        got = [(r.system, r.rank, r.cluster) for r in ranking.rows]
        assert got == [(name, ranks, cluster) for name, _mean, ranks, cluster in expected], seed
        sign = 1 if higher else -1
        assert [r.value for r in ranking.rows] == pytest.approx([sign * mean for _n, mean, _r, _c in expected])
        # every pair is tested, the better-placed first, with scipy's p-value
        order = [r.system for r in ranking.rows]
        assert [(p.better, p.worse) for p in ranking.pairs] == [
            (a, b) for i, a in enumerate(order) for b in order[i + 1 :]
        ]
        for pair in ranking.pairs:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                d = sign * (np.array(scores[pair.better]) - np.array(scores[pair.worse]))
                expected_p = scipy.stats.wilcoxon(d, alternative="greater").pvalue
            if math.isnan(expected_p):
                assert pair.p_value is None and not pair.significant
            else:
                assert pair.p_value == pytest.approx(expected_p, rel=1e-12, abs=0)
                assert pair.significant == (expected_p < 0.05)


def test_the_generated_systems_have_near_ties_and_several_clusters() -> None:
    """The cases above are not all one cluster or all apart: some clusters hold several systems, some one."""
    sizes = []
    for seed in range(60):
        ranking = wmt_near_ties(seed)
        clusters = [cluster for *_rest, cluster in ranking]
        sizes += [clusters.count(c) for c in set(clusters)]
        assert all(low <= position + 1 <= high for position, (_s, _m, (low, high), _c) in enumerate(ranking))
    assert sizes.count(1) > 20 and sum(size > 1 for size in sizes) > 20


@pytest.mark.parametrize("name", ["bleu", "chrf", "ter"])
def test_bootstrap_pairs_are_sacrebleus_paired_bootstrap_and_the_ranking_wmts(name: str) -> None:
    outs, ref = tokenized_corpus(5, 120, 5)
    outs[3] = list(outs[1])  # identical outputs: never significantly better
    metric = get_metric(name)
    stats = {f"s{k}": metric.statistics(out, [ref]) for k, out in enumerate(outs)}
    names = list(stats)
    resampled = bootstrap_scores([stats[n] for n in names], metric, 300, 11)
    observed = [metric.score_from_statistics(stats[n]).score for n in names]
    p = pairwise_bootstrap_p(resampled, observed)
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            direct = paired_bootstrap(stats[names[i]], stats[names[j]], metric, 300, 11)
            assert p[i, j] == p[j, i] == (1.0 if outs[i] == outs[j] else direct.p_value), (i, j)
    ranking = rank_systems(metric, stats, n_samples=300, seed=11)
    assert (ranking.test, ranking.n_samples, ranking.seed) == ("bootstrap", 300, 11)
    # WMT25's procedure with the pair's bootstrap test: each system's list holds its corpus score (its mean), and
    # the test is looked up by the lists' identity
    sign = 1 if metric.higher_is_better else -1
    lists = {n: [sign * observed[k]] for k, n in enumerate(names)}
    index = {id(values): k for k, values in enumerate(lists.values())}

    def significant(a: list[float], b: list[float]) -> bool:
        return a[0] > b[0] and p[index[id(a)], index[id(b)]] < 0.05

    expected = wmt_ranking(lists, significant)
    assert [(r.system, r.rank, r.cluster) for r in ranking.rows] == [(n, rk, c) for n, _m, rk, c in expected]
    place = {r.system: r for r in ranking.rows}
    assert place["s3"].rank == place["s1"].rank, "identical outputs share their ranks"
    assert len(ranking.pairs) == 10
    for pair in ranking.pairs:  # every pair's p-value, and significant only where the better-placed leads
        i, j = names.index(pair.better), names.index(pair.worse)
        assert pair.p_value == p[i, j]
        ahead = lists[pair.better][0] > lists[pair.worse][0]
        assert pair.significant == (ahead and p[i, j] < 0.05)
    assert not ranking.pair("s1", "s3").significant


def test_a_chain_is_one_cluster_whose_ends_still_differ() -> None:
    """WMT25's clusters chain: A ~ B and B ~ C while A > C (scipy's one-sided Wilcoxon test) make one cluster, whose
    ranges overlap; the pairs say which pair the test tells apart."""
    scores = chain_scores(60, ("A", "B", "C"))

    def scipy_p(a: str, b: str) -> float:
        return float(scipy.stats.wilcoxon(np.subtract(scores[a], scores[b]), alternative="greater").pvalue)

    assert scipy_p("A", "B") >= 0.05 and scipy_p("B", "C") >= 0.05 and scipy_p("A", "C") < 0.05  # the chain
    metric = imported_metric("COMET", scores)
    stats = {n: metric.statistics_for(n, ["x"] * 60, [["x"] * 60]) for n in scores}
    ranking = rank_systems(metric, stats)
    assert [(r.system, r.rank, r.cluster) for r in ranking.rows] == [
        ("A", (1, 2), 1),
        ("B", (1, 3), 1),
        ("C", (2, 3), 1),
    ]
    assert ranking.clusters == 1 and ranking.separated == 1 and len(ranking.pairs) == 3
    assert ranking.pair("C", "A") == PairTest("A", "C", pytest.approx(scipy_p("A", "C"), rel=1e-12), True)
    assert ranking.pair("A", "B") == PairTest("A", "B", pytest.approx(scipy_p("A", "B"), rel=1e-12), False)
    assert not ranking.pair("B", "C").significant
    records = ranking.pair_records()
    assert records[1] == {
        "analysis": "pair",
        "bucket": "all",
        "system": "A",
        "versus": "C",
        "metric": "COMET",
        "test": "wilcoxon",
        "p_value": ranking.pair("A", "C").p_value,
        "significant": True,
    }


def test_rank_ranges_and_clusters_of_plain_cases() -> None:
    assert rank_ranges(4, lambda i, j: False) == [(1, 4)] * 4
    assert cluster_numbers([(1, 4)] * 4) == [1, 1, 1, 1]
    apart = rank_ranges(4, lambda i, j: i < j)
    assert apart == [(1, 1), (2, 2), (3, 3), (4, 4)] and cluster_numbers(apart) == [1, 2, 3, 4]
    # a chain: each system ties with its neighbours only: one cluster, overlapping ranges
    chain = rank_ranges(4, lambda i, j: j - i > 1)
    assert chain == [(1, 2), (1, 3), (2, 4), (3, 4)] and cluster_numbers(chain) == [1, 1, 1, 1]
    two = rank_ranges(4, lambda i, j: i < 2 <= j)
    assert two == [(1, 2), (1, 2), (3, 4), (3, 4)] and cluster_numbers(two) == [1, 1, 2, 2]
    assert does_cluster_end_here(2, two) and not does_cluster_end_here(1, two)


def test_ranking_records_and_rules() -> None:
    rows = (RankRow("a", 0.9, (1, 1), 1), RankRow("b", 0.8, (2, 3), 2), RankRow("c", 0.79, (2, 3), 2))
    ranking = Ranking("COMET", True, "wilcoxon", rows)
    assert ranking.clusters == 2 and ranking.cluster_ends() == [True, False, False]
    assert ranking.records()[1] == {
        "analysis": "rank",
        "bucket": "all",
        "system": "b",
        "metric": "COMET",
        "value": 0.8,
        "rank": [2, 3],
        "cluster": 2,
    }


def _values(rows: Sequence[RankRow]) -> list[float]:
    return [r.value for r in rows]


def test_a_lower_is_better_metric_ranks_its_smallest_value_first() -> None:
    metric = imported_metric("MetricX", {"a": [5.0, 6.0, 7.0], "b": [1.0, 2.0, 1.5]}, higher_is_better=False)
    stats = {n: metric.statistics_for(n, ["x"] * 3, [["x"] * 3]) for n in ("a", "b")}
    ranking = rank_systems(metric, stats)
    assert [r.system for r in ranking.rows] == ["b", "a"] and _values(ranking.rows) == [1.5, 6.0]
