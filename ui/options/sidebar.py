"""The options control every page draws in its sidebar, built from ``ui.options.bleu``.

One preset selector (sacreBLEU defaults / tutorial / "custom" when the options match neither),
the same widget for the same option on every page, and one button back to the page's start preset.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from typing import Any

import streamlit as st

from bleucore.metrics.bleu import REF_LENGTH_RULES, SMOOTHING_METHODS, TOKENIZER_NAMES, VARIANTS
from ui.options import bleu as om
from ui.options.tokenizer_needs import needs_label
from ui.shell import i18n
from ui.shell.i18n import N_, _
from ui.shell.session import session_state
from ui.shell.spoken import fill_spoken

TOKENIZER_HELP = N_(
    "`none`: split on whitespace only (the tutorials); `13a`: sacreBLEU's default (mteval-v13a, punctuation "
    "split off); `intl`: Unicode punctuation and symbols split off; `char`: every character is a token; "
    "`zh`: every Chinese character a token; `ja-mecab`, `ko-mecab`: Japanese and Korean morphemes (MeCab), "
    "sacreBLEU's choices for Japanese and Korean; `flores101`, `flores200`, `spBLEU-1K`: pieces of sacreBLEU's "
    "SentencePiece models, for any language (spBLEU)."
)


def tokenizer_label(name: str, gettext: Callable[[str], str] | None = None) -> str:
    """A tokenizer's name in a choice; one whose analyser or model is missing says what it needs."""
    return needs_label(name, gettext or _)


def tokenizer_box(keys: om.OptionKeys) -> None:
    """The tokenizer choice of a page's options (the sidebar's, and the Score doctor's for Corpus's input)."""
    key = keys.key("tokenize")
    st.selectbox(
        _("Tokenizer"),
        TOKENIZER_NAMES,
        key=key,
        help=_(TOKENIZER_HELP),
        format_func=i18n.keep_choice(key, TOKENIZER_NAMES, tokenizer_label),
        persist_state="session",
    )


def apply_preset(session: MutableMapping[str, Any], keys: om.OptionKeys, name: str) -> None:
    """Callback: set every option widget to the preset ``name`` (nothing for custom)."""
    if name in om.PRESETS:
        session.update(om.widget_values(keys, om.PRESETS[name]))


def _preset_picked(session: MutableMapping[str, Any], keys: om.OptionKeys, shown: str) -> None:
    """Callback of the preset selector drawn showing ``shown``: apply the preset picked in it.

    A browser a run behind sends the box it still shows with the value the page drew, after the options have
    changed; Streamlit reports that as a change. Only a value other than the one drawn is a pick.
    """
    picked = session[keys.preset(shown)]
    if picked != shown:
        apply_preset(session, keys, picked)


def _smoothing_changed(session: MutableMapping[str, Any], keys: om.OptionKeys) -> None:
    """Callback: a new smoothing method starts from its own default value."""
    session[keys.key("smooth_value")] = float(om.default_value(session[keys.key("smooth_method")]) or 0.0)


def _weights_toggled(session: MutableMapping[str, Any], keys: om.OptionKeys) -> None:
    """Callback: custom weights start from uniform weights for the current N."""
    if session[keys.key("custom_weights")]:
        n = session[keys.key("max_order")]
        session[keys.key("weights")] = om.default_weights_text(int(n) if n is not None else 4)


def options_sidebar(keys: om.OptionKeys, start: str) -> om.Choices:
    """Draw the options (their widget keys must hold values already) and return what they hold.

    ``start`` is the name of the page's starting preset, the target of the reset button.
    """
    session = session_state()
    shown = om.preset_name(om.read(session, keys))
    session[keys.preset(shown)] = shown
    st.header(_("Options"))
    presets = [*om.PRESETS, om.CUSTOM]
    st.selectbox(
        _("Preset"),
        presets,
        key=keys.preset(shown),
        format_func=i18n.keep_choice(keys.preset(shown), presets, lambda name, gettext: gettext(name)),
        on_change=_preset_picked,
        args=(session, keys, shown),
        help=_(
            "sacreBLEU defaults: what sacreBLEU reports. Tutorial: the Korean tutorials' whitespace tokens, "
            "no smoothing. Shows custom when the options below match neither."
        ),
    )
    st.button(
        fill_spoken(_("Reset to {preset}"), preset=_(om.SHORT_NAMES[start])),  # 으로 or 로 as the name ends
        key=keys.reset,
        on_click=apply_preset,
        args=(session, keys, start),
    )
    tokenizer_box(keys)
    st.checkbox(
        _("Lowercase"),
        key=keys.key("lowercase"),
        help=_("Lowercase all texts before tokenizing (sacreBLEU's -lc)."),
        persist_state="session",
    )
    st.number_input(
        _("Max n-gram order N"),
        step=1,
        format="%d",
        key=keys.key("max_order"),
        help=_("A whole number from 1 to 10; BLEU uses n-grams of orders 1..N. sacreBLEU's default is 4."),
        persist_state="session",
    )
    st.checkbox(
        _("Custom weights"),
        key=keys.key("custom_weights"),
        on_change=_weights_toggled,
        args=(session, keys),
        persist_state="session",
    )
    if session[keys.key("custom_weights")]:
        st.text_input(
            _("Weights w_1, …, w_N"),
            key=keys.key("weights"),
            help=_("N comma-separated numbers (0.5 or 1/2) summing to 1."),
            persist_state="session",
        )
    st.selectbox(
        _("Smoothing"),
        SMOOTHING_METHODS,
        key=keys.key("smooth_method"),
        on_change=_smoothing_changed,
        args=(session, keys),
        help=_("exp is sacreBLEU's default; floor, add-k and NLTK's Chen & Cherry methods 1-7 are also available."),
        persist_state="session",
    )
    method = session[keys.key("smooth_method")]
    if om.has_value(method):
        label = om.SMOOTHING_VALUE_LABELS.get(method, "value")
        st.number_input(
            _("Smoothing value ({label})").format(label=_(label)),
            step=0.1,
            format="%g",
            key=keys.key("smooth_value"),
            persist_state="session",
        )
    st.checkbox(
        _("Effective order (sentence BLEU)"),
        key=keys.key("effective_order"),
        disabled=method.startswith("nltk-"),
        help=_(
            "sacreBLEU's sentence_bleu rule: orders with no candidate n-gram are left out. Corpus BLEU never "
            "uses it (as sacreBLEU's corpus_score). Not available with NLTK's smoothing."
        ),
        persist_state="session",
    )
    st.radio(
        _("Reference length r"),
        REF_LENGTH_RULES,
        key=keys.key("ref_length"),
        help=_("closest: the reference length nearest to c, ties to the shorter (Papineni, sacreBLEU, NLTK)."),
        persist_state="session",
    )
    st.radio(
        _("Variant"),
        VARIANTS,
        key=keys.key("variant"),
        help=_(
            "standard: Papineni et al.; simplified: min(1, c/r)·∏p_n^w_n; tutorial: the code of the wikidocs "
            "tutorial (딥 러닝을 이용한 자연어 처리 입문), which skips zero precisions (a bug, kept to show it)."
        ),
        persist_state="session",
    )
    return om.read(session, keys)
