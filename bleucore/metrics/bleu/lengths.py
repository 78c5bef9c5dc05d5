"""Reference length r and the brevity penalty (Papineni et al. 2002, §2.2.2)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def reference_length(hyp_len: int, ref_lens: Sequence[int], rule: str = "closest") -> float:
    """r for one segment by a named rule.

    ``closest``: the reference length nearest to c, ties to the shorter (Papineni, NLTK, sacreBLEU);
    ``shortest``: the shortest reference; ``average``: the mean reference length.
    """
    if not ref_lens:
        raise ValueError("a segment needs at least 1 reference, got 0")
    if rule == "closest":
        return float(min(ref_lens, key=lambda r: (abs(r - hyp_len), r)))
    if rule == "shortest":
        return float(min(ref_lens))
    if rule == "average":
        return math.fsum(ref_lens) / len(ref_lens)
    raise ValueError(f"unknown reference-length rule {rule!r}; choose closest, shortest or average")


def brevity_penalty(sys_len: float, ref_len: float) -> float:
    """BP = 1 if c > r, exp(1 - r/c) if 0 < c <= r, 0 if c = 0 (Papineni et al. 2002; NLTK).

    sacreBLEU 2.6 reports BP = 1.0 when c = r = 0 (its test is ``c < r``); the score is 0 either way.
    """
    if sys_len > ref_len:
        return 1.0
    if sys_len <= 0:
        return 0.0
    return math.exp(1.0 - ref_len / sys_len)


def simplified_brevity_penalty(sys_len: float, ref_len: float) -> float:
    """min(1, c/r), the penalty of the simplified variant (Korean blog tutorials); 1 when r = 0 < c."""
    if sys_len <= 0:
        return 0.0
    if ref_len <= 0:
        return 1.0
    return min(1.0, sys_len / ref_len)
