"""BleuOptions as a plain tuple: the cheap, hashable key of every st.cache_data wrapper."""

from __future__ import annotations

from bleucore import BleuOptions

OptionsKey = tuple[str, bool, tuple[float, ...], str, float | None, bool, str, str]


def options_key(options: BleuOptions) -> OptionsKey:
    """The fields of ``options`` as a plain tuple."""
    return (
        options.tokenize,
        options.lowercase,
        options.weights,
        options.smooth_method,
        options.smooth_value,
        options.effective_order,
        options.ref_length,
        options.variant,
    )


def from_key(key: OptionsKey) -> BleuOptions:
    """The BleuOptions of an ``options_key``."""
    tok, lowercase, weights, method, value, eff, ref_length, variant = key
    return BleuOptions(tok, lowercase, weights, method, value, eff, ref_length, variant)
