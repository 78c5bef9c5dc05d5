"""BleuOptions validation: every bad option is a ValueError that names the value."""

import pytest

from bleucore import BleuOptions


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
    assert (options.tokenize, options.smooth_method, options.max_order, options.effective_order) == ("13a", "exp", 4, False)
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
