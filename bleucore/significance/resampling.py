"""The resampling of sufficient statistics that every significance procedure shares, as sacreBLEU 2.6 draws it
(``sacrebleu/significance.py``): the number of resamples checked, the draws made in batches of rows, and each
bootstrap resample's summed statistics scored.

The draws are made in batches of rows (the same stream as one big draw), and every batch is
summed with one ``np.bincount`` and one matrix product, so memory stays bounded (sacreBLEU
holds all n x S x F statistics at once: 4.9 GB for 100k segments). For sacreBLEU's
configurations (its smoothings, uniform weights, the standard variant, closest or shortest
reference length) the resamples are scored by ``sacrebleu_scores``, which repeats sacreBLEU's
float arithmetic operation for operation, including that its bootstrap sums are float32, so
p-values, means and intervals are sacreBLEU's to the last digit (while every summed statistic
stays below 2**24, where float32 sums are exact). Any other configuration scores each resample
with ``score.compute_bleu`` (``row_scores``).
"""

from __future__ import annotations

import operator
from collections.abc import Iterator
from typing import Any

import numpy as np
import numpy.typing as npt

from ..metrics import Metric
from ..metrics.bleu.stats import FloatArray, Statistics

__all__ = [
    "BATCH_CELLS",
    "BOOTSTRAP_CELLS",
    "SCORED_CELLS",
    "bootstrap_counts",
    "bootstrap_scores",
    "rows_per_batch",
    "sample_count",
]

#: Cells (resamples x segments) drawn and summed at once: bounds the memory of every test.
BATCH_CELLS = 1 << 20
#: ... and for the bootstrap's own sums of integer statistics (``_bootstrap_sums``): arrays that stay in the CPU
#: cache (1,000 x 3,000 cells in 7 batches: 43 ms of CPU against 50 ms in 3).
BOOTSTRAP_CELLS = 1 << 17
#: Summed statistics (resamples x columns) scored at once: each scoring call has a fixed cost (1,000 resamples of
#: BLEU scored in one call instead of 24: 3-4 ms less of a 3,000-line paired test's 23 ms).
SCORED_CELLS = 1 << 20


def sample_count(n: int, what: str) -> int:
    """``n`` as an int; a ValueError that names ``what`` unless it is a positive integer (a bool is not)."""
    try:
        value = operator.index(n)
    except TypeError:
        value = 0
    if isinstance(n, bool) or value < 1:
        raise ValueError(f"the number of {what} must be a positive integer, got {n!r}")
    return value


def rows_per_batch(segments: int, multiple: int = 1, cells: int = BATCH_CELLS) -> int:
    """Resamples (rows of ``segments`` cells) drawn at once: about ``cells`` cells, a multiple of ``multiple``."""
    rows = max(1, cells // max(segments, 1))
    return max(multiple, rows // multiple * multiple)


def bootstrap_counts(
    segments: int,
    n_samples: int,
    rng: np.random.Generator,
    dtype: type[np.floating[Any]] = np.float64,
    batch_cells: int = BATCH_CELLS,
) -> Iterator[npt.NDArray[np.floating[Any]]]:
    """How often each segment is drawn in each bootstrap resample, a batch of rows at a time.

    The indices are sacreBLEU's ``rng.choice(S, size=(n, S), replace=True)`` drawn a few rows at a time (the
    same stream), counted with one ``np.bincount`` per batch: a resample's sums are its counts times the
    statistics, for the whole test set or any subset of its segments (the buckets of ``bleucore.buckets``).
    """
    step = rows_per_batch(segments, cells=batch_cells)
    for start in range(0, n_samples, step):
        rows = min(step, n_samples - start)
        idx = rng.choice(segments, size=(rows, segments), replace=True)
        idx += (np.arange(rows, dtype=np.int64) * segments)[:, None]
        yield np.bincount(idx.ravel(), minlength=rows * segments).reshape(rows, segments).astype(dtype)


def _exact_in_float32(matrix: FloatArray, draws: int) -> bool:
    """True if every value of ``matrix`` is an integer and any sum of ``draws`` of them (with multiplicity) stays
    below 2**24: then float32 products and sums are exact, in any order, and equal float64's."""
    largest = float(np.abs(matrix).max()) if matrix.size else 0.0
    return largest * draws < 2**24 and bool(np.all(np.floor(matrix) == matrix))


def _bootstrap_sums(columns: FloatArray, n_samples: int, rng: np.random.Generator) -> Iterator[FloatArray]:
    """Sums of ``columns`` over each bootstrap resample (``bootstrap_counts``), in batches of rows.

    Integer statistics whose sums are exact in float32 (``_exact_in_float32``: the same sums in any order) are summed
    by ``np.einsum``, not BLAS: at this size BLAS hands the product to its thread pool, whose hand-off cost more
    than the product here (1,000 x 3,000 counts by 20 columns: 55-2,000 ms of CPU by batch size on a busy 2-core
    machine, against 43 ms for the whole test this way). Other statistics are summed a column at a time, so a
    column's sums do not depend on which columns stand beside it (BLAS orders a product's additions by its shape)."""
    segments = columns.shape[0]
    if not _exact_in_float32(columns, segments):
        for counts in bootstrap_counts(segments, n_samples, rng):
            yield np.stack([counts @ columns[:, j] for j in range(columns.shape[1])], axis=1)
        return
    by_column = np.ascontiguousarray(columns.T, dtype=np.float32)
    for counts32 in bootstrap_counts(segments, n_samples, rng, np.float32, BOOTSTRAP_CELLS):
        yield np.einsum("rs,fs->rf", counts32, by_column).astype(np.float64)


def bootstrap_scores(stats: list[Statistics], metric: Metric, n_samples: int, seed: int | None) -> list[FloatArray]:
    """Each system's score of each of ``n_samples`` bootstrap resamples drawn with ``seed``, every system on the
    same draws (their statistics are resampled together), by ``metric.row_scores`` of sacreBLEU's float32 sums."""
    first = metric.columns(stats[0])
    width = first.shape[1]
    both = np.empty(
        (first.shape[0], width * len(stats)), dtype=first.dtype
    )  # filled a system at a time: one copy of the columns
    both[:, :width] = first
    del first
    for k, s in enumerate(stats[1:], start=1):
        both[:, k * width : (k + 1) * width] = metric.columns(s)
    rng = np.random.default_rng(seed)
    out: list[list[FloatArray]] = [[] for _ in stats]
    for sums in _regrouped(_bootstrap_sums(both, n_samples, rng), SCORED_CELLS // both.shape[1]):
        for k in range(len(stats)):
            out[k].append(metric.row_scores(sums[:, k * width : (k + 1) * width], float32=True))
    return [np.concatenate(parts) for parts in out]


def _regrouped(batches: Iterator[FloatArray], rows: int) -> Iterator[FloatArray]:
    """The rows of ``batches`` again, at least ``rows`` at a time (the last batch may hold fewer)."""
    held: list[FloatArray] = []
    count = 0
    for batch in batches:
        held.append(batch)
        count += batch.shape[0]
        if count >= rows:
            yield np.concatenate(held)
            held, count = [], 0
    if held:
        yield np.concatenate(held)
