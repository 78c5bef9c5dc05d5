"""Score files of any length in bounded memory: read line-aligned chunks, keep only summed statistics.

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
from collections.abc import Iterable, Iterator, Sequence

from .line_reader import (
    STDIN,
    LineReader,
    PathLike,
    check_encoding,
    iter_lines,
    plural_lines,
    read_lines,
    split_fields,
    split_lines,
)
from .metrics import Metric, as_metric
from .metrics.bleu.options import BleuOptions
from .metrics.bleu.score import BLEUScore, score_statistics
from .metrics.bleu.stats import Statistics

__all__ = [
    "CHUNK_BYTES",
    "READ_CHUNK_LINES",
    "STDIN",
    "LineReader",
    "corpus_bleu_files",
    "iter_lines",
    "iter_statistics",
    "check_encoding",
    "read_lines",
    "sentence_bleu_files",
    "split_fields",
    "split_lines",
    "sum_statistics",
]

#: At most this many segments per chunk read from the files (the app caches by chunks of its own) ...
READ_CHUNK_LINES = 50_000
#: ... and about this many characters of hypothesis and reference text together (long lines or
#: many references make smaller chunks; about 40 MB of tokens at most).
CHUNK_BYTES = 1 << 22


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


def _reader(source: PathLike | LineReader) -> LineReader:
    return source if isinstance(source, LineReader) else LineReader(source)


def iter_statistics(
    hypothesis: PathLike | LineReader,
    references: Sequence[PathLike | LineReader],
    options: BleuOptions | Metric | None = None,
    chunk_lines: int = READ_CHUNK_LINES,
    chunk_bytes: int = CHUNK_BYTES,
    num_refs: int = 1,
) -> Iterator[Statistics]:
    """Per-segment statistics of a hypothesis file against line-aligned reference files, a chunk
    at a time (in order); a ValueError names the files if their line counts differ. Files are
    paths or open ``LineReader``s (closed here only if opened here). ``options``: BleuOptions or
    any ``metrics.Metric`` (its ``chunk_context`` is carried from chunk to chunk). ``num_refs``
    > 1: one reference file whose lines hold that many tab-separated references (``split_fields``)."""
    metric = as_metric(options)
    if isinstance(references, (str, os.PathLike, LineReader)) or not references:
        raise ValueError("give a sequence of at least 1 reference file")
    if chunk_lines < 1 or chunk_bytes < 1:
        raise ValueError(f"chunks must hold at least 1 line and 1 byte, got {chunk_lines} lines, {chunk_bytes} bytes")
    if num_refs < 1 or (num_refs > 1 and len(references) != 1):
        raise ValueError(f"--num-refs {num_refs} takes exactly one reference file of tab-separated references")
    hyp_bytes = max(1, chunk_bytes // (1 + max(num_refs, len(references))))
    readers: list[LineReader] = []
    opened: list[LineReader] = []
    context = None
    try:
        for source in [hypothesis, *references]:
            reader = _reader(source)
            readers.append(reader)
            if reader is not source:
                opened.append(reader)
        hyp = readers[0]
        utf8 = num_refs == 1 and all(reader.encoding == "utf-8" for reader in readers)
        while True:
            first = hyp.lines_read + 1
            data, count = hyp.take_raw(hyp_bytes, chunk_lines)
            raw = [reader.take_raw_lines(count) for reader in readers[1:]]
            for reader, (_, taken) in zip(readers[1:], raw):
                if taken != count:  # bytes that are not text are named first, as when lines were decoded as read
                    hyp.decode_raw(data, first)
                    for other, (ref_data, _) in zip(readers[1:], raw):
                        other.decode_raw(ref_data, first)
                    _mismatch(hyp, reader)
            if not count:
                for reader in readers[1:]:
                    extra, more = reader.take_raw_lines(1)
                    if more:
                        reader.decode_raw(extra, reader.lines_read)
                        _mismatch(hyp, reader)
                if hyp.lines_read == 0:
                    raise ValueError(f"{hyp.name} is empty: there is no segment to score")
                return
            context = metric.chunk_context(context)
            stats = metric.utf8_statistics(data, [d for d, _ in raw], count, context) if utf8 else None
            if stats is None:  # the metric reads decoded lines (or the bytes need decoding to be checked)
                hypotheses = hyp.decode_raw(data, first)
                streams = [reader.decode_raw(d, first) for reader, (d, _) in zip(readers[1:], raw)]
                if num_refs > 1:
                    streams = split_fields(streams[0], num_refs, readers[1].name, first)
                stats = metric.statistics(hypotheses, streams, context)
            yield stats
    finally:
        for reader in opened:
            reader.close()


def _mismatch(hyp: LineReader, ref: LineReader) -> None:
    hyp_count, ref_count = hyp.count_rest(), ref.count_rest()
    raise ValueError(f"{hyp.name} has {plural_lines(hyp_count)} but {ref.name} has {plural_lines(ref_count)}")


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
