"""The BLEU options every page offers: one frozen model, its presets, validation, widget keys and link fields.

Explore, Corpus and Compare all hold a ``Choices``; Explore starts from the ``TUTORIAL`` preset
(the Korean tutorials' whitespace tokens, no smoothing), Corpus and Compare from ``SACREBLEU``
(sacreBLEU 2.6's defaults; Post 2018). ``effective_order`` applies to sentence BLEU only, as
sacreBLEU's ``sentence_bleu``; corpus BLEU never uses it (sacreBLEU's ``corpus_score``).
Nothing here imports Streamlit (the widgets are in ``ui.options.sidebar``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

import bleucore.metrics.bleu as bleu
from bleucore import BleuOptions, uniform_weights
from bleucore.metrics.bleu import messages
from ui.links.codec import FLAG, TEXT, Kind, LinkField, choice, link_data, linked, read_state, section, whole
from ui.metrics.bleu.wording import describe as describe_message
from ui.shell.i18n import N_, _

if TYPE_CHECKING:
    from ui.links.share import LinkReader

#: What each smoothing method's value is called (methods not listed take no value).
SMOOTHING_VALUE_LABELS = {
    "floor": N_("floor value"),
    "add-k": N_("k"),
    "nltk-method1": N_("epsilon"),
    "nltk-method4": N_("K"),
    "nltk-method6": N_("alpha"),
    "nltk-method7": N_("K"),
}


def has_value(method: str) -> bool:
    """True when a smoothing method takes a value (epsilon, k or alpha)."""
    return bleu.SMOOTHING_DEFAULTS.get(method) is not None


def default_value(method: str) -> float | None:
    """The smoothing value a method starts from (epsilon 0.1, k 1 or 5, alpha 5), None if it takes none."""
    value = bleu.SMOOTHING_DEFAULTS.get(method)
    return None if value is None else float(value)


def default_weights_text(max_order: int) -> str:
    """Uniform weights for N as the weights box shows them."""
    n = max_order if 1 <= max_order <= bleu.MAX_ORDER_LIMIT else 4
    return ", ".join(f"{1 / n:g}" for _ in range(n))


def _custom_weights(choices: Mapping[str, Any]) -> bool:
    return bool(choices["custom_weights"])


def _takes_value(choices: Mapping[str, Any]) -> bool:
    return has_value(choices["smooth_method"])


def _read_smooth_value(reader: LinkReader, link: LinkField, _default: Any, choices: Mapping[str, Any]) -> float | None:
    """The smoothing value of a link, falling back to its smoothing method's own default."""
    return reader.number(*link, default_value(choices["smooth_method"]))


#: sacreBLEU 2.6's defaults as bleucore holds them (corpus BLEU's: no effective order).
_CORPUS_DEFAULTS = BleuOptions()


@dataclass(frozen=True)
class Choices:
    """The options a page's sidebar holds, each with its link field (``ui.links.codec``). The defaults are
    sacreBLEU's (13a, exp, N = 4, closest r), with effective order, as sacreBLEU's ``sentence_bleu`` has it. A link
    holds the weights' text only when they are custom, and a smoothing value only for a method that takes one."""

    tokenize: str = linked(_CORPUS_DEFAULTS.tokenize, LinkField("tok", N_("tokenizer")), choice(bleu.TOKENIZER_NAMES))
    lowercase: bool = linked(_CORPUS_DEFAULTS.lowercase, LinkField("lc", N_("lowercase")), FLAG)
    max_order: int = linked(_CORPUS_DEFAULTS.max_order, LinkField("n", N_("N")), whole(1, bleu.MAX_ORDER_LIMIT))
    custom_weights: bool = linked(False, LinkField("cw", N_("custom weights")), FLAG, omit_default=True)
    weights: str = linked("", LinkField("w", N_("weights")), TEXT, when=_custom_weights)
    smooth_method: str = linked(
        _CORPUS_DEFAULTS.smooth_method, LinkField("sm", N_("smoothing")), choice(bleu.SMOOTHING_METHODS)
    )
    smooth_value: float | None = linked(
        None, LinkField("sv", N_("smoothing value")), Kind(_read_smooth_value), when=_takes_value
    )
    effective_order: bool = linked(True, LinkField("eff", N_("effective order")), FLAG)
    ref_length: str = linked(
        _CORPUS_DEFAULTS.ref_length, LinkField("rl", N_("reference length")), choice(bleu.REF_LENGTH_RULES)
    )
    variant: str = linked(_CORPUS_DEFAULTS.variant, LinkField("var", N_("variant")), choice(bleu.VARIANTS))

    def normalized(self) -> Choices:
        """The same options with unused fields cleared (no value for exp, no weights text when uniform)."""
        value = self.smooth_value if has_value(self.smooth_method) else None
        if value is None:
            value = default_value(self.smooth_method)
        return replace(self, smooth_value=value, weights=self.weights if self.custom_weights else "")

    def corpus_options(self) -> BleuOptions:
        """The options of corpus BLEU (never effective order); ValueError with a readable message."""
        n = self.max_order
        try:
            if not 1 <= n <= bleu.MAX_ORDER_LIMIT:
                raise bleu.WeightsError(messages.OrderOutOfRange(n, bleu.MAX_ORDER_LIMIT), f"N = {n}")
            weights = bleu.parse_weights(self.weights, n) if self.custom_weights else uniform_weights(n)
        except bleu.WeightsError as err:
            raise ValueError(describe_message(err.reason)) from None
        value = self.normalized().smooth_value
        if value is not None and not (math.isfinite(value) and value >= 0):
            raise ValueError(_("the smoothing value must be 0 or more, got {value:g}").format(value=value))
        return BleuOptions(
            tokenize=self.tokenize,
            lowercase=self.lowercase,
            weights=weights,
            smooth_method=self.smooth_method,
            smooth_value=value,
            effective_order=False,
            ref_length=self.ref_length,
            variant=self.variant,
        )

    def sentence_options(self) -> BleuOptions:
        """The options of sentence BLEU: corpus options plus effective order (NLTK's smoothing has none)."""
        options = self.corpus_options()
        if self.effective_order and not options.is_nltk:
            return options.with_changes(effective_order=True)
        return options

    @classmethod
    def from_bleu(cls, options: BleuOptions) -> Choices:
        """The choices that give ``options`` as sentence options."""
        custom = not options.uniform
        return cls(
            tokenize=options.tokenize,
            lowercase=options.lowercase,
            max_order=options.max_order,
            custom_weights=custom,
            weights=", ".join(repr(w) for w in options.weights) if custom else "",
            smooth_method=options.smooth_method,
            smooth_value=options.smooth_value,
            effective_order=options.effective_order,
            ref_length=options.ref_length,
            variant=options.variant,
        ).normalized()


SACREBLEU = Choices()
TUTORIAL = Choices(tokenize="none", smooth_method="none", effective_order=False)
SACREBLEU_NAME = N_("sacreBLEU defaults")
TUTORIAL_NAME = N_("tutorial (whitespace, no smoothing)")
CUSTOM = N_("custom")
PRESETS: dict[str, Choices] = {SACREBLEU_NAME: SACREBLEU, TUTORIAL_NAME: TUTORIAL}
#: How a button names each preset (the selector shows the full names).
SHORT_NAMES = {SACREBLEU_NAME: N_("sacreBLEU defaults"), TUTORIAL_NAME: N_("the tutorial preset")}


def preset_name(choices: Choices) -> str:
    """The name of the preset ``choices`` equal, or "custom"."""
    current = choices.normalized()
    return next((name for name, preset in PRESETS.items() if preset.normalized() == current), CUSTOM)


def describe(choices: Choices) -> str:
    """One line naming the preset, or every option of custom choices."""
    name = preset_name(choices)
    if name == TUTORIAL_NAME:
        return _("tutorial preset (whitespace, no smoothing)")
    if name == SACREBLEU_NAME:
        return _("sacreBLEU defaults (13a, exp smoothing, effective order for sentence BLEU)")
    c = choices.normalized()
    smoothing = c.smooth_method if c.smooth_value is None else f"{c.smooth_method} {c.smooth_value:g}"
    parts = [
        _("tokenizer {name}").format(name=c.tokenize),
        *([_("lowercase")] if c.lowercase else []),
        f"N = {c.max_order}",
        *([_("weights {weights}").format(weights=c.weights)] if c.custom_weights else []),
        _("smoothing {method}").format(method=smoothing),
        _("effective order") if c.effective_order else _("no effective order"),
        f"r {c.ref_length}",
        _("{variant} BLEU").format(variant=c.variant),
    ]
    return _("custom: {options}").format(options=", ".join(parts))


# --- widget keys -----------------------------------------------------------------------------

NAMES: tuple[str, ...] = tuple(f.name for f in fields(Choices))


@dataclass(frozen=True)
class OptionKeys:
    """The widget keys of one page's options (``<prefix>_<field>``), its preset selector and reset button."""

    prefix: str

    def key(self, name: str) -> str:
        """``<prefix>_<name>``."""
        return f"{self.prefix}_{name}"

    def preset(self, shown: str) -> str:
        """The key of the preset selector drawn while the options equal the preset ``shown`` (or custom).

        One key per shown preset, so the key says what the box showed when drawn: a browser a run behind reports
        the box it drew, with the value it drew, and that is not a preset picked (see ``sidebar._preset_picked``).
        """
        return f"{self.key('preset')}:{shown}"

    @property
    def reset(self) -> str:
        """The reset button's key."""
        return self.key("reset")


def widget_values(keys: OptionKeys, choices: Choices) -> dict[str, Any]:
    """Widget key -> value that shows ``choices`` (the smoothing value and weights boxes always hold something)."""
    values: dict[str, Any] = {keys.key(name): getattr(choices, name) for name in NAMES}
    value = choices.smooth_value if choices.smooth_value is not None else default_value(choices.smooth_method)
    values[keys.key("smooth_value")] = float(value or 0.0)
    values[keys.key("weights")] = choices.weights or default_weights_text(choices.max_order)
    return values


def read(session: Mapping[str, Any], keys: OptionKeys) -> Choices:
    """The choices the widgets hold now."""
    method = session[keys.key("smooth_method")]
    value = session[keys.key("smooth_value")]
    order = session[keys.key("max_order")]
    custom = bool(session[keys.key("custom_weights")])
    return Choices(
        tokenize=session[keys.key("tokenize")],
        lowercase=bool(session[keys.key("lowercase")]),
        max_order=int(order) if order is not None else 0,
        custom_weights=custom,
        weights=session[keys.key("weights")] if custom else "",
        smooth_method=method,
        smooth_value=float(value) if has_value(method) and value is not None else None,
        effective_order=bool(session[keys.key("effective_order")]),
        ref_length=session[keys.key("ref_length")],
        variant=session[keys.key("variant")],
    )


# --- link fields -----------------------------------------------------------------------------


def to_link(choices: Choices) -> dict[str, Any]:
    """The choices as a link's compact fields (weights only when custom, a smoothing value only when it takes one)."""
    return link_data(choices.normalized())


def from_link(reader: LinkReader, default: Choices) -> Choices:
    """The choices a link's fields hold; a wrong field keeps ``default``'s value and adds a note to ``reader``."""
    return read_state(reader, default).normalized()


#: How a page's link holds its options: a nested set of fields.
SECTION = section(from_link, to_link)
