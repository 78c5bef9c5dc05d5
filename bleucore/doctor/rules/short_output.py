"""Output short against its references, told apart line by line: cut off (many lines stop mid-sentence where their
reference ends one, far shorter than it: a length limit where the output was made, or a truncated file) or terse
(short on most lines, its sentences complete); "short" when the references' endings cannot tell (no punctuation).

The corpus length ratio is the hypothesis' words over each line's closest reference (sacreBLEU's r; characters for
Chinese and Japanese, as ``overlap.LineWords`` decides), over the lines where both sides have words (empty lines are
``empty-lines``'). BP is Papineni et al.'s exp(1 - 1/ratio). The hypothesis' and first reference's lengths are those the
other rules encode (``LineWords``), another reference's are counted with ``str.split``: the rule adds little to the
doctor's time, and looks at the lines' endings only when the output is short. The fix never hides the
brevity penalty: it is right about the output as given; a cut output is scored again whole."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..finding import Finding, Setup
from ..overlap import LineWords

CODE = "short-output"
#: Corpus length ratio under which the output is short (BP about 0.78).
MAX_RATIO = 0.8
#: A line shorter than this share of its reference is short.
SHORT_LINE = 0.8
#: Share of the lines whose reference ends a sentence that stop mid-sentence, short, for the output to be cut off.
CUT_SHARE = 0.2
#: Share of those lines whose sentence is complete for a short output to be terse.
COMPLETE_SHARE = 0.8
#: Lines that pair the finding needs (and references that end a sentence, with at least half of them, for the
#: endings to tell a cut output from a terse one).
MIN_LINES = 10
#: What ends a sentence (after closing quotes and brackets), and the endings of a Korean sentence written without one.
_SENTENCE_END = frozenset(".!?。！？…")
_KOREAN_END = frozenset("다요까죠")
_CLOSING = "\"'”’»)]}）」』 "


def _closest(hyp: np.ndarray, refs: list[np.ndarray]) -> np.ndarray:
    """Each line's reference length closest to the hypothesis', the shorter on a tie (sacreBLEU's effective r)."""
    best = refs[0]
    for ref in refs[1:]:
        gap, best_gap = np.abs(ref - hyp), np.abs(best - hyp)
        best = np.where((gap < best_gap) | ((gap == best_gap) & (ref < best)), ref, best)
    return best


def _split_lengths(lines: Sequence[str], unit: str) -> np.ndarray:
    """Words (or characters other than spaces) of each line, as ``LineWords`` counts them."""
    counts = (len(line.split()) if unit == "words" else len("".join(line.split())) for line in lines)
    return np.fromiter(counts, dtype=np.int64, count=len(lines))


def _ends_sentence(line: str) -> bool:
    last = line.rstrip(_CLOSING)[-1:]
    return bool(last) and (last in _SENTENCE_END or last in _KOREAN_END)


def _ends(lines: Sequence[str], rows: np.ndarray) -> np.ndarray:
    return np.fromiter((_ends_sentence(lines[i]) for i in rows.tolist()), dtype=bool, count=rows.size)


def check(setup: Setup) -> list[Finding]:
    hyps = setup.hypotheses
    paired = [(j, s) for j, s in setup.paired_references() if len(s) == len(hyps)]
    if not paired or len(hyps) < MIN_LINES:
        return []
    words = LineWords.of(setup)
    unit = "words" if words.tokenizer == "none" else "characters"
    hyp = words.lengths(hyps)  # the hypothesis' and first reference's lengths are the other rules' too
    ref = _closest(hyp, [words.lengths(paired[0][1]), *(_split_lengths(s, unit) for _, s in paired[1:])])
    rows = np.flatnonzero((hyp > 0) & (ref > 0))
    if rows.size < MIN_LINES:
        return []
    h, r = hyp[rows], ref[rows]
    ratio = float(h.sum() / r.sum())
    short = h < SHORT_LINE * r
    if ratio >= MAX_RATIO and short.sum() < CUT_SHARE * rows.size:
        return []  # neither short overall nor enough short lines to be cut off
    _, first = paired[0]
    reference_ends = _ends(first, rows)
    told = int(reference_ends.sum())
    tells = told >= max(MIN_LINES, rows.size // 2)  # most references end a sentence: the endings can tell
    hypothesis_ends = _ends(hyps, rows)
    stops = reference_ends & ~hypothesis_ends & short  # mid-sentence, far shorter than a reference that ends one
    cut = int(stops.sum())
    if tells and cut >= CUT_SHARE * told:
        kind = "cut"
    elif ratio >= MAX_RATIO:
        return []
    elif tells and (hypothesis_ends & reference_ends).sum() >= COMPLETE_SHARE * told:
        kind = "terse"
    else:
        kind = "short"
    return [_finding(setup, [j for j, _ in paired], kind, ratio, rows, h, r, stops, short, unit)]


def _finding(
    setup: Setup,
    references: list[int],
    kind: str,
    ratio: float,
    rows: np.ndarray,
    h: np.ndarray,
    r: np.ndarray,
    stops: np.ndarray,
    short: np.ndarray,
    unit: str,
) -> Finding:
    name = setup.hypothesis_name
    names = [setup.reference_name(j) for j in references]
    bp = float(np.exp(1 - 1 / ratio)) if ratio < 1 else 1.0
    values: dict[str, object] = {
        "name": name,
        "references": names,
        "kind": kind,
        "unit": unit,
        "ratio": round(ratio, 4),
        "bp": round(bp, 4),
        "lines": int(rows.size),
        "under": SHORT_LINE,
    }
    as_long = f"{name} is {ratio:.0%} as long as {', '.join(names)} in {unit} (BP about {bp:.2f})"
    if kind == "cut":
        values["cut"] = int(stops.sum())
        examples = rows[stops]
        problem = (
            f"{as_long}, and {values['cut']:,} of its {rows.size:,} lines stop mid-sentence, far shorter than their "
            "reference: the output looks cut off"
        )
        effect = (
            "the brevity penalty and the missing n-grams lower every tool's number: it scores what was left of the "
            "output, not what the system wrote"
        )
        fix = (
            "look for a length limit where the output was made (max_new_tokens, max_length, a truncated file) and "
            "score the whole output again; the brevity penalty is right about the output as given, so keep it and "
            "keep every line"
        )
    elif kind == "terse":
        values["short"] = int(short.sum())
        examples = rows[np.argsort(h / r, kind="stable")]
        problem = (
            f"{as_long}: {values['short']:,} of its {rows.size:,} lines are under {SHORT_LINE:.0%} of their "
            "reference's length, their sentences complete: the system writes tersely"
        )
        effect = "the brevity penalty lowers every tool's number, as it should: the output leaves out what was said"
        fix = (
            "report the score with its brevity penalty and the length ratio; if the references say more than the "
            "task asks, say so beside the score, never score without the penalty"
        )
    else:
        values["short"] = int(short.sum())
        examples = rows[np.argsort(h / r, kind="stable")]
        problem = (
            f"{as_long}: {values['short']:,} of its {rows.size:,} lines are under {SHORT_LINE:.0%} of their "
            "reference's length, and the references' endings cannot tell whether they were cut off"
        )
        effect = "the brevity penalty lowers every tool's number, as it should: the output leaves out what was said"
        fix = (
            "check whether the lines were cut off (a length limit where the output was made) or the system is terse; "
            "either way keep the brevity penalty and every line, and report the length ratio"
        )
    lines = tuple(int(i) + 1 for i in examples[:3].tolist())
    return Finding(CODE, "note" if kind == "terse" else "warning", "likely", problem, effect, fix, lines, values)
