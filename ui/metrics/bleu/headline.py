"""The words that say what a BLEU number is: its variant, smoothing, effective order, N and weights.

One phrase for the Explore headline ("BLEU 50.46 (standard, no smoothing)") and for every row of
the Variants table, so the two can be read against each other. Pure functions of bleucore values.
"""

from __future__ import annotations

from bleucore import BleuOptions, BLEUScore
from bleucore.metrics.bleu import SMOOTHING_DEFAULTS
from ui.shell.i18n import _

DEFAULT_ORDER = 4


def smoothing_phrase(options: BleuOptions) -> str:
    """``no smoothing``, ``exp smoothing``, ``floor smoothing (value 0.5)`` (the value only when not the default)."""
    method = options.smooth_method
    if method == "none":
        return _("no smoothing")
    phrase = _("{method} smoothing").format(method=method)
    if options.smooth_value is not None and options.smooth_value != SMOOTHING_DEFAULTS[method]:
        phrase += " " + _("(value {value:g})").format(value=options.smooth_value)
    return phrase


def options_phrase(options: BleuOptions) -> str:
    """``standard, no smoothing``; with ``effective order``, ``N = 2`` or ``weights 0.5/0.3/0.2`` when they apply."""
    parts = [options.variant, smoothing_phrase(options)]
    if options.effective_order:
        parts.append(_("effective order"))
    if not options.uniform:
        parts.append(_("weights {weights}").format(weights="/".join(f"{w:g}" for w in options.weights)))
    elif options.max_order != DEFAULT_ORDER:
        parts.append(f"N = {options.max_order}")
    return ", ".join(parts)


def headline(score: BLEUScore) -> str:
    """``BLEU 50.46 (standard, no smoothing)``: the score on the 0-100 scale and what it is."""
    return f"BLEU {score.score:.2f} ({options_phrase(score.options)})"


def full_precision(score: BLEUScore) -> str:
    """The score to full precision, for a tooltip."""
    return _("To full precision: {score!r} on the 0–100 scale, {value!r} on the 0–1 scale.").format(
        score=score.score, value=score.value
    )
