"""The metric choice of Corpus and Compare: the pills (several metrics at once) and, when chrF, chrF++ or TER is
picked, their options in an expander, drawn from ``ui.options.metrics`` (each setting described once, as data).
"""

from __future__ import annotations

import streamlit as st

from ui.options.metrics import DEFAULT, LABELS, METRIC_IDS, SETTINGS, keys, normalize, others
from ui.shell.i18n import N_, _, and_list

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


def options_expander(prefix: str, picked: list[str], caption: str) -> None:
    """The options of the picked chrF/chrF++ and TER, in an expander (sacreBLEU's flag names in the help)."""
    key = keys(prefix)
    shown = {name: s for name, s in SETTINGS.items() if set(s.group) & set(picked)}
    numbers = [name for name, s in shown.items() if s.bounds is not None]
    with st.expander(_("chrF and TER options")):
        st.caption(caption)
        for column, name in zip(st.columns(3) if numbers else [], numbers):
            setting = shown[name]
            low, high = setting.bounds or (0, 0)
            column.number_input(
                _(setting.label),
                low,
                high,
                step=1,
                key=key[name],
                help=_(setting.help),
                disabled=not set(setting.metrics) & set(picked),
                persist_state="session",
            )
        for name, setting in shown.items():
            if setting.bounds is None:
                st.checkbox(_(setting.label), key=key[name], help=_(setting.help), persist_state="session")
