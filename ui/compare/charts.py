"""Altair charts of the Compare page: pure functions from result tables to charts.

Only numbers and line numbers go into tooltips; user text (system names) appears as data values
and axis titles, which Vega draws as SVG text, never as HTML.
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from ui.shell.i18n import N_, _
from ui.shell.palette import BLUE, GREY, ORANGE

CONFIDENCE_CAPTION = N_(
    "Dot: each system's corpus {metric}; bar: its 95% confidence interval. Bars that overlap a lot mean the "
    "difference may be chance; the p-values above say how likely."
)


def confidence_chart(rows: pd.DataFrame, label: str) -> alt.LayerChart:
    """Each system's corpus score under the metric ``label`` (dot) with its 95% confidence interval (bar from
    lower to upper), the baseline in orange.

    ``rows`` columns: system, score, lower, upper, role (translated "baseline" or "system").
    """
    order = list(rows["system"])
    title = _("corpus {metric} with its 95% confidence interval (paired bootstrap)").format(metric=label)
    colour = alt.Color("role:N", scale=alt.Scale(domain=[_("baseline"), _("system")], range=[ORANGE, BLUE]), title=None)
    base = alt.Chart(rows).encode(y=alt.Y("system:N", sort=order, title=None, axis=alt.Axis(labelLimit=260)))
    interval = base.mark_rule(strokeWidth=3).encode(
        x=alt.X(
            "lower:Q",
            title=title,
            scale=alt.Scale(zero=False),
        ),
        x2="upper:Q",
        color=colour,
    )
    points = base.mark_point(filled=True, size=110).encode(
        x=alt.X("score:Q", title=title),
        color=colour,
        tooltip=[
            alt.Tooltip("score:Q", format=".2f", title=label),
            alt.Tooltip("lower:Q", format=".2f", title=_("CI low")),
            alt.Tooltip("upper:Q", format=".2f", title=_("CI high")),
        ],
    )
    return alt.LayerChart(layer=[interval, points]).properties(height=60 + 45 * len(rows))


def _better(difference: float, higher_is_better: bool) -> str:
    """Which side a line's difference (system minus baseline) favours, in words."""
    if difference == 0:
        return _("tie")
    return _("system") if (difference > 0) == higher_is_better else _("baseline")


def sentence_scatter(
    diffs: pd.DataFrame, baseline_name: str, system_name: str, label: str = "BLEU", higher_is_better: bool = True
) -> alt.LayerChart:
    """The sentence score (metric ``label``) of the baseline (x) against the system (y), one point per line,
    with y = x; the colour and the legend say which side each line favours (for TER, the lower)."""
    data = diffs.dropna(subset=["baseline", "system"]).assign(
        better=lambda d: d["difference"].map(lambda v: _better(v, higher_is_better))
    )
    points = (
        alt.Chart(data)
        .mark_circle(size=60, opacity=0.75)
        .encode(
            x=alt.X(
                "baseline:Q",
                title=_("sentence {metric}: {name}").format(metric=label, name=baseline_name),
                scale=alt.Scale(domain=[0, 100]),
            ),
            y=alt.Y(
                "system:Q",
                title=_("sentence {metric}: {name}").format(metric=label, name=system_name),
                scale=alt.Scale(domain=[0, 100]),
            ),
            color=alt.Color(
                "better:N",
                scale=alt.Scale(domain=[_("system"), _("baseline"), _("tie")], range=[BLUE, ORANGE, GREY]),
                title=_("better"),
            ),
            tooltip=[
                alt.Tooltip("line:Q", title=_("line")),
                alt.Tooltip("baseline:Q", format=".2f", title=baseline_name),
                alt.Tooltip("system:Q", format=".2f", title=system_name),
                alt.Tooltip("difference:Q", format="+.2f", title=_("difference")),
            ],
        )
    )
    diagonal = (
        alt.Chart(pd.DataFrame({"x": [0, 100], "y": [0, 100]}))
        .mark_line(color=GREY, strokeDash=[4, 4])
        .encode(x="x:Q", y="y:Q")
    )
    return alt.LayerChart(layer=[diagonal, points]).properties(height=360)


def difference_bars(diffs: pd.DataFrame, label: str = "BLEU", higher_is_better: bool = True) -> alt.Chart:
    """System minus baseline sentence score for every line (blue: the system better, orange: the baseline better;
    for TER a negative difference is the system's)."""
    data = diffs.dropna(subset=["difference"]).assign(start=lambda d: d["line"] - 0.4, end=lambda d: d["line"] + 0.4)
    last = float(diffs["line"].max()) if len(diffs) else 1.0
    chart: alt.Chart = (
        alt.Chart(data)
        .mark_bar()
        .encode(
            x=alt.X(
                "start:Q",
                title=_("line"),
                scale=alt.Scale(domain=[0.5, last + 0.5], nice=False),
                axis=alt.Axis(format="d", tickMinStep=1),
            ),
            x2="end:Q",
            y=alt.Y("difference:Q", title=_("Δ sentence {metric}").format(metric=label)),
            y2=alt.datum(0),
            color=alt.condition(
                alt.datum.difference > 0 if higher_is_better else alt.datum.difference < 0,
                alt.value(BLUE),
                alt.value(ORANGE),
            ),
            tooltip=[
                alt.Tooltip("line:Q", title=_("line")),
                alt.Tooltip("difference:Q", format="+.2f", title=_("difference")),
            ],
        )
        .properties(height=240)
    )
    return chart
