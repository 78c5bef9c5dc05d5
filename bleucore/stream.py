"""Score files of up to ``limits.MAX_LINES`` lines in bounded memory: read line-aligned chunks, keep only summed
statistics.

BLEU's sufficient statistics are additive (Papineni et al. 2002; Post 2018): the corpus score
is computed from the column sums of per-segment statistics, so a corpus can be scored chunk by
chunk, or partition by partition on a cluster, and the sums combined at the end::

    parts = [corpus_statistics(h, refs, options).total() for h, refs in partitions]  # anywhere
    score = score_statistics(sum_statistics(parts), options, nrefs)                 # one sum

File rules (shared with the command line): UTF-8, a BOM at the start ignored; lines end at
"\\n" only and one "\\r" before it is dropped; U+2028, U+0085 and other separators stay inside
their line; a final newline does not start an extra empty line; invalid UTF-8 is a ValueError
naming the file, line and byte.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from .forking import ChunkWorker, can_fork
from .metrics import Metric, as_metric
from .metrics.bleu.options import BleuOptions
from .metrics.bleu.score import BLEUScore, score_statistics
from .metrics.bleu.stats import Statistics
from .reading.aligned import AlignedFiles, Chunk
from .reading.errors import SegmentLimitError
from .reading.lines import LineReader, PathLike, after_line

__all__ = [
    "CHUNK_BYTES",
    "READ_CHUNK_LINES",
    "corpus_bleu_files",
    "iter_statistics",
    "sentence_bleu_files",
    "sum_statistics",
]

#: At most this many segments per chunk read from the files (the app caches by chunks of its own) ...
READ_CHUNK_LINES = 50_000
#: ... and about this many characters of hypothesis and reference text together (long lines or many references make
#: smaller chunks). Each word of a chunk takes some 100 bytes of arrays while it is encoded: 1 MB chunks keep a 1M-line
#: score near 100 MB (120 MB in the forked copy) where 4 MB ones took 180 MB, and were as fast on WMT22-shaped lines
#: (issue 41; within 5% of 1.5 and 2 MB chunks, all faster than 4 MB).
CHUNK_BYTES = 1 << 20


def sum_statistics(parts: Iterable[Statistics]) -> Statistics:
    """One row: the column sums of all the segments of ``parts`` (chunks, partitions, workers), for
    any metric's statistics (``total()`` and ``concatenate(parts)``, as ``stats.Statistics``)."""
    total: Statistics | None = None
    for part in parts:
        summed = part.total()
        total = summed if total is None else type(summed).concatenate([total, summed]).total()
    if total is None:
        raise ValueError("no statistics to sum: 0 parts")
    return total


def iter_statistics(
    hypothesis: PathLike | LineReader,
    references: Sequence[PathLike | LineReader],
    options: BleuOptions | Metric | None = None,
    chunk_lines: int = READ_CHUNK_LINES,
    chunk_bytes: int = CHUNK_BYTES,
    num_refs: int = 1,
    processes: int = 1,
) -> Iterator[Statistics]:
    """Per-segment statistics of a hypothesis file against line-aligned reference files, a chunk
    at a time (in order); a ValueError names the files if their line counts differ. Files are
    paths or open ``LineReader``s (closed here only if opened here). ``options``: BleuOptions or
    any ``metrics.Metric`` (its ``chunk_context`` is carried from chunk to chunk). ``num_refs``
    > 1: one reference file whose lines hold that many tab-separated references (``split_fields``).
    ``processes`` > 1: the first half of the lines of each two chunks is scored by a forked copy
    (``forking.ChunkWorker``), for a word-local tokenizer or MeCab (``TokenEncoder.fork_chunks``)."""
    metric = as_metric(options)
    if isinstance(references, (str, os.PathLike, LineReader)) or not references:
        raise ValueError("give a sequence of at least 1 reference file")
    if chunk_lines < 1 or chunk_bytes < 1:
        raise ValueError(f"chunks must hold at least 1 line and 1 byte, got {chunk_lines} lines, {chunk_bytes} bytes")
    if num_refs < 1 or (num_refs > 1 and len(references) != 1):
        raise ValueError(f"--num-refs {num_refs} takes exactly one reference file of tab-separated references")
    with AlignedFiles([hypothesis, *references], num_refs) as files:
        yield from aligned_statistics(files, metric, chunk_lines, chunk_bytes, processes)


def aligned_statistics(
    files: AlignedFiles,
    metric: Metric,
    chunk_lines: int = READ_CHUNK_LINES,
    chunk_bytes: int = CHUNK_BYTES,
    processes: int = 1,
    finish: Callable[[Any], Any] | None = None,
) -> Iterator[Any]:
    """``iter_statistics`` of files already open in step (the command line opens its own, to word its errors).

    ``finish``: what the forked copy does with the statistics of its part before sending back what it returns,
    which is given in their place (the corpus score sends the part's sum; ``-sl`` writes the part's lines itself and
    says so: the consumer writes what it is given, and flushes it, before asking for the next item). Where the copy
    fails, the part is scored here and its statistics are given."""
    context = None
    worker: ChunkWorker | None = None

    def score(chunk: Chunk, context: object) -> Any:  # the metric's statistics
        try:
            stats = metric.utf8_statistics(chunk.data[0], chunk.data[1:], chunk.count, context) if files.utf8 else None
            if stats is None:  # the metric reads decoded lines (or the bytes need decoding to be checked)
                lines, *streams = files.lines(chunk)
                stats = metric.statistics(lines, streams, context)
        except SegmentLimitError as exc:  # its segment counted from this chunk: name the file's line
            raise exc.at_line(chunk.first + exc.index, files.readers[0].name) from None
        return stats

    try:
        while True:
            context = metric.chunk_context(context)
            forkable = files.utf8 and getattr(context, "fork_chunks", False)
            forking = forkable and (worker is not None or can_fork(processes))
            # Before any copy, a smaller first chunk is scored here: the copies inherit its words and imports.
            warm_up = forking and files.lines_read == 0
            size = (max(1, chunk_bytes // 4), max(1, chunk_lines // 4)) if warm_up else (chunk_bytes, chunk_lines)
            chunk = files.take(*size)
            if chunk is None:
                return
            second = files.take(chunk_bytes, chunk_lines) if forking and not warm_up else None
            if second is None:
                yield score(chunk, context)
                continue
            # The two chunks' lines shared evenly: the first part to the copy, the rest here.
            if worker is None:
                worker = ChunkWorker(_copy_scorer(score, metric, context, finish))
            count = chunk.count
            half = min(count, (count + second.count) // 2)
            cuts = [after_line(d, half) if half < count else len(d) for d in chunk.data]
            theirs = Chunk([d[:cut] for d, cut in zip(chunk.data, cuts)], half, chunk.first)
            mine = Chunk(
                [d[cut:] + d_2 for d, cut, d_2 in zip(chunk.data, cuts, second.data)],
                count + second.count - half,
                chunk.first + half,
            )
            del chunk, second  # held now as the two parts
            sent = worker.alive and worker.submit(theirs)
            context = metric.chunk_context(context)
            failure = None
            try:
                stats_2 = score(mine, context)
            except Exception as exc:  # reported after the copy's lines, which come first in the files
                failure = exc
            stats_1 = (worker.result() if sent else None) or score(theirs, context)
            if failure is not None:
                raise failure
            yield stats_1
            yield stats_2
    finally:
        if worker is not None:
            worker.close()


def _copy_scorer(
    score: Callable[[Chunk, Any], Any], metric: Metric, context: Any, finish: Callable[[Any], Any] | None = None
) -> Callable[[Chunk], Any]:
    """What a forked copy runs on each part it is sent: ``score`` (undecoded bytes where the metric can read them, else
    decoded by the files' rules, which the copy inherited) with its own chunk context (the encoder it inherited,
    renewed as ``chunk_context`` says), then ``finish``."""
    state = [context]

    def run(part: Chunk) -> Any:
        state[0] = metric.chunk_context(state[0])
        stats = score(part, state[0])
        return stats if finish is None else finish(stats)

    return run


def corpus_bleu_files(
    hypothesis: PathLike,
    references: Sequence[PathLike],
    options: BleuOptions | None = None,
    chunk_lines: int = READ_CHUNK_LINES,
    chunk_bytes: int = CHUNK_BYTES,
) -> BLEUScore:
    """Corpus BLEU of a hypothesis file: chunks are scored and only their sums kept."""
    options = options or BleuOptions()
    total = sum_statistics(iter_statistics(hypothesis, references, options, chunk_lines, chunk_bytes))
    return score_statistics(total, options, len(references))


def sentence_bleu_files(
    hypothesis: PathLike,
    references: Sequence[PathLike],
    options: BleuOptions | None = None,
    chunk_lines: int = READ_CHUNK_LINES,
    chunk_bytes: int = CHUNK_BYTES,
) -> Iterator[BLEUScore]:
    """Sentence BLEU of every hypothesis line, in order, a chunk at a time (defaults: effective order)."""
    from .metrics.bleu.sentence_rows import sentence_scores_from_statistics  # lazy: the corpus path needs none

    options = options or BleuOptions(effective_order=True)
    for chunk in iter_statistics(hypothesis, references, options, chunk_lines, chunk_bytes):
        yield from sentence_scores_from_statistics(chunk, options, len(references))
