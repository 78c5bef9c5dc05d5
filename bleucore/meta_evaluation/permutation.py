"""The paired permutation test of every pair of systems on their segment scores, as mt-metrics-eval computes the
p-values of soft pairwise accuracy (Thompson et al. 2024, arXiv 2409.09598; google-research/mt-metrics-eval,
``pce.compute_pairwise_p_values``), step by step:

* one set of sign flips serves every pair of systems, and the human and the metric side alike:
  ``np.random.default_rng(seed).random((permutations, segments), dtype=np.float32)``, rounded by ``np.rint`` (below
  0.5 is 0, above is 1, exactly 0.5 rounds to even: 0) and mapped to +1 (keep the pair's two scores) and -1 (swap
  them);
* a system's score is the sum of its segment scores, in float32; the permuted difference of systems i and j is
  ``signs @ s_i - signs @ s_j`` (one float32 product of the signs and every system's scores);
* p(i > j) = #{permuted difference >= s_i - s_j} / permutations: one-sided (i better than j), a permuted difference
  equal to the observed one counts as reaching it, no +1 (so p may be 0); only i < j (the order given) is filled.

Defaults are mt-metrics-eval's: 1,000 permutations, seed 4. The product is computed in one piece as theirs is (a
float32 product cut in row blocks sums in another order), so the sign matrix is bounded by
``limits.MAX_PERMUTATION_CELLS``."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .. import limits

__all__ = ["PERMUTATIONS", "PERMUTATION_SEED", "pairwise_p_values", "permutation_signs"]

Float32Array = npt.NDArray[np.float32]
FloatArray = npt.NDArray[np.float64]

#: mt-metrics-eval's permutations per test (``stats.PairwiseConfidenceError``'s ``num_permutations``) ...
PERMUTATIONS = 1000
#: ... and its seed (``pce.compute_pairwise_p_values``'s ``seed``).
PERMUTATION_SEED = 4


def permutation_signs(segments: int, permutations: int = PERMUTATIONS, seed: int = PERMUTATION_SEED) -> Float32Array:
    """The ±1 sign flips (permutations x segments, float32) every pair's test shares: +1 keeps a segment's two scores,
    -1 swaps them. A ValueError for no segment, a permutation count outside 1..``MAX_RESAMPLES`` or a matrix past
    ``MAX_PERMUTATION_CELLS``."""
    if (
        isinstance(permutations, bool)
        or not isinstance(permutations, int)
        or not 1 <= permutations <= limits.MAX_RESAMPLES
    ):
        raise ValueError(
            f"the number of permutations must be an integer from 1 to {limits.MAX_RESAMPLES:,}, got {permutations!r}"
        )
    if segments < 1:
        raise ValueError("a permutation test needs at least 1 segment, got 0")
    if permutations * segments > limits.MAX_PERMUTATION_CELLS:
        raise ValueError(
            f"{permutations:,} permutations of {segments:,} segments are {permutations * segments:,} signs; at most "
            f"{limits.MAX_PERMUTATION_CELLS:,} are held"
        )
    signs = np.random.default_rng(seed).random(size=(permutations, segments), dtype=np.float32)
    np.rint(signs, out=signs)
    signs *= 2.0
    signs -= 1.0
    return signs


def pairwise_p_values(scores: npt.ArrayLike, signs: Float32Array) -> FloatArray:
    """p(system i better than system j) for every i < j (the upper triangle; NaN elsewhere) from ``scores`` (systems
    x segments, higher better) and the shared ``signs`` (``permutation_signs``)."""
    matrix = np.asarray(scores, dtype=np.float64)
    if matrix.ndim != 2 or matrix.shape[1] != signs.shape[1]:
        raise ValueError(
            f"scores of shape {matrix.shape} for sign flips of {signs.shape[1]:,} segments: one row per system, one "
            "column per segment"
        )
    if not np.isfinite(matrix).all():
        raise ValueError("a permutation test needs finite scores (no NaN or infinity)")
    as32 = matrix.astype(np.float32)
    totals = np.sum(as32, axis=1)
    permuted = np.matmul(signs, as32.T)  # permutations x systems
    count = matrix.shape[0]
    p = np.full((count, count), np.nan)
    for i in range(count):
        for j in range(i + 1, count):
            p[i, j] = np.sum(permuted[:, i] - permuted[:, j] >= totals[i] - totals[j]) / signs.shape[0]
    return p
