"""The sizes a user controls and their limits, each checked before the work or the allocation it guards
(README, "Limits"). A crossed limit is a ``ValueError`` naming it: one ``bleucore: error:`` line on the command
line, a message in the app."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: Characters of one line (hypothesis or reference). chrF and TER on one 180 MB line ran out of memory; the
#: longest segment of the WMT test sets is under 2,000 characters.
MAX_LINE_CHARS = 1_000_000
#: Characters of one segment: its hypothesis and reference lines together (every line of a segment is in memory at
#: once, with its n-grams: chrF's are about 100 bytes a character). A hypothesis and a reference of MAX_LINE_CHARS.
MAX_SEGMENT_CHARS = 2_000_000
#: Lines of one file (every reader: streamed scores too), so that an endless input (a pipe, /dev/zero's endless
#: line, a FIFO) ends; 4,000 times the longest WMT test set.
MAX_LINES = 10_000_000
#: Lines and characters of one file where every line and its results are kept: the report and the app (about
#: 5 KB a line there: 20,000 lines of a hypothesis and a reference peak near 300 MB in the app).
MAX_HELD_LINES = 20_000
MAX_HELD_CHARS = 1_000_000
#: ... and of all the files kept whole together (a page of the app, the report's systems and references): ten
#: references of 900,000 characters peaked at 462 MB on the app's Corpus page; four files at these totals peak near
#: 320 MB.
MAX_HELD_TOTAL_LINES = 80_000
MAX_HELD_TOTAL_CHARS = 4_000_000
#: The doctor's files (``doctor.diagnose``, behind ``python -m bleucore.doctor``): it keeps each line and its token
#: ids, not per-line results, so it checks a whole test set: a hypothesis and a reference of 100,000 lines and 11 MB
#: each peak near 320 MB, four files at the totals below near 420 MB (tests/test_hostile_cli.py measures both).
MAX_DOCTOR_LINES = 100_000
MAX_DOCTOR_CHARS = 12_000_000
MAX_DOCTOR_TOTAL_LINES = 200_000
MAX_DOCTOR_TOTAL_CHARS = 24_000_000
#: References per segment: reference files, or tab-separated fields with -nr.
MAX_REFERENCES = 1_000
#: TER's words of one segment: hypothesis words x reference words (its edit distance keeps a row of reference
#: positions per hypothesis word: 36 bytes a pair at worst, 150 MB here). 2,000 x 2,000 words; a WMT segment has
#: under 200.
MAX_TER_WORD_PAIRS = 4_000_000
#: Bootstrap resamples (-pbsn, -cin) and approximate-randomization trials (-parn).
MAX_RESAMPLES = 100_000
#: Numbers a significance test holds: lines x systems x the metric's statistics per line (BLEU 10, chrF2 18, TER 2;
#: 8 bytes each, held up to four times over while reading and resampling). 2 systems of 400,000 lines with BLEU.
MAX_HELD_STATISTICS = 8_000_000


class SegmentLimitError(ValueError):
    """A segment past a per-segment limit; ``index``: its 0-based row in the lines given (a reader adds the line)."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__(f"segment {index + 1}: {message}")
        self.index = index
        self.detail = message

    def at_line(self, line: int, name: str) -> ValueError:
        """The same limit named by the file's line (a reader's chunks start past line 1)."""
        return ValueError(f"line {line} of {name}: {self.detail}")


def check_ter_words(hypothesis_words: int, reference_words: int, index: int) -> None:
    """SegmentLimitError if TER would compare more than MAX_TER_WORD_PAIRS word pairs in one segment."""
    if hypothesis_words * reference_words > MAX_TER_WORD_PAIRS:
        raise SegmentLimitError(
            f"TER compares {hypothesis_words:,} hypothesis words with {reference_words:,} reference words; "
            f"at most {MAX_TER_WORD_PAIRS:,} word pairs per segment (2,000 x 2,000)",
            index,
        )


def lines_past_limit(name: str) -> ValueError:
    """The error of a file past MAX_LINES lines (read from this module when raised, so a test may lower it)."""
    return ValueError(f"{name} has more than {MAX_LINES:,} lines; a file may have at most {MAX_LINES:,}")


@dataclass(frozen=True)
class HeldLimits:
    """The limits of one reader's files kept whole: each file's lines and characters, and all of them together."""

    reader: str
    lines: int
    chars: int
    total_lines: int
    total_chars: int


#: The report's and the app's limits (the app words its own messages from a ``HeldSizeError``'s numbers).
HELD = HeldLimits("the report", MAX_HELD_LINES, MAX_HELD_CHARS, MAX_HELD_TOTAL_LINES, MAX_HELD_TOTAL_CHARS)
#: The doctor's limits (``doctor.diagnose``: its command line and API; the app's pages keep ``HELD``).
DOCTOR_HELD = HeldLimits(
    "the doctor", MAX_DOCTOR_LINES, MAX_DOCTOR_CHARS, MAX_DOCTOR_TOTAL_LINES, MAX_DOCTOR_TOTAL_CHARS
)


class HeldSizeError(ValueError):
    """Files kept whole past a ``HeldLimits``: ``files`` files (1: the file the message names), ``lines`` and
    ``chars`` what was counted, ``limits`` the limits crossed."""

    def __init__(self, message: str, files: int, lines: int, chars: int, limits: HeldLimits) -> None:
        super().__init__(message)
        self.files, self.lines, self.chars, self.limits = files, lines, chars, limits


def check_held_text(lines: Sequence[str], name: str, limits: HeldLimits | None = None) -> None:
    """HeldSizeError if a file whose every line is kept passes ``limits.lines`` lines or ``limits.chars`` characters
    (None: ``HELD``, read when called, so a test may lower it; a reader may stop one line past a limit, hence "more
    than")."""
    limits = limits or HELD
    chars = sum(map(len, lines))
    if len(lines) > limits.lines:
        most, what = limits.lines, "lines"
    elif chars > limits.chars:
        most, what = limits.chars, "characters"
    else:
        return
    raise HeldSizeError(
        f"{name} has more than {most:,} {what}; a file read whole ({limits.reader}) may have at most {most:,}",
        1,
        len(lines),
        chars,
        limits,
    )


def check_held_total(files: Sequence[Sequence[str]], limits: HeldLimits | None = None) -> None:
    """HeldSizeError if files kept whole together pass ``limits.total_lines`` lines or ``limits.total_chars``
    characters (None: ``HELD``, read when called)."""
    limits = limits or HELD
    lines, chars = sum(map(len, files)), sum(sum(map(len, f)) for f in files)
    if lines > limits.total_lines or chars > limits.total_chars:
        raise HeldSizeError(
            f"the {len(files)} files hold {lines:,} lines and {chars:,} characters together; files read whole "
            f"({limits.reader}) may hold at most {limits.total_lines:,} lines and {limits.total_chars:,} characters",
            len(files),
            lines,
            chars,
            limits,
        )


def line_lengths(stream: Sequence[str | None]) -> list[int]:
    """The length of each line (0 for a missing reference, ``None``, or anything but text)."""
    try:
        return list(map(len, stream))  # type: ignore[arg-type]  # the usual case, at C speed
    except TypeError:
        return [len(line) if isinstance(line, str) else 0 for line in stream]


def check_line_lengths(lines: Iterable[str], name: str, first_line: int = 1) -> None:
    """ValueError naming the first line of ``name`` longer than MAX_LINE_CHARS (``first_line``: its number)."""
    _check_lengths(line_lengths(lines if isinstance(lines, (list, tuple)) else list(lines)), name, first_line)


def _check_lengths(lengths: Sequence[int], name: str, first_line: int = 1) -> None:
    """``check_line_lengths`` on the lines' lengths."""
    if max(lengths, default=0) > MAX_LINE_CHARS:
        i = next(i for i, n in enumerate(lengths) if n > MAX_LINE_CHARS)
        raise ValueError(
            f"line {first_line + i} of {name} has {lengths[i]:,} characters; a line may have at most {MAX_LINE_CHARS:,}"
        )


def check_segment_chars(streams: Sequence[Sequence[str | None]], name: str, first_line: int = 1) -> None:
    """ValueError naming the first segment (line ``first_line`` + i of ``name``) whose lines in ``streams`` (one list
    per file: hypotheses, references) have more than MAX_SEGMENT_CHARS characters together."""
    _check_segments([line_lengths(stream) for stream in streams], name, first_line)


def _check_segments(lengths: Sequence[Sequence[int]], name: str, first_line: int = 1) -> None:
    """``check_segment_chars`` on each stream's line lengths."""
    if sum(max(row, default=0) for row in lengths) <= MAX_SEGMENT_CHARS:
        return  # the longest lines together fit, so every segment does
    totals = [sum(row) for row in zip(*lengths)]
    if totals and max(totals) > MAX_SEGMENT_CHARS:
        i = next(i for i, total in enumerate(totals) if total > MAX_SEGMENT_CHARS)
        raise ValueError(
            f"line {first_line + i} of {name}: the segment's lines have {totals[i]:,} characters together; "
            f"a segment (hypothesis and references) may have at most {MAX_SEGMENT_CHARS:,}"
        )


def check_texts(hypotheses: Sequence[str], references: Sequence[Sequence[str | None]]) -> list[list[int]]:
    """The API's checks before scoring: every line within MAX_LINE_CHARS, every segment within MAX_SEGMENT_CHARS,
    at most MAX_REFERENCES streams. Returns each stream's line lengths (hypotheses first), measured once here."""
    if len(references) > MAX_REFERENCES:
        raise ValueError(f"{len(references):,} references per segment; at most {MAX_REFERENCES:,} are allowed")
    lengths = [line_lengths(stream) for stream in (hypotheses, *references)]
    for stream_lengths, name in zip(
        lengths, ["the hypotheses", *(f"reference {j + 1}" for j in range(len(references)))]
    ):
        _check_lengths(stream_lengths, name)
    _check_segments(lengths, "the hypotheses")
    return lengths


def check_held_statistics(lines: int, systems: int, width: int, name: str) -> None:
    """ValueError once ``lines`` of ``systems`` systems with ``width`` statistics per line pass MAX_HELD_STATISTICS."""
    if lines * systems * width > MAX_HELD_STATISTICS:
        most = MAX_HELD_STATISTICS // (systems * width)
        raise ValueError(
            f"{name} has more than {most:,} lines: a significance test holds every line's statistics, at most "
            f"{MAX_HELD_STATISTICS:,} numbers ({systems} system{'s' if systems > 1 else ''} x {width} per line)"
        )
