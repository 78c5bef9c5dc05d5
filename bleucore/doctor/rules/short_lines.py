"""Lines too short for 4-grams: when at least half the hypothesis lines have under 4 tokens (by the tokenizer the
score uses: a line of Chinese without spaces is many ``zh`` tokens), BLEU's 4-gram precision rests on the few longer
lines, and with every line that short it has no n-grams at all."""

from __future__ import annotations

import numpy as np

from ...tokenizers import missing_package, tokenize_lines
from ..finding import Finding, Setup
from ..overlap import LineWords

CODE = "all-short"
MAX_ORDER = 4  # BLEU's n-gram order
#: Share of the lines under ``MAX_ORDER`` tokens from which the finding is made.
SHARE = 0.5


def _token_counts(lines: list[str], tokenize: str) -> list[int]:
    """Tokens of each line (words where the tokenizer's analyser is missing or refuses a character): every
    tokenizer only splits words further, so a line of ``MAX_ORDER`` words is long enough as it is."""
    words = [len(line.split()) for line in lines]
    short = [i for i, count in enumerate(words) if count < MAX_ORDER]
    if not short or missing_package(tokenize) is not None:
        return words
    try:
        tokens = tokenize_lines([lines[i] for i in short], tokenize)
    except ValueError:  # a character the analyser refuses: the words stand
        return words
    for i, line_tokens in zip(short, tokens):
        words[i] = len(line_tokens)
    return words


def _short_words(setup: Setup) -> int:
    """Hypothesis lines of fewer than ``MAX_ORDER`` ``str.split()`` words (from the rules' word ids if encoded)."""
    counts = LineWords.of(setup).split_counts(setup.hypotheses) if "line_words" in setup.memo else None
    if counts is not None:
        return int(np.count_nonzero(counts < MAX_ORDER))
    return sum(len(line.split()) < MAX_ORDER for line in setup.hypotheses)


def _longest(lines: list[str], tokenize: str) -> int:
    """Tokens of the longest line by the tokenizer (its words where the analyser is missing or refuses a character)."""
    words = max(len(line.split()) for line in lines)
    if missing_package(tokenize) is not None:
        return words
    try:
        return max(len(tokens) for tokens in tokenize_lines(lines, tokenize))
    except ValueError:
        return words


def check(setup: Setup) -> list[Finding]:
    lines = [] if 0 in setup.unread else list(setup.hypotheses)
    if not lines or _short_words(setup) < SHARE * len(lines):
        return []
    counts = _token_counts(lines, setup.tokenize)
    short = sum(count < MAX_ORDER for count in counts)
    if short < SHARE * len(lines):
        return []
    name, tokenize = setup.hypothesis_name, setup.tokenize
    if short == len(lines):
        return [
            Finding(
                CODE,
                "warning",
                "certain",
                f"every line of {name} has fewer than {MAX_ORDER} {tokenize} tokens (the longest has {max(counts)})",
                "BLEU's 4-gram precision has no n-grams at all: corpus BLEU is 0 or decided by smoothing alone",
                "report chrF beside BLEU; a lower max order is another number (say so if you report it)",
                (),
                {"name": name, "longest": max(counts), "tokenizer": tokenize},
            )
        ]
    return [
        Finding(
            CODE,
            "warning",
            "certain",
            f"{short:,} of the {len(lines):,} lines of {name} have fewer than {MAX_ORDER} {tokenize} tokens",
            "they have no 4-grams: BLEU's 4-gram precision rests on the few longer lines, tools without smoothing "
            "(NLTK's default, torchmetrics, multi-bleu.perl) give 0 on most lines, and the tools' numbers drift far "
            "apart",
            "report chrF beside BLEU; a lower max order is another number (say so if you report it)",
            tuple(i + 1 for i, count in enumerate(counts) if count < MAX_ORDER)[:3],
            # ``longest`` as when every line is short (the tokens of the longest line), so that words made for that
            # shape still find every value they name.
            {
                "name": name,
                "short": short,
                "lines": len(lines),
                "tokenizer": tokenize,
                "longest": _longest(lines, tokenize),
            },
        )
    ]
