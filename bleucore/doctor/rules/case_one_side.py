"""Text lowercased on one side only: every capitalized word fails to match unless the score is lowercased."""

from __future__ import annotations

import numpy as np

from ..finding import Finding, Setup

CODE = "case-mismatch"
#: Characters looked at first for a capital, before the whole text is lowercased.
HEAD_CHARS = 65_536


def _cased_letters(text: str, enough: int) -> int:
    """Cased letters in ``text`` (a letter is cased when ``swapcase`` changes it), counted in a growing prefix until
    ``enough`` are found: the whole text is read only when it has fewer."""
    end = 4096
    while True:
        part = text[:end]
        swapped = part.swapcase()
        if len(swapped) == len(part):
            as_codes = [np.frombuffer(t.encode("utf-32-le"), dtype=np.uint32) for t in (part, swapped)]
            cased = int(np.count_nonzero(as_codes[0] != as_codes[1]))
        else:  # a letter such as ß grows: count one by one
            cased = sum(1 for c in part if c.isupper() or c.islower())
        if cased >= enough or end >= len(text):
            return cased
        end *= 16


def _lower(lines: list[str]) -> bool | None:
    """True if every cased letter is lowercase, False if some are uppercase, None with fewer than 20 cased letters."""
    text = "".join(lines)
    if _cased_letters(text, 20) < 20:
        return None
    head = text[:HEAD_CHARS]  # a capital in it is one in the text (each letter lowers alike wherever it stands)
    return head == head.lower() and text == text.lower()


def check(setup: Setup) -> list[Finding]:
    sides = setup.sides()
    state = {name: _lower(lines) for name, lines in sides}
    lower = [n for n, v in state.items() if v is True]
    mixed = [n for n, v in state.items() if v is False]
    if not lower or not mixed:
        return []
    return [
        Finding(
            CODE,
            "warning",
            "likely",
            f"{', '.join(lower)} {'is' if len(lower) == 1 else 'are'} all lowercase but {', '.join(mixed)} "
            f"{'has' if len(mixed) == 1 else 'have'} capitals",
            "every capitalized word (sentence starts, names) fails to match",
            "score the cased output, or lowercase both sides with -lc and say so",
            (),
            {"lower": lower, "mixed": mixed},
        )
    ]
