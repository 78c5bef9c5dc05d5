"""The size and shape checks every reader runs before the work they guard: a line's characters, a segment's, the
lines and characters of files kept whole, the numbers a significance test holds, and the API's lines. Each raises a
typed error (``errors``) carrying what it found; the limits are ``bleucore.limits``'s, read when a check runs."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .. import limits
from ..limits import HeldLimits
from .errors import BadLine, HeldSizeError, LineTooLong, SegmentTooLong, TerWordPairs, TooManyLines

__all__ = [
    "check_held_statistics",
    "check_held_text",
    "check_held_total",
    "check_line_lengths",
    "check_segment_chars",
    "check_ter_words",
    "check_texts",
    "line_lengths",
    "lines_past_limit",
]


def lines_past_limit(name: str) -> TooManyLines:
    """The error of a file past ``limits.MAX_LINES`` lines."""
    return TooManyLines(name, limits.MAX_LINES)


def line_lengths(stream: Sequence[str | None]) -> list[int]:
    """The length of each line (0 for a missing reference, ``None``, or anything but text)."""
    try:
        return list(map(len, stream))  # type: ignore[arg-type]  # the usual case, at C speed
    except TypeError:
        return [len(line) if isinstance(line, str) else 0 for line in stream]


def check_line_lengths(lines: Iterable[str], name: str, first_line: int = 1) -> None:
    """LineTooLong naming the first line of ``name`` longer than ``limits.MAX_LINE_CHARS`` and how many are
    (``first_line``: the number of the first line given)."""
    _check_lengths(line_lengths(lines if isinstance(lines, (list, tuple)) else list(lines)), name, first_line)


def _check_lengths(lengths: Sequence[int], name: str, first_line: int = 1) -> None:
    """``check_line_lengths`` on the lines' lengths."""
    most = limits.MAX_LINE_CHARS
    if max(lengths, default=0) > most:
        long = [i for i, n in enumerate(lengths) if n > most]
        first = tuple(first_line + i for i in long[:3])
        raise LineTooLong(name, first[0], lengths[long[0]], most, len(long), first)


def check_segment_chars(streams: Sequence[Sequence[str | None]], name: str, first_line: int = 1) -> None:
    """SegmentTooLong naming the first segment (line ``first_line`` + i of ``name``) whose lines in ``streams`` (one
    list per file: hypotheses, references) have more than ``limits.MAX_SEGMENT_CHARS`` characters together."""
    _check_segments([line_lengths(stream) for stream in streams], name, first_line)


def _check_segments(lengths: Sequence[Sequence[int]], name: str, first_line: int = 1) -> None:
    """``check_segment_chars`` on each stream's line lengths."""
    most = limits.MAX_SEGMENT_CHARS
    if sum(max(row, default=0) for row in lengths) <= most:
        return  # the longest lines together fit, so every segment does
    totals = [sum(row) for row in zip(*lengths)]
    if totals and max(totals) > most:
        i = next(i for i, total in enumerate(totals) if total > most)
        raise SegmentTooLong(name, first_line + i, totals[i], most)


def check_ter_words(hypothesis_words: int, reference_words: int, index: int) -> None:
    """TerWordPairs (a SegmentLimitError) if TER would compare more than ``limits.MAX_TER_WORD_PAIRS`` word pairs in
    segment ``index`` (its edit distance keeps a row of reference positions per hypothesis word)."""
    most = limits.MAX_TER_WORD_PAIRS
    if hypothesis_words * reference_words > most:
        raise TerWordPairs(hypothesis_words, reference_words, most, index)


def _check_strings(stream: Sequence[object], name: str, missing_allowed: bool) -> None:
    """BadLine for the first line that is not a string (``None`` is a missing reference where allowed)."""
    kinds = set(map(type, stream))
    if kinds <= {str} or (missing_allowed and kinds <= {str, type(None)}):
        return
    for i, line in enumerate(stream):
        if not isinstance(line, str) and not (missing_allowed and line is None):
            kind = type(line).__name__
            raise BadLine(name, i + 1, "None" if line is None else f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}")


def check_texts(hypotheses: Sequence[str], references: Sequence[Sequence[str | None]]) -> list[list[int]]:
    """The API's checks before scoring: every hypothesis line a string and every reference line a string or ``None``
    (a missing reference), every line within ``MAX_LINE_CHARS``, every segment within ``MAX_SEGMENT_CHARS``, at most
    ``MAX_REFERENCES`` streams. Returns each stream's line lengths (hypotheses first), measured once here."""
    if len(references) > limits.MAX_REFERENCES:
        raise ValueError(f"{len(references):,} references per segment; at most {limits.MAX_REFERENCES:,} are allowed")
    names = ["the hypotheses", *(f"reference {j + 1}" for j in range(len(references)))]
    for stream, name in zip((hypotheses, *references), names):
        _check_strings(stream, name, missing_allowed=name != names[0])
    lengths = [line_lengths(stream) for stream in (hypotheses, *references)]
    for stream_lengths, name in zip(lengths, names):
        _check_lengths(stream_lengths, name)
    _check_segments(lengths, "the hypotheses")
    return lengths


def check_held_text(lines: Sequence[str], name: str, held: HeldLimits | None = None) -> None:
    """HeldSizeError if a file whose every line is kept passes ``held.lines`` lines or ``held.chars`` characters
    (None: ``limits.HELD``; a reader may stop one line past a limit, hence "more than")."""
    held = held or limits.HELD
    chars = sum(map(len, lines))
    if len(lines) > held.lines:
        most, what = held.lines, "lines"
    elif chars > held.chars:
        most, what = held.chars, "characters"
    else:
        return
    message = f"{name} has more than {most:,} {what}; a file read whole ({held.reader}) may have at most {most:,}"
    raise HeldSizeError(message, name, 1, len(lines), chars, held)


def check_held_total(files: Sequence[Sequence[str]], held: HeldLimits | None = None) -> None:
    """HeldSizeError if files kept whole together pass ``held.total_lines`` lines or ``held.total_chars`` characters
    (None: ``limits.HELD``)."""
    held = held or limits.HELD
    lines, chars = sum(map(len, files)), sum(sum(map(len, f)) for f in files)
    if lines > held.total_lines or chars > held.total_chars:
        message = (
            f"the {len(files)} files hold {lines:,} lines and {chars:,} characters together; files read whole "
            f"({held.reader}) may hold at most {held.total_lines:,} lines and {held.total_chars:,} characters"
        )
        raise HeldSizeError(message, f"the {len(files)} files", len(files), lines, chars, held)


def check_held_statistics(lines: int, systems: int, width: int, name: str) -> None:
    """ValueError once ``lines`` of ``systems`` systems with ``width`` statistics per line pass
    ``limits.MAX_HELD_STATISTICS``."""
    most_numbers = limits.MAX_HELD_STATISTICS
    if lines * systems * width > most_numbers:
        most = most_numbers // (systems * width)
        raise ValueError(
            f"{name} has more than {most:,} lines: a significance test holds every line's statistics, at most "
            f"{most_numbers:,} numbers ({systems} system{'s' if systems > 1 else ''} x {width} per line)"
        )
