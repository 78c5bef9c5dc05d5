"""The app's English for what bleucore's explanation returns as codes (``bleucore.metrics.bleu.messages``).

The one catalog pages word messages through: ``describe(message)`` for one code, ``describe_all``
for a diagnosis' reasons, ``sentence`` for a score's clause-style zero reason or note. A
translation is a second catalog keyed on the same classes. (The command line's JSON words the
score's own messages in ``bleucore.metrics.bleu.score_text``: an output format, not a screen.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from bleucore.metrics.bleu import messages as m


def order_list(orders: Sequence[int], plural: bool = False) -> str:
    """Orders as a reader writes them: "1-gram", "3-gram or 4-gram", "2-, 3- or 4-gram" ("-grams" if plural)."""
    suffix = "-grams" if plural else "-gram"
    if len(orders) == 1:
        return f"{orders[0]}{suffix}"
    if len(orders) == 2 and not plural:
        return f"{orders[0]}{suffix} or {orders[1]}{suffix}"
    head = ", ".join(f"{n}-" for n in orders[:-1])
    return f"{head} or {orders[-1]}{suffix}"


def _tokens(n: int) -> str:
    return f"{n} token{'s' if n != 1 else ''}"


_SMOOTHING = {
    "none": "No smoothing: a zero precision makes the geometric mean 0.",
    "floor": "sacreBLEU floor: a zero count becomes {v:g}/t_n.",
    "add-k": "sacreBLEU add-k: adds {v:g} to matches and totals of every order n > 1, even non-zero ones.",
    "exp": "sacreBLEU exp (NIST): the k-th zero precision becomes 1/(2^k t_n).",
    "nltk-method0": "NLTK method0: no smoothing; NLTK prints about 1e-155 where the exact answer is 0.",
    "nltk-method1": "NLTK method1: a zero count becomes epsilon = {v:g}.",
    "nltk-method2": "NLTK method2: adds 1 to numerator and denominator of every order n > 1.",
    "nltk-method3": "NLTK method3: the k-th zero precision becomes 1/(2^k t_n), like sacreBLEU exp.",
    "nltk-method4": "NLTK method4: zero precisions get 1/(2^k · {v:g}/ln c) matches, smaller for short candidates.",
    "nltk-method5": "NLTK method5: every p_n is averaged with its neighbours (NLTK reads p_5 as the extra order).",
    "nltk-method6": "NLTK method6: p_n (n >= 3) is interpolated with the prior p_(n-1)^2/p_(n-2), alpha = {v:g}.",
    "nltk-method7": "NLTK method7: method4, then method5.",
}


def _smoothing_rule(rule: m.SmoothingRule) -> str:
    text = _SMOOTHING[rule.method].format(v=rule.value)
    if rule.unchanged:
        text += " No order has zero matches here, so it changes nothing."
    if rule.effective_order_off:
        text += " Effective order is off: NLTK's methods have none."
    return text


def _skips(note: m.SkipsZeroPrecisions) -> str:
    return (
        f"The wikidocs tutorial's code: skips zero precisions (order {', '.join(map(str, note.orders))}) "
        f"instead of scoring 0, so this candidate gets {note.tutorial_score:.2f} where standard BLEU gives "
        f"{note.standard_score:.2f}."
    )


_CATALOG: dict[type[Any], Callable[[Any], str]] = {
    # why a score is 0 whatever the precisions (lowercase clauses: ``sentence`` makes them sentences)
    m.EmptyCandidate: lambda _: "the candidate is empty (c = 0), so it has no n-grams and the brevity penalty is 0",
    m.NoMatchAnyOrder: lambda _: "no n-gram of any order matches a reference",
    m.NoUnigramMatch: lambda _: "no unigram matches a reference",
    m.NltkMethod0Zero: lambda z: (
        f"no {z.order}-gram matches a reference; NLTK's method0 puts sys.float_info.min "
        f"({z.float_min:.3g}) in its place and prints a tiny positive number with a warning "
        "(about 1e-77 per such order at weight 1/4, 1e-155 for two); the exact answer is 0"
    ),
    # why a score cannot be computed (the clause sits in a sentence of the page)
    m.Method6NeedsOrder3: lambda u: f"nltk-method6 needs N >= 3 (NLTK reads p_3), got N = {u.max_order}",
    m.Method6NeedsTrigramMatch: lambda _: "nltk-method6 needs a non-zero trigram precision p_3 (NLTK asserts it), got 0",
    # notes on how a score was computed (shown as they are)
    m.NltkMethod5AboveOne: lambda n: (
        "NLTK's method 5 averages each p_n with its neighbours starting from p_1 + 1, so a precision can "
        f"exceed 1 (here up to {n.max_precision:.4f}) and BLEU can exceed 100; kept for parity with NLTK 3.10"
    ),
    m.NltkDropsZeroOrders: lambda _: (
        "NLTK 3.10 leaves out orders whose smoothed precision is still 0 instead of scoring 0 "
        "(the standard formula would give 0)"
    ),
    m.NltkPhantomNgrams: lambda n: (
        "NLTK's corpus_bleu counts at least one n-gram per segment and order (max(1, t_n)), so segments "
        f"shorter than N add phantom n-grams; it would give {n.nltk_score:.4f} here, bleucore sums the real counts"
    ),
    # "Why is it zero?"
    m.EmptyCandidateScoresZero: lambda _: (
        "The candidate is empty (c = 0): it has no n-grams, so every precision is 0, and the brevity "
        "penalty is 0 for c = 0. BLEU is 0, as sacreBLEU scores an empty line; no option changes that."
    ),
    m.ShorterThanN: lambda r: (
        f"The candidate has {_tokens(r.length)}, fewer than N = {r.max_order}, "
        f"so it has no {order_list(r.orders, plural=True)} at all."
    ),
    m.NoTokenMatches: lambda _: (
        "No token of the candidate appears in any reference: with no 1-gram match, no longer n-gram can "
        "match either, every precision is 0, and no smoothing can help, so BLEU is 0."
    ),
    m.OrdersWithoutMatches: lambda r: f"No {order_list(r.orders)} of the candidate appears in a reference.",
    m.GeometricMeanZero: lambda _: "BLEU multiplies the precisions (a geometric mean), so one zero makes the whole score 0.",
    m.SmoothingKeepsScore: lambda _: "The score is not 0 only because smoothing replaced the zero precisions.",
    m.BelowOne: lambda _: "The score is below 1 on the 0-100 scale.",
    # fixes
    m.UseSmoothing: lambda f: f"smoothing {f.method}",
    m.UseEffectiveOrder: lambda _: "effective order",
    m.LowerOrder: lambda f: f"N = {f.max_order}",
    # why a variant or smoothing differs
    m.NotDefined: lambda v: f"Not defined here: {describe(v.reason)}.",
    m.StandardDefinition: lambda _: "BP · exp(Σ w_n log p_n): Papineni et al.'s definition.",
    m.EmptyBothPenalties: lambda _: "c = 0: both penalties are 0, so every variant gives 0.",
    m.SamePenalty: lambda v: f"Same penalty as standard here: c = {v.hyp_len} ≥ r = {v.ref_len:g}, so min(1, c/r) = BP = 1.",
    m.MilderPenalty: lambda v: (
        f"Penalty min(1, c/r) = {v.simplified_bp:.4f} instead of "
        f"exp(1 − r/c) = {v.bp:.4f}: milder for a short candidate."
    ),
    m.NotComparable: lambda _: "Not comparable: standard BLEU is not defined here.",
    m.EmptySkipCannotHelp: lambda _: "c = 0: the brevity penalty is 0, so skipping zero precisions cannot help.",
    m.SkipChangesNothing: lambda _: "Same as standard here: no precision is 0 after smoothing, so skipping zeros changes nothing.",
    m.SkipsZeroPrecisions: _skips,
    m.SmoothingRule: _smoothing_rule,
}


def describe(message: m.Message) -> str:
    """The English of one message (KeyError for a kind this catalog does not word yet)."""
    return _CATALOG[type(message)](message)


def describe_all(messages: Iterable[m.Message]) -> str:
    """Messages read in order as one paragraph (a diagnosis' ``reasons``)."""
    return " ".join(describe(message) for message in messages)


def sentence(message: m.ZeroCause | m.ScoreNote) -> str:
    """A clause-style message (a score's zero reason) as a sentence: capitalised, with a full stop."""
    text = describe(message)
    return f"{text[0].upper()}{text[1:]}."
