"""The chrF, chrF++ and TER options Corpus and Compare offer beside BLEU's: one frozen model with
sacreBLEU 2.6's defaults, its widget keys, link fields and the cache key of each metric.

chrF (Popović 2015) and chrF++ (Popović 2017) share the character order, β, whitespace and case;
chrF++ adds word n-grams up to ``word_order``. TER (Snover et al. 2006) takes Tercom's
normalization, punctuation, Asian-script and case flags. A metric's cache key is its
registry name and its options as a tuple of plain values (``MetricKey``), which fixes its numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import astuple, dataclass, fields
from typing import Any

import streamlit as st

from bleucore.metrics import METRICS, Metric, get_metric
from bleucore.metrics.chrf import MAX_CHAR_ORDER, MAX_WORD_ORDER, ChrfOptions
from bleucore.metrics.ter import TerOptions
from ui.links.share import LinkField, LinkReader
from ui.shell.i18n import N_, _

#: (bleucore metric name, its options as plain values): what a metric's numbers depend on.
MetricKey = tuple[str, tuple[Any, ...]]
MAX_BETA = 10


@dataclass(frozen=True)
class MetricSettings:
    """chrF/chrF++ and TER options; the defaults are sacreBLEU's (chrF2, chrF2++ with word order 2, TER)."""

    char_order: int = 6
    word_order: int = 2  # chrF++ only; chrF has none
    beta: int = 2
    whitespace: bool = False
    chrf_lowercase: bool = False
    ter_normalized: bool = False
    ter_no_punct: bool = False
    ter_asian_support: bool = False
    ter_case_sensitive: bool = False


DEFAULT_SETTINGS = MetricSettings()
NAMES = tuple(f.name for f in fields(MetricSettings))
#: Link field of each setting.
LINK_FIELDS = {
    "char_order": LinkField("nc", N_("char order")), "word_order": LinkField("nw", N_("word order")),
    "beta": LinkField("b", N_("chrF beta")), "whitespace": LinkField("ws", N_("chrF whitespace")),
    "chrf_lowercase": LinkField("lc", N_("chrF lowercase")), "ter_normalized": LinkField("tn", N_("TER normalized")),
    "ter_no_punct": LinkField("tp", N_("TER no punctuation")), "ter_asian_support": LinkField("ta", N_("TER Asian support")),
    "ter_case_sensitive": LinkField("tc", N_("TER case-sensitive")),
}  # fmt: skip
#: Range of each whole-number setting.
RANGES = {"char_order": (1, MAX_CHAR_ORDER), "word_order": (1, MAX_WORD_ORDER), "beta": (0, MAX_BETA)}


def metric_key(metric_id: str, settings: MetricSettings) -> MetricKey:
    """The cache key of a picked metric other than BLEU (``ui.metrics.choice`` ids) under ``settings``."""
    s = settings
    if metric_id in ("chrf", "chrf++"):
        words = s.word_order if metric_id == "chrf++" else 0
        chrf = ChrfOptions(s.char_order, words, s.beta, s.chrf_lowercase, s.whitespace)
        return "chrf", astuple(chrf)
    if metric_id == "ter":
        ter = TerOptions(s.ter_normalized, s.ter_no_punct, s.ter_asian_support, s.ter_case_sensitive)
        return "ter", astuple(ter)
    raise ValueError(f"no metric {metric_id!r} besides BLEU; choose from chrf, chrf++, ter")


def metric_of(key: MetricKey) -> Metric:
    """The bleucore metric a key names, with its options (BLEU's key: ``("bleu", options_key(options))``)."""
    name, values = key
    return get_metric(name, METRICS[name].options_type(*values))


# --- widgets and links -------------------------------------------------------------------------


def keys(prefix: str) -> dict[str, str]:
    """Setting -> widget key on one page (``<prefix>_mo_<setting>``)."""
    return {name: f"{prefix}_mo_{name}" for name in NAMES}


def widget_values(prefix: str, settings: MetricSettings) -> dict[str, Any]:
    """Widget key -> value that shows ``settings``."""
    return {key: getattr(settings, name) for name, key in keys(prefix).items()}


def read(session: Mapping[str, Any], prefix: str) -> MetricSettings:
    """The settings the widgets hold now (defaults for keys not drawn yet)."""
    values: dict[str, Any] = {}
    for name, key in keys(prefix).items():
        value = session.get(key)
        if value is None:
            values[name] = getattr(DEFAULT_SETTINGS, name)
        else:
            values[name] = int(value) if name in RANGES else bool(value)
    return MetricSettings(**values)


def to_link(settings: MetricSettings) -> dict[str, Any]:
    """The settings that differ from sacreBLEU's defaults, as a link's compact fields."""
    return {
        LINK_FIELDS[name].key: getattr(settings, name)
        for name in NAMES if getattr(settings, name) != getattr(DEFAULT_SETTINGS, name)
    }  # fmt: skip


def from_link(reader: LinkReader) -> MetricSettings:
    """The settings a link's fields hold; a wrong field keeps the default and adds a note to ``reader``."""
    values: dict[str, Any] = {}
    for name in NAMES:
        default = getattr(DEFAULT_SETTINGS, name)
        if name in RANGES:
            low, high = RANGES[name]
            values[name] = reader.whole(*LINK_FIELDS[name], low, high, default)
        else:
            values[name] = reader.flag(*LINK_FIELDS[name], default)
    return MetricSettings(**values)


def options_expander(prefix: str, picked: list[str], caption: str) -> None:
    """The options of the picked chrF/chrF++ and TER, in an expander (sacreBLEU's flag names in the help)."""
    key = keys(prefix)
    chrf = [m for m in picked if m in ("chrf", "chrf++")]
    with st.expander(_("chrF and TER options")):
        st.caption(caption)
        if chrf:
            cols = st.columns(3)
            cols[0].number_input(
                _("Character order"), 1, MAX_CHAR_ORDER, step=1, key=key["char_order"],
                help=_("Longest character n-gram (sacreBLEU's --chrf-char-order, default 6)."),
            )  # fmt: skip
            cols[1].number_input(
                _("chrF++ word order"), 1, MAX_WORD_ORDER, step=1, key=key["word_order"], disabled="chrf++" not in chrf,
                help=_("Longest word n-gram of chrF++ (sacreBLEU's --chrf-word-order, 2 for chrF++); chrF has none."),
            )  # fmt: skip
            cols[2].number_input(
                _("β"), 0, MAX_BETA, step=1, key=key["beta"],
                help=_("Recall counts β times as much as precision (sacreBLEU's --chrf-beta, default 2)."),
            )  # fmt: skip
            st.checkbox(
                _("Spaces count as characters"), key=key["whitespace"],
                help=_("sacreBLEU's --chrf-whitespace (off by default: spaces are removed first)."),
            )  # fmt: skip
            st.checkbox(_("chrF ignores case"), key=key["chrf_lowercase"], help=_("sacreBLEU's --chrf-lowercase."))
        if "ter" in picked:
            st.checkbox(
                _("TER: normalize"), key=key["ter_normalized"],
                help=_("Tokenize punctuation and unescape XML entities (sacreBLEU's --ter-normalized)."),
            )  # fmt: skip
            st.checkbox(_("TER: remove punctuation"), key=key["ter_no_punct"], help=_("sacreBLEU's --ter-no-punct."))
            st.checkbox(
                _("TER: Asian support"), key=key["ter_asian_support"],
                help=_("With normalize or remove punctuation: split Chinese, Japanese and Korean characters and their punctuation (sacreBLEU's --ter-asian-support)."),
            )  # fmt: skip
            st.checkbox(
                _("TER: case-sensitive"), key=key["ter_case_sensitive"],
                help=_("Keep case (sacreBLEU's --ter-case-sensitive; TER lowercases by default)."),
            )  # fmt: skip
