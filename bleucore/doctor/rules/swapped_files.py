"""Hypothesis and reference given the other way round: the reference reads like a system's output (chat wrappers,
refusals, subword markers or <unk> tokens, a word repeated in a loop, lines copied from the source, all lowercase)
and the hypothesis like a translator's text. BLEU's precision and brevity penalty are not symmetric: swapped,
every number is another one. Each such trait found on the reference side and not on the hypothesis side is one
sign; the finding says how many signs there are, and none is said when a trait points the other way."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ..chat import lower_text, refusal_lines, wrapped_lines
from ..finding import Finding, Setup
from ..overlap import LineWords
from .source_copy import NEAR

CODE = "swapped-files"
#: A trait counts on a side holding it on this share of its lines (and at least ``MIN_LINES``) ...
SHARE = 0.01
MIN_LINES = 2
#: ... and on this many times more lines than the other side.
RATIO = 3.0
#: Subword markers and unknown-word tokens, lowercase (found in the lowercased text).
_MARKERS = ("@@", "\u2581", "<unk>", "[unk]")
#: A word repeated this many times in a row is a decoding loop.
LOOP = 4

Trait = Callable[[Setup, Sequence[str]], int]


def _wrapped(setup: Setup, lines: Sequence[str]) -> int:
    return len(wrapped_lines(lower_text(setup.memo, lines)))


def _refused(setup: Setup, lines: Sequence[str]) -> int:
    return len(refusal_lines(lower_text(setup.memo, lines)))


def _markers(setup: Setup, lines: Sequence[str]) -> int:
    return len(lower_text(setup.memo, lines).lines_with(_MARKERS))


def _loops(setup: Setup, lines: Sequence[str]) -> int:
    """Lines with a word (case ignored) ``LOOP`` times in a row, from the word ids ``overlap.LineWords`` holds."""
    ids, lengths = LineWords.of(setup).lowered(lines)
    if ids.size < LOOP:
        return 0
    ends = np.cumsum(lengths)
    same = (ids[1:] == ids[:-1]).astype(np.int64)
    same[ends[:-1][ends[:-1] < ids.size] - 1] = 0  # never across the end of a line
    runs = np.flatnonzero(np.convolve(same, np.ones(LOOP - 1, dtype=np.int64), "valid") == LOOP - 1)
    return int(np.unique(np.searchsorted(ends, runs, "right")).size)


def _copied(setup: Setup, lines: Sequence[str]) -> int:
    source = setup.paired_source()
    if source is None or len(lines) != len(source):
        return 0
    words = LineWords.of(setup)
    return int(((words.dice(lines, source) >= NEAR) & (words.lengths(lines) >= 3)).sum())


def _lowercase(setup: Setup, lines: Sequence[str]) -> int:
    """Every line when the text (its first 200,000 characters) has letters with case and no capital, else 0."""
    text = "".join(lines[:20_000])[:200_000]
    return len(lines) if text.lower() == text and text.upper() != text else 0


#: Trait -> how it is found; each a count of lines (all of them for a whole-file trait).
TRAITS: dict[str, Trait] = {
    "chat-wrappers": _wrapped,
    "refusals": _refused,
    "subword-markers": _markers,
    "repetition-loops": _loops,
    "source-copies": _copied,
    "all-lowercase": _lowercase,
}


def _holds(count: int, lines: int) -> bool:
    return count >= max(MIN_LINES, SHARE * lines)


def check(setup: Setup) -> list[Finding]:
    hyps = setup.hypotheses
    if 0 in setup.unread or not hyps:
        return []
    findings = []
    for j, ref in setup.paired_references():
        if len(ref) != len(hyps):
            continue
        on_refs = {name: trait(setup, ref) for name, trait in TRAITS.items()}
        if not any(_holds(count, len(ref)) for count in on_refs.values()):
            continue  # nothing of a system's output in the reference: the hypothesis side is not read
        signs: dict[str, tuple[int, int]] = {}
        against = False
        for name, trait in TRAITS.items():
            on_ref, on_hyp = on_refs[name], trait(setup, hyps)
            if _holds(on_ref, len(ref)) and on_ref >= RATIO * on_hyp:
                signs[name] = (on_ref, on_hyp)
            elif _holds(on_hyp, len(hyps)) and on_hyp >= RATIO * on_ref:
                against = True
        if not signs or against:
            continue
        sure = "likely" if len(signs) >= 2 else "possibly"
        named = ", ".join(f"{name} on {r:,} lines against {h:,}" for name, (r, h) in signs.items())
        findings.append(
            Finding(
                CODE,
                "warning" if len(signs) >= 2 else "note",
                "likely",
                f"{setup.reference_name(j)} reads like a system's output and {setup.hypothesis_name} like a reference "
                f"({len(signs)} sign{'s' if len(signs) > 1 else ''}: {named}): the files are {sure} swapped",
                "swapped, every tool's number changes (precision and the brevity penalty are not symmetric) and "
                "measures the reference against the output",
                "check which file is the system's output: give it with -i, the reference before it",
                (),
                {
                    "hypothesis": setup.hypothesis_name,
                    "reference": setup.reference_name(j),
                    "signs": {name: {"reference": r, "hypothesis": h} for name, (r, h) in signs.items()},
                    "sure": sure,
                },
            )
        )
    return findings
