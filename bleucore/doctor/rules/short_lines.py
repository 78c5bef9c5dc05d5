"""Lines too short for 4-grams: with every hypothesis line under 4 tokens (by the tokenizer the score uses: a line
of Chinese without spaces is many ``zh`` tokens), 4-gram precision has no n-grams at all."""

from __future__ import annotations

from ...tokenizers import missing_package, tokenize_lines
from ..finding import Finding, Setup

CODE = "all-short"
MAX_ORDER = 4  # BLEU's n-gram order


def _longest(lines: list[str], tokenize: str) -> int:
    """Tokens in the longest line: words when some line has 4 (every tokenizer only splits words further)."""
    words = max(len(line.split()) for line in lines)
    if words >= MAX_ORDER or missing_package(tokenize) is not None:
        return words
    try:
        return max(len(tokens) for tokens in tokenize_lines(lines, tokenize))
    except ValueError:  # a character the analyser refuses: the words stand
        return words


def check(setup: Setup) -> list[Finding]:
    lines = [] if 0 in setup.unread else list(setup.hypotheses)
    if not lines:
        return []
    longest = _longest(lines, setup.tokenize)
    if longest >= MAX_ORDER:
        return []
    return [
        Finding(
            CODE,
            "warning",
            "certain",
            f"every line of {setup.hypothesis_name} has fewer than {MAX_ORDER} {setup.tokenize} tokens (the longest "
            f"has {longest})",
            "BLEU's 4-gram precision has no n-grams at all: corpus BLEU is 0 or decided by smoothing alone",
            "use a metric for short segments (chrF), or a lower max order (and report it)",
            (),
            {"name": setup.hypothesis_name, "longest": longest, "tokenizer": setup.tokenize},
        )
    ]
