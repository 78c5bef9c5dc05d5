"""Reference files whose line count differs from the hypothesis': every line after the first missing or extra one
is scored against another sentence's reference. Where the alignment visibly breaks is the first hypothesis line
that resembles its neighbour's reference (the next one when the reference has more lines, the previous one when
it has fewer) more than its own, as most of the few lines after it do too. Surplus lines that are all empty and
all at the end (a blank line after the last) are named as such: there the lines still pair."""

from __future__ import annotations

from collections.abc import Sequence

from ..finding import Finding, Setup
from ..overlap import Resemblance
from .concatenated_references import aligned_parts

CODE = "line-count-mismatch"
#: Before the other rules' findings of its severity: lines that do not pair make every other number wrong: said first.
ORDER = 0
#: Lines from a candidate break that must mostly resemble the shifted reference for it to count as the break.
WINDOW = 4


def break_point(hypotheses: Sequence[str], references: Sequence[str]) -> int | None:
    """0-based index of the first hypothesis line that resembles the shifted reference line (``i + 1`` when the
    references have more lines, ``i - 1`` when fewer) more than its own, on most of ``WINDOW`` lines; None if none."""
    step = 1 if len(references) > len(hypotheses) else -1
    lines = [i for i in range(min(len(hypotheses), len(references))) if 0 <= i + step < len(references)]
    similar = Resemblance(hypotheses, references)
    for position, i in enumerate(lines):
        if similar(i, i + step) <= similar(i, i):
            continue
        window = lines[position : position + WINDOW]
        if 2 * sum(similar(k, k + step) > similar(k, k) for k in window) > len(window):
            return i
    return None


def pairs_to_the_end(hypotheses: Sequence[str], references: Sequence[str]) -> bool:
    """True if the last lines the two files share pair line for line (each resembles its own counterpart more than
    its neighbours'): the shorter file is the longer one cut short, not shifted."""
    shared = min(len(hypotheses), len(references))
    if shared < 2:
        return False
    similar = Resemblance(hypotheses, references)
    lines = range(max(0, shared - 2 * WINDOW), shared)
    aligned = sum(
        similar(i, i) > 0 and similar(i, i) > max(similar(i, k) for k in (i - 1, i + 1) if 0 <= k < len(references))
        for i in lines
    )
    return 2 * aligned > len(lines)


def _trailing_empty(longer: Sequence[str], shorter: Sequence[str]) -> bool:
    return all(not line.strip() for line in longer[len(shorter) :])


def check(setup: Setup) -> list[Finding]:
    findings = []
    hyps = setup.hypotheses
    n = len(hyps)
    for j, stream in setup.paired_references():
        if len(stream) == n:
            continue
        if aligned_parts(hyps, stream) is not None:
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
        elif (at := break_point(hyps, stream)) is None and pairs_to_the_end(hyps, stream):
            shared, shorter_name = len(shorter), (name if longer is stream else reference)
            values.update(pairs_until=shared, file=shorter_name)
            where = f"; the first {shared} lines pair, then {shorter_name} stops while {longer_name} goes on"
            effect = (
                "sacreBLEU's command line and NLTK refuse files of different lengths; sacreBLEU's Python API pairs "
                f"the first {shared} lines and drops the rest without a word: a score of part of the test set"
            )
            what = "the system's output for" if shorter_name == name else "the reference of"
            fix = (
                f"give {what} all {len(longer)} lines; a score of the first {shared} is not comparable with scores of "
                "the whole test set"
            )
            lines = (shared, shared + 1)
        else:
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
