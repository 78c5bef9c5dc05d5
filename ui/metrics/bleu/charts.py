"""Altair charts of one BLEU result: its precisions and the brevity penalty curves (the variants are ``variants``).

Pure functions of bleucore results; colours are the theme's Okabe-Ito palette.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

import pandas as pd

from bleucore import BLEUScore, brevity_penalty, simplified_brevity_penalty
from ui.metrics.bleu.formula import log_terms
from ui.shell.i18n import N_, _
from ui.shell.palette import BLUE, GREY, ORANGE

#: Room around every chart, in pixels: a rotated axis title and a title's first line were drawn 2-3 px outside the
#: chart's box (their Hangul cut on a phone) with none.
PADDING = {"left": 6, "top": 6, "right": 6, "bottom": 4}

if TYPE_CHECKING:  # imported when a chart is drawn: Explore's first view draws none (about 1 s of a cold start)
    import altair as alt  # lazy: altair costs about 1 s cold and Explore's first view draws no chart


def precision_frame(score: BLEUScore) -> pd.DataFrame:
    """One row per order: p_n (after smoothing), its fraction, weight and w_n log p_n."""
    rows = []
    for t in log_terms(score):
        rows.append(
            {
                "order": f"p{t.n}",
                "n": t.n,
                "precision": t.precision,
                "fraction": t.fraction + (_(" (smoothed)") if t.smoothed else ""),
                "weight": t.weight,
                "log_term": t.term,
                "log_label": f"w·log p = {t.term:.4f}" if t.term is not None else _(t.note).split(":")[0],
                # short lines over the bar: on one line, neighbouring bars' labels met on a 390 px phone
                "log_lines": f"w·log p\n= {t.term:.4f}"
                if t.term is not None
                else _short_lines(_(t.note).split(":")[0]),
            }
        )
    return pd.DataFrame(rows)


def _short_lines(text: str, width: int = 12) -> str:
    """``text`` in lines of at most ``width`` columns (a wide character, as Hangul, takes two), as narrow as the
    numbers over the other bars."""
    lines: list[str] = []
    for word in text.split():
        if lines and _columns(lines[-1]) + 1 + _columns(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "\n".join(lines)


def _columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def precision_chart(score: BLEUScore) -> alt.LayerChart:
    """Bars of p_1..p_N labelled with their fractions (17/18) and weighted log terms."""
    import altair as alt  # lazy: altair costs about 1 s cold and Explore's first view draws no chart

    data = precision_frame(score)
    highest = max(1.0, float(data["precision"].max()) if len(data) else 1.0)
    top = highest * 1.3  # room for the three lines of labels over the highest bar
    base = alt.Chart(data).encode(
        x=alt.X("order:N", sort=list(data["order"]), title=_("n-gram order"), axis=alt.Axis(labelAngle=0)),
        y=alt.Y(
            "precision:Q",
            title=_("modified precision p_n"),
            scale=alt.Scale(domain=[0, top], nice=False),
            axis=alt.Axis(values=[i / 5 for i in range(int(highest * 5) + 1)]),  # ticks stop where precisions do
        ),
        tooltip=[
            alt.Tooltip("order:N", title=_("order")),
            alt.Tooltip("fraction:N", title=_("clipped matches / n-grams")),
            alt.Tooltip("precision:Q", format=".4f", title=_("precision")),
            alt.Tooltip("weight:Q", format=".4f", title=_("weight")),
            alt.Tooltip("log_label:N", title=_("log term")),
        ],
    )
    bars = base.mark_bar(color=BLUE)
    # Vega draws a label's further lines below its first: the two lines of the log term end 3 px over the bar
    fractions = base.mark_text(baseline="bottom", dy=-31, fontSize=13, fontWeight="bold").encode(text="fraction:N")
    logs = base.mark_text(
        baseline="bottom", dy=-16, fontSize=11, lineHeight=13, lineBreak="\n", color="#444444"
    ).encode(text="log_lines:N")
    # a short title: the caption under the chart says what the labels are (a longer one was cut at 390 px)
    return alt.LayerChart(layer=[bars, fractions, logs]).properties(
        height=300, title=_("Modified n-gram precisions"), padding=PADDING
    )


STANDARD_CURVE = N_("standard exp(1 − r/c)")
SIMPLIFIED_CURVE = N_("simplified min(1, c/r)")
CURVES = [STANDARD_CURVE, SIMPLIFIED_CURVE]
#: Each curve's short name in the labels beside this input's points.
_CURVE_NAMES = {STANDARD_CURVE: N_("standard"), SIMPLIFIED_CURVE: N_("simplified")}


def curve_names() -> list[str]:
    """The two curves' legend entries in the session's language (the data's ``curve`` values)."""
    return [_(curve) for curve in CURVES]


def precision_caption(score: BLEUScore) -> str:
    """What to look at in the precision chart, with the brevity penalty that multiplies the bars' mean."""
    bars = _(
        "Each bar is p_n = clipped matches / candidate n-grams as the score uses it (labels: the fraction, marked "
        "smoothed where smoothing replaced a zero count, and w_n·log p_n)."
    )
    if score.bp <= 0:
        return (
            bars
            + " "
            + _("BLEU = brevity penalty × geometric mean of the bars, and BP = 0 here (c = 0), so BLEU is 0.")
        )
    return (
        bars
        + " "
        + _(
            "BLEU = brevity penalty × geometric mean of the bars = {bp:.4f} × {mean:.4f} = {value:.4f} (BP = {bp:.4f} "
            "from c = {c:,} and r = {r:,.0f}); one bar at 0 makes the mean 0 unless smoothing lifts it."
        ).format(bp=score.bp, mean=score.value / score.bp, value=score.value, c=score.sys_len, r=score.ref_len)
    )


def precision_table(score: BLEUScore) -> pd.DataFrame:
    """The numbers the precision chart draws, one row per order: the fraction, p_n in percent as the score uses it
    (smoothed where the score smooths), whether smoothing made it, the weight and w_n log p_n."""
    return pd.DataFrame(
        [
            {
                "n": t.n,
                "fraction": f"{t.matches}/{t.total}",
                "p_n (%)": 100.0 * t.precision,
                "smoothed": t.smoothed,
                "weight": t.weight,
                "log_term": t.term,
            }
            for t in log_terms(score)
        ]
    )


def brevity_frame(score: BLEUScore, points: int = 120) -> pd.DataFrame:
    """Both penalties against c/r from 0 to max(2, this input's c/r + 0.25) (r fixed at 1)."""
    upper = max(2.0, score.ratio + 0.25)
    rows = []
    for i in range(points + 1):
        ratio = i * upper / points
        rows.append({"c/r": ratio, "penalty": brevity_penalty(ratio, 1.0), "curve": _(STANDARD_CURVE)})
        rows.append({"c/r": ratio, "penalty": simplified_brevity_penalty(ratio, 1.0), "curve": _(SIMPLIFIED_CURVE)})
    return pd.DataFrame(rows)


def brevity_points(score: BLEUScore) -> pd.DataFrame:
    """This input on both curves: c/r, each penalty, and a label in words (``standard: c/r = 1.00, BP = 1.000``)."""
    ratio = score.ratio
    rows = []
    for curve, penalty in ((STANDARD_CURVE, brevity_penalty), (SIMPLIFIED_CURVE, simplified_brevity_penalty)):
        value = penalty(score.sys_len, score.ref_len)
        label = f"{_(_CURVE_NAMES[curve])}: c/r = {ratio:.2f}, BP = {value:.3f}"
        rows.append({"c/r": ratio, "penalty": value, "curve": _(curve), "label": label})
    return pd.DataFrame(rows)


def brevity_caption(score: BLEUScore) -> str:
    """What to look at in the brevity penalty chart."""
    if score.ref_len == 0:
        return _("The references are empty (r = 0), so c/r is not defined; both penalties are 1 for c > 0.")
    shorter = score.sys_len < score.ref_len
    return (
        _(
            "The diamonds mark this input (c = {c:,}, r = {r:,g}): the candidate is shorter than the "
            "reference; left of c/r = 1 both curves fall, the standard one faster."
        )
        if shorter
        else _(
            "The diamonds mark this input (c = {c:,}, r = {r:,g}): the candidate is at least as long as the "
            "reference; left of c/r = 1 both curves fall, the standard one faster."
        )
    ).format(c=score.sys_len, r=score.ref_len)


def brevity_chart(score: BLEUScore) -> alt.LayerChart:
    """The two brevity penalty curves, a legend naming them, and this input's c/r marked and labelled on both."""
    import altair as alt  # lazy: altair costs about 1 s cold and Explore's first view draws no chart

    curves = brevity_frame(score)
    pick = alt.selection_point(fields=["curve"], bind="legend")
    colour = alt.Color(
        "curve:N",
        scale=alt.Scale(domain=curve_names(), range=[BLUE, ORANGE]),
        title=_("brevity penalty"),
        legend=alt.Legend(orient="bottom", direction="vertical", labelLimit=320),
    )
    dash = alt.StrokeDash(
        "curve:N", scale=alt.Scale(domain=curve_names(), range=[[1, 0], [6, 3]]), title=_("brevity penalty")
    )
    lines = (
        alt.Chart(curves)
        .mark_line(strokeWidth=2)
        .encode(
            x=alt.X("c/r:Q", title=_("c / r (candidate length / reference length)")),
            y=alt.Y("penalty:Q", title=_("brevity penalty"), scale=alt.Scale(domain=[0, 1.1])),
            color=colour,
            strokeDash=dash,
            opacity=alt.condition(pick, alt.value(1.0), alt.value(0.2)),
            tooltip=[
                alt.Tooltip("curve:N", title=_("brevity penalty")),
                alt.Tooltip("c/r:Q", format=".2f"),
                alt.Tooltip("penalty:Q", format=".3f", title=_("penalty")),
            ],
        )
        .add_params(pick)
    )
    title = _("Brevity penalty (c = {c:,}, r = {r:,g})").format(c=score.sys_len, r=score.ref_len)
    if score.ref_len == 0:
        return alt.LayerChart(layer=[lines]).properties(height=380, title=title, padding=PADDING)
    here = brevity_points(score)
    rule = alt.Chart(here.head(1)).mark_rule(color=GREY, strokeDash=[2, 2]).encode(x="c/r:Q")
    dots = (
        alt.Chart(here)
        .mark_point(size=120, filled=True, shape="diamond")
        .encode(
            x="c/r:Q",
            y=alt.Y("penalty:Q", title=_("brevity penalty")),
            color=colour,
            tooltip=[alt.Tooltip("curve:N", title=_("brevity penalty")), alt.Tooltip("label:N", title=_("this input"))],
        )
    )
    # The words go to the bottom right, where neither curve ever is (both are 1 past c/r = 1): beside the points they
    # ran over the axis on a 390 px phone. Simplified above standard, as its penalty is (min(1, c/r) >= exp(1 - r/c)).
    words = here.assign(x=float(curves["c/r"].max()), y=[0.12, 0.26])
    labels = (
        alt.Chart(words)
        .mark_text(align="right", dx=-4, fontSize=12, fontWeight="bold", color="#333333")
        .encode(x="x:Q", y=alt.Y("y:Q", title=_("brevity penalty")), text="label:N")
    )
    return alt.LayerChart(layer=[lines, rule, dots, labels]).properties(height=380, title=title, padding=PADDING)
