"""Each picked metric's values as the meta-evaluation reads them (``bleucore.meta_evaluation.metric_values``: the
corpus value and sacreBLEU's sentence score of every system, an imported metric's error spans), from the statistics
Compare holds, cached per metric and texts: the disagreement examples and the correlations with human scores share
them; the rows against human scores (``human_rows``: correlations, SPA and acc_eq) cached the same way."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import streamlit as st

from bleucore.meta_evaluation import MetaRow, MetricValues, human_rows, metric_values
from ui.inputs.uploads import TextFile
from ui.options.metrics import MetricKey
from ui.shell.cache_limits import MAX_SENTENCE_ENTRIES, TTL_SECONDS

if TYPE_CHECKING:
    from ui.compare.scored import ScoredMetric


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _values(
    key: MetricKey,
    digests: tuple[tuple[str, str], ...],
    _metric: Any,
    _systems: Mapping[str, Sequence[str]],
    _references: Sequence[Sequence[str]],
    _statistics: Sequence[Any],
) -> MetricValues:
    return metric_values(_metric, _systems, _references, _statistics)


def values_of(scored: ScoredMetric, systems: Mapping[str, TextFile], refs: Sequence[TextFile]) -> MetricValues:
    """bleucore's corpus and sentence values of ``scored``'s metric for every system (an imported metric's with its
    error spans), from the statistics the page holds, cached per metric and texts."""
    digests = tuple((name, d) for name, (d, _stats) in scored.statistics.items())
    lines = {name: systems[name].lines for name in scored.statistics}
    stats = [s for _d, s in scored.statistics.values()]
    return _values(scored.key, digests, scored.metric, lines, [r.lines for r in refs], stats)


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _human_rows(
    keys: tuple[tuple[MetricKey, tuple[tuple[str, str], ...]], ...], human: str, _values: Sequence[MetricValues]
) -> tuple[MetaRow, ...]:
    return human_rows(_values, human)


def rows_against(metrics: Sequence[ScoredMetric], values: Sequence[MetricValues], human: str) -> tuple[MetaRow, ...]:
    """bleucore's ``human_rows`` of ``values`` (each of ``metrics``' values, in order) against the imported metric
    ``human``: the correlations, SPA's 1,000 permutations per pair of systems and acc_eq's tie calibration, cached per
    metrics, texts and human scores (the permutations are the costly part)."""
    keys = tuple((m.key, tuple((name, d) for name, (d, _stats) in m.statistics.items())) for m in metrics)
    return _human_rows(keys, human, values)
