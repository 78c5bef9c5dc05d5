"""Altair charts of one BLEU result: precisions, the brevity penalty curves and the variants.

Pure functions of bleucore results; colours are the theme's Okabe-Ito palette.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import altair as alt
import pandas as pd

from bleucore import BLEUScore, VariantScore, brevity_penalty, simplified_brevity_penalty
from ui.formula import log_terms

BLUE = "#0072B2"
ORANGE = "#E69F00"
GREEN = "#009E73"
VERMILLION = "#D55E00"


def precision_frame(score: BLEUScore) -> pd.DataFrame:
    """One row per order: p_n (after smoothing), its fraction, weight and w_n log p_n."""
    rows = []
    for t in log_terms(score):
        rows.append(
            {
                "order": f"p{t.n}",
                "n": t.n,
                "precision": t.precision,
                "fraction": t.fraction + (" (smoothed)" if t.smoothed else ""),
                "weight": t.weight,
                "log_term": t.term,
                "log_label": f"w·log p = {t.term:.4f}" if t.term is not None else t.note.split(":")[0],
            }
        )
    return pd.DataFrame(rows)


def precision_chart(score: BLEUScore) -> alt.LayerChart:
    """Bars of p_1..p_N labelled with their fractions (17/18) and weighted log terms."""
    data = precision_frame(score)
    top = max(1.0, float(data["precision"].max()) if len(data) else 1.0)
    base = alt.Chart(data).encode(
        x=alt.X("order:N", sort=list(data["order"]), title="n-gram order"),
        y=alt.Y("precision:Q", title="modified precision p_n", scale=alt.Scale(domain=[0, top * 1.15])),
        tooltip=[
            "order",
            "fraction",
            alt.Tooltip("precision:Q", format=".4f"),
            alt.Tooltip("weight:Q", format=".4f"),
            "log_label",
        ],
    )
    bars = base.mark_bar(color=BLUE)
    fractions = base.mark_text(dy=-18, fontSize=13, fontWeight="bold").encode(text="fraction:N")
    logs = base.mark_text(dy=-5, fontSize=11, color="#444444").encode(text="log_label:N")
    chart = (bars + fractions + logs).properties(height=280, title="Modified n-gram precisions and their log terms")
    return cast(alt.LayerChart, chart)


def brevity_frame(score: BLEUScore, points: int = 120) -> pd.DataFrame:
    """Both penalties against c/r from 0.05 to 2 (r fixed at 1)."""
    rows = []
    for i in range(points + 1):
        ratio = 0.05 + i * (2.0 - 0.05) / points
        rows.append({"c/r": ratio, "penalty": brevity_penalty(ratio, 1.0), "curve": "standard exp(1 − r/c)"})
        rows.append(
            {"c/r": ratio, "penalty": simplified_brevity_penalty(ratio, 1.0), "curve": "simplified min(1, c/r)"}
        )
    return pd.DataFrame(rows)


def brevity_chart(score: BLEUScore) -> alt.LayerChart:
    """The two brevity penalty curves with this input's c/r marked on both."""
    curves = brevity_frame(score)
    ratio = score.ratio
    here = pd.DataFrame(
        [
            {"c/r": ratio, "penalty": brevity_penalty(score.sys_len, score.ref_len), "curve": "standard exp(1 − r/c)"},
            {
                "c/r": ratio,
                "penalty": simplified_brevity_penalty(score.sys_len, score.ref_len),
                "curve": "simplified min(1, c/r)",
            },
        ]
    )
    here["label"] = [f"c/r = {ratio:.3f}, BP = {p:.4f}" for p in here["penalty"]]
    colour = alt.Color(
        "curve:N", scale=alt.Scale(domain=["standard exp(1 − r/c)", "simplified min(1, c/r)"], range=[BLUE, ORANGE])
    )
    lines = (
        alt.Chart(curves)
        .mark_line(strokeWidth=2)
        .encode(
            x=alt.X("c/r:Q", title="c / r (candidate length / reference length)"),
            y=alt.Y("penalty:Q", title="brevity penalty", scale=alt.Scale(domain=[0, 1.05])),
            color=colour,
            strokeDash=alt.StrokeDash("curve:N", legend=None),
        )
    )
    dots = (
        alt.Chart(here)
        .mark_point(size=120, filled=True, shape="diamond")
        .encode(x="c/r:Q", y="penalty:Q", color=colour, tooltip=["curve", "label"])
    )
    chart = (lines + dots).properties(
        height=280, title=f"Brevity penalty: this input has c = {score.sys_len}, r = {score.ref_len:g}"
    )
    return cast(alt.LayerChart, chart)


def variants_frame(variants: Sequence[VariantScore]) -> pd.DataFrame:
    """One row per variant or smoothing: label, family, score (None when undefined) and its note."""
    return pd.DataFrame(
        [{"computation": v.label, "family": v.family, "BLEU": v.score, "note": v.note} for v in variants]
    )


def variants_table(variants: Sequence[VariantScore]) -> pd.DataFrame:
    """The variants as a table to read beside the chart: BLEU as text (4 decimals, or "not defined")."""
    frame = variants_frame(variants)
    frame["BLEU"] = [f"{v:.4f}" if v is not None else "not defined" for v in (x.score for x in variants)]
    return frame.rename(columns={"note": "why it differs"}).set_index("computation")


def variants_chart(variants: Sequence[VariantScore]) -> alt.Chart:
    """Horizontal bars of BLEU under each variant and smoothing (undefined ones left out)."""
    data = variants_frame(variants).dropna(subset=["BLEU"])
    chart = (
        alt.Chart(data)
        .mark_bar()
        .encode(
            y=alt.Y("computation:N", sort=list(data["computation"]), title=None),
            x=alt.X("BLEU:Q", title="BLEU (0–100)"),
            color=alt.Color("family:N", scale=alt.Scale(domain=["variant", "smoothing"], range=[BLUE, GREEN])),
            tooltip=["computation", alt.Tooltip("BLEU:Q", format=".4f"), "note"],
        )
        .properties(height=alt.Step(22), title="The same input under every variant and smoothing")
    )
    return cast(alt.Chart, chart)
