"""Lines too short for 4-grams: with every hypothesis line under 4 tokens, 4-gram precision is 0/0 everywhere."""

from __future__ import annotations

from ..finding import Finding, Setup

CODE = "all-short"


def check(setup: Setup) -> list[Finding]:
    lengths = [len(line.split()) for line in setup.hypotheses]
    if not lengths or max(lengths) >= 4:
        return []
    return [Finding(
        CODE, "warning", "certain",
        f"every line of {setup.hypothesis_name} has fewer than 4 words (the longest has {max(lengths)})",
        "BLEU's 4-gram precision has no n-grams at all: corpus BLEU is 0 or decided by smoothing alone",
        "use a metric for short segments (chrF), or a lower max order (and report it)",
        (), {"name": setup.hypothesis_name, "longest": max(lengths)},
    )]  # fmt: skip
