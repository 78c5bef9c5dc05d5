"""Compare's "Metrics checked against people" (issue 38), shown when an imported metric is picked: one imported metric
named as human judgement (DA, ESA or MQM-derived; ``ui.options.imported``'s ``human``, kept in the link), then every
other metric against it (``bleucore.meta_evaluation.human_rows``: Pearson's r, Kendall's tau-b and pairwise accuracy
over the systems' corpus values, Kendall's tau-b over every segment pooled; a lower-is-better metric negated first)
and a scatter of each metric's corpus values against the human ones, a system's name beside its point. Fewer than
``MIN_SYSTEMS`` systems: a message saying how many there are and what is missing, instead of the table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import altair as alt
import pandas as pd
import streamlit as st

from bleucore.meta_evaluation import MIN_SYSTEMS, MetaRow, MetricValues, human_rows
from ui.compare.meta_values import values_of
from ui.inputs.uploads import TextFile
from ui.options import imported as mi
from ui.shell import held, i18n
from ui.shell.i18n import _, ngettext
from ui.shell.markdown import escape_markdown
from ui.shell.palette import BLUE, DARK_TEXT

if TYPE_CHECKING:
    from ui.compare.scored import ScoredMetric

HUMAN_KEY = mi.human_key("compare")
COLUMNS = ("metric", "pearson", "kendall", "pairwise_accuracy", "segment_kendall")


def pick_human(imported: Sequence[ScoredMetric]) -> ScoredMetric | None:
    """The imported metric named as human judgement (None: none), a choice among ``imported``."""
    by_id = {m.metric_id: m for m in imported}
    names = {"": _("none"), **{m.metric_id: escape_markdown(m.label) for m in imported}}
    chosen = st.selectbox(
        _("Human scores"),
        ["", *by_id],
        key=HUMAN_KEY,
        format_func=i18n.keep_choice(HUMAN_KEY, ["", *by_id], i18n.named(names)),
        **held.hold(HUMAN_KEY, ["", *by_id], ""),  # the metric named last, kept while its file is replaced
        help=_(
            "The imported metric that holds human judgements (DA, ESA or MQM-derived): every other metric is "
            "checked against it."
        ),
        persist_state="session",
    )
    return by_id.get(str(chosen or ""))


def meta_table(rows: Sequence[MetaRow]) -> pd.DataFrame:
    """One row per metric: its system-level numbers and its segment-level Kendall (None: undefined)."""
    table: dict[str, dict[str, object]] = {}
    for row in rows:
        entry = table.setdefault(row.metric, {"metric": row.metric})
        if row.level == "system":
            entry.update(pearson=row.pearson, kendall=row.kendall, pairwise_accuracy=row.pairwise_accuracy)
        else:
            entry["segment_kendall"] = row.kendall
    return pd.DataFrame(list(table.values()), columns=list(COLUMNS))


def scatter(values: Sequence[MetricValues], human: MetricValues) -> alt.HConcatChart:
    """Each metric's corpus value (y) against the human one (x), a chart per metric, each system's name beside its
    point and in the tooltip."""
    charts = []
    for v in values:
        data = pd.DataFrame(
            [
                {"system": s, "human": human.corpus[s], "value": v.corpus[s]}
                for s in human.systems
                if v.corpus.get(s) is not None and human.corpus[s] is not None
            ]
        )
        if data.empty:
            continue
        x = alt.X("human:Q", title=human.label, scale=alt.Scale(zero=False))
        y = alt.Y("value:Q", title=v.label, scale=alt.Scale(zero=False, reverse=not v.higher_is_better))
        base = alt.Chart(data).encode(x=x, y=y)
        points = base.mark_point(filled=True, size=90, color=BLUE).encode(
            shape=alt.Shape("system:N", title=_("system")),
            tooltip=[
                alt.Tooltip("system:N", title=_("system")),
                alt.Tooltip("human:Q", title=human.label, format=".4f"),
                alt.Tooltip("value:Q", title=v.label, format=".4f"),
            ],
        )
        labels = base.mark_text(align="left", dx=7, dy=-7, color=DARK_TEXT).encode(text="system:N")
        charts.append(alt.layer(points, labels).properties(width=220, height=220))
    return alt.hconcat(*charts)


def _too_few(human: str, systems: int) -> None:
    st.info(
        escape_markdown(
            ngettext(
                "Checking metrics against {human} needs at least {needed} systems, and there is {n}: add {missing} "
                "more. Even then, few systems give wide intervals: one pair ordered the other way moves a correlation "
                "a lot.",
                "Checking metrics against {human} needs at least {needed} systems, and there are {n}: add {missing} "
                "more. Even then, few systems give wide intervals: one pair ordered the other way moves a correlation "
                "a lot.",
                systems,
            ).format(human=human, needed=MIN_SYSTEMS, n=systems, missing=MIN_SYSTEMS - systems)
        ),
        icon=":material/info:",
    )


def show_meta(metrics: Sequence[ScoredMetric], systems: Mapping[str, TextFile], refs: Sequence[TextFile]) -> None:
    """The section, when an imported metric is picked."""
    imported = [m for m in metrics if m.from_file]
    if not imported:
        return
    st.subheader(_("Metrics checked against people"))
    chosen = pick_human(imported)
    if chosen is None:
        st.caption(_("Name an imported metric that holds human scores to check every other metric against it."))
        return
    if len(systems) < MIN_SYSTEMS:
        _too_few(chosen.label, len(systems))
        return
    values = [values_of(m, systems, refs) for m in metrics]
    human = next(v for v, m in zip(values, metrics) if m is chosen)
    rows = human_rows(values, chosen.label)
    n = len(systems)
    pairs = n * (n - 1) // 2
    st.caption(
        escape_markdown(
            _(
                "{n} systems, {pairs} pairs: one pair ordered the other way moves the pairwise accuracy by {step:.3f} "
                "and Kendall's tau by up to {tau:.3f}, so few systems give wide intervals; do not read small "
                "differences between metrics. System level: Pearson's r, Kendall's tau-b and pairwise accuracy (the "
                "share of system pairs a metric orders as {human} does, a tie matching only a tie) over the corpus "
                "values. Segment level: Kendall's tau-b over every segment of every system, pooled. A lower-is-better "
                "metric is negated first, so agreement with people is positive."
            ).format(n=n, pairs=pairs, step=1 / pairs, tau=2 / pairs, human=chosen.label)
        )
    )
    st.dataframe(
        meta_table(rows),
        hide_index=True,
        column_config={
            "metric": st.column_config.TextColumn(_("metric"), pinned=True),
            "pearson": st.column_config.NumberColumn(_("Pearson (systems)"), format="%.3f"),
            "kendall": st.column_config.NumberColumn(_("Kendall (systems)"), format="%.3f"),
            "pairwise_accuracy": st.column_config.NumberColumn(_("pairwise accuracy"), format="%.3f"),
            "segment_kendall": st.column_config.NumberColumn(_("Kendall (segments)"), format="%.3f"),
        },
    )
    others = [v for v in values if v is not human]
    st.altair_chart(scatter(others, human), width="content")
    st.caption(
        escape_markdown(
            _(
                "Each metric's corpus value of every system (up) against {human}'s (across), the system named beside."
            ).format(human=chosen.label)
        )
    )
