"""Altair charts of the Corpus page: sentence scores' histogram and corpus BLEU per reference-length bucket.

Pure functions from result tables to charts; only numbers and line numbers go into tooltips.
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from ui.shell.i18n import _
from ui.shell.palette import BLUE, GREY, VERMILLION


def score_histogram(table: pd.DataFrame, corpus_bleu: float | None = None) -> alt.Chart | alt.LayerChart:
    """Histogram of sentence BLEU (bins of 10 on 0-100), with corpus BLEU as a vertical rule if given."""
    data = table[["line", "BLEU"]].dropna()
    bars = (
        alt.Chart(data)
        .mark_bar(color=BLUE)
        .encode(
            x=alt.X("BLEU:Q", bin=alt.Bin(extent=[0, 100], step=10), title=_("sentence BLEU")),
            y=alt.Y("count():Q", title=_("sentences")),
            tooltip=[
                alt.Tooltip("BLEU:Q", bin=alt.Bin(extent=[0, 100], step=10), title=_("sentence BLEU")),
                alt.Tooltip("count():Q", title=_("sentences")),
            ],
        )
    )
    if corpus_bleu is None:
        return bars.properties(height=260)
    rule = (
        alt.Chart(pd.DataFrame({"BLEU": [corpus_bleu], "label": [_("corpus BLEU {score:.2f}").format(score=corpus_bleu)]}))
        .mark_rule(color=VERMILLION, strokeWidth=2, strokeDash=[6, 3])
        .encode(x="BLEU:Q", tooltip=[alt.Tooltip("label:N", title="")])
    )
    return alt.layer(bars, rule).properties(height=260)


def length_bucket_chart(buckets: pd.DataFrame) -> alt.LayerChart:
    """Corpus BLEU of the segments in each reference-length bucket, labelled with the segment count."""
    data = buckets.dropna(subset=["corpus BLEU"])
    # A bucket whose sentences all have undefined sentence BLEU says so in words, never "NaN".
    mean = data["mean sentence BLEU"].map(lambda v: _("— (undefined)") if pd.isna(v) else f"{v:.2f}")
    data = data.assign(**{"mean sentence BLEU": mean})
    sort = list(data.sort_values("order")["bucket"])
    base = alt.Chart(data).encode(
        x=alt.X("bucket:N", sort=sort, title=_("reference length r (tokens)"), axis=alt.Axis(labelAngle=0)),
        y=alt.Y("corpus BLEU:Q", title=_("corpus BLEU of the bucket"), scale=alt.Scale(domainMin=0)),
        tooltip=[
            alt.Tooltip("bucket:N", title="r"),
            alt.Tooltip("segments:Q", title=_("segments")),
            alt.Tooltip("corpus BLEU:Q", format=".2f", title=_("corpus BLEU")),
            alt.Tooltip("mean sentence BLEU:N", title=_("mean sentence BLEU")),
        ],
    )
    bars = base.mark_bar(color=BLUE)
    labels = base.mark_text(dy=-6, color=GREY).encode(text=alt.Text("segments:Q", format="d"))
    return alt.layer(bars, labels).properties(height=260)

