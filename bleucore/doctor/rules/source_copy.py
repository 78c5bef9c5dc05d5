"""Hypothesis lines that are their source line, or nearly (``overlap.dice`` at least ``NEAR``): left untranslated,
as chat models and fallbacks leave them; or the whole source file given as the hypothesis. Needs the source
(``Setup.source``: ``--source`` on the command line). A line whose reference is its source too (a name, a number,
a URL) is not counted."""

from __future__ import annotations

import numpy as np

from ..finding import Finding, Setup
from ..overlap import LineWords

CODE = "source-copy"
#: ``overlap.dice`` of a line and its source from which it counts as a copy.
NEAR = 0.8
#: Share of the non-empty lines copied for the whole hypothesis to be the source.
WHOLE = 0.9


#: Words with a letter a line needs to count as left untranslated (a line of numbers or one name is not).
MIN_WORDS = 3


def _normal(line: str) -> str:
    return " ".join(line.lower().split())


def _wordy(line: str) -> bool:
    return sum(any(c.isalpha() for c in word) for word in line.split()) >= MIN_WORDS


def copied_lines(setup: Setup) -> tuple[list[int], int] | None:
    """(0-based copied lines, lines of ``MIN_WORDS`` words: those that could be) of a hypothesis paired with its
    source (the second number only counted when some line is copied); None without one. Found once per setup (this
    rule and wrong-language ask)."""
    if "copied_lines" not in setup.memo:
        setup.memo["copied_lines"] = _copied_lines(setup)
    found: tuple[list[int], int] | None = setup.memo["copied_lines"]
    return found


def _copied_lines(setup: Setup) -> tuple[list[int], int] | None:
    source = setup.paired_source()
    if source is None:
        return None
    hyps = setup.hypotheses
    words = LineWords.of(setup)
    near = (words.dice(hyps, source) >= NEAR) & (words.lengths(hyps) > 0)
    for _, ref in setup.paired_references():
        if len(ref) == len(hyps):
            near &= words.dice(ref, source) < NEAR
    copied = [i for i in np.flatnonzero(near).tolist() if _wordy(hyps[i])]
    return copied, int(np.count_nonzero(words.lettered(hyps) >= MIN_WORDS)) if copied else 0


def check(setup: Setup) -> list[Finding]:
    if setup.source is None or 0 in setup.unread or not setup.hypotheses:
        return []
    n = len(setup.hypotheses)
    paired = copied_lines(setup)
    if paired is None:  # the line counts differ: is the hypothesis the source all the same?
        sources = {_normal(line) for line in setup.source}
        filled = [i for i, line in enumerate(setup.hypotheses) if _wordy(line)]
        copied = [i for i in filled if _normal(setup.hypotheses[i]) in sources]
        if len(copied) < WHOLE * len(filled) or not filled:
            return []
        nonempty = len(filled)
    else:
        copied, nonempty = paired
        if not copied:
            return []
    values = {
        "name": setup.hypothesis_name,
        "source": setup.source_name,
        "count": len(copied),
        "lines": n,
        "whole": len(copied) >= WHOLE * nonempty,
        "with_words": nonempty,
    }
    lines = tuple(i + 1 for i in copied[:3])
    if values["whole"]:
        return [
            Finding(
                CODE,
                "error",
                "certain",
                f"{len(copied):,} of the {nonempty:,} lines of {setup.hypothesis_name} with words are the lines of "
                f"{setup.source_name}: the source file was given as the hypothesis",
                "the score measures how much the source shares with the references (names, numbers), not a translation",
                "give the system's output as the hypothesis (-i)",
                lines,
                values,
            )
        ]
    return [
        Finding(
            CODE,
            "warning" if len(copied) * 100 >= n else "note",
            "likely",
            f"{len(copied):,} of the {n:,} lines of {setup.hypothesis_name} are (nearly) the same as their source "
            f"line in {setup.source_name}: left untranslated",
            "an untranslated line matches its reference only in names and numbers: it scores about 0 (or, between "
            "close languages, more than it deserves)",
            "keep them in the scored output (they are what the system produced) and report how many lines were "
            "left untranslated",
            lines,
            values,
        )
    ]
