"""Altair charts of the Corpus page: sentence scores' histogram and the corpus score per reference-length bucket
(compare-mt's buckets, ``bleucore.buckets``).

Pure functions from result tables to charts; only numbers and line numbers go into tooltips.
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from ui.shell.i18n import _
from ui.shell.palette import BLUE, GREY, VERMILLION


def score_histogram(
    table: pd.DataFrame, corpus_score: float | None = None, column: str = "BLEU", label: str = "BLEU"
) -> alt.Chart | alt.LayerChart:
    """Histogram of the sentence scores in ``column`` (bins of 10 on 0-100) of the metric ``label``, with the
    corpus score as a vertical rule if given."""
    data = table[["line", column]].dropna().rename(columns={column: "score"})
    title = _("sentence {metric}").format(metric=label)
    bars = (
        alt.Chart(data)
        .mark_bar(color=BLUE)
        .encode(
            x=alt.X("score:Q", bin=alt.Bin(extent=[0, 100], step=10), title=title),
            y=alt.Y("count():Q", title=_("sentences")),
            tooltip=[
                alt.Tooltip("score:Q", bin=alt.Bin(extent=[0, 100], step=10), title=title),
                alt.Tooltip("count():Q", title=_("sentences")),
            ],
        )
    )
    if corpus_score is None:
        histogram: alt.Chart = bars.properties(height=260)
        return histogram
    words = _("corpus {metric} {score:.2f}").format(metric=label, score=corpus_score)
    rule = (
        alt.Chart(pd.DataFrame({"score": [corpus_score], "label": [words]}))
        .mark_rule(color=VERMILLION, strokeWidth=2, strokeDash=[6, 3])
        .encode(x=alt.X("score:Q", title=title), tooltip=[alt.Tooltip("label:N", title="")])
    )
    return alt.LayerChart(layer=[bars, rule]).properties(height=260)


def length_bucket_chart(buckets: pd.DataFrame, label: str = "BLEU") -> alt.LayerChart:
    """The metric's corpus score of the segments in each reference-length bucket, labelled with the segment count.

    ``buckets`` columns: bucket, order, segments, ``corpus <label>``, ``mean sentence <label>``."""
    corpus_column, mean_column = f"corpus {label}", f"mean sentence {label}"
    data = buckets.dropna(subset=[corpus_column]).rename(columns={corpus_column: "corpus", mean_column: "mean"})
    # A bucket whose sentences all have undefined sentence scores says so in words, never "NaN".
    data = data.assign(mean=data["mean"].map(lambda v: _("— (undefined)") if pd.isna(v) else f"{v:.2f}"))
    sort = list(data.sort_values("order")["bucket"])
    base = alt.Chart(data).encode(
        x=alt.X("bucket:N", sort=sort, title=_("reference length (words)"), axis=alt.Axis(labelAngle=0)),
        y=alt.Y(
            "corpus:Q", title=_("corpus {metric} of the bucket").format(metric=label), scale=alt.Scale(domainMin=0)
        ),
        tooltip=[
            alt.Tooltip("bucket:N", title=_("reference length (words)")),
            alt.Tooltip("segments:Q", title=_("segments")),
            alt.Tooltip("corpus:Q", format=".2f", title=_("corpus {metric}").format(metric=label)),
            alt.Tooltip("mean:N", title=_("mean sentence {metric}").format(metric=label)),
        ],
    )
    bars = base.mark_bar(color=BLUE)
    labels = base.mark_text(dy=-6, color=GREY).encode(text=alt.Text("segments:Q", format="d"))
    return alt.LayerChart(layer=[bars, labels]).properties(height=260)
