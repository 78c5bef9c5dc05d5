"""What the command line's forked copy, which scores the first half of each two chunks, does with its part
(``stream.aligned_statistics``' ``finish``): for a corpus score it sends back the part's sums (``part_sums``); for
``-sl`` it formats and writes the part's lines itself while this process scores the second half (``written_by_copy``),
so that the lines are formatted on both CPUs and no text goes through the pipe. The order holds because this process
flushes what it wrote before the copy is given a part, and writes its own part only once the copy has said it is
done."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TextIO

__all__ = ["Written", "can_write_from_copy", "part_sums", "written_by_copy"]


def part_sums(stats: Any) -> Any:
    """A corpus score's part: its sums (one row, not one per line: less to send)."""
    return stats.total()


@dataclass(frozen=True)
class Written:
    """The lines of a part, written by the forked copy: how many; ``error``, the copy's ``OSError`` while writing
    (some lines may be out: this process must not write them again)."""

    lines: int
    error: OSError | None = None

    def count(self) -> int:
        """The lines written; the copy's error, raised again here."""
        if self.error is not None:
            raise self.error
        return self.lines


def can_write_from_copy(out: TextIO) -> bool:
    """True if a forked copy's writes land where ``out``'s do: ``out`` is this process's standard output, a file
    descriptor (not an in-memory capture, whose copy would be the forked copy's own)."""
    if out is not sys.stdout:
        return False
    try:
        out.fileno()
    except (OSError, ValueError, io.UnsupportedOperation):
        return False
    return True


def written_by_copy(lines: Callable[[Any], Iterator[str] | None]) -> Callable[[Any], Any]:
    """The copy's ``finish``: the part's lines (``lines(stats)``; None: the statistics are sent back and formatted
    here) written to standard output and flushed, a batch at a time."""

    def finish(stats: Any) -> Any:
        batches = lines(stats)
        if batches is None:
            return stats
        try:
            for text in batches:
                sys.stdout.write(text)
            sys.stdout.flush()
        except OSError as exc:
            return Written(stats.segments, exc)
        return Written(stats.segments)

    return finish
