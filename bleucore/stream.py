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
from typing import NoReturn

from .line_reader import (
    STDIN,
    LineReader,
    PathLike,
    check_encoding,
    iter_lines,
    plural_lines,
    read_lines,
    read_size,
    split_fields,
    split_lines,
)
from .limits import MAX_SEGMENT_CHARS, SegmentLimitError, check_segment_chars
from .metrics import Metric, as_metric
from .metrics.bleu.options import BleuOptions
from .metrics.bleu.score import BLEUScore, score_statistics
from .metrics.bleu.sentence_rows import sentence_scores_from_statistics
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


def _reader(source: PathLike | LineReader, readers: int) -> LineReader:
    return source if isinstance(source, LineReader) else LineReader(source, read_size(readers))


def take_aligned(readers: Sequence[LineReader], chunk_bytes: int, chunk_lines: int) -> list[list[str]]:
    """The next chunk of line-aligned lines of ``readers`` (the first sets the count, [] lists at its end): each
    reader's share of ``chunk_bytes`` characters, at most ``chunk_lines`` lines; fewer where a later file's lines are
    longer (the lines past them are put back, read again next time). ValueError if a file ends before another
    (``mismatch``) or a segment's lines pass ``limits.MAX_SEGMENT_CHARS`` together (checked as each file is read,
    so a segment of 1,000 long references stops at the first reference past it)."""
    share = max(1, chunk_bytes // len(readers))
    first = readers[0].take_bytes(share, chunk_lines)
    taken, count, chars = [first], len(first), len(first[0]) if first else 0
    for reader in readers[1:]:
        got = reader.take_bytes(share, count) if count else []
        if len(got) < count and reader.at_end() or not count and reader.take(1):
            mismatch(readers[0], reader)
        taken.append(got)
        count, chars = len(got), chars + (len(got[0]) if got else 0)
        if chars > MAX_SEGMENT_CHARS:  # the chunk's first segment, before the next file's line is read
            break
    first_line = readers[0].lines_read - len(first) + 1
    check_segment_chars([lines[:count] for lines in taken], readers[0].name, first_line)
    for reader, lines in zip(readers, taken):
        reader.unread(lines[count:])
    return [lines[:count] for lines in taken]


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
    readers: list[LineReader] = []
    opened: list[LineReader] = []
    context = None
    try:
        for source in [hypothesis, *references]:
            reader = _reader(source, 1 + len(references))
            readers.append(reader)
            if reader is not source:
                opened.append(reader)
        hyp = readers[0]
        while True:
            lines, *streams = take_aligned(readers, chunk_bytes, chunk_lines)
            if not lines:
                if hyp.lines_read == 0:
                    raise ValueError(f"{hyp.name} is empty: there is no segment to score")
                return
            if num_refs > 1:
                streams = split_fields(streams[0], num_refs, readers[1].name, readers[1].lines_read - len(lines) + 1)
            context = metric.chunk_context(context)
            try:
                stats = metric.statistics(lines, streams, context)
            except SegmentLimitError as exc:  # its segment counted from this chunk: name the file's line
                raise exc.at_line(hyp.lines_read - len(lines) + exc.index + 1, hyp.name) from None
            yield stats
    finally:
        for reader in opened:
            reader.close()


def mismatch(hyp: LineReader, ref: LineReader) -> NoReturn:
    """ValueError: the two files' line counts (each read to its end, or to the line limit)."""
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
    options = options or BleuOptions(effective_order=True)
    for chunk in iter_statistics(hypothesis, references, options, chunk_lines, chunk_bytes):
        yield from sentence_scores_from_statistics(chunk, options, len(references))
