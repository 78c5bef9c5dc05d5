"""TER's corpus picture: the edits of every line's best alignment by type (Snover et al. 2006), beside the
reference length they are divided by; their total over that length is corpus TER."""

from __future__ import annotations

import altair as alt
import pandas as pd

from bleucore.metrics.ter import TerEditCounts
from ui.shell.i18n import _
from ui.shell.palette import BLUE, GREY, ORANGE, VERMILLION


def edit_frame(counts: TerEditCounts) -> pd.DataFrame:
    """One row per edit type: its words, its count and its share of the reference length (percent)."""
    rows = [
        (_("insertions"), counts.insertions),
        (_("deletions"), counts.deletions),
        (_("substitutions"), counts.substitutions),
        (_("shifts"), counts.shifts),
    ]
    share = [100 * n / counts.ref_length if counts.ref_length else 0.0 for _name, n in rows]
    return pd.DataFrame({"edit": [r[0] for r in rows], "count": [r[1] for r in rows], "percent": share})


def edit_chart(counts: TerEditCounts) -> alt.LayerChart:
    """Horizontal bars of edits by type in TER points (count / reference length), each labelled with its count."""
    data = edit_frame(counts)
    order = list(data["edit"])
    base = alt.Chart(data).encode(
        y=alt.Y("edit:N", sort=order, title=None),
        x=alt.X("percent:Q", title=_("TER points (edits per 100 reference words)")),
        tooltip=[
            alt.Tooltip("edit:N", title=_("edit")),
            alt.Tooltip("count:Q", title=_("count")),
            alt.Tooltip("percent:Q", format=".2f", title=_("TER points")),
        ],
    )
    bars = base.mark_bar().encode(
        color=alt.Color(
            "edit:N",
            sort=order,
            scale=alt.Scale(domain=order, range=[BLUE, ORANGE, VERMILLION, GREY]),
            legend=None,
            title=None,
        )
    )
    labels = base.mark_text(align="left", dx=4).encode(text=alt.Text("count:Q", format=","))
    return alt.LayerChart(layer=[bars, labels]).properties(height=180)
