""""Why is it zero?": which orders have no matches, and which option would give a non-zero score.

Standard BLEU is a geometric mean, so one p_n = 0 makes it 0 (Chen & Cherry 2014, §1); a
candidate shorter than N has no N-grams at all, which only effective order or a lower N fixes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .options import BleuOptions, uniform_weights
from .score import compute_bleu

#: Below this (0-100 scale) a score counts as "tiny" and gets a diagnosis.
TINY_SCORE = 1.0


@dataclass(frozen=True)
class Fix:
    """An option change and the score it gives for the same statistics."""

    label: str
    options: BleuOptions
    score: float


@dataclass(frozen=True)
class ZeroDiagnosis:
    """Why a score is 0 (or tiny), and the fixes that would make it non-zero, best first."""

    score: float
    reason: str
    orders_without_matches: tuple[int, ...]
    orders_without_ngrams: tuple[int, ...]
    candidate_length: int
    max_order: int
    fixes: tuple[Fix, ...]

    @property
    def nothing_matches(self) -> bool:
        """True when no 1-gram matches (or the candidate is empty): the reason then says it all."""
        return self.candidate_length == 0 or 1 in self.orders_without_matches

    @property
    def shorter_than_n(self) -> bool:
        """True when the candidate has fewer than N tokens, so it has no N-gram at all."""
        return self.candidate_length < self.max_order


def _fix_candidates(options: BleuOptions) -> list[tuple[str, BleuOptions]]:
    plain = options.with_changes(smooth_value=None, effective_order=False)
    out: list[tuple[str, BleuOptions]] = []
    for method in ("exp", "floor", "add-k", *(f"nltk-method{i}" for i in range(1, 8))):
        if method != options.smooth_method:
            out.append((f"smoothing {method}", plain.with_changes(smooth_method=method)))
    if not options.is_nltk and not options.effective_order:
        out.append(("effective order", options.with_changes(effective_order=True)))
    for lower in range(options.max_order - 1, 0, -1):
        if options.uniform:
            weights = uniform_weights(lower)
        else:
            head = options.weights[:lower]
            weights = tuple(w / sum(head) for w in head) if sum(head) > 0 else uniform_weights(lower)
        out.append((f"N = {lower}", options.with_changes(weights=weights)))
    return out


def diagnose(
    sys_len: int,
    ref_len: float,
    matches: Sequence[int],
    totals: Sequence[int],
    options: BleuOptions,
    score: float | None = None,
) -> ZeroDiagnosis | None:
    """A diagnosis when the score is 0, below TINY_SCORE, or kept alive only by smoothing; else None.

    ``matches``/``totals`` must hold at least max(N, 5) orders for every fix to be tried.
    """
    order = options.max_order
    if score is None:
        score = compute_bleu(sys_len, ref_len, matches, totals, options).score
    no_match = tuple(n for n in range(1, order + 1) if matches[n - 1] == 0)
    no_ngrams = tuple(n for n in range(1, order + 1) if totals[n - 1] == 0)
    if score >= TINY_SCORE and not no_match:
        return None
    fixes: list[Fix] = []
    lower_found = False
    for label, candidate in _fix_candidates(options):
        if candidate.stats_order > len(totals):
            continue
        if label.startswith("N = ") and lower_found:
            continue
        try:
            fixed = compute_bleu(sys_len, ref_len, matches, totals, candidate).score
        except ValueError:
            continue
        if fixed > 0:
            fixes.append(Fix(label, candidate, fixed))
            lower_found = lower_found or label.startswith("N = ")
    fixes.sort(key=lambda f: -f.score)
    return ZeroDiagnosis(
        score=score,
        reason=_reason(sys_len, order, no_match, no_ngrams, score),
        orders_without_matches=no_match,
        orders_without_ngrams=no_ngrams,
        candidate_length=sys_len,
        max_order=order,
        fixes=tuple(fixes),
    )


def order_list(orders: Sequence[int], plural: bool = False) -> str:
    """Orders as a reader writes them: "1-gram", "3-gram or 4-gram", "2-, 3- or 4-gram" ("-grams" if plural)."""
    suffix = "-grams" if plural else "-gram"
    if len(orders) == 1:
        return f"{orders[0]}{suffix}"
    if len(orders) == 2 and not plural:
        return f"{orders[0]}{suffix} or {orders[1]}{suffix}"
    head = ", ".join(f"{n}-" for n in orders[:-1])
    return f"{head} or {orders[-1]}{suffix}"


def _reason(sys_len: int, order: int, no_match: tuple[int, ...], no_ngrams: tuple[int, ...], score: float) -> str:
    if sys_len == 0:
        return (
            "The candidate is empty (c = 0): it has no n-grams, so every precision is 0, and the brevity "
            "penalty is 0 for c = 0. BLEU is 0, as sacreBLEU scores an empty line; no option changes that."
        )
    parts = []
    if no_ngrams:
        parts.append(
            f"The candidate has {sys_len} token{'s' if sys_len != 1 else ''}, fewer than N = {order}, "
            f"so it has no {order_list(no_ngrams, plural=True)} at all."
        )
    if 1 in no_match:
        parts.append(
            "No token of the candidate appears in any reference: with no 1-gram match, no longer n-gram can "
            "match either, every precision is 0, and no smoothing can help, so BLEU is 0."
        )
        return " ".join(parts)
    matchless = [n for n in no_match if n not in no_ngrams]
    if matchless:
        parts.append(f"No {order_list(matchless)} of the candidate appears in a reference.")
    if score == 0:
        parts.append("BLEU multiplies the precisions (a geometric mean), so one zero makes the whole score 0.")
    elif no_match:
        parts.append("The score is not 0 only because smoothing replaced the zero precisions.")
    else:
        parts.append("The score is below 1 on the 0-100 scale.")
    return " ".join(parts)
