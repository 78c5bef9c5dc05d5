"""What can be wrong with a file or a text given to score, as typed errors: each is a ``ValueError`` whose fields say
what was found, and whose message is the command line's English. The app words the same fields in its own languages
(``ui/inputs/``) and the doctor turns them into findings, so every reader reports a problem the same way."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..limits import HeldLimits

__all__ = [
    "BadLine",
    "BinaryInput",
    "EmptyInput",
    "HeldSizeError",
    "LineCountMismatch",
    "LineTooLong",
    "NotText",
    "ReadingError",
    "SegmentLimitError",
    "SegmentTooLong",
    "TerWordPairs",
    "TooManyLines",
    "WideEncoding",
    "plural_lines",
]


def plural_lines(count: int) -> str:
    """``1 line``, ``2 lines``, ``1,000 lines``."""
    return f"{count:,} line" if count == 1 else f"{count:,} lines"


class ReadingError(ValueError):
    """Input that cannot be scored as it is; ``name``: the file (or the side of the API's input) it is about."""

    def __init__(self, message: str, name: str) -> None:
        super().__init__(message)
        self.name = name


class EmptyInput(ReadingError):
    """A file or text without a segment to score: no line at all, or ``blank_lines`` blank lines only."""

    def __init__(self, name: str, blank_lines: int = 0) -> None:
        has = f"has only blank lines ({blank_lines:,})" if blank_lines else "is empty"
        super().__init__(f"{name} {has}: there is no segment to score", name)
        self.blank_lines = blank_lines


class NotText(ReadingError):
    """Bytes that are not text in ``encoding``: the first bad byte's ``line`` and ``column`` (1-based) and value."""

    def __init__(self, name: str, line: int, column: int, byte: int, encoding: str = "utf-8") -> None:
        label = "UTF-8" if encoding == "utf-8" else encoding
        super().__init__(f"{name} is not {label} text: line {line}, byte {column} (0x{byte:02x})", name)
        self.line, self.column, self.byte, self.encoding = line, column, byte, encoding


class BinaryInput(ReadingError):
    """A NUL byte (or character): a binary file, not text; ``line`` holds the first one."""

    def __init__(self, name: str, line: int) -> None:
        super().__init__(f"{name} holds a NUL byte on line {line}: it looks like a binary file, not text", name)
        self.line = line


class WideEncoding(ReadingError):
    """A UTF-16 file (its byte-order mark): lines are split at byte 0x0a, so it must be converted to UTF-8."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name} is UTF-16 encoded: convert it to UTF-8", name)


class LineTooLong(ReadingError):
    """Line ``line`` has ``chars`` characters (None: more than ``limit``, found before it was decoded), past
    ``limit``; ``count``: how many lines are past it (0 when the reader stopped at the first), ``first_lines``: the
    first three of them."""

    def __init__(
        self, name: str, line: int, chars: int | None, limit: int, count: int = 0, first_lines: tuple[int, ...] = ()
    ) -> None:
        has = f"more than {limit:,}" if chars is None else f"{chars:,}"
        super().__init__(f"line {line} of {name} has {has} characters; a line may have at most {limit:,}", name)
        self.line, self.chars, self.limit, self.count = line, chars, limit, count
        self.first_lines = first_lines or (line,)


class SegmentTooLong(ReadingError):
    """The lines of segment ``line`` (hypothesis and references together) have ``chars`` characters, past ``limit``."""

    def __init__(self, name: str, line: int, chars: int, limit: int) -> None:
        super().__init__(
            f"line {line} of {name}: the segment's lines have {chars:,} characters together; "
            f"a segment (hypothesis and references) may have at most {limit:,}",
            name,
        )
        self.line, self.chars, self.limit = line, chars, limit


class TooManyLines(ReadingError):
    """A file past ``limit`` lines (an endless pipe ends here)."""

    def __init__(self, name: str, limit: int) -> None:
        super().__init__(f"{name} has more than {limit:,} lines; a file may have at most {limit:,}", name)
        self.limit = limit


class LineCountMismatch(ReadingError):
    """Two files that should be line-aligned: ``name`` has ``lines``, ``other`` has ``other_lines``."""

    def __init__(self, name: str, lines: int, other: str, other_lines: int) -> None:
        super().__init__(f"{name} has {plural_lines(lines)} but {other} has {plural_lines(other_lines)}", name)
        self.lines, self.other, self.other_lines = lines, other, other_lines

    @property
    def first_unpaired(self) -> int:
        """The first line that is not in both files (1-based)."""
        return min(self.lines, self.other_lines) + 1


class BadLine(ReadingError):
    """The API's input: line ``line`` (1-based) of ``name`` ("the hypotheses", "reference 2") is ``kind`` (a type's
    name), not a string."""

    def __init__(self, name: str, line: int, kind: str) -> None:
        super().__init__(f"line {line} of {name} is {kind}, not a string", name)
        self.line, self.kind = line, kind


class HeldSizeError(ReadingError):
    """Files kept whole past a ``HeldLimits``: ``files`` files (1: the file ``name`` names), ``lines`` and ``chars``
    what was counted, ``limits`` the limits crossed."""

    def __init__(self, message: str, name: str, files: int, lines: int, chars: int, limits: HeldLimits) -> None:
        super().__init__(message, name)
        self.files, self.lines, self.chars, self.limits = files, lines, chars, limits


class SegmentLimitError(ValueError):
    """A segment past a metric's per-segment limit (TER's word pairs); ``index``: its 0-based row in the lines given
    (a reader adds the line with ``at_line``)."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__(f"segment {index + 1}: {message}")
        self.index = index
        self.detail = message

    def at_line(self, line: int, name: str) -> ValueError:
        """The same limit named by the file's line (a reader's chunks start past line 1)."""
        return ValueError(f"line {line} of {name}: {self.detail}")


class TerWordPairs(SegmentLimitError):
    """TER would compare ``hypothesis_words`` with ``reference_words`` words in segment ``index``, more than
    ``limit`` word pairs (``limits.MAX_TER_WORD_PAIRS``: its edit distance keeps a row per hypothesis word)."""

    def __init__(self, hypothesis_words: int, reference_words: int, limit: int, index: int) -> None:
        super().__init__(
            f"TER compares {hypothesis_words:,} hypothesis words with {reference_words:,} reference words; "
            f"at most {limit:,} word pairs per segment (2,000 x 2,000)",
            index,
        )
        self.hypothesis_words, self.reference_words, self.limit = hypothesis_words, reference_words, limit
