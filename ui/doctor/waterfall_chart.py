"""The waterfall (Altair): the first tool's score, one floating bar per rule changed (its change printed on it,
up or down also in words), the second tool's score. Colour repeats what the label and the bar's direction say.

The score axis starts near the scores (``axis_start``), not at 0, and its title says so: from 0, a step of -0.95
between two scores near 30 was a sliver a pixel or two high; the two scores' bars start where the axis does."""

from __future__ import annotations

import math
from typing import Any

import altair as alt
import pandas as pd

from ui.doctor.waterfall_steps import ShownWaterfall
from ui.shell.i18n import _
from ui.shell.palette import BLUE, GREEN, MID_GREY, VERMILLION


def axis_start(steps: ShownWaterfall) -> float:
    """Where the score axis starts: a whole number below every score of the waterfall by at least half their spread
    (and 1 point), so the smallest step is a bar to see; 0 when that would be close to 0 anyway."""
    scores = [steps.start_score, steps.end_score, *(s.score_before for s in steps.steps)]
    scores += [s.score_after for s in steps.steps]
    low, high = min(scores), max(scores)
    start = math.floor(low - max((high - low) / 2, 1.0))
    return float(start) if start > (high - low) else 0.0


def axis_title(steps: ShownWaterfall, score_title: str) -> str:
    """The score axis's title, saying where it starts when that is not 0."""
    start = axis_start(steps)
    if start == 0:
        return score_title
    return _("{score}: the axis starts at {start:g}, not at 0").format(score=score_title, start=start)


def waterfall_frame(steps: ShownWaterfall) -> pd.DataFrame:
    """One row per bar: label, kind (total / up / down / none), low and high end, and the printed change; the two
    scores' bars start where the axis does."""
    base = axis_start(steps)
    rows: list[dict[str, Any]] = [
        {
            "label": steps.start,
            "kind": _("score"),
            "low": base,
            "high": steps.start_score,
            "text": f"{steps.start_score:.2f}",
        }
    ]
    for step in steps.steps:
        change = step.delta  # the label's number decides the colour, so they never disagree
        kind = _("up") if change > 0 else _("down") if change < 0 else _("no change")
        rows.append(
            {
                "label": step.after,
                "kind": kind,
                "low": min(step.score_before, step.score_after),
                "high": max(step.score_before, step.score_after),
                "text": f"{change:+}",  # the printed changes add up to the printed scores
            }
        )
    rows.append(
        {
            "label": steps.end,
            "kind": _("score"),
            "low": base,
            "high": steps.end_score,
            "text": f"{steps.end_score:.2f}",
        }
    )
    frame = pd.DataFrame(rows)
    frame["order"] = range(len(frame))
    return frame


def waterfall_chart(steps: ShownWaterfall, score_title: str) -> alt.LayerChart:
    """Bars from low to high in step order; each labelled with its score or signed change; ``score_title`` names
    the score axis (the metric on 0-100)."""
    frame = waterfall_frame(steps)
    scores = [*frame["low"], *frame["high"]]
    scale = alt.Scale(
        domain=[axis_start(steps), max(scores) + max((max(scores) - min(scores)) * 0.08, 0.5)], nice=False
    )
    title = axis_title(steps, score_title)
    kinds = [_("score"), _("up"), _("down"), _("no change")]
    colours = [BLUE, GREEN, VERMILLION, MID_GREY]
    x = alt.X("label:N", sort=alt.SortField("order"), title=None, axis=alt.Axis(labelAngle=-30, labelLimit=220))
    bars = (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            x=x,
            y=alt.Y("low:Q", title=title, scale=scale),
            y2="high:Q",
            color=alt.Color(
                "kind:N",
                title=_("score change"),
                scale=alt.Scale(domain=kinds, range=colours),
                legend=alt.Legend(orient="top"),
            ),
            tooltip=[alt.Tooltip("label:N", title=_("step")), alt.Tooltip("text:N", title=_("score change"))],
        )
    )
    labels = (
        alt.Chart(frame)
        .mark_text(dy=-6, fontSize=12)
        .encode(x=x, y=alt.Y("high:Q", title=title, scale=scale), text="text:N")
    )
    return alt.LayerChart(layer=[bars, labels]).properties(height=320)
