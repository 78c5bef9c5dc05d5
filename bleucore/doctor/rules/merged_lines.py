"""Two segments on one hypothesis line with the line counts still equal (a later line added, or split in two, made up
the count): from that line on, each hypothesis line resembles the next reference line more than its own, and is
scored against another sentence's reference. Found from every line's overlap with its own reference and the next
one (``overlap.LineWords``); a line split in two, or a line added, is the mirror case (each later line resembles the
previous reference)."""

from __future__ import annotations

import numpy as np

from ..finding import Finding, Setup
from ..overlap import LineWords

CODE = "merged-lines"
#: Lines after the merged one that must mostly resemble the shifted reference.
WINDOW = 6
#: ``overlap.dice`` a shifted line must reach with the shifted reference for the shift to count.
MIN_DICE = 0.2


def _first_shift(own: np.ndarray, shifted: np.ndarray) -> int | None:
    """The first 0-based line i such that most of the ``WINDOW`` lines after it, and the next one, resemble the
    shifted reference more than their own, while line i itself does not: None if no such line."""
    moved = ((shifted > own) & (shifted >= MIN_DICE)).astype(np.int64)
    if moved.size <= WINDOW:
        return None
    window = np.convolve(moved, np.ones(WINDOW, dtype=np.int64), "valid")  # window[i]: lines i .. i + WINDOW - 1
    starts = np.flatnonzero(window[1:] * 2 > WINDOW) if window.size > 1 else np.zeros(0, dtype=np.int64)
    for i in starts.tolist():
        if not moved[i] and moved[i + 1]:
            return int(i)
    return None


def _until(own: np.ndarray, shifted: np.ndarray, start: int) -> int:
    """The first 0-based line after ``start`` from which most of ``WINDOW`` lines pair with their own reference
    again (the number of lines when they never do)."""
    back = ((own >= shifted) | (own >= 0.5)).astype(np.int64)
    if back.size - start - 1 < WINDOW:
        return back.size
    window = np.convolve(back[start + 1 :], np.ones(WINDOW, dtype=np.int64), "valid")
    again = np.flatnonzero(window * 2 > WINDOW)
    return start + 1 + int(again[0]) if again.size else back.size


def check(setup: Setup) -> list[Finding]:
    hyps = setup.hypotheses
    refs = [(j, s) for j, s in setup.paired_references() if len(s) == len(hyps)]
    if not refs or len(hyps) <= WINDOW:
        return []
    j, ref = refs[0]
    words = LineWords.of(setup)
    own = words.dice(hyps, ref)
    for kind, step in (("merged", 1), ("split", -1)):
        shifted = words.dice(hyps, ref, step)
        at = _first_shift(own, shifted)
        if at is None:
            continue
        if kind == "merged":  # line at or at + 1 holds both segments: the one that shares most with both references
            start = max((at, at + 1), key=lambda i: min(own[i], shifted[i]))
            line = start + 1
        elif own[at] < MIN_DICE and shifted[at] < MIN_DICE:  # line at matches nothing: a line added
            kind, start, line = "added", at, at + 1
        else:  # line at + 1 is the second half of a split line
            start = at + 1
            line = at + 2
        until = _until(own, shifted, start)
        moved = until - start - 1
        holds = {
            "merged": f"holds two segments: lines {line} and {line + 1} of {setup.reference_name(j)}",
            "split": f"is the second half of line {line - 1}, split in two",
            "added": "resembles no reference line near it: a line added",
        }[kind]
        mend = {
            "merged": f"split line {line} into its two segments",
            "split": f"join it to line {line - 1}",
            "added": f"remove line {line} if it is not the system's output",
        }[kind]
        return [
            Finding(
                CODE,
                "error",
                "likely",
                f"line {line} of {setup.hypothesis_name} {holds}; the line counts are equal, but the "
                f"{moved:,} lines after it resemble the {'next' if kind == 'merged' else 'previous'} reference line "
                "more than their own",
                "each of those lines is scored against another sentence's reference: their matches are lost and the "
                "score is far too low",
                f"{mend}, and mend the line that made up the count (near line {until + (kind == 'merged')}): the lines "
                "must pair one segment per line",
                (line,),
                {
                    "name": setup.hypothesis_name,
                    "reference": setup.reference_name(j),
                    "kind": kind,
                    "line": line,
                    "shifted": moved,
                    "until": until,
                },
            )
        ]
    return []
