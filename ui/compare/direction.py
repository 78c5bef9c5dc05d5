"""Compare's warnings of an imported metric whose direction looks wrong (bleucore's ``direction_warnings``: named as a
known lower-is-better metric, MQM, MetricX or TER, while taken as higher-is-better, or ordering the systems against
BLEU across three systems or more), above the ranking: a forgotten "Lower is better" turns every ranking and
correlation of the page around without a word."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import streamlit as st

from bleucore.meta_evaluation import DirectionWarning, MetricValues, direction_warnings
from ui.shell.i18n import _
from ui.shell.markdown import escape_markdown

if TYPE_CHECKING:
    from ui.compare.scored import ScoredMetric


def corpus_values(scored: ScoredMetric, nrefs: int) -> MetricValues:
    """The metric's corpus value of every system it scores (sentence scores are not needed here)."""
    corpus: dict[str, float | None] = {}
    for name, (_digest, stats) in scored.statistics.items():
        if name not in scored.undefined:
            corpus[name] = float(scored.metric.score_from_statistics(stats, nrefs).score)
    return MetricValues(scored.label, scored.higher_is_better, scored.from_file, corpus, {})


def warning_words(warning: DirectionWarning) -> str:
    """The warning in the page's language (Markdown, the metric's name escaped)."""
    metric = escape_markdown(warning.metric)
    if warning.kind == "name":
        return _(
            "{metric} is taken as higher-is-better, but {known} is an error score (lower is better): if these scores "
            "count errors, tick “Lower is better” under its scores, or every ranking and correlation on this page is "
            "turned around."
        ).format(metric=metric, known=warning.known)
    text = (
        _(
            "{metric}, taken as higher-is-better, orders the systems against {versus} (Pearson's r = {r:.2f} across "
            "{n} systems, both turned so that higher is better): if its scores count errors, tick “Lower is better” "
            "under its scores; if not, the two metrics disagree on these systems."
        )
        if warning.higher_is_better
        else _(
            "{metric}, taken as lower-is-better, orders the systems against {versus} (Pearson's r = {r:.2f} across "
            "{n} systems, both turned so that higher is better): if higher is better, untick “Lower is better” under "
            "its scores; if not, the two metrics disagree on these systems."
        )
    )
    return text.format(metric=metric, versus=warning.versus, r=warning.pearson or 0.0, n=warning.systems)


def show_direction_warnings(metrics: Sequence[ScoredMetric], nrefs: int) -> None:
    """A warning box per imported metric whose direction looks wrong (nothing without an imported metric)."""
    if not any(m.from_file for m in metrics):
        return
    for warning in direction_warnings([corpus_values(m, nrefs) for m in metrics]):
        st.warning(warning_words(warning), icon=":material/swap_vert:")
