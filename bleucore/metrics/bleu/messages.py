"""What BLEU's explanation says, as codes with typed parameters, never as sentences.

One small class per kind of message, a frozen dataclass by deriving from ``Code``: the class is the code,
its fields the parameters (``OrdersWithoutMatches(orders=(3, 4))``). The app words them in
``ui/metrics/bleu/wording.py`` (where a translation catalog hangs on the same classes); the command line
words a score's own messages (``BLEUScore.zero_reason``/``notes``, ``smoothing.UndefinedScore``) in
``score_text.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, dataclass_transform


@dataclass_transform(frozen_default=True)
class Code:
    """A message code: each subclass is a frozen dataclass (PEP 681) whose fields are the message's parameters."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(frozen=True)(cls)


# --- why a score is 0 whatever the precisions (BLEUScore.zero_reason, SmoothedPrecisions.forced_zero)


class EmptyCandidate(Code):
    """c = 0: no n-grams and BP = 0."""


class NoMatchAnyOrder(Code):
    """sacreBLEU: no n-gram of any order matches (every m_n = 0)."""


class NoUnigramMatch(Code):
    """NLTK: m_1 = 0, so NLTK returns 0 whatever the smoothing."""


class NltkMethod0Zero(Code):
    """NLTK's method0 with m_n = 0 for a weighted ``order``: NLTK prints ``float_min``-based dust, the answer is 0."""

    order: int
    float_min: float


# --- notes on how a score was computed (BLEUScore.notes)


class NltkMethod5AboveOne(Code):
    """NLTK's method 5 (or 7) averaged a precision above 1 (up to ``max_precision``)."""

    max_precision: float


class NltkDropsZeroOrders(Code):
    """NLTK 3.10 left out the weighted ``orders`` whose smoothed precision is still 0."""

    orders: tuple[int, ...]


class NltkPhantomNgrams(Code):
    """NLTK's corpus_bleu counts max(1, t_n) per segment; it would give ``nltk_score`` (NaN: undefined)."""

    nltk_score: float


# --- why a score cannot be computed at all (smoothing.UndefinedScore.reason)


class Method6NeedsOrder3(Code):
    """NLTK's method 6 reads p_3, so N = ``max_order`` < 3 cannot be scored."""

    max_order: int


class Method6NeedsTrigramMatch(Code):
    """NLTK's method 6 divides by p_3 (NLTK asserts p_3 != 0)."""


# --- "Why is it zero?" (ZeroDiagnosis.reasons, in reading order)


class EmptyCandidateScoresZero(Code):
    """c = 0: every precision and BP are 0; no option changes that."""


class ShorterThanN(Code):
    """The candidate has ``length`` < N = ``max_order`` tokens, so no n-grams of ``orders``."""

    length: int
    max_order: int
    orders: tuple[int, ...]


class NoTokenMatches(Code):
    """No 1-gram matches: every precision is 0 and no smoothing helps."""


class OrdersWithoutMatches(Code):
    """The candidate has n-grams of ``orders`` but none matches."""

    orders: tuple[int, ...]


class GeometricMeanZero(Code):
    """One zero precision makes the geometric mean 0."""


class SmoothingKeepsScore(Code):
    """Not 0 only because smoothing replaced the zero precisions."""


class BelowOne(Code):
    """Below 1 on the 0-100 scale (``diagnosis.TINY_SCORE``)."""


# --- an option change that would give a non-zero score (Fix.change)


class UseSmoothing(Code):
    """Smoothing ``method`` (with its default value, effective order off)."""

    method: str


class UseEffectiveOrder(Code):
    """Effective order on."""


class LowerOrder(Code):
    """N = ``max_order`` (weights cut and renormalised)."""

    max_order: int


# --- why a variant or smoothing differs (VariantScore.note)


class NotDefined(Code):
    """The computation is undefined for this input, because of ``reason``."""

    reason: Undefined


class StandardDefinition(Code):
    """Standard BLEU is Papineni et al.'s definition."""


class EmptyBothPenalties(Code):
    """Simplified, c = 0: both penalties are 0."""


class SamePenalty(Code):
    """Simplified, c >= r: min(1, c/r) = BP = 1."""

    hyp_len: int
    ref_len: float


class MilderPenalty(Code):
    """Simplified, c < r: min(1, c/r) = ``simplified_bp`` instead of exp(1 - r/c) = ``bp``."""

    simplified_bp: float
    bp: float


class NotComparable(Code):
    """Tutorial variant, standard BLEU undefined."""


class EmptySkipCannotHelp(Code):
    """Tutorial variant, c = 0: BP = 0."""


class SkipChangesNothing(Code):
    """Tutorial variant equals standard: no zero precision after smoothing."""


class SkipsZeroPrecisions(Code):
    """Tutorial variant skips the zero ``orders``: ``tutorial_score`` where standard gives ``standard_score``."""

    orders: tuple[int, ...]
    tutorial_score: float
    standard_score: float


class SmoothingRule(Code):
    """What smoothing ``method`` does with ``value``; ``unchanged``: no order has zero matches, so it
    changes nothing; ``effective_order_off``: an NLTK method turned effective order off."""

    method: str
    value: float
    unchanged: bool = False
    effective_order_off: bool = False


# --- why BLEU's weights cannot be used (options.WeightsError.reason)


class WeightsMissing(Code):
    """No weights were given where ``max_order`` were expected."""

    max_order: int


class WeightsNotNumbers(Code):
    """``text`` is not comma-separated decimals or fractions."""

    text: str


class WeightsCount(Code):
    """``count`` weights where N = ``max_order`` needs one per order."""

    count: int
    max_order: int


class OrderOutOfRange(Code):
    """N = ``max_order`` is not a whole number from 1 to ``limit``."""

    max_order: int
    limit: int


class WeightsNegative(Code):
    """A weight is negative, infinite or not a number."""


class WeightsSum(Code):
    """The weights sum to ``total``, not 1."""

    total: float


# --- which codes each field holds

ZeroCause = EmptyCandidate | NoMatchAnyOrder | NoUnigramMatch | NltkMethod0Zero
ScoreNote = NltkMethod5AboveOne | NltkDropsZeroOrders | NltkPhantomNgrams
Undefined = Method6NeedsOrder3 | Method6NeedsTrigramMatch
DiagnosisReason = (
    EmptyCandidateScoresZero
    | ShorterThanN
    | NoTokenMatches
    | OrdersWithoutMatches
    | GeometricMeanZero
    | SmoothingKeepsScore
    | BelowOne
)
FixChange = UseSmoothing | UseEffectiveOrder | LowerOrder
VariantNote = (
    NotDefined
    | StandardDefinition
    | EmptyBothPenalties
    | SamePenalty
    | MilderPenalty
    | NotComparable
    | EmptySkipCannotHelp
    | SkipChangesNothing
    | SkipsZeroPrecisions
    | SmoothingRule
)
WeightsProblem = WeightsMissing | WeightsNotNumbers | WeightsCount | OrderOutOfRange | WeightsNegative | WeightsSum
Message = ZeroCause | ScoreNote | Undefined | DiagnosisReason | FixChange | VariantNote | WeightsProblem
