"""Soft pairwise accuracy (SPA; Thompson et al. 2024, "Improving Statistical Significance in Human Evaluation of
Automatic Metrics via Soft Pairwise Accuracy", arXiv 2409.09598), the system-level meta-evaluation of WMT24 and
WMT25, which report its complement, the pairwise confidence error PCE = 1 - SPA.

For every pair of systems (i, j), i before j in the order given, p_h and p_m are the one-sided paired permutation
test's p-values of "i is better than j" on the human and on the metric segment scores (``permutation``: the same
sign flips on both sides); SPA = 1 - mean over the C(N, 2) pairs of |p_h - p_m|. A metric earns 1 where it is as
confident as the people about every pair, including where they cannot tell two systems apart (both p near 0.5).
Equal to mt-metrics-eval's ``stats.PairwiseConfidenceError`` on the same scores, systems in the same order (its
``pce.compute_one_minus_pce``; ``scripts/check_mt_metrics_eval.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .permutation import PERMUTATION_SEED, PERMUTATIONS, Float32Array, pairwise_p_values, permutation_signs

__all__ = ["PairConfidence", "SoftPairwiseAccuracy", "score_matrix", "soft_pairwise_accuracy"]

Scores = Sequence[float] | npt.NDArray[np.float64]


@dataclass(frozen=True)
class PairConfidence:
    """One pair of systems: ``human_p`` and ``metric_p``, each side's p-value of "``first`` is better than
    ``second``" (small: confident that it is; near 1: confident that it is not; near 0.5: no telling)."""

    first: str
    second: str
    human_p: float
    metric_p: float

    @property
    def error(self) -> float:
        """|human_p - metric_p|: this pair's share of the pairwise confidence error."""
        return abs(self.human_p - self.metric_p)


@dataclass(frozen=True)
class SoftPairwiseAccuracy:
    """``value`` = 1 - the mean ``error`` of the ``pairs`` (every pair of ``systems``, in their order), from
    ``permutations`` sign flips drawn with ``seed``."""

    value: float
    systems: tuple[str, ...]
    pairs: tuple[PairConfidence, ...]
    permutations: int = PERMUTATIONS
    seed: int = PERMUTATION_SEED

    @property
    def pce(self) -> float:
        """The pairwise confidence error WMT25 reports: 1 - SPA."""
        return 1.0 - self.value

    def worst_pairs(self, count: int = 3) -> tuple[PairConfidence, ...]:
        """The ``count`` pairs where the metric's confidence is furthest from the people's (ties keep their order)."""
        return tuple(sorted(self.pairs, key=lambda pair: -pair.error)[: max(0, count)])


def score_matrix(scores: Mapping[str, Scores], systems: Sequence[str], side: str) -> npt.NDArray[np.float64]:
    """The systems' segment scores as one matrix (systems x segments), in the order of ``systems``; a ValueError
    naming ``side`` for a missing system or rows of different lengths."""
    missing = [name for name in systems if name not in scores]
    if missing:
        raise ValueError(f"the {side} scores have no system {missing[0]!r}")
    rows = [np.asarray(scores[name], dtype=np.float64).reshape(-1) for name in systems]
    if len({row.size for row in rows}) > 1:
        raise ValueError(f"the {side} scores give the systems different numbers of segments")
    return np.vstack(rows) if rows else np.zeros((0, 0))


def soft_pairwise_accuracy(
    human: Mapping[str, Scores],
    metric: Mapping[str, Scores],
    *,
    permutations: int = PERMUTATIONS,
    seed: int = PERMUTATION_SEED,
    signs: Float32Array | None = None,
) -> SoftPairwiseAccuracy:
    """SPA of ``metric`` against ``human``, each system name -> its segment scores (higher better on both sides: negate
    an error score first), the systems in the order of ``human``. ``signs``: ``permutation_signs`` already drawn for
    these segments (the report draws them once for every metric). A ValueError below 2 systems."""
    systems = tuple(human)
    if len(systems) < 2:
        raise ValueError(f"soft pairwise accuracy needs at least 2 systems, got {len(systems)}")
    people = score_matrix(human, systems, "human")
    machine = score_matrix(metric, systems, "metric")
    if people.shape != machine.shape:
        raise ValueError(
            f"the human scores have {people.shape[1]:,} segments per system but the metric's have {machine.shape[1]:,}"
        )
    if signs is None:
        signs = permutation_signs(people.shape[1], permutations, seed)
    elif signs.shape[1] != people.shape[1]:
        raise ValueError(f"sign flips of {signs.shape[1]:,} segments for {people.shape[1]:,} segments")
    p_human, p_metric = pairwise_p_values(people, signs), pairwise_p_values(machine, signs)
    i, j = np.triu_indices(len(systems), k=1)
    pairs = tuple(
        PairConfidence(systems[a], systems[b], float(p_human[a, b]), float(p_metric[a, b]))
        for a, b in zip(i.tolist(), j.tolist())
    )
    value = 1.0 - float(np.mean(np.abs(p_human - p_metric)[i, j]))
    return SoftPairwiseAccuracy(value, systems, pairs, int(signs.shape[0]), seed)
