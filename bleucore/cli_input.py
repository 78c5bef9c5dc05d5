"""The command line's input: its files opened as ``line_reader.LineReader`` (file rules and the
not-UTF-8 message are line_reader's), read a chunk of lines at a time: for corpus scores and ``-sl`` each chunk's
statistics are used and dropped, for the significance tests every segment's statistics are kept (not the lines);
every problem is a ``UsageError`` naming the file."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .limits import SegmentLimitError, check_held_statistics
from .line_reader import READ_BYTES, LineReader, read_size, split_fields
from .usage import PROG, UsageError

if TYPE_CHECKING:
    from .line_reader import LineReader
    from .metrics import Metric

STDIN = "-"


def _open(path: str, encoding: str = "utf-8", read_bytes: int = READ_BYTES) -> LineReader:
    """A ``line_reader.LineReader`` of a UTF-8 file (or of standard input for '-'); UsageError if it
    cannot be opened. The file rules and the not-UTF-8 message are ``bleucore.stream``'s."""
    if path == STDIN and (sys.stdin is None or sys.stdin.isatty()):
        raise UsageError(f"no hypothesis file: give -i HYP or pipe the hypotheses into python -m {PROG}")
    try:
        return LineReader(
            path, read_bytes, encoding=encoding, rstrip=True
        )  # sacreBLEU's command line reads line.rstrip()
    except OSError as exc:  # LineReader's message: "cannot read <name>: <reason>"
        raise UsageError(exc.strerror or str(exc)) from None


@dataclass(frozen=True)
class HeldStatistics:
    """Every segment's statistics of one or more systems against the same references (the lines are not kept)."""

    system_names: tuple[str, ...]
    statistics: tuple[Any, ...]
    nrefs: int


def read_statistics(
    reference_paths: Sequence[str],
    hypothesis_paths: Sequence[str],
    metric: Metric,
    num_refs: int = 1,
    encoding: str = "utf-8",
) -> HeldStatistics:
    """The significance tests' input: every system's per-segment statistics, computed a chunk of lines at a time as
    the files are read, so that only the statistics are held, at most ``limits.MAX_HELD_STATISTICS`` numbers (lines x
    systems x the metric's statistics per line): reading stops at the first chunk past it. Errors as
    ``iter_chunk_statistics``: files that cannot be read, an empty hypothesis file, different line counts."""
    from .stream import (  # lazy: numpy, kept out of start-up (--help imports none)
        CHUNK_BYTES,
        READ_CHUNK_LINES,
        take_aligned,
    )

    if not reference_paths:
        raise UsageError(f"no reference file given: {PROG} REF [REF ...] -i HYP (references before -i)")
    nrefs = num_refs if num_refs > 1 else len(reference_paths)
    parts: list[list[Any]] = [[] for _ in hypothesis_paths]
    readers: list[LineReader] = []
    try:
        for path in [*hypothesis_paths, *reference_paths]:
            readers.append(_open(path, encoding, read_size(len(hypothesis_paths) + len(reference_paths))))
        systems, references = readers[: len(hypothesis_paths)], readers[len(hypothesis_paths) :]
        if systems[0].at_end():
            raise UsageError(f"{systems[0].name} is empty: there is no segment to score")
        while True:  # smaller chunks than a streamed score's: room for the held rows
            lines, *others = take_aligned(readers, CHUNK_BYTES // 4, READ_CHUNK_LINES)
            if not lines:
                break
            streams = others[len(systems) - 1 :]
            if num_refs > 1:
                streams = split_fields(
                    streams[0], num_refs, references[0].name, references[0].lines_read - len(lines) + 1
                )
            try:
                chunk = metric.systems_statistics([lines, *others[: len(systems) - 1]], streams)
            except SegmentLimitError as exc:  # the system is not known here: its line is the same in every file
                raise exc.at_line(systems[0].lines_read - len(lines) + exc.index + 1, "the files") from None
            for part, stats in zip(parts, chunk):
                part.append(stats)
            check_held_statistics(
                systems[0].lines_read, len(systems), metric.columns(parts[0][-1]).shape[1], systems[0].name
            )
    finally:
        for reader in readers:
            reader.close()
    names = tuple("<stdin>" if p == STDIN else p for p in hypothesis_paths)
    held = tuple(chunks[0] if len(chunks) == 1 else type(chunks[0]).concatenate(chunks) for chunks in parts)
    return HeldStatistics(names, held, nrefs)


def iter_chunk_statistics(
    reference_paths: Sequence[str],
    hypothesis_path: str,
    metric: Metric,
    num_refs: int = 1,
    encoding: str = "utf-8",
    processes: int = 1,
) -> Iterator[Any]:
    """Per-segment statistics of one system, a chunk of lines at a time (``stream.iter_statistics``; ``processes``:
    its forked copy), with its errors: files that cannot be read, an empty hypothesis file, line counts, the limits."""
    from .stream import iter_statistics  # lazy: numpy, kept out of start-up (--help imports none)

    readers: list[LineReader] = []
    try:
        for path in [hypothesis_path, *reference_paths]:
            readers.append(_open(path, encoding, read_size(1 + len(reference_paths))))
        if readers[0].at_end():
            raise UsageError(f"{readers[0].name} is empty: there is no segment to score")
        yield from iter_statistics(readers[0], readers[1:], metric, num_refs=num_refs, processes=processes)
    finally:
        for reader in readers:
            reader.close()
