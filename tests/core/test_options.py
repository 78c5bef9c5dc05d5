"""BleuOptions validation: every bad option is a ValueError that names the value."""

from fractions import Fraction

import pytest

from bleucore import BleuOptions
from bleucore.metrics.bleu import WeightsError, messages, parse_weights


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"weights": ()}, "between 1 and 10"),
        ({"weights": (0.1,) * 11}, "between 1 and 10"),
        ({"weights": (0.5, 0.6)}, "sum to 1"),
        ({"weights": (1.5, -0.5)}, "non-negative"),
        ({"weights": (float("nan"), 1.0)}, "finite"),
        ({"smooth_method": "laplace"}, "unknown smoothing 'laplace'"),
        ({"smooth_value": -0.1}, "smoothing value"),
        ({"smooth_value": float("inf")}, "smoothing value"),
        ({"tokenize": "moses"}, "unknown tokenizer 'moses'"),
        ({"ref_length": "longest"}, "unknown reference-length rule"),
        ({"variant": "fancy"}, "unknown variant"),
        ({"smooth_method": "nltk-method1", "effective_order": True}, "effective order"),
    ],
)
def test_bad_options_raise_value_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        BleuOptions(**kwargs)


def test_defaults_are_sacrebleu_corpus_defaults():
    options = BleuOptions()
    assert (options.tokenize, options.smooth_method, options.max_order, options.effective_order) == (
        "13a",
        "exp",
        4,
        False,
    )
    assert options.ref_length == "closest" and options.variant == "standard"


def test_default_smoothing_values():
    assert BleuOptions(smooth_method="floor").effective_smooth_value == 0.1
    assert BleuOptions(smooth_method="add-k").effective_smooth_value == 1.0
    assert BleuOptions(smooth_method="nltk-method1").effective_smooth_value == 0.1
    assert BleuOptions(smooth_method="nltk-method4").effective_smooth_value == 5.0
    assert BleuOptions(smooth_method="nltk-method6").effective_smooth_value == 5.0


def test_method5_needs_the_fifth_order():
    assert BleuOptions(smooth_method="nltk-method5", weights=(0.5, 0.5)).stats_order == 5
    assert BleuOptions(smooth_method="exp", weights=(0.5, 0.5)).stats_order == 2


@pytest.mark.parametrize(
    ("text", "order", "reason"),
    [
        ("", 4, messages.WeightsMissing(4)),
        ("0.5, x", None, messages.WeightsNotNumbers("0.5, x")),
        ("1/0", None, messages.WeightsNotNumbers("1/0")),
        ("0.5, 0.5", 4, messages.WeightsCount(2, 4)),
        ("-0.5, 1.5", None, messages.WeightsNegative()),
        ("0.5, 0.6", None, messages.WeightsSum(1.1)),
        (",".join(["0.0625"] * 16), None, messages.OrderOutOfRange(16, 10)),
    ],
)
def test_weights_are_checked_once_with_a_reason(text: str, order: int | None, reason: object) -> None:
    """parse_weights (the app's box, the CLI's --weights) and BleuOptions reject weights by one rule, naming why."""
    with pytest.raises(WeightsError) as err:
        parse_weights(text, order)
    assert err.value.reason == reason or (
        isinstance(reason, messages.WeightsSum) and err.value.reason.total == pytest.approx(1.1)
    )
    if not isinstance(reason, (messages.WeightsMissing, messages.WeightsNotNumbers, messages.WeightsCount)):
        weights = tuple(float(Fraction(p)) for p in text.split(","))
        with pytest.raises(WeightsError) as direct:
            BleuOptions(weights=weights)
        assert type(direct.value.reason) is type(reason)


def test_parse_weights_reads_fractions_and_semicolons() -> None:
    assert parse_weights("1/3; 1/3, 1/3", 3) == (1 / 3, 1 / 3, 1 / 3)
    assert BleuOptions(weights=parse_weights("0.7,0.1,0.1,0.1")).max_order == 4
