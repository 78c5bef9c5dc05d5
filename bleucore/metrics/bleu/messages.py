"""What BLEU's explanation says, as codes with typed parameters, never as sentences.

One small frozen dataclass per kind of message: the class is the code, its fields the
parameters (``OrdersWithoutMatches(orders=(3, 4))``). The app words them in ``ui/metrics/bleu/wording.py``
(where a translation catalog hangs on the same classes); the command line words a score's own
messages (``BLEUScore.zero_reason``/``notes``, ``smoothing.UndefinedScore``) in ``score_text.py``.
"""

from __future__ import annotations

from dataclasses import dataclass


# --- why a score is 0 whatever the precisions (BLEUScore.zero_reason, SmoothedPrecisions.forced_zero)


@dataclass(frozen=True)
class EmptyCandidate:
    """c = 0: no n-grams and BP = 0."""


@dataclass(frozen=True)
class NoMatchAnyOrder:
    """sacreBLEU: no n-gram of any order matches (every m_n = 0)."""


@dataclass(frozen=True)
class NoUnigramMatch:
    """NLTK: m_1 = 0, so NLTK returns 0 whatever the smoothing."""


@dataclass(frozen=True)
class NltkMethod0Zero:
    """NLTK's method0 with m_n = 0 for a weighted ``order``: NLTK prints ``float_min``-based dust, the answer is 0."""

    order: int
    float_min: float


# --- notes on how a score was computed (BLEUScore.notes)


@dataclass(frozen=True)
class NltkMethod5AboveOne:
    """NLTK's method 5 (or 7) averaged a precision above 1 (up to ``max_precision``)."""

    max_precision: float


@dataclass(frozen=True)
class NltkDropsZeroOrders:
    """NLTK 3.10 left out the weighted ``orders`` whose smoothed precision is still 0."""

    orders: tuple[int, ...]


@dataclass(frozen=True)
class NltkPhantomNgrams:
    """NLTK's corpus_bleu counts max(1, t_n) per segment; it would give ``nltk_score`` (NaN: undefined)."""

    nltk_score: float


# --- why a score cannot be computed at all (smoothing.UndefinedScore.reason)


@dataclass(frozen=True)
class Method6NeedsOrder3:
    """NLTK's method 6 reads p_3, so N = ``max_order`` < 3 cannot be scored."""

    max_order: int


@dataclass(frozen=True)
class Method6NeedsTrigramMatch:
    """NLTK's method 6 divides by p_3 (NLTK asserts p_3 != 0)."""


# --- "Why is it zero?" (ZeroDiagnosis.reasons, in reading order)


@dataclass(frozen=True)
class EmptyCandidateScoresZero:
    """c = 0: every precision and BP are 0; no option changes that."""


@dataclass(frozen=True)
class ShorterThanN:
    """The candidate has ``length`` < N = ``max_order`` tokens, so no n-grams of ``orders``."""

    length: int
    max_order: int
    orders: tuple[int, ...]


@dataclass(frozen=True)
class NoTokenMatches:
    """No 1-gram matches: every precision is 0 and no smoothing helps."""


@dataclass(frozen=True)
class OrdersWithoutMatches:
    """The candidate has n-grams of ``orders`` but none matches."""

    orders: tuple[int, ...]


@dataclass(frozen=True)
class GeometricMeanZero:
    """One zero precision makes the geometric mean 0."""


@dataclass(frozen=True)
class SmoothingKeepsScore:
    """Not 0 only because smoothing replaced the zero precisions."""


@dataclass(frozen=True)
class BelowOne:
    """Below 1 on the 0-100 scale (``diagnosis.TINY_SCORE``)."""


# --- an option change that would give a non-zero score (Fix.change)


@dataclass(frozen=True)
class UseSmoothing:
    """Smoothing ``method`` (with its default value, effective order off)."""

    method: str


@dataclass(frozen=True)
class UseEffectiveOrder:
    """Effective order on."""


@dataclass(frozen=True)
class LowerOrder:
    """N = ``max_order`` (weights cut and renormalised)."""

    max_order: int


# --- why a variant or smoothing differs (VariantScore.note)


@dataclass(frozen=True)
class NotDefined:
    """The computation is undefined for this input, because of ``reason``."""

    reason: Undefined


@dataclass(frozen=True)
class StandardDefinition:
    """Standard BLEU is Papineni et al.'s definition."""


@dataclass(frozen=True)
class EmptyBothPenalties:
    """Simplified, c = 0: both penalties are 0."""


@dataclass(frozen=True)
class SamePenalty:
    """Simplified, c >= r: min(1, c/r) = BP = 1."""

    hyp_len: int
    ref_len: float


@dataclass(frozen=True)
class MilderPenalty:
    """Simplified, c < r: min(1, c/r) = ``simplified_bp`` instead of exp(1 - r/c) = ``bp``."""

    simplified_bp: float
    bp: float


@dataclass(frozen=True)
class NotComparable:
    """Tutorial variant, standard BLEU undefined."""


@dataclass(frozen=True)
class EmptySkipCannotHelp:
    """Tutorial variant, c = 0: BP = 0."""


@dataclass(frozen=True)
class SkipChangesNothing:
    """Tutorial variant equals standard: no zero precision after smoothing."""


@dataclass(frozen=True)
class SkipsZeroPrecisions:
    """Tutorial variant skips the zero ``orders``: ``tutorial_score`` where standard gives ``standard_score``."""

    orders: tuple[int, ...]
    tutorial_score: float
    standard_score: float


@dataclass(frozen=True)
class SmoothingRule:
    """What smoothing ``method`` does with ``value``; ``unchanged``: no order has zero matches, so it
    changes nothing; ``effective_order_off``: an NLTK method turned effective order off."""

    method: str
    value: float
    unchanged: bool = False
    effective_order_off: bool = False


# --- why BLEU's weights cannot be used (options.WeightsError.reason)


@dataclass(frozen=True)
class WeightsMissing:
    """No weights were given where ``max_order`` were expected."""

    max_order: int


@dataclass(frozen=True)
class WeightsNotNumbers:
    """``text`` is not comma-separated decimals or fractions."""

    text: str


@dataclass(frozen=True)
class WeightsCount:
    """``count`` weights where N = ``max_order`` needs one per order."""

    count: int
    max_order: int


@dataclass(frozen=True)
class OrderOutOfRange:
    """N = ``max_order`` is not a whole number from 1 to ``limit``."""

    max_order: int
    limit: int


@dataclass(frozen=True)
class WeightsNegative:
    """A weight is negative, infinite or not a number."""


@dataclass(frozen=True)
class WeightsSum:
    """The weights sum to ``total``, not 1."""

    total: float


# --- which codes each field holds

ZeroCause = EmptyCandidate | NoMatchAnyOrder | NoUnigramMatch | NltkMethod0Zero
ScoreNote = NltkMethod5AboveOne | NltkDropsZeroOrders | NltkPhantomNgrams
Undefined = Method6NeedsOrder3 | Method6NeedsTrigramMatch
DiagnosisReason = (
    EmptyCandidateScoresZero | ShorterThanN | NoTokenMatches | OrdersWithoutMatches | GeometricMeanZero | SmoothingKeepsScore | BelowOne
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
