"""Every variant and smoothing of one input side by side (Explore's Variants tab): a chart of their scores and a
table naming each row's options and why it differs, the headline's rows marked.

Pure functions of bleucore results (``SentenceExplanation.variants``); colours are the theme's Okabe-Ito palette.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pandas as pd

from bleucore import BleuOptions, VariantScore
from ui.metrics.bleu.charts import PADDING
from ui.metrics.bleu.headline import options_phrase
from ui.metrics.bleu.wording import describe
from ui.shell.i18n import N_, _
from ui.shell.palette import BLUE, GREEN

if TYPE_CHECKING:  # imported when a chart is drawn: Explore's first view draws none (about 1 s of a cold start)
    import altair as alt  # lazy: altair costs about 1 s cold and Explore's first view draws no chart


HEADLINE_MARK = N_("yes")
#: The two families of rows, in the order of the chart's legend.
FAMILIES = (N_("variant"), N_("smoothing"))


def variants_frame(variants: Sequence[VariantScore], headline: BleuOptions | None = None) -> pd.DataFrame:
    """One row per variant or smoothing: label, family, its options in words, whether it is the headline's
    computation (same options), score (None when undefined) and its note."""
    return pd.DataFrame(
        [
            {
                "computation": v.label,
                "family": _(v.family),
                "variant / options": options_phrase(v.options),
                "= headline": _(HEADLINE_MARK) if headline is not None and v.options == headline else _("no"),
                "BLEU": v.score,
                "note": describe(v.note),
            }
            for v in variants
        ]
    )


#: The variants table's headers (its columns keep these English names in English, as tests and tools read them).
_TABLE_HEADERS = {
    "family": N_("family"),
    "variant / options": N_("variant / options"),
    "= headline": N_("= headline"),
    "why it differs": N_("why it differs"),
}


def variants_table(variants: Sequence[VariantScore], headline: BleuOptions | None = None) -> pd.DataFrame:
    """The variants as a table to read beside the chart: BLEU as text (4 decimals, or "not defined")."""
    frame = variants_frame(variants, headline)
    frame["BLEU"] = [f"{v:.4f}" if v is not None else _("not defined") for v in (x.score for x in variants)]
    frame = frame.rename(columns={"note": "why it differs"}).set_index("computation")
    frame.index.name = _("computation")
    return frame.rename(columns={column: _(label) for column, label in _TABLE_HEADERS.items()})


VARIANTS_CAPTION = N_(
    "Each row changes one thing in your options: the variant (blue) or the smoothing (green); "
    "“= headline” marks the rows computed exactly as the headline, and the table names every row's options."
)


def variants_chart(variants: Sequence[VariantScore], headline: BleuOptions | None = None) -> alt.LayerChart:
    """Horizontal bars of BLEU under each variant and smoothing (undefined ones left out), the headline's rows
    labelled."""
    import altair as alt  # lazy: altair costs about 1 s cold and Explore's first view draws no chart

    data = variants_frame(variants, headline).dropna(subset=["BLEU"])
    data["marker"] = [_("= headline") if m == _(HEADLINE_MARK) else "" for m in data["= headline"]]
    # the axis reaches past the longest bar, so "= headline" after it stays inside a 390 px phone's chart
    longest = float(data["BLEU"].max()) if len(data) else 0.0
    base = alt.Chart(data).encode(
        y=alt.Y("computation:N", sort=list(data["computation"]), title=None),
        x=alt.X("BLEU:Q", title=_("BLEU (0–100)"), scale=alt.Scale(domain=[0, max(1.0, longest * 1.35)])),
        tooltip=[
            alt.Tooltip("computation:N", title=_("computation")),
            alt.Tooltip("variant / options:N", title=_("variant / options")),
            alt.Tooltip("BLEU:Q", format=".4f"),
            alt.Tooltip("= headline:N", title=_("= headline")),
            alt.Tooltip("note:N", title=_("why it differs")),
        ],
    )
    bars = base.mark_bar().encode(
        color=alt.Color(
            "family:N",
            scale=alt.Scale(domain=[_(f) for f in FAMILIES], range=[BLUE, GREEN]),
            title=_("row changes the"),
            legend=alt.Legend(orient="bottom"),
        ),
    )
    marks = base.mark_text(align="left", dx=4, fontWeight="bold").encode(text="marker:N")
    return alt.LayerChart(layer=[bars, marks]).properties(
        height=alt.Step(22), title=_("BLEU under every variant and smoothing"), padding=PADDING
    )
