"""compare-mt 0.2.10's corpus BLEU (``compare_mt/scorers.py``, ``BleuScorer``), reproduced to compare its bucket
numbers with bleucore's (Neubig et al. 2019, "compare-mt").

It is not sacreBLEU's BLEU (Papineni et al. 2002; Post 2018): the rules in ``COMPARE_MT_BLEU_RULES`` name
where it departs, and bleucore's own buckets use the chosen metric's sacreBLEU-exact rules.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

__all__ = ["COMPARE_MT_BLEU_RULES", "compare_mt_bleu"]

#: Where compare-mt's BLEU departs from sacreBLEU's, in the order its code applies them.
COMPARE_MT_BLEU_RULES = (
    "tokens are the line split on single spaces (no 13a tokenizer; an empty line is one empty token)",
    "one reference only",
    "a sentence with fewer than n tokens still adds 1 to the n-gram denominator",
    "a zero n-gram precision is left out of the geometric mean (as if it were 1) instead of giving 0",
    "the score is 0 when no unigram matches",
)


def _ngrams(tokens: Sequence[str], n: int) -> Counter[tuple[str, ...]]:
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def compare_mt_bleu(
    references: Sequence[Sequence[str]], outputs: Sequence[Sequence[str]], max_order: int = 4, scale: float = 100.0
) -> float:
    """compare-mt's corpus BLEU of tokenized ``outputs`` against one tokenized reference each."""
    if len(references) != len(outputs):
        raise ValueError(f"{len(outputs)} outputs but {len(references)} references")
    if not outputs:
        return 0.0
    matches = [0] * max_order
    totals = [0] * max_order
    ref_len = out_len = 0
    for ref, out in zip(references, outputs):
        ref_len += len(ref)
        out_len += len(out)
        for n in range(1, max_order + 1):
            out_counts, ref_counts = _ngrams(out, n), _ngrams(ref, n)
            matches[n - 1] += sum(min(c, ref_counts[g]) for g, c in out_counts.items())
            totals[n - 1] += max(1, sum(out_counts.values()))
    if matches[0] == 0:
        return 0.0
    log_precision, weight = 0.0, 1.0 / max_order  # compare-mt's weights=(0.25,) * 4
    for m, t in zip(matches, totals):
        p = m / t if t else 0.0
        log_precision += (math.log(p) if p > 0 else 0.0) * weight
    bp = min(1.0, math.exp(1 - ref_len / out_len)) if out_len else 0.0
    return scale * bp * math.exp(log_precision)
