"""Corpus BLEU of a ``dask.bag`` or ``dask.dataframe`` through the additive statistics.

Each partition's segments are counted where the partition lives and only its summed statistics
(one small row) travel back; the sums are added and scored once (Papineni et al. 2002; Post 2018),
so the score equals ``corpus_bleu`` of all the rows. dask is imported by the functions that use it
(``pip install bleucore[dask]``); every worker needs the same bleucore version and options. A missing reference (None,
NaN) is skipped per row.

    import dask.bag as db
    rows = db.from_sequence(zip(hyps, refs1, refs2), npartitions=64)   # (hyp, ref1, ..., refR)
    score = bleucore.dask.corpus_bleu_bag(rows, BleuOptions())
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial
from typing import Any

from .metrics.bleu.from_text import corpus_statistics
from .metrics.bleu.options import BleuOptions
from .metrics.bleu.score import BLEUScore, score_statistics
from .metrics.bleu.stats import Statistics
from .metrics.inputs import reference_count
from .stream import sum_statistics

__all__ = ["bag_statistics", "corpus_bleu_bag", "corpus_bleu_dataframe", "partition_statistics"]


def partition_statistics(
    rows: Iterable[Sequence[str | None]], options: BleuOptions
) -> list[tuple[Statistics, int | str]]:
    """The summed statistics of one partition's ``(hyp, ref1, ..., refR)`` rows and its reference
    count (``[]`` for an empty partition); a None reference is skipped as in ``corpus_bleu``."""
    rows = [tuple(row) for row in rows]
    if not rows:
        return []
    width = len(rows[0])
    if width < 2 or any(len(row) != width for row in rows):
        raise ValueError(
            "rows must be (hypothesis, reference, ...) tuples of one length, got lengths "
            f"{sorted({len(r) for r in rows})}"
        )
    hyps = [str(row[0]) for row in rows]
    # None, NaN or pandas' NA (a dataframe's missing cell): no reference
    refs = [[row[j] if isinstance(row[j], str) else None for row in rows] for j in range(1, width)]
    stats = corpus_statistics(hyps, refs, options)  # type: ignore[arg-type]
    return [(stats.total(), reference_count(refs))]


def _combine(parts: list[tuple[Statistics, int | str]]) -> tuple[Statistics, int | str]:
    if not parts:
        raise ValueError("no rows to score: every partition is empty")
    counts = {nrefs for _, nrefs in parts}
    return sum_statistics(stats for stats, _ in parts), counts.pop() if len(counts) == 1 else "var"


def bag_statistics(bag: Any, options: BleuOptions | None = None) -> tuple[Statistics, int | str]:
    """The statistics of a bag of ``(hyp, ref1, ..., refR)`` rows, summed over partitions, and nrefs."""
    options = options or BleuOptions()
    parts = bag.map_partitions(partial(partition_statistics, options=options)).compute()
    return _combine(list(parts))


def corpus_bleu_bag(bag: Any, options: BleuOptions | None = None) -> BLEUScore:
    """Corpus BLEU of a ``dask.bag`` of ``(hyp, ref1, ..., refR)`` rows, equal to ``corpus_bleu``."""
    options = options or BleuOptions()
    total, nrefs = bag_statistics(bag, options)
    return score_statistics(total, options, nrefs)


def corpus_bleu_dataframe(
    frame: Any, hypothesis: str, references: Sequence[str], options: BleuOptions | None = None
) -> BLEUScore:
    """Corpus BLEU of a ``dask.dataframe``: column ``hypothesis`` against the ``references`` columns."""
    if isinstance(references, str) or not references:
        raise ValueError("give a list of at least 1 reference column")
    rows = frame[[hypothesis, *references]].to_bag(index=False)
    return corpus_bleu_bag(rows, options)
