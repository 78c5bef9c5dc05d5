"""Text that is already tokenized (spaces before punctuation, split clitics) on one side only: 13a tokenizes the
other side differently, and the score moves."""

from __future__ import annotations

import re

from ..finding import Finding, Setup

CODE = "pre-tokenized"
_TOKENIZED = re.compile(r"\s[.,!?;:](\s|$)|\s(n't|'s|'re|'ll|'ve|'m|'d)\b")


def _share(lines: list[str]) -> float:
    return sum(bool(_TOKENIZED.search(line)) for line in lines) / len(lines) if lines else 0.0


def check(setup: Setup) -> list[Finding]:
    sides = setup.sides()
    shares = {name: _share(lines) for name, lines in sides}
    tokenized = [n for n, share in shares.items() if share >= 0.3]
    plain = [n for n, share in shares.items() if share < 0.05]
    if not tokenized or not plain:
        return []
    name = tokenized[0]
    lines = [i + 1 for i, line in enumerate(dict(sides)[name]) if _TOKENIZED.search(line)][:3]
    return [Finding(
        CODE, "warning", "likely",
        f"{', '.join(tokenized)} look{'s' if len(tokenized) == 1 else ''} already tokenized (spaces before "
        f"punctuation or split clitics) but {', '.join(plain)} do{'es' if len(plain) == 1 else ''} not",
        "sacreBLEU expects detokenized text on both sides; tokenized text scores differently from what others report",
        "score detokenized output (e.g. sacremoses detokenize) against the original references",
        tuple(lines), {"tokenized": tokenized, "plain": plain},
    )]  # fmt: skip
