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
from typing import Any, NoReturn

import numpy as np

from .forking import ChunkWorker, can_fork
from .limits import MAX_SEGMENT_CHARS, SegmentLimitError, check_segment_chars
from .line_reader import (
    STDIN,
    LineReader,
    PathLike,
    after_line,
    check_encoding,
    iter_lines,
    plural_lines,
    read_lines,
    read_size,
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
    "check_encoding",
    "corpus_bleu_files",
    "iter_lines",
    "iter_statistics",
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
        if (len(got) < count and reader.at_end()) or (not count and reader.take(1)):
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


def take_aligned_raw(readers: Sequence[LineReader], chunk_bytes: int, chunk_lines: int) -> tuple[list[bytes], int]:
    """``take_aligned``'s chunk, undecoded (``LineReader.take_raw``): each file's lines as bytes, and their count.
    The same shares, line counts and per-segment limit, checked in bytes (at least the characters): a segment past
    ``limits.MAX_SEGMENT_CHARS`` bytes is decoded and checked in characters. Bytes that are not text are named
    before a line count that differs, as when every block was decoded as it was read."""
    share = max(1, chunk_bytes // len(readers))
    first_line = readers[0].lines_read + 1
    taken = [readers[0].take_raw(share, chunk_lines)]
    count, head = taken[0][1], _first_line_bytes(taken[0][0])
    for reader in readers[1:]:
        data, got = reader.take_raw(share, count) if count else (b"", 0)
        taken.append((data, got))
        if (got < count and reader.at_end()) or (not count and not reader.at_end()):
            for other, (raw, _) in zip(readers, taken):
                other.decode_raw(raw, first_line)
            mismatch(readers[0], reader)
        count, head = got, head + _first_line_bytes(data)
        if head > MAX_SEGMENT_CHARS and _first_segment_chars(readers, taken, first_line) > MAX_SEGMENT_CHARS:
            break  # the chunk's first segment, before the next file's line is read
    out = []
    for reader, (data, got) in zip(readers, taken):
        cut = after_line(data, count) if got > count else len(data)
        reader.unread_raw(data[cut:], got - count)
        out.append(data[:cut])
    if count and _max_segment_bytes(out, count) > MAX_SEGMENT_CHARS:
        check_segment_chars([r.decode_raw(d, first_line) for r, d in zip(readers, out)], readers[0].name, first_line)
    return out, count


def _max_segment_bytes(streams: Sequence[bytes], count: int) -> int:
    """The most bytes that one segment's lines take together in ``streams`` (each ``count`` whole lines, newlines
    not counted), an upper bound of its characters."""
    total = np.zeros(count, dtype=np.int64)
    for data in streams:
        ends = np.flatnonzero(np.frombuffer(data, dtype=np.uint8) == 10)
        ends = ends if ends.size == count else np.append(ends, len(data))
        total += np.diff(ends, prepend=-1) - 1
    return int(total.max()) if count else 0


def _first_line_bytes(data: bytes) -> int:
    return (data.find(b"\n") + 1 or len(data) + 1) - 1


def _first_segment_chars(readers: Sequence[LineReader], taken: Sequence[tuple[bytes, int]], first_line: int) -> int:
    first_lines = [data[: _first_line_bytes(data)] for data, _ in taken]
    return sum(len(reader.decode_raw(line, first_line)[0]) for reader, line in zip(readers, first_lines) if line)


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
    ``processes`` > 1: every other chunk of undecoded UTF-8 is scored by a forked copy (``forking.ChunkWorker``)."""
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
    worker: ChunkWorker | None = None

    def score(data: list[bytes], count: int, first: int, context: object) -> Any:  # the metric's statistics
        try:
            stats = metric.utf8_statistics(data[0], data[1:], count, context) if utf8 else None
            if stats is None:  # the metric reads decoded lines (or the bytes need decoding to be checked)
                lines, *streams = [reader.decode_raw(d, first) for reader, d in zip(readers, data)]
                if num_refs > 1:
                    streams = split_fields(streams[0], num_refs, readers[1].name, first)
                stats = metric.statistics(lines, streams, context)
        except SegmentLimitError as exc:  # its segment counted from this chunk: name the file's line
            raise exc.at_line(first + exc.index, hyp.name) from None
        return stats

    try:
        for source in [hypothesis, *references]:
            reader = _reader(source, 1 + len(references))
            readers.append(reader)
            if reader is not source:
                opened.append(reader)
        hyp = readers[0]
        utf8 = num_refs == 1 and all(reader.encoding == "utf-8" for reader in readers)
        while True:
            first = hyp.lines_read + 1
            context = metric.chunk_context(context)
            forking = utf8 and getattr(context, "word_local", False) and can_fork(processes)
            # Before any copy, a smaller first chunk is scored here: the copies inherit its words and imports.
            warm_up = forking and first == 1
            size = (max(1, chunk_bytes // 4), max(1, chunk_lines // 4)) if warm_up else (chunk_bytes, chunk_lines)
            data, count = take_aligned_raw(readers, *size)
            if not count:
                if hyp.lines_read == 0:
                    raise ValueError(f"{hyp.name} is empty: there is no segment to score")
                return
            if forking and not warm_up:
                data_2, count_2 = take_aligned_raw(readers, chunk_bytes, chunk_lines)
                if count_2:  # the two chunks' lines shared evenly: the first part to the copy, the rest here
                    if worker is None:
                        worker = ChunkWorker(_copy_scorer(metric, context))
                    half = min(count, (count + count_2) // 2)
                    cuts = [after_line(d, half) if half < count else len(d) for d in data]
                    theirs = [d[:cut] for d, cut in zip(data, cuts)]
                    mine = [d[cut:] + d_2 for d, cut, d_2 in zip(data, cuts, data_2)]
                    data.clear()  # held now as the two parts
                    data_2.clear()
                    sent = worker.alive and worker.submit((theirs, half))
                    context = metric.chunk_context(context)
                    failure = None
                    try:
                        stats_2 = score(mine, count + count_2 - half, first + half, context)
                    except Exception as exc:  # reported after the copy's lines, which come first in the files
                        failure = exc
                    stats_1 = (worker.result() if sent else None) or score(theirs, half, first, context)
                    if failure is not None:
                        raise failure
                    yield stats_1
                    yield stats_2
                    continue
            yield score(data, count, first, context)
    finally:
        if worker is not None:
            worker.close()
        for reader in opened:
            reader.close()


def _copy_scorer(metric: Metric, context: Any) -> Callable[[tuple[list[bytes], int]], Any]:
    """What a forked copy runs on each part it is sent: ``utf8_statistics`` with its own chunk context (the
    encoder it inherited, renewed as ``chunk_context`` says)."""
    state = [context]

    def run(task: tuple[list[bytes], int]) -> Any:
        data, count = task
        state[0] = metric.chunk_context(state[0])
        return metric.utf8_statistics(data[0], data[1:], count, state[0])

    return run


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
    from .metrics.bleu.sentence_rows import sentence_scores_from_statistics  # lazy: the corpus path needs none

    options = options or BleuOptions(effective_order=True)
    for chunk in iter_statistics(hypothesis, references, options, chunk_lines, chunk_bytes):
        yield from sentence_scores_from_statistics(chunk, options, len(references))
