"""Hypothesis lines in another language than the references': Korean lines among English ones, lines left in
German or Slovak (the same script), as large language models produce when they ignore the target language.

Only lines that share few words with their references (``overlap.dice`` under ``CANDIDATE_DICE``) and have
``MIN_WORDS`` words are looked at, so that a line with a foreign name or the odd CJK word is not one: another script
names the language by itself (``language.script``); within a script, py3langid tells it, when installed. The
references' language is py3langid's verdict on a sample of them joined, or their script's."""

from __future__ import annotations

from collections import Counter

import numpy as np

from .. import language
from ..finding import Finding, Setup
from ..overlap import LineWords
from .source_copy import copied_lines

CODE = "wrong-language"
#: A line sharing less than this (``overlap.dice``) with each of its references may be in another language.
CANDIDATE_DICE = 0.3
#: Words a line needs for its language to be told.
MIN_WORDS = 4
#: py3langid's probability a line's language needs to count.
MIN_PROBABILITY = 0.5
#: Lines py3langid reads at most (about 50 microseconds each): past it, an even sample, and the counts say so.
MAX_CLASSIFIED = 20_000
#: Candidates (lines sharing little with their references) per line below which no language is told: py3langid's
#: model takes about 0.7 s to load, and fewer than one line in a thousand is no finding worth it.
MIN_CANDIDATES = 0.001
#: Reference lines joined to tell the references' language.
REFERENCE_SAMPLE = 400


def _reference_language(setup: Setup) -> tuple[str | None, str | None]:
    """(language code or None, script) of the references, from a sample of their lines."""
    lines = [line for _, stream in setup.paired_references() for line in stream[:REFERENCE_SAMPLE]]
    text = " ".join(lines)
    written = language.script(text)
    if language.missing() is None and text.strip():
        return language.classify([text])[0][0], written
    return language.script_language(written), written


def candidates(setup: Setup) -> list[int]:
    """0-based hypothesis lines with ``MIN_WORDS`` words that share less than ``CANDIDATE_DICE`` with every
    reference and are not a copy of their source: the only lines whose language is looked at."""
    hyps = setup.hypotheses
    refs = [s for _, s in setup.paired_references() if len(s) == len(hyps)]
    if not refs or not hyps:
        return []
    words = LineWords.of(setup)
    best = np.max([words.dice(hyps, ref) for ref in refs], axis=0)
    copies = copied_lines(setup)  # a line copied from its source is said by source-copy: "left untranslated"
    if copies:
        best[copies[0]] = 1.0
    return np.flatnonzero((best < CANDIDATE_DICE) & (words.lengths(hyps) >= MIN_WORDS)).tolist()


def check(setup: Setup) -> list[Finding]:
    lines = candidates(setup)
    if not lines or len(lines) < MIN_CANDIDATES * len(setup.hypotheses):
        return []
    reference, written = _reference_language(setup)
    hyps = setup.hypotheses
    other_script: dict[int, str] = {}
    same_script: list[int] = []
    for i in lines:
        line_script = language.script(hyps[i])
        if line_script is None:
            continue
        if line_script != written and written is not None:
            other_script[i] = language.script_language(line_script) or line_script
        else:
            same_script.append(i)
    found: dict[int, str] = {}
    missing = language.missing()
    scale = 1.0
    if missing is None:
        looked_at = sorted([*other_script, *same_script])
        checked = looked_at[:: max(1, -(-len(looked_at) // MAX_CLASSIFIED))]
        for i, (code, p) in zip(checked, language.classify([hyps[i] for i in checked])):
            if code != reference and (p >= MIN_PROBABILITY or i in other_script):
                found[i] = code
        scale = len(looked_at) / len(checked) if checked else 1.0
    else:
        found = dict(other_script)
    findings = [_finding(setup, found, reference, scale)] if found else []
    if missing is not None and same_script:
        findings.append(_unchecked(setup, len(same_script), missing))
    return findings


def _finding(setup: Setup, found: dict[int, str], reference: str | None, scale: float) -> Finding:
    """The finding on the lines found; ``scale`` > 1 when they are an even sample of the lines looked at: the
    counts are then estimates (``sampled``)."""
    n, sampled = len(setup.hypotheses), scale > 1
    counts = {code: round(count * scale) for code, count in Counter(found.values()).most_common()}
    total = sum(counts.values())
    named = ", ".join(f"{language.language_name(code)} {count:,}" for code, count in counts.items())
    expected = language.language_name(reference) if reference else "the references' language"
    about = "about " if sampled else ""
    return Finding(
        CODE,
        "warning" if total > 1 else "note",
        "likely",
        f"{about}{total:,} of the {n:,} lines of {setup.hypothesis_name} are not in {expected} ({named})",
        "such a line shares almost no words with its reference: it scores about 0 and lowers every tool's number, "
        "as it should, since it is not a translation into the target language",
        "keep them in the scored output (dropping them would raise the score without the system translating them) "
        "and report how many there are; to mend the system, check its prompt or its target-language setting",
        tuple(i + 1 for i in sorted(found)[:3]),
        {
            "name": setup.hypothesis_name,
            "reference_language": reference,
            "languages": counts,
            "count": total,
            "lines": n,
            "sampled": sampled,
        },
    )


def _unchecked(setup: Setup, count: int, package: str) -> Finding:
    return Finding(
        "language-id-missing",
        "note",
        "certain",
        f"{count:,} lines of {setup.hypothesis_name} share few words with their references, and without the "
        f"{package} package their language cannot be told from the references' (same script)",
        "lines in another language of the same script (German among English) are not found",
        f"pip install {package} (or pip install bleucore[doctor])",
        (),
        {"name": setup.hypothesis_name, "count": count, "package": package},
    )
