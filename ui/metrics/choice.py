"""The metrics a Corpus or Compare page scores with: BLEU, chrF, chrF++ and TER (sacreBLEU 2.6's).

A choice is a tuple of metric ids in ``METRIC_IDS`` order; BLEU keeps the page's own options
(the sidebar), the others take ``ui.metrics.options`` (sacreBLEU's defaults unless changed).
TER counts edits, so a lower TER is better (``LOWER_IS_BETTER``, from bleucore's ``Metric.higher_is_better``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st

from bleucore.metrics import METRICS
from ui.metrics.bleu.wording import and_list
from ui.metrics.options import keys, options_expander
from ui.shell.i18n import N_, _

METRIC_IDS = ("bleu", "chrf", "chrf++", "ter")
#: What a pill shows: the metrics' own names, the same in every language.
LABELS = {"bleu": "BLEU", "chrf": "chrF", "chrf++": "chrF++", "ter": "TER"}
DEFAULT: tuple[str, ...] = ("bleu",)
#: bleucore's metric behind each id (chrF++ is chrF with word n-grams).
BLEUCORE_NAMES = {"bleu": "bleu", "chrf": "chrf", "chrf++": "chrf", "ter": "ter"}
LOWER_IS_BETTER = frozenset(m for m in METRIC_IDS if not METRICS[BLEUCORE_NAMES[m]].higher_is_better)

METRICS_HELP = N_(
    "BLEU uses the sidebar's options; chrF (character n-grams), chrF++ (character and word n-grams) "
    'and TER (edits per reference word, lower is better) use the options under "chrF and TER options". '
    "The charts, sentence sections and explanations below the scores stay BLEU's."
)
DEFAULTS_CAPTION = N_(
    "chrF, chrF++ and TER start from sacreBLEU's default options (chrF: character order 6, chrF++ word "
    "order 2, β = 2, spaces ignored, case kept; TER: lowercased, not normalized, punctuation kept); "
    "the sidebar's options change BLEU only."
)


def normalize(value: Any) -> tuple[str, ...]:
    """A widget's or link's value as a choice: known ids only, in ``METRIC_IDS`` order, no repeats."""
    picked = set(value) if isinstance(value, (list, tuple)) else set()
    return tuple(m for m in METRIC_IDS if m in picked)


def others(choice: Sequence[str]) -> list[str]:
    """The picked metrics other than BLEU, in order."""
    return [m for m in choice if m != "bleu"]


def metric_pills(key: str, options_prefix: str) -> tuple[str, ...]:
    """The metric choice (several at once) and, when chrF, chrF++ or TER is picked, their options."""
    for option_key in keys(options_prefix).values():
        if option_key in st.session_state:
            # Streamlit drops the value of a widget that a run does not draw; re-setting it keeps a
            # metric's options while it is unpicked, so picking it again brings them back.
            st.session_state[option_key] = st.session_state[option_key]
    value = st.pills(
        _("Metrics"),
        list(METRIC_IDS),
        selection_mode="multi",
        key=key,
        format_func=LABELS.__getitem__,
        help=_(METRICS_HELP),
        persist_state="session",
    )
    choice = normalize(value)
    if not choice:
        st.info(_("Pick at least one metric to score with."))
    elif others(choice):
        options_expander(options_prefix, others(choice), _(DEFAULTS_CAPTION))
    return choice


def picked_labels(key: str) -> str:
    """The metrics picked in the pills ``key`` as words ("BLEU", "chrF++ and TER"); all of them when none is."""
    choice = normalize(st.session_state.get(key, list(DEFAULT))) or METRIC_IDS
    return and_list([LABELS[m] for m in choice])
