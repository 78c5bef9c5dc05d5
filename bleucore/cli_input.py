"""The command line's input: its files opened as ``line_reader.LineReader`` (file rules and the
not-UTF-8 message are line_reader's), read whole for the significance tests or a chunk of lines at a
time for corpus scores and ``-sl``; every problem is a ``UsageError`` naming the file."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .line_reader import LineReader, split_fields
from .usage import PROG, UsageError

if TYPE_CHECKING:
    from .line_reader import LineReader
    from .metrics import Metric

STDIN = "-"


def _open(path: str, encoding: str = "utf-8") -> LineReader:
    """A ``line_reader.LineReader`` of a UTF-8 file (or of standard input for '-'); UsageError if it
    cannot be opened. The file rules and the not-UTF-8 message are ``bleucore.stream``'s."""
    if path == STDIN and (sys.stdin is None or sys.stdin.isatty()):
        raise UsageError(f"no hypothesis file: give -i HYP or pipe the hypotheses into python -m {PROG}")
    try:
        return LineReader(path, encoding=encoding, rstrip=True)  # sacreBLEU's command line reads line.rstrip()
    except OSError as exc:  # LineReader's message: "cannot read <name>: <reason>"
        raise UsageError(exc.strerror or str(exc)) from None


def _read_all(path: str, encoding: str = "utf-8") -> list[str]:
    with _open(path, encoding) as reader:
        return reader.take(sys.maxsize)


def _count(n: int) -> str:
    return f"{n} line" if n == 1 else f"{n} lines"


@dataclass(frozen=True)
class Corpus:
    """The hypothesis lines of one or more systems and the reference streams, all line-aligned."""

    system_names: tuple[str, ...]
    systems: tuple[list[str], ...]
    reference_names: tuple[str, ...]
    references: tuple[list[str], ...]


def read_corpus(
    reference_paths: Sequence[str], hypothesis_paths: Sequence[str], num_refs: int = 1, encoding: str = "utf-8"
) -> Corpus:
    """Read every file and check that all have the same number of lines (``num_refs`` > 1: the one
    reference file's lines split at tabs, ``line_reader.split_fields``)."""

    if not reference_paths:
        raise UsageError(f"no reference file given: {PROG} REF [REF ...] -i HYP (references before -i)")
    systems = tuple(_read_all(path, encoding) for path in hypothesis_paths)
    names = tuple("<stdin>" if p == STDIN else p for p in hypothesis_paths)
    references = tuple(_read_all(path, encoding) for path in reference_paths)
    if num_refs > 1:
        references = tuple(split_fields(references[0], num_refs, reference_paths[0], 1))
        reference_paths = [f"{reference_paths[0]} (field {j + 1})" for j in range(num_refs)]
    first, count = names[0], len(systems[0])
    if count == 0:
        raise UsageError(f"{first} is empty: there is no segment to score")
    for name, lines in [*zip(names[1:], systems[1:]), *zip(reference_paths, references)]:
        if len(lines) != count:
            raise UsageError(f"{first} has {_count(count)} but {name} has {_count(len(lines))}")
    return Corpus(names, systems, tuple(reference_paths), references)


def iter_chunk_statistics(
    reference_paths: Sequence[str], hypothesis_path: str, metric: Metric, num_refs: int = 1, encoding: str = "utf-8"
) -> Iterator[Any]:
    """Per-segment statistics of one system, a chunk of lines at a time (``stream.iter_statistics``),
    with the errors of ``read_corpus``: files that cannot be read, an empty hypothesis file, line counts."""
    from .stream import iter_statistics  # lazy: numpy, kept out of start-up (--help imports none)

    readers: list[LineReader] = []
    try:
        for path in [hypothesis_path, *reference_paths]:
            readers.append(_open(path, encoding))
        if readers[0].at_end():
            raise UsageError(f"{readers[0].name} is empty: there is no segment to score")
        yield from iter_statistics(readers[0], readers[1:], metric, num_refs=num_refs)
    finally:
        for reader in readers:
            reader.close()
