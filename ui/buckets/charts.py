"""The bucket chart of Compare and Corpus: a pure function from a table of bucket values to an Altair chart."""

from __future__ import annotations

import altair as alt
import pandas as pd

from ui.shell.i18n import _
from ui.shell.palette import GREY

__all__ = ["bucket_chart"]


def bucket_chart(
    rows: pd.DataFrame, axis_title: str, value_title: str, order: list[str], systems: list[str]
) -> alt.LayerChart:
    """Each system's value per bucket (grouped bars) with its 95% interval (rule) and ``*`` above a bucket where
    it differs from the baseline, and "no data" in a bucket without data. Clicking anywhere in a bucket's column
    selects the bucket (selection ``bucket``: a transparent band per bucket carries it, so a short bar is as easy
    to pick as a tall one).

    ``rows`` columns: bucket, system, value, low, high, mark ("*" or "": never on a bucket too small to be tested),
    verdict (the mark in words, or why there is none; "" everywhere with one hypothesis: no tooltip line then).
    """
    pick = alt.selection_point(name="bucket", fields=["bucket"], on="click", clear="dblclick")
    x = alt.X("bucket:N", sort=order, title=axis_title, axis=alt.Axis(labelAngle=0, labelLimit=120))
    base = alt.Chart(rows).encode(x=x)
    bands = (
        alt.Chart(pd.DataFrame({"bucket": order}))
        .mark_bar(opacity=0.001)
        .encode(
            x=x, y=alt.value(0), y2=alt.value({"expr": "height"})
        )  # the plot's height: a band beyond it shrinks the plot
        .add_params(pick)
    )
    colour = alt.Color("system:N", sort=systems, title=_("system"), legend=alt.Legend(orient="bottom", labelLimit=260))
    bars = base.mark_bar().encode(
        xOffset=alt.XOffset("system:N", sort=systems),
        y=alt.Y("value:Q", title=value_title),
        color=colour,
        opacity=alt.condition(pick, alt.value(1.0), alt.value(0.35)),
        tooltip=[
            alt.Tooltip("bucket:N", title=axis_title),
            alt.Tooltip("system:N", title=_("system")),
            alt.Tooltip("value:Q", format=".4~f", title=value_title),
            alt.Tooltip("low:Q", format=".4~f", title=_("CI low")),
            alt.Tooltip("high:Q", format=".4~f", title=_("CI high")),
        ]
        + ([alt.Tooltip("verdict:N", title=_("against the baseline"))] if rows["verdict"].astype(bool).any() else []),
    )
    rules = base.mark_rule(color=GREY, strokeWidth=1.5).encode(
        xOffset=alt.XOffset("system:N", sort=systems), y=alt.Y("low:Q", title=value_title), y2="high:Q"
    )
    marks = base.mark_text(dy=-7, fontSize=15).encode(
        xOffset=alt.XOffset("system:N", sort=systems), y=alt.Y("high:Q", title=value_title), text="mark:N"
    )
    layers = [bands, bars, rules, marks]
    empty = [name for name in order if name not in set(rows["bucket"])]
    if empty:  # a bucket without data says so in words, not with a silent gap
        layers.append(
            alt.Chart(pd.DataFrame({"bucket": empty, "note": [_("no data")] * len(empty)}))
            .mark_text(angle=270, color=GREY)
            .encode(x=x, y=alt.value({"expr": "height / 2"}), text="note:N")
        )
    return alt.LayerChart(layer=layers).properties(height=300)
