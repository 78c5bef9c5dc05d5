"""Compare's "Metrics checked against people" (issue 38), shown when an imported metric is picked: one imported metric
named as human judgement (DA, ESA or MQM-derived; ``ui.options.imported``'s ``human``, kept in the link), then every
other metric against it (``bleucore.meta_evaluation.human_rows``: Pearson's r, Kendall's tau-b and pairwise accuracy
over the systems' corpus values, Kendall's tau-b over every segment pooled; a lower-is-better metric negated first)
and a scatter of each metric's corpus values against the human ones; WMT25's SPA and acc_eq beside the correlations,
in words too (``ui.compare.wmt_measures``). Fewer than ``MIN_SYSTEMS`` systems: a message saying how many there are
and what is missing, instead of the table.

Each scatter is its own chart as wide as its column (two a row, one a row on a phone), and a system is named in the
legend under it by its symbol (a shape, filled or hollow, the colour repeating it), and in the tooltip: names printed
beside the points lay on top of each other where two systems score alike, and three 220 px charts side by side ran
past the page's right edge."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import altair as alt
import pandas as pd
import streamlit as st

from bleucore.meta_evaluation import MIN_SYSTEMS, PERMUTATIONS, MetaRow, MetricValues
from ui.compare import wmt_measures
from ui.compare.meta_values import rows_against, values_of
from ui.inputs.uploads import TextFile
from ui.metrics.bleu.charts import PADDING
from ui.options import imported as mi
from ui.shell import held, i18n
from ui.shell.i18n import _, ngettext
from ui.shell.markdown import escape_markdown
from ui.shell.palette import BLUE, DARK_TEXT, GREEN, ORANGE, VERMILLION

if TYPE_CHECKING:
    from ui.compare.scored import ScoredMetric

HUMAN_KEY = mi.human_key("compare")
COLUMNS = (
    "metric",
    "pearson",
    "kendall",
    "pairwise_accuracy",
    *wmt_measures.SYSTEM_COLUMNS,
    "segment_kendall",
    *wmt_measures.SEGMENT_COLUMNS,
)


def pick_human(imported: Sequence[ScoredMetric]) -> ScoredMetric | None:
    """The imported metric named as human judgement (None: none), a choice among ``imported``."""
    by_id = {m.metric_id: m for m in imported}
    names = {"": _("none"), **{m.metric_id: m.label for m in imported}}  # a selectbox's options are plain text
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
    """One row per metric: its system-level numbers and SPA, its segment-level Kendall and acc_eq (None: undefined)."""
    table: dict[str, dict[str, object]] = {}
    for row in rows:
        entry = table.setdefault(row.metric, {"metric": row.metric})
        entry.update(wmt_measures.values(row))
        if row.level == "system":
            entry.update(pearson=row.pearson, kendall=row.kendall, pairwise_accuracy=row.pairwise_accuracy)
        else:
            entry["segment_kendall"] = row.kendall
    return pd.DataFrame(list(table.values()), columns=list(COLUMNS))


#: The systems' symbols: eight shapes, filled then hollow (16 told apart without colour); the colour repeats them.
SHAPES = ("circle", "square", "triangle-up", "diamond", "cross", "triangle-down", "triangle-left", "triangle-right")
COLOURS = (BLUE, ORANGE, GREEN, VERMILLION, "#CC79A7", "#56B4E9", DARK_TEXT)  # Okabe-Ito, no yellow on white
HOLLOW = "#FFFFFF"
PLOT_HEIGHT = 220


def symbols(systems: Sequence[str]) -> dict[str, tuple[str, str, str]]:
    """Each system's (shape, fill, outline): shapes in turn, filled for the first eight, hollow for the next."""
    out = {}
    for i, system in enumerate(systems):
        colour = COLOURS[i % len(COLOURS)]
        filled = (i // len(SHAPES)) % 2 == 0
        out[system] = (SHAPES[i % len(SHAPES)], colour if filled else HOLLOW, colour)
    return out


def scatter(v: MetricValues, human: MetricValues) -> alt.LayerChart | None:
    """One metric's corpus value (y) against the human one (x), a point a system named in the legend below and in the
    tooltip (None: no system has both values)."""
    data = pd.DataFrame(
        [
            {"system": s, "human": human.corpus[s], "value": v.corpus[s]}
            for s in human.systems
            if v.corpus.get(s) is not None and human.corpus[s] is not None
        ]
    )
    if data.empty:
        return None
    marks = symbols(list(data["system"]))
    systems = list(marks)
    legend = alt.Legend(orient="bottom", direction="vertical", title=_("system"), labelLimit=320, symbolSize=90)

    def channel(kind: type[alt.Shape] | type[alt.Fill] | type[alt.Stroke], part: int) -> object:
        return kind(
            "system:N",
            title=_("system"),
            scale=alt.Scale(domain=systems, range=[marks[s][part] for s in systems]),
            legend=legend,
        )

    # padding: a point at either end of a scale is drawn whole, inside the plot; on a narrow chart, labels that would
    # touch are left out (every other one), never drawn over each other
    axis = alt.Axis(labelOverlap="greedy", labelSeparation=6, tickCount=6)
    x = alt.X("human:Q", title=human.label, scale=alt.Scale(zero=False, padding=10), axis=axis)
    y = alt.Y(
        "value:Q", title=v.label, scale=alt.Scale(zero=False, padding=10, reverse=not v.higher_is_better), axis=axis
    )
    points = (
        alt.Chart(data)
        .mark_point(size=90, strokeWidth=1.5, opacity=1)
        .encode(
            x=x,
            y=y,
            shape=channel(alt.Shape, 0),
            fill=channel(alt.Fill, 1),
            stroke=channel(alt.Stroke, 2),
            tooltip=[
                alt.Tooltip("system:N", title=_("system")),
                alt.Tooltip("human:Q", title=human.label, format=".4f"),
                alt.Tooltip("value:Q", title=v.label, format=".4f"),
            ],
        )
    )
    # fit-x: as wide as its column, and the plot 220 px high with the legend under it (Streamlit's "fit" squeezed
    # the plot into what the legend left of the height)
    return alt.LayerChart(layer=[points]).properties(
        height=PLOT_HEIGHT,
        title=v.label,
        autosize=alt.AutoSizeParams(type="fit-x", contains="padding"),
        padding=PADDING,  # the rotated axis title stays inside the chart's box
    )


def show_scatters(values: Sequence[MetricValues], human: MetricValues) -> None:
    """Every metric's scatter against ``human``, two a row (Streamlit stacks them on a phone), each its column's
    width."""
    charts = [chart for v in values if (chart := scatter(v, human)) is not None]
    for start in range(0, len(charts), 2):
        for column, chart in zip(st.columns(2), charts[start : start + 2]):
            column.altair_chart(chart, width="stretch")


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
    with st.spinner(
        _("Checking every metric against {human}: {n:,} permutations per pair of systems…").format(
            human=escape_markdown(chosen.label), n=PERMUTATIONS
        )
    ):
        try:
            rows = rows_against(metrics, values, chosen.label)
        except ValueError as err:  # past a limit of the permutations or the tie calibration (docs/limits.md)
            st.error(
                escape_markdown(
                    _("The metrics cannot be checked against {human}: {error}.").format(human=chosen.label, error=err)
                )
            )
            return
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
            **wmt_measures.column_config(),
        },
    )
    st.caption(wmt_measures.explanation(chosen.label))
    digits = {m.label: m.digits for m in metrics}
    st.markdown("\n".join("- " + line for line in wmt_measures.sentences(rows, digits)))
    wmt_measures.show_worst_pairs(rows, chosen.label)
    others = [v for v in values if v is not human]
    show_scatters(others, human)
    st.caption(
        escape_markdown(
            _(
                "Each metric's corpus value of every system (up) against {human}'s (across), each system named by its "
                "symbol under the chart."
            ).format(human=chosen.label)
        )
    )
