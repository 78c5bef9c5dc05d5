"""Reference files whose line count differs from the hypothesis': every line after the first missing or extra one
is scored against another sentence's reference. Where the alignment visibly breaks is the first hypothesis line
that resembles its neighbour's reference (the next one when the reference has more lines, the previous one when
it has fewer) more than its own, as most of the few lines after it do too. Surplus lines that are all empty and
all at the end (a blank line after the last) are named as such: there the lines still pair."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..finding import Finding, Setup

CODE = "line-count-mismatch"
#: Before the other rules' findings of its severity: lines that do not pair make every other number wrong: said first.
ORDER = 0
#: Lines from a candidate break that must mostly resemble the shifted reference for it to count as the break.
WINDOW = 4
_WORD = re.compile(r"\w+")


def _units(line: str) -> tuple[frozenset[str], frozenset[str]]:
    """A line's lowercased words (without punctuation) and its character pairs (which still overlap where words
    differ by a particle or an ending, and in scripts written without spaces)."""
    words = _WORD.findall(line.lower())
    text = "".join(words)
    return frozenset(words), frozenset(text[i : i + 2] for i in range(len(text) - 1)) or frozenset(text)


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 0.0


class _Resemblance:
    """How alike a hypothesis line and a reference line are: the Jaccard similarity of their words plus that of
    their character pairs (each line's units made once, when asked)."""

    def __init__(self, hypotheses: Sequence[str], references: Sequence[str]) -> None:
        self.hypotheses, self.references = hypotheses, references
        self._hyp: dict[int, tuple[frozenset[str], frozenset[str]]] = {}
        self._ref: dict[int, tuple[frozenset[str], frozenset[str]]] = {}

    def __call__(self, i: int, j: int) -> float:
        if i not in self._hyp:
            self._hyp[i] = _units(self.hypotheses[i])
        if j not in self._ref:
            self._ref[j] = _units(self.references[j])
        (words_a, pairs_a), (words_b, pairs_b) = self._hyp[i], self._ref[j]
        return _jaccard(words_a, words_b) + _jaccard(pairs_a, pairs_b)


def break_point(hypotheses: Sequence[str], references: Sequence[str]) -> int | None:
    """0-based index of the first hypothesis line that resembles the shifted reference line (``i + 1`` when the
    references have more lines, ``i - 1`` when fewer) more than its own, on most of ``WINDOW`` lines; None if none."""
    step = 1 if len(references) > len(hypotheses) else -1
    lines = [i for i in range(min(len(hypotheses), len(references))) if 0 <= i + step < len(references)]
    similar = _Resemblance(hypotheses, references)
    for position, i in enumerate(lines):
        if similar(i, i + step) <= similar(i, i):
            continue
        window = lines[position : position + WINDOW]
        if 2 * sum(similar(k, k + step) > similar(k, k) for k in window) > len(window):
            return i
    return None


def _trailing_empty(longer: Sequence[str], shorter: Sequence[str]) -> bool:
    return all(not line.strip() for line in longer[len(shorter) :])


def check(setup: Setup) -> list[Finding]:
    findings = []
    hyps = setup.hypotheses
    n = len(hyps)
    for j, stream in setup.paired_references():
        if len(stream) == n:
            continue
        if n and len(stream) > n and len(stream) % n == 0:
            continue  # concatenated references: their own rule says more
        name, reference = setup.hypothesis_name, setup.reference_name(j)
        values: dict[str, object] = {
            "hypothesis": name,
            "reference": reference,
            "hyp_lines": n,
            "ref_lines": len(stream),
        }
        longer, shorter, longer_name = (stream, hyps, reference) if len(stream) > n else (hyps, stream, name)
        lines: tuple[int, ...] = ()
        if shorter and _trailing_empty(longer, shorter):
            extra = len(longer) - len(shorter)
            values.update(trailing_empty=extra, file=longer_name)
            where = (
                f"; the {extra} extra line{'s' if extra > 1 else ''} at the end of {longer_name} "
                f"{'are' if extra > 1 else 'is'} empty"
            )
            effect = (
                "sacreBLEU's command line and NLTK refuse files of different lengths; the lines still pair, so "
                "sacreBLEU's Python API, which pairs the first lines, gives the right number"
            )
            fix = f"remove the empty lines at the end of {longer_name}"
            lines = (len(shorter) + 1,)
        else:
            at = break_point(hyps, stream)
            where = ""
            if at is not None:
                own, shown = at + 1, at + 1 + (1 if len(stream) > n else -1)
                values.update(breaks_at=own, resembles=shown)
                where = f"; the alignment visibly breaks at line {own}, which resembles line {shown} of {reference}"
                lines = (own,) if len(stream) > n else (own - 1, own)
            effect = "every line after the first missing or extra one is scored against another sentence's reference"
            fix = (
                "make both files one segment per line, in the same order (a line lost or split in two, or a line "
                "with an embedded line break, is the usual cause)"
            )
        findings.append(
            Finding(
                CODE,
                "error",
                "certain",
                f"{name} has {n} lines but {reference} has {len(stream)}{where}",
                effect,
                fix,
                lines,
                values,
            )
        )
    return findings
