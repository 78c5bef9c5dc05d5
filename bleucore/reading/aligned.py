"""Line-aligned files read together a chunk at a time: the hypothesis file (or every system's) and its references,
line i of each being one segment. The one chunk reader of the command line's scores, its significance tests and the
streamed API (``bleucore.stream``): each file's share of the chunk undecoded, so that a metric that counts UTF-8
words (``Metric.utf8_statistics``) never decodes them, and checked before any work on it: line counts that differ,
a segment past ``limits.MAX_SEGMENT_CHARS``, bytes that are not text."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NoReturn

import numpy as np

from .. import limits
from .checks import check_segment_chars
from .decode import split_fields
from .errors import EmptyInput, LineCountMismatch
from .lines import LineReader, PathLike, after_line, read_size

__all__ = ["AlignedFiles", "Chunk", "mismatch"]


@dataclass(frozen=True)
class Chunk:
    """``count`` segments from line ``first`` on: each file's lines as undecoded bytes, whole lines (the last line of
    a file may lack its newline)."""

    data: list[bytes]
    count: int
    first: int


class AlignedFiles:
    """Files read in step (paths are opened here and closed by ``close``; open ``LineReader``s are the caller's).

    ``num_refs`` > 1: the last file holds that many tab-separated references per line (``decode.split_fields``).
    ``owned``: close the ``LineReader``s given too. ``take`` gives the next chunk or None at the end; ``lines``
    decodes a chunk."""

    def __init__(self, sources: Sequence[PathLike | LineReader], num_refs: int = 1, owned: bool = False) -> None:
        self.readers: list[LineReader] = []
        self._opened: list[LineReader] = []
        self.num_refs = num_refs
        try:
            for source in sources:
                reader = source if isinstance(source, LineReader) else LineReader(source, read_size(len(sources)))
                self.readers.append(reader)
                if owned or reader is not source:
                    self._opened.append(reader)
        except BaseException:
            self.close()
            raise
        #: Every file UTF-8 and one reference per line: a chunk's bytes can be counted without decoding them.
        self.utf8 = num_refs == 1 and all(reader.encoding == "utf-8" for reader in self.readers)

    def __enter__(self) -> AlignedFiles:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the files opened here."""
        for reader in self._opened:
            reader.close()
        self._opened.clear()

    @property
    def lines_read(self) -> int:
        """Segments taken so far."""
        return self.readers[0].lines_read

    def take(self, chunk_bytes: int, chunk_lines: int) -> Chunk | None:
        """The next chunk: the first file's share of ``chunk_bytes`` (each file gets an equal share) and at most
        ``chunk_lines`` lines, fewer where a later file's lines are longer. None at the end; EmptyInput if the first
        file has no line at all (and no other file has one: LineCountMismatch first); LineCountMismatch if a file ends
        before another; SegmentTooLong past the limit."""
        first = self.lines_read + 1
        data, count = _take_raw(self.readers, chunk_bytes, chunk_lines)
        if not count and first == 1:
            raise EmptyInput(self.readers[0].name)
        return Chunk(data, count, first) if count else None

    def lines(self, chunk: Chunk) -> list[list[str]]:
        """Each file's lines of ``chunk``, decoded by the file rules; with ``num_refs`` > 1 the last file's lines
        split into that many reference streams."""
        decoded = [reader.decode_raw(data, chunk.first) for reader, data in zip(self.readers, chunk.data)]
        if self.num_refs > 1:
            decoded[-1:] = split_fields(decoded[-1], self.num_refs, self.readers[-1].name, chunk.first)
        return decoded


def mismatch(hyp: LineReader, ref: LineReader) -> NoReturn:
    """LineCountMismatch: the two files' line counts (each read to its end, or to the line limit)."""
    hyp_count, ref_count = hyp.count_rest(), ref.count_rest()
    raise LineCountMismatch(hyp.name, hyp_count, ref.name, ref_count)


def _take_raw(readers: Sequence[LineReader], chunk_bytes: int, chunk_lines: int) -> tuple[list[bytes], int]:
    """The next chunk of line-aligned lines of ``readers`` (the first sets the count), undecoded
    (``LineReader.take_raw``): each reader's share of ``chunk_bytes``, at most ``chunk_lines`` lines; fewer where a
    later file's lines are longer (the lines past them are put back, read again next time). The per-segment limit is
    checked in bytes (at least the characters): a segment past ``limits.MAX_SEGMENT_CHARS`` bytes is decoded and
    checked in characters, as each file is read, so a segment of 1,000 long references stops at the first reference
    past it. Bytes that are not text are named before a line count that differs."""
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
        if (
            head > limits.MAX_SEGMENT_CHARS
            and _first_segment_chars(readers, taken, first_line) > limits.MAX_SEGMENT_CHARS
        ):
            break  # the chunk's first segment, before the next file's line is read
    out = []
    for reader, (data, got) in zip(readers, taken):
        cut = after_line(data, count) if got > count else len(data)
        reader.unread_raw(data[cut:], got - count)
        out.append(data[:cut])
    if count and _max_segment_bytes(out, count) > limits.MAX_SEGMENT_CHARS:
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
