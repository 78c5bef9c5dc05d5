"""Every option that changes a BLEU number, validated once (Papineni et al. 2002; Post 2018)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal, get_args

from ...tokenizers.languages import tokenizer_for_language
from ...tokenizers.registry import TOKENIZER_NAMES as TOKENIZER_NAMES
from ...tokenizers.registry import TOKENIZERS

if TYPE_CHECKING:
    from .messages import WeightsProblem

Variant = Literal["standard", "simplified", "tutorial"]
RefLengthRule = Literal["closest", "shortest", "average"]

#: sacreBLEU 2.6's smoothing methods and their default values (Chen & Cherry 2014).
SACREBLEU_SMOOTHING: dict[str, float | None] = {"none": None, "floor": 0.1, "add-k": 1.0, "exp": None}
#: NLTK 3.10's SmoothingFunction methods, by the one value each uses (epsilon, k or alpha).
NLTK_SMOOTHING: dict[str, float | None] = {
    "nltk-method0": None,
    "nltk-method1": 0.1,  # epsilon
    "nltk-method2": None,
    "nltk-method3": None,
    "nltk-method4": 5.0,  # k
    "nltk-method5": None,
    "nltk-method6": 5.0,  # alpha
    "nltk-method7": 5.0,  # k (method 4 then method 5)
}
SMOOTHING_DEFAULTS: dict[str, float | None] = {**SACREBLEU_SMOOTHING, **NLTK_SMOOTHING}
SMOOTHING_METHODS: tuple[str, ...] = tuple(SMOOTHING_DEFAULTS)
VARIANTS: tuple[str, ...] = get_args(Variant)
REF_LENGTH_RULES: tuple[str, ...] = get_args(RefLengthRule)
MAX_ORDER_LIMIT = 10
WEIGHT_TOLERANCE = 1e-9


class WeightsError(ValueError):
    """Weights BLEU cannot use; ``reason`` says why as a ``messages`` code (the app words it)."""

    def __init__(self, reason: WeightsProblem, text: str) -> None:
        super().__init__(text)
        self.reason = reason


def check_weights(weights: tuple[float, ...]) -> None:
    """WeightsError unless there are 1..MAX_ORDER_LIMIT finite, non-negative weights summing to 1."""
    if not 1 <= len(weights) <= MAX_ORDER_LIMIT:
        from .messages import OrderOutOfRange  # lazy: made only for a message (10 ms to import)

        raise WeightsError(
            OrderOutOfRange(len(weights), MAX_ORDER_LIMIT),
            f"max n-gram order must be between 1 and {MAX_ORDER_LIMIT}, got {len(weights)} weights",
        )
    if any(not math.isfinite(w) or w < 0 for w in weights):
        from .messages import WeightsNegative  # lazy: made only for a message (10 ms to import)

        raise WeightsError(WeightsNegative(), f"weights must be finite and non-negative, got {list(weights)}")
    if abs(math.fsum(weights) - 1.0) > WEIGHT_TOLERANCE:
        from .messages import WeightsSum  # lazy: made only for a message (10 ms to import)

        total = math.fsum(weights)
        raise WeightsError(WeightsSum(total), f"weights must sum to 1, got {list(weights)} (sum {total:.12g})")


def parse_weights(text: str, max_order: int | None = None) -> tuple[float, ...]:
    """Weights typed as comma-separated decimals or fractions (``0.25, 1/4``), exactly ``max_order`` of them when
    given, checked as ``BleuOptions`` checks them."""
    from .messages import (  # lazy: made only for a message (10 ms to import)
        WeightsCount,
        WeightsMissing,
        WeightsNotNumbers,
    )

    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    if not parts:
        n = max_order or 4
        raise WeightsError(
            WeightsMissing(n), f"no weights given: type {n} comma-separated weights, e.g. 0.25,0.25,0.25,0.25"
        )
    try:  # a/b exactly; a decimal as float() reads it (Fraction("1e999999999") would build a 3 GB integer)
        from fractions import Fraction  # lazy: typed weights only (fractions imports decimal: 2-3 ms at start-up)

        weights = tuple(float(Fraction(p)) if "/" in p else float(p) for p in parts)
        if not all(map(math.isfinite, weights)):
            raise ValueError(text)
    except (ValueError, ZeroDivisionError, OverflowError):
        raise WeightsError(
            WeightsNotNumbers(text.strip()),
            f"weights must be comma-separated numbers such as 0.25 or 1/4, got {text.strip()!r}",
        ) from None
    if max_order is not None and len(weights) != max_order:
        raise WeightsError(
            WeightsCount(len(weights), max_order),
            f"{len(weights)} weights for N = {max_order}: give one weight per order",
        )
    check_weights(weights)
    return weights


def uniform_weights(max_order: int) -> tuple[float, ...]:
    """w_n = 1/N for n = 1..N, the weights of Papineni et al. (2002)."""
    if not 1 <= max_order <= MAX_ORDER_LIMIT:
        raise ValueError(f"max n-gram order must be between 1 and {MAX_ORDER_LIMIT}, got {max_order}")
    return (1.0 / max_order,) * max_order


@dataclass(frozen=True)
class BleuOptions:
    """The options of one BLEU computation; ``max_order`` is ``len(weights)``.

    Defaults are sacreBLEU's corpus defaults: 13a, mixed case, N = 4, exp smoothing,
    no effective order, closest reference length (ties to the shorter), standard BLEU.
    """

    tokenize: str = "13a"
    lowercase: bool = False
    weights: tuple[float, ...] = field(default_factory=lambda: uniform_weights(4))
    smooth_method: str = "exp"
    smooth_value: float | None = None
    effective_order: bool = False
    ref_length: str = "closest"
    variant: str = "standard"

    def __post_init__(self) -> None:
        if self.tokenize not in TOKENIZER_NAMES:
            raise TOKENIZERS.unknown(self.tokenize)
        weights = tuple(float(w) for w in self.weights)
        object.__setattr__(self, "weights", weights)
        check_weights(weights)
        if self.smooth_method not in SMOOTHING_DEFAULTS:
            raise ValueError(f"unknown smoothing {self.smooth_method!r}; choose one of {', '.join(SMOOTHING_METHODS)}")
        if self.smooth_value is not None:
            value = float(self.smooth_value)
            if not math.isfinite(value) or value < 0:
                raise ValueError(f"smoothing value must be a finite number >= 0, got {self.smooth_value}")
            object.__setattr__(self, "smooth_value", value)
        if self.effective_order and self.is_nltk:
            raise ValueError("effective order is sacreBLEU's rule; NLTK's smoothing methods have none")
        if self.ref_length not in REF_LENGTH_RULES:
            raise ValueError(
                f"unknown reference-length rule {self.ref_length!r}; choose one of {', '.join(REF_LENGTH_RULES)}"
            )
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown variant {self.variant!r}; choose one of {', '.join(VARIANTS)}")

    @classmethod
    def for_language(cls, trg_lang: str, tokenize: str | None = None, **options: Any) -> BleuOptions:
        """sacreBLEU's ``BLEU(trg_lang=...)``: the target language's tokenizer (zh, ja-mecab,
        ko-mecab, else 13a) unless ``tokenize`` names one."""
        return cls(tokenize=tokenizer_for_language(trg_lang, tokenize), **options)

    @property
    def max_order(self) -> int:
        """N, the highest n-gram order."""
        return len(self.weights)

    @property
    def is_nltk(self) -> bool:
        """True for NLTK's Chen & Cherry smoothing methods."""
        return self.smooth_method.startswith("nltk-")

    @property
    def effective_smooth_value(self) -> float | None:
        """The smoothing value in force: the given one, else the method's default."""
        return SMOOTHING_DEFAULTS[self.smooth_method] if self.smooth_value is None else self.smooth_value

    @property
    def stats_order(self) -> int:
        """Orders the statistics must hold: NLTK's method 5 also reads the 5-gram precision."""
        if self.smooth_method in ("nltk-method5", "nltk-method7"):
            return max(self.max_order, 5)
        return self.max_order

    @property
    def uniform(self) -> bool:
        """True when the weights are 1/N each."""
        return all(abs(w - 1.0 / self.max_order) <= WEIGHT_TOLERANCE for w in self.weights)

    def with_changes(self, **changes: object) -> BleuOptions:
        """A copy with some options changed (validated again)."""
        return replace(self, **changes)  # type: ignore[arg-type]
