"""The app's words (English, or the session's language through ``ui.shell.i18n``) for what bleucore's explanation
returns as codes (``bleucore.metrics.bleu.messages``).

The one catalog pages word messages through: ``describe(message)`` for one code, ``describe_all``
for a diagnosis' reasons, ``sentence`` for a score's clause-style zero reason or note. Each
message is one gettext msgid whose named placeholders are the message's fields; its Korean is in locale/ko. (The
command line's JSON words the
score's own messages in ``bleucore.metrics.bleu.score_text``: an output format, not a screen.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

from bleucore.metrics.bleu import messages as m
from ui.shell import i18n
from ui.shell.i18n import N_, _, ngettext

ALL_ORDERS = N_("all orders")


def order_label(each: str = "n = {n}", every: str = ALL_ORDERS) -> Callable[[Any, Callable[[str], str]], str]:
    """An n-gram order choice's label (0 or "all" = every order) through a language's ``gettext``
    (``each`` and ``every`` are msgids marked with ``N_``, or a formula such as "n = {n}")."""
    return lambda k, tr: tr(every) if k in (0, "all") else tr(each).format(n=k)


def error_text(err: ValueError) -> str:
    """A scoring error in words: an undefined score by its reason (``smoothing.UndefinedScore``), else its text."""
    return reason_text(getattr(err, "reason", None), str(err))


def reason_text(reason: object | None, text: str) -> str:
    """An undefined score's reason code in words (``error_text`` for a reason kept in a cached result)."""
    return describe(cast(m.Message, reason)) if reason is not None and type(reason) in _CATALOG else text


def order_list(orders: Sequence[int], plural: bool = False) -> str:
    """Orders as a reader writes them: "1-gram", "3-gram or 4-gram", "2-, 3- or 4-gram" ("-grams" if plural)."""
    if len(orders) == 1:
        return (_("{n}-grams") if plural else _("{n}-gram")).format(n=orders[0])
    if len(orders) == 2 and not plural:
        return _("{a}-gram or {b}-gram").format(a=orders[0], b=orders[1])
    head = ", ".join(f"{n}-" for n in orders[:-1])
    return (_("{head} or {n}-grams") if plural else _("{head} or {n}-gram")).format(head=head, n=orders[-1])


def _filled(template: str, message: m.Message, **computed: object) -> str:
    """``template`` (a msgid) in the session's language, filled with the message's fields and ``computed`` values."""
    return i18n.fill(template, {**vars(message), **computed})


_SMOOTHING = {
    "none": N_("No smoothing: a zero precision makes the geometric mean 0."),
    "floor": N_("sacreBLEU floor: a zero count becomes {value:g}/t_n."),
    "add-k": N_("sacreBLEU add-k: adds {value:g} to matches and totals of every order n > 1, even non-zero ones."),
    "exp": N_("sacreBLEU exp (NIST): the k-th zero precision becomes 1/(2^k t_n)."),
    "nltk-method0": N_("NLTK method0: no smoothing; NLTK prints about 1e-155 where the exact answer is 0."),
    "nltk-method1": N_("NLTK method1: a zero count becomes epsilon = {value:g}."),
    "nltk-method2": N_("NLTK method2: adds 1 to numerator and denominator of every order n > 1."),
    "nltk-method3": N_("NLTK method3: the k-th zero precision becomes 1/(2^k t_n), like sacreBLEU exp."),
    "nltk-method4": N_(
        "NLTK method4: zero precisions get 1/(2^k · {value:g}/ln c) matches, smaller for short candidates."
    ),
    "nltk-method5": N_("NLTK method5: every p_n is averaged with its neighbours (NLTK reads p_5 as the extra order)."),
    "nltk-method6": N_(
        "NLTK method6: p_n (n >= 3) is interpolated with the prior p_(n-1)^2/p_(n-2), alpha = {value:g}."
    ),
    "nltk-method7": N_("NLTK method7: method4, then method5."),
}


def _smoothing_rule(rule: m.SmoothingRule) -> str:
    text = _filled(_SMOOTHING[rule.method], rule)
    if rule.unchanged:
        text += " " + _("No order has zero matches here, so it changes nothing.")
    if rule.effective_order_off:
        text += " " + _("Effective order is off: NLTK's methods have none.")
    return text


#: Message class -> its words: a template whose placeholders are the message's fields (``describe`` fills it),
#: or a function where the words are computed from the fields (plurals, order lists, a nested reason).
_CATALOG: dict[type[Any], str | Callable[[Any], str]] = {
    # why a score is 0 whatever the precisions (lowercase clauses: ``sentence`` makes them sentences)
    m.EmptyCandidate: N_("the candidate is empty (c = 0), so it has no n-grams and the brevity penalty is 0"),
    m.NoMatchAnyOrder: N_("no n-gram of any order matches a reference"),
    m.NoUnigramMatch: N_("no unigram matches a reference"),
    m.NltkMethod0Zero: N_(
        "no {order}-gram matches a reference; NLTK's method0 puts sys.float_info.min "
        "({float_min:.3g}) in its place and prints a tiny positive number with a warning "
        "(about 1e-77 per such order at weight 1/4, 1e-155 for two); the exact answer is 0"
    ),
    # why a score cannot be computed (the clause sits in a sentence of the page)
    m.Method6NeedsOrder3: N_("nltk-method6 needs N >= 3 (NLTK reads p_3), got N = {max_order}"),
    m.Method6NeedsTrigramMatch: N_("nltk-method6 needs a non-zero trigram precision p_3 (NLTK asserts it), got 0"),
    # notes on how a score was computed (shown as they are)
    m.NltkMethod5AboveOne: N_(
        "NLTK's method 5 averages each p_n with its neighbours starting from p_1 + 1, so a precision can "
        "exceed 1 (here up to {max_precision:.4f}) and BLEU can exceed 100; kept for parity with NLTK 3.10"
    ),
    m.NltkDropsZeroOrders: N_(
        "NLTK 3.10 leaves out orders whose smoothed precision is still 0 instead of scoring 0 (the standard formula "
        "would give 0)"
    ),
    m.NltkPhantomNgrams: N_(
        "NLTK's corpus_bleu counts at least one n-gram per segment and order (max(1, t_n)), so segments "
        "shorter than N add phantom n-grams; it would give {nltk_score:.4f} here, bleucore sums the real counts"
    ),
    # "Why is it zero?"
    m.EmptyCandidateScoresZero: N_(
        "The candidate is empty (c = 0): it has no n-grams, so every precision is 0, and the brevity "
        "penalty is 0 for c = 0. BLEU is 0, as sacreBLEU scores an empty line; no option changes that."
    ),
    m.ShorterThanN: lambda r: _filled(
        N_("The candidate has {tokens}, fewer than N = {max_order}, so it has no {orders} at all."),
        r,
        tokens=ngettext("{n} token", "{n} tokens", r.length).format(n=r.length),
        orders=order_list(r.orders, plural=True),
    ),
    m.NoTokenMatches: N_(
        "No token of the candidate appears in any reference: with no 1-gram match, no longer n-gram can "
        "match either, every precision is 0, and no smoothing can help, so BLEU is 0."
    ),
    m.OrdersWithoutMatches: lambda r: _filled(
        N_("No {orders} of the candidate appears in a reference."), r, orders=order_list(r.orders)
    ),
    m.GeometricMeanZero: N_("BLEU multiplies the precisions (a geometric mean), so one zero makes the whole score 0."),
    m.SmoothingKeepsScore: N_("The score is not 0 only because smoothing replaced the zero precisions."),
    m.BelowOne: N_("The score is below 1 on the 0-100 scale."),
    # fixes
    m.UseSmoothing: N_("smoothing {method}"),
    m.UseEffectiveOrder: N_("effective order"),
    m.LowerOrder: N_("N = {max_order}"),
    # why a variant or smoothing differs
    m.NotDefined: lambda v: _filled(N_("Not defined here: {reason}."), v, reason=describe(v.reason)),
    m.StandardDefinition: N_("BP · exp(Σ w_n log p_n): Papineni et al.'s definition."),
    m.EmptyBothPenalties: N_("c = 0: both penalties are 0, so every variant gives 0."),
    m.SamePenalty: N_("Same penalty as standard here: c = {hyp_len:,} ≥ r = {ref_len:,g}, so min(1, c/r) = BP = 1."),
    m.MilderPenalty: N_(
        "Penalty min(1, c/r) = {simplified_bp:.4f} instead of exp(1 − r/c) = {bp:.4f}: milder for a short candidate."
    ),
    m.NotComparable: N_("Not comparable: standard BLEU is not defined here."),
    m.EmptySkipCannotHelp: N_("c = 0: the brevity penalty is 0, so skipping zero precisions cannot help."),
    m.SkipChangesNothing: N_(
        "Same as standard here: no precision is 0 after smoothing, so skipping zeros changes nothing."
    ),
    m.SkipsZeroPrecisions: lambda note: _filled(
        N_(
            "The wikidocs tutorial's code: skips zero precisions (order {orders}) instead of scoring 0, so this "
            "candidate gets {tutorial_score:.2f} where standard BLEU gives {standard_score:.2f}."
        ),
        note,
        orders=", ".join(map(str, note.orders)),
    ),
    m.SmoothingRule: _smoothing_rule,
    # weights and N the options cannot use
    m.WeightsMissing: lambda w: _filled(
        N_("type {max_order} comma-separated weights, e.g. {example}"), w, example=", ".join(["0.25"] * 4)
    ),
    m.WeightsNotNumbers: N_("weights must be numbers such as 0.25 or 1/4, got {text!r}"),
    m.WeightsCount: N_("{count} weights for N = {max_order}: give one weight per order"),
    m.OrderOutOfRange: N_("N must be a whole number from 1 to {limit}, got {max_order}"),
    m.WeightsNegative: N_("weights must be non-negative"),
    m.WeightsSum: N_("weights must sum to 1, these sum to {total:g}"),
}


def describe(message: m.Message) -> str:
    """The words of one message (KeyError for a kind this catalog does not word yet)."""
    words = _CATALOG[type(message)]
    return words(message) if callable(words) else _filled(words, message)


def describe_all(messages: Iterable[m.Message]) -> str:
    """Messages read in order as one paragraph (a diagnosis' ``reasons``)."""
    return " ".join(describe(message) for message in messages)


def sentence(message: m.ZeroCause | m.ScoreNote) -> str:
    """A clause-style message (a score's zero reason) as a sentence: capitalised, with a full stop."""
    text = describe(message)
    return _("{clause}.").format(clause=f"{text[0].upper()}{text[1:]}")
