"""The sizes a user controls and their limits, each checked before the work or the allocation it guards
(README, "Limits"). A crossed limit is a ``ValueError`` naming it: one ``bleucore: error:`` line on the command
line, a message in the app."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

#: Characters of one line (hypothesis or reference). chrF and TER on one 180 MB line ran out of memory; the
#: longest segment of the WMT test sets is under 2,000 characters.
MAX_LINE_CHARS = 1_000_000
#: References per segment: reference files, or tab-separated fields with -nr.
MAX_REFERENCES = 1_000
#: Bootstrap resamples (-pbsn, -cin) and approximate-randomization trials (-parn).
MAX_RESAMPLES = 100_000


def check_line_lengths(lines: Iterable[str], name: str, first_line: int = 1) -> None:
    """ValueError naming the first line of ``name`` longer than MAX_LINE_CHARS (``first_line``: its number)."""
    lines = lines if isinstance(lines, (list, tuple)) else list(lines)
    try:
        longest = max(map(len, lines), default=0)  # the usual case, at C speed
    except TypeError:  # None (a missing reference, as sacreBLEU allows) or a non-text, checked by the caller
        longest = max((len(line) for line in lines if isinstance(line, str)), default=0)
    if longest <= MAX_LINE_CHARS:
        return
    for number, line in enumerate(lines, start=first_line):
        if isinstance(line, str) and len(line) > MAX_LINE_CHARS:
            raise ValueError(
                f"line {number} of {name} has {len(line):,} characters; a line may have at most {MAX_LINE_CHARS:,}"
            )


def check_texts(hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> None:
    """The API's checks before scoring: every line within MAX_LINE_CHARS, at most MAX_REFERENCES streams."""
    if len(references) > MAX_REFERENCES:
        raise ValueError(f"{len(references):,} references per segment; at most {MAX_REFERENCES:,} are allowed")
    check_line_lengths(hypotheses, "the hypotheses")
    for j, stream in enumerate(references):
        check_line_lengths(stream, f"reference {j + 1}")
