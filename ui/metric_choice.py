"""The metrics a Corpus or Compare page scores with: BLEU, chrF, chrF++ and TER (sacreBLEU 2.6's).

A choice is a tuple of metric ids in ``METRIC_IDS`` order; BLEU keeps the page's own options
(the sidebar), the others are bleucore's metrics with sacreBLEU's default options (chrF2 with
character order 6, chrF2++ adding word order 2, TER lowercased without normalization).
TER counts edits, so a lower TER is better (``LOWER_IS_BETTER``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import streamlit as st

from ui.i18n import N_, _

if TYPE_CHECKING:
    from bleucore.metrics import Metric

METRIC_IDS = ("bleu", "chrf", "chrf++", "ter")
#: What a pill shows: the metrics' own names, the same in every language.
LABELS = {"bleu": "BLEU", "chrf": "chrF", "chrf++": "chrF++", "ter": "TER"}
DEFAULT: tuple[str, ...] = ("bleu",)
LOWER_IS_BETTER = frozenset({"ter"})

METRICS_HELP = N_(
    "BLEU uses the sidebar's options. chrF (character n-grams 1-6, β = 2), chrF++ (adds word n-grams "
    "1-2) and TER (edits per reference word, lower is better) use sacreBLEU's default options. "
    "The charts, sentence sections and explanations below the scores stay BLEU's."
)
DEFAULTS_CAPTION = N_(
    "chrF, chrF++ and TER are scored with sacreBLEU's default options (chrF: character order 6, "
    "word order 0 or 2, β = 2, spaces ignored, case kept; TER: lowercased, not normalized, "
    "punctuation kept, no Asian support); the sidebar's options change BLEU only."
)


def normalize(value: Any) -> tuple[str, ...]:
    """A widget's or link's value as a choice: known ids only, in ``METRIC_IDS`` order, no repeats."""
    picked = set(value) if isinstance(value, (list, tuple)) else set()
    return tuple(m for m in METRIC_IDS if m in picked)


def metric(metric_id: str) -> Metric:
    """The bleucore metric of an id other than "bleu", with sacreBLEU's default options."""
    from bleucore.metrics import get_metric
    from bleucore.metrics.chrf import ChrfOptions

    if metric_id == "chrf":
        return get_metric("chrf", ChrfOptions())
    if metric_id == "chrf++":
        return get_metric("chrf", ChrfOptions(word_order=2))
    if metric_id == "ter":
        return get_metric("ter")
    raise ValueError(f"no metric {metric_id!r} besides BLEU; choose from {', '.join(METRIC_IDS[1:])}")


def others(choice: Sequence[str]) -> list[str]:
    """The picked metrics other than BLEU, in order."""
    return [m for m in choice if m != "bleu"]


def metric_pills(key: str) -> tuple[str, ...]:
    """The metric choice (several at once); says so when none is picked."""
    value = st.pills(
        _("Metrics"), list(METRIC_IDS), selection_mode="multi", key=key,
        format_func=LABELS.__getitem__, help=_(METRICS_HELP),
    )  # fmt: skip
    choice = normalize(value)
    if not choice:
        st.info(_("Pick at least one metric to score with."))
    elif others(choice):
        st.caption(_(DEFAULTS_CAPTION))
    return choice
