"""The command line's input: its files opened as ``reading.LineReader``s (the file rules and their errors are
``bleucore.reading``'s) and read in step a chunk of lines at a time (``reading.AlignedFiles``): for corpus scores and
``-sl`` each chunk's statistics are used and dropped, for the significance tests every segment's statistics are kept
(not the lines). A file that cannot be opened is a ``UsageError`` naming it."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..reading.checks import check_held_statistics
from ..reading.errors import EmptyInput, SegmentLimitError
from ..reading.lines import READ_BYTES, STDIN, LineReader, read_size
from .usage import PROG, UsageError

if TYPE_CHECKING:
    from ..metrics import Metric
    from ..reading.aligned import AlignedFiles


def _open(path: str, encoding: str = "utf-8", read_bytes: int = READ_BYTES) -> LineReader:
    """A ``reading.LineReader`` of a file (or of standard input for '-'), its lines right-stripped as sacreBLEU's
    command line reads them; UsageError if it cannot be opened."""
    if path == STDIN and (sys.stdin is None or sys.stdin.isatty()):
        raise UsageError(f"no hypothesis file: give -i HYP or pipe the hypotheses into python -m {PROG}")
    try:
        return LineReader(path, read_bytes, encoding=encoding, rstrip=True)
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
    from ..stream import CHUNK_BYTES, READ_CHUNK_LINES  # lazy: numpy, kept out of start-up (--help imports none)

    if not reference_paths:
        raise UsageError(f"no reference file given: {PROG} REF [REF ...] -i HYP (references before -i)")
    nrefs = num_refs if num_refs > 1 else len(reference_paths)
    parts: list[list[Any]] = [[] for _ in hypothesis_paths]
    with _aligned([*hypothesis_paths, *reference_paths], encoding, num_refs) as files:
        systems = len(hypothesis_paths)
        # a streamed score's chunks (1 MB: small, which leaves room for the held rows)
        while chunk := files.take(CHUNK_BYTES, READ_CHUNK_LINES):
            lines = files.lines(chunk)
            try:
                chunk_stats = metric.systems_statistics(lines[:systems], lines[systems:])
            except SegmentLimitError as exc:  # the system is not known here: its line is the same in every file
                raise exc.at_line(chunk.first + exc.index, "the files") from None
            for part, stats in zip(parts, chunk_stats):
                part.append(stats)
            check_held_statistics(
                files.lines_read, systems, metric.columns(parts[0][-1]).shape[1], files.readers[0].name
            )
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
    finish: Callable[[Any], Any] | None = None,
) -> Iterator[Any]:
    """Per-segment statistics of one system, a chunk of lines at a time (``stream.iter_statistics``; ``processes``
    and ``finish``: its forked copy, ``stream.aligned_statistics``), with its errors: files that cannot be read, an
    empty hypothesis file, line counts, the limits."""
    from ..stream import aligned_statistics  # lazy: numpy, kept out of start-up (--help imports none)

    with _aligned([hypothesis_path, *reference_paths], encoding, num_refs) as files:
        yield from aligned_statistics(files, metric, processes=processes, finish=finish)


def _aligned(paths: Sequence[str], encoding: str, num_refs: int) -> AlignedFiles:
    """The files opened in step (UsageError naming one that cannot be opened)."""
    from ..reading.aligned import AlignedFiles  # lazy: numpy, kept out of start-up (--help imports none)

    readers: list[LineReader] = []
    try:
        for path in paths:
            readers.append(_open(path, encoding, read_size(len(paths))))
    except BaseException:
        for reader in readers:
            reader.close()
        raise
    if readers[0].at_end():  # the command line names an empty hypothesis file before any line count
        for reader in readers:
            reader.close()
        raise EmptyInput(readers[0].name)
    return AlignedFiles(readers, num_refs, owned=True)
