"""chrF's corpus picture: character (and, for chrF++, word) n-gram precision, recall and F-β per order from the
corpus totals (Popović 2015, 2017). Corpus chrF is F-β of the precision and recall averaged over the orders."""

from __future__ import annotations

from collections.abc import Sequence

import altair as alt
import pandas as pd

from bleucore.metrics.chrf import ChrfOrder
from ui.shell import i18n
from ui.shell.i18n import N_, _
from ui.shell.palette import BLUE, GREEN, ORANGE

#: An order's name by its kind; ``{n}`` is the order's field.
_ORDER_NAMES = {"char": N_("character {n}-grams"), "word": N_("word {n}-grams")}


def order_name(order: ChrfOrder) -> str:
    """An order's name in the session's language ("character 3-grams"), in the chart and the table alike."""
    return i18n.fill(_ORDER_NAMES[order.kind], vars(order))


def order_frame(orders: Sequence[ChrfOrder]) -> pd.DataFrame:
    """One row per order and measure: order label, measure, value in percent, matched and total n-grams."""
    rows = []
    for o in orders:
        label = order_name(o)
        for measure, value in ((_("precision"), o.precision), (_("recall"), o.recall), (_("F-β"), o.f_beta)):
            rows.append(
                {
                    "order": label,
                    "measure": measure,
                    "value": 100 * value,
                    "matched": o.matched,
                    "candidate n-grams": o.hyp_total,
                    "reference n-grams": o.ref_total,
                }
            )
    return pd.DataFrame(rows)


def order_chart(orders: Sequence[ChrfOrder]) -> alt.Chart:
    """Grouped bars: per order, precision, recall and F-β (legend and tooltips name each bar)."""
    data = order_frame(orders)
    measures = [_("precision"), _("recall"), _("F-β")]
    chart: alt.Chart = (
        alt.Chart(data)
        .mark_bar()
        .encode(
            x=alt.X("order:N", sort=list(dict.fromkeys(data["order"])), title=None, axis=alt.Axis(labelAngle=-30)),
            xOffset=alt.XOffset("measure:N", sort=measures),
            y=alt.Y("value:Q", title=_("percent"), scale=alt.Scale(domain=[0, 100])),
            color=alt.Color(
                "measure:N",
                sort=measures,
                scale=alt.Scale(domain=measures, range=[BLUE, ORANGE, GREEN]),
                title=None,
                legend=alt.Legend(orient="top"),
            ),
            tooltip=[
                alt.Tooltip("order:N", title=_("order")),
                alt.Tooltip("measure:N", title=_("measure")),
                alt.Tooltip("value:Q", format=".2f", title=_("percent")),
                alt.Tooltip("matched:Q", title=_("matched")),
                alt.Tooltip("candidate n-grams:Q", title=_("candidate n-grams")),
                alt.Tooltip("reference n-grams:Q", title=_("reference n-grams")),
            ],
        )
        .properties(height=260)
    )
    return chart
