"""Text files read a block at a time (``LineReader``), by the file rules of ``decode``: a file of any length in
bounded memory, a line past ``limits.MAX_LINE_CHARS`` or a file past ``limits.MAX_LINES`` refused as soon as it is
read, bad bytes named by their line and byte."""

from __future__ import annotations

import os
import sys
from bisect import bisect_left
from collections.abc import Callable, Iterator
from itertools import accumulate
from typing import BinaryIO

from .. import limits
from .checks import check_held_text, check_line_lengths, lines_past_limit
from .decode import BOM, UTF8, check_encoding, decode_block, split_lines
from .errors import LineTooLong

__all__ = [
    "READ_BYTES",
    "STDIN",
    "LineReader",
    "PathLike",
    "after_line",
    "count_lines",
    "iter_lines",
    "read_held_lines",
    "read_lines",
    "read_size",
]

PathLike = str | os.PathLike[str]
STDIN = "-"
READ_BYTES = 1 << 20
#: Bytes read ahead by all the readers of one command together (``read_size``): 1,000 reference files read
#: 32 KB at a time, not 1 MB each.
READ_AHEAD_BYTES = 32 << 20


def read_size(readers: int) -> int:
    """Bytes each of ``readers`` open files reads at a time: READ_AHEAD_BYTES shared, 16 KB to 1 MB each."""
    return max(1 << 14, min(READ_BYTES, READ_AHEAD_BYTES // max(readers, 1)))


def file_name(path: PathLike) -> str:
    """The name messages give a file (``<stdin>`` for "-")."""
    return "<stdin>" if str(path) == STDIN else os.fspath(path)


def count_lines(path: PathLike, read_bytes: int = READ_BYTES) -> int:
    """How many lines ``LineReader`` will read from a regular file (a final newline ends the last line), counted
    before any line is scored so that a mismatch is reported before output."""
    count, last = 0, b"\n"
    with open(path, "rb") as handle:
        while block := handle.read(read_bytes):
            count += block.count(b"\n")
            last = block[-1:]
            if count > limits.MAX_LINES:
                raise lines_past_limit(file_name(path))
    return count + (last != b"\n")


class LineReader:
    """The lines of a UTF-8 file (``"-"``: standard input), decoded a block at a time.

    ``take(n)`` returns the next n lines (fewer only at the end); ``lines_read`` counts them.
    ``rstrip``: drop each line's trailing whitespace, as sacreBLEU's command line reads files
    (it matters to chrF with spaces counted).
    """

    def __init__(
        self, path: PathLike, read_bytes: int = READ_BYTES, encoding: str = "utf-8", rstrip: bool = False
    ) -> None:
        self.name = file_name(path)
        self.encoding = check_encoding(encoding)
        self._read_bytes = read_bytes
        self._rstrip = rstrip
        self._handle: BinaryIO
        self._owned = str(path) != STDIN
        if self._owned:
            try:
                self._handle = open(path, "rb")  # noqa: SIM115 - closed by close()
            except OSError as exc:
                raise OSError(exc.errno, f"cannot read {self.name}: {exc.strerror or exc}") from None
        else:
            self._handle = sys.stdin.buffer
        self._pending: list[str] = []
        self._next = 0
        self._raw = b""  # whole lines read ahead, not yet decoded
        self._tail = b""
        self._start = True
        self._eof = False
        self._decoded_lines = 0  # lines before the next undecoded byte, for error messages
        self.lines_read = 0

    def __enter__(self) -> LineReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the file (standard input stays open)."""
        if self._owned:
            self._handle.close()

    def _read(self) -> bytes:
        block = self._handle.read(self._read_bytes)
        if self._start:
            while 0 < len(block) < len(BOM):  # a short first read: wait for a whole BOM
                more = self._handle.read(self._read_bytes)
                if not more:
                    break
                block += more
            self._start = False
            if block.startswith(BOM) and self.encoding in UTF8:
                block = block[len(BOM) :] or self._handle.read(self._read_bytes)
        return block

    def _next_block(self) -> bytes | None:
        """The next block of whole lines, undecoded (at the end of the file its last line, which may lack its
        newline); None at the end."""
        if self._raw:
            block, self._raw = self._raw, b""
            return block
        while not self._eof:
            block = self._read()
            data = self._tail + block
            if not block:  # a final lone "\r" (the file ends with "\n\r", or is "\r") is no line: split_lines drops it
                self._eof, self._tail = True, b""
                return data if data not in (b"", b"\r") else None
            cut = data.rfind(b"\n") + 1
            if cut == 0:  # no line ends in this block yet
                if len(data) > 4 * limits.MAX_LINE_CHARS:  # 4 bytes per character at most: surely too long
                    raise LineTooLong(self.name, self._decoded_lines + 1, None, limits.MAX_LINE_CHARS)
                self._tail = data
                continue
            self._tail = data[cut:]
            return data[:cut]
        return None

    def decode_raw(self, data: bytes, first_line: int) -> list[str]:
        """The lines of ``data`` (whole lines, undecoded, the first numbered ``first_line``), by the file rules:
        decoded, each within ``limits.MAX_LINE_CHARS``, right-stripped if ``rstrip``."""
        lines = split_lines(decode_block(data, self.name, self.encoding, first_line))
        check_line_lengths(lines, self.name, first_line)
        return [line.rstrip() for line in lines] if self._rstrip else lines

    def _count(self, lines: int) -> None:
        """Count ``lines`` more lines read; ValueError past ``limits.MAX_LINES`` (the module's value, which a test
        may lower)."""
        self._decoded_lines += lines
        if self._decoded_lines > limits.MAX_LINES:
            raise lines_past_limit(self.name)

    def _fill(self) -> bool:
        """Decode the next block of complete lines into the pending list; False at the end."""
        while (block := self._next_block()) is not None:
            lines = self.decode_raw(block, self._decoded_lines + 1)
            self._count(len(lines))
            self._pending, self._next = lines, 0
            if lines:
                return True
        return False

    def at_end(self) -> bool:
        """True if no line is left (reads ahead one block if needed, without decoding it)."""
        if self._next < len(self._pending) or self._raw:
            return False
        block = self._next_block()
        self._raw = block or b""
        return not block

    def _take_blocks(self, enough: Callable[[int, int], bool]) -> tuple[bytes, int]:
        """Undecoded blocks joined until ``enough(bytes, lines)`` or the end, and the lines they hold."""
        if self._next < len(self._pending):
            raise RuntimeError("take_raw after take: lines of the block are already decoded")
        parts: list[bytes] = []
        size = lines = 0
        while not enough(size, lines) and (block := self._next_block()) is not None:
            parts.append(block)
            size += len(block)
            count = block.count(b"\n") + (not block.endswith(b"\n"))
            lines += count
            self._count(count)  # the line number of the next block's first line, for its messages
        return b"".join(parts), lines

    def _give_back(self, data: bytes, lines: int, cut: int) -> tuple[bytes, int]:
        """``data[:cut]`` (whole lines) and its line count; the rest is read again next."""
        if cut < len(data):
            kept = data.count(b"\n", 0, cut)
            self._raw = data[cut:] + self._raw
            self._decoded_lines -= lines - kept
            data, lines = data[:cut], kept
        self.lines_read += lines
        return data, lines

    def take_raw(self, max_bytes: int, max_lines: int) -> tuple[bytes, int]:
        """The next whole lines, undecoded, up to about ``max_bytes`` bytes (at least one line: lines are taken
        until their bytes reach ``max_bytes``) or ``max_lines``: ``(data, count)``. Decode them with
        ``decode_raw``; the last line of the file may lack its newline."""
        data, lines = self._take_blocks(lambda size, count: size >= max_bytes or count >= max_lines)
        cut = data.find(b"\n", max_bytes - 1) + 1 or len(data)
        if (lines if cut == len(data) else data.count(b"\n", 0, cut)) > max_lines:
            cut = after_line(data, max_lines)
        return self._give_back(data, lines, cut)

    def unread_raw(self, data: bytes, lines: int) -> None:
        """Put back ``data``, the last ``lines`` lines taken undecoded: the next take starts with them again."""
        self._raw = data + self._raw
        self.lines_read, self._decoded_lines = self.lines_read - lines, self._decoded_lines - lines

    def take(self, count: int) -> list[str]:
        """The next ``count`` lines (fewer only when the file ends)."""
        out: list[str] = []
        while len(out) < count:
            if self._next >= len(self._pending) and not self._fill():
                break
            want = count - len(out)
            got = self._pending[self._next : self._next + want]
            self._next += len(got)
            out.extend(got)
        self.lines_read += len(out)
        return out

    def take_bytes(self, max_bytes: int, max_lines: int) -> list[str]:
        """The next lines up to about ``max_bytes`` characters (at least one line) or ``max_lines``:
        lines are taken, each counting its length + 1, until the count reaches ``max_bytes``."""
        out: list[str] = []
        size = 0
        while len(out) < max_lines and size < max_bytes:
            if self._next >= len(self._pending) and not self._fill():
                break
            window = self._pending[self._next : self._next + max_lines - len(out)]
            chars = list(accumulate(map(len, window)))
            # the first line at which the count reaches max_bytes (else the whole window)
            stop = bisect_left(range(len(window)), max_bytes - size, key=lambda i: chars[i] + i + 1)
            taken = min(stop + 1, len(window))
            out.extend(window[:taken])
            self._next += taken
            size += chars[taken - 1] + taken
        self.lines_read += len(out)
        return out

    def unread(self, lines: list[str]) -> None:
        """Put back ``lines``, the last ones taken: the next take starts with them again."""
        if lines:
            self._pending = lines + self._pending[self._next :]
            self._next = 0
            self.lines_read -= len(lines)

    def count_rest(self) -> int:
        """Read to the end; the total number of lines of the file."""
        while self.take(READ_BYTES):
            pass
        return self.lines_read


def after_line(data: bytes, count: int) -> int:
    """The offset just after the ``count``-th b"\\n" of ``data`` (which holds more lines)."""
    from numpy import flatnonzero, frombuffer, uint8  # lazy: reading files imports no numpy

    return int(flatnonzero(frombuffer(data, dtype=uint8) == 10)[count - 1]) + 1


def iter_lines(path: PathLike) -> Iterator[str]:
    """The lines of a UTF-8 file, one at a time, in bounded memory."""
    with LineReader(path) as reader:
        while True:
            block = reader.take(4096)
            if not block:
                return
            yield from block


def read_lines(path: PathLike) -> list[str]:
    """All the lines of a UTF-8 file (``"-"``: standard input) at once."""
    with LineReader(path) as reader:
        return reader.take(sys.maxsize)


def read_held_lines(path: PathLike) -> list[str]:
    """All the lines of a file kept whole, read no further than ``limits.check_held_text`` allows (ValueError): at most
    one line past either limit is read (counting each line's length + 1, more than the limit's characters past it)."""
    with LineReader(path, 1 << 16) as reader:
        held = limits.HELD
        lines = reader.take_bytes(held.chars + held.lines + 2, held.lines + 1)
        check_held_text(lines, reader.name, held)
        return lines
