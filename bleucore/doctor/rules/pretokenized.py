"""Text that is already tokenized (spaces before punctuation, split clitics). On one side only, 13a tokenizes the
other side differently and the score moves; on every side, the number is not the one sacreBLEU defines on
detokenized text (sacreBLEU warns about tokenized hypotheses too)."""

from __future__ import annotations

import re
from itertools import islice

from ..finding import Finding, Setup

CODE = "pre-tokenized"
_TOKENIZED = re.compile(r"\s(?:[.,!?;:](?!\S)|n't\b|'(?:s|re|ll|ve|m|d)\b)")
#: Share of a file's lines that must look tokenized, and under which a file counts as plain.
TOKENIZED_SHARE, PLAIN_SHARE = 0.3, 0.05
#: Lines read (evenly spaced) to measure the share: enough to tell 30% from 5% in any file.
SAMPLE_LINES = 10_000


def _share(lines: list[str]) -> float:
    sample = lines[:: max(1, len(lines) // SAMPLE_LINES)]
    return sum(bool(_TOKENIZED.search(line)) for line in sample) / len(sample) if sample else 0.0


def check(setup: Setup) -> list[Finding]:
    sides = setup.sides()
    shares = {name: _share(lines) for name, lines in sides}
    tokenized = [n for n, share in shares.items() if share >= TOKENIZED_SHARE]
    plain = [n for n, share in shares.items() if share < PLAIN_SHARE]
    if not tokenized or (not plain and len(tokenized) < len(sides)):
        return []
    name = tokenized[0]
    matching = (i + 1 for i, line in enumerate(dict(sides)[name]) if _TOKENIZED.search(line))
    lines = tuple(islice(matching, 3))  # a third of the lines match: the first three come soon
    hypothesis_plain = setup.hypothesis_name in plain
    # ``hypothesis_plain``: the output is the plain side, so the fix mends the references (the app words it from this).
    values = {"tokenized": tokenized, "plain": plain, "everywhere": not plain, "hypothesis_plain": hypothesis_plain}
    if not plain:
        return [
            Finding(
                CODE,
                "note",
                "likely",
                "every file looks already tokenized (spaces before punctuation or split clitics)",
                "sacreBLEU's numbers are defined on detokenized text: this one is not comparable with published scores",
                "score detokenized text (e.g. sacremoses detokenize) with sacreBLEU's tokenizer, or report the "
                "tokenization",
                lines,
                values,
            )
        ]
    return [
        Finding(
            CODE,
            "warning",
            "likely",
            f"{', '.join(tokenized)} look{'s' if len(tokenized) == 1 else ''} already tokenized (spaces before "
            f"punctuation or split clitics) but {', '.join(plain)} do{'es' if len(plain) == 1 else ''} not",
            "tools that split at spaces (NLTK, torchmetrics, multi-bleu.perl, the tutorials) see 'mat.' and 'mat .' as "
            "different words; sacreBLEU's 13a splits punctuation off on both sides, but not clitics ('don't' against "
            "'do n't')",
            # The side that differs is the one to mend: detokenizing output that is already plain changes nothing.
            "score against the original, detokenized references (sacreBLEU's test sets, or sacremoses detokenize "
            "them); if only tokenized references exist, tokenize the output the same way and say so"
            if hypothesis_plain
            else "score detokenized output (e.g. sacremoses detokenize) against the original references",
            lines,
            values,
        )
    ]
