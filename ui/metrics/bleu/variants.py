"""Every variant and smoothing of one input side by side (Explore's Variants tab): a chart of their scores and a
table naming each row's options and why it differs, the headline's rows marked.

Pure functions of bleucore results (``SentenceExplanation.variants``); colours are the theme's Okabe-Ito palette.
The table is escaped HTML (``variants_html``) that a narrow screen stacks as one card per row, each value after its
column's name: as six columns on a 390 px phone (st.table) it was about 2,850 px tall, a Korean word a syllable a line.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
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


def _english_table(variants: Sequence[VariantScore], headline: BleuOptions | None) -> pd.DataFrame:
    frame = variants_frame(variants, headline)
    frame["BLEU"] = [f"{v:.4f}" if v is not None else _("not defined") for v in (x.score for x in variants)]
    return frame.rename(columns={"note": "why it differs"}).set_index("computation")


def variants_table(variants: Sequence[VariantScore], headline: BleuOptions | None = None) -> pd.DataFrame:
    """The variants as a table to read beside the chart: BLEU as text (4 decimals, or "not defined")."""
    frame = _english_table(variants, headline)
    frame.index.name = _("computation")
    return frame.rename(columns={column: _(label) for column, label in _TABLE_HEADERS.items()})


#: A table on a wide screen. At 640 px and below (where Streamlit's columns stack too) one card a row: its name, its
#: family, BLEU and "= headline" (only where it is the headline's) on the first line, then the options and why it
#: differs, each after its column's name (``data-label``). Korean keeps its words whole.
TABLE_STYLE = (
    "<style>"
    ".bleu-variants{border-collapse:collapse;font-size:14px;line-height:1.45;width:100%;margin-bottom:0.5rem;"
    "word-break:keep-all;overflow-wrap:break-word;}"  # (anywhere let a column shrink to one syllable)
    ".bleu-variants th,.bleu-variants td{padding:5px 8px;border-bottom:1px solid #D0D7DE;text-align:left;"
    "vertical-align:top;}"
    ".bleu-variants thead th{background:#F2F4F7;font-weight:600;}"
    ".bleu-variants tbody th{font-weight:600;white-space:nowrap;}"
    ".bleu-variants .family,.bleu-variants .headline{white-space:nowrap;}"
    ".bleu-variants .score{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap;}"
    "@media (max-width:640px){"
    ".bleu-variants,.bleu-variants tbody{display:block;}"
    ".bleu-variants thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);}"
    ".bleu-variants tbody tr{display:flex;flex-wrap:wrap;column-gap:0.35rem;border:1px solid #D0D7DE;"
    "border-radius:0.5rem;margin-bottom:0.4rem;padding:0.3rem 0.6rem;}"
    ".bleu-variants tbody th,.bleu-variants td{display:block;border:0;padding:0;}"
    ".bleu-variants td.family{order:1;}.bleu-variants td.score{order:2;}.bleu-variants td.headline{order:3;}"
    ".bleu-variants td.options{order:4;}.bleu-variants td.why{order:5;}"
    ".bleu-variants td.family::before{content:'· ';}"
    ".bleu-variants td.headline.yes::before{content:'· ' attr(data-label) ': ';}"
    ".bleu-variants td.score::before{content:'· BLEU ';}"
    ".bleu-variants td.headline.no{display:none;}"
    ".bleu-variants td.options,.bleu-variants td.why{flex-basis:100%;}"
    '.bleu-variants td.options::before,.bleu-variants td.why::before{content:attr(data-label) ": ";font-weight:600;'
    "color:#57606A;}"
    "}"
    "</style>"
)
#: Each column's class: what a card shows of it.
_CELL_CLASSES = {"family": "family", "variant / options": "options", "BLEU": "score", "why it differs": "why"}


def _cell(column: str, label: str, value: object) -> str:
    css = _CELL_CLASSES.get(column, "")
    if column == "= headline":  # on a card only where the row is the headline's
        css = "headline yes" if value == _(HEADLINE_MARK) else "headline no"
    return f'<td class="{css}" data-label="{escape(label, quote=True)}">{escape(str(value), quote=True)}</td>'


def variants_html(variants: Sequence[VariantScore], headline: BleuOptions | None = None) -> str:
    """``variants_table`` as an escaped HTML table (the row names as row headers, every cell naming its column in
    ``data-label`` for the cards of a narrow screen)."""
    frame = _english_table(variants, headline)
    labels = {column: _(_TABLE_HEADERS.get(column, column)) for column in frame.columns}
    head = f'<th scope="col">{escape(_("computation"), quote=True)}</th>' + "".join(
        f'<th scope="col" class="{_CELL_CLASSES.get(c, "")}">{escape(labels[c], quote=True)}</th>'
        for c in frame.columns
    )
    rows = [
        f'<tr><th scope="row">{escape(str(name), quote=True)}</th>'
        + "".join(_cell(c, labels[c], value) for c, value in zip(frame.columns, row))
        + "</tr>"
        for name, row in frame.iterrows()
    ]
    return (
        f'{TABLE_STYLE}<table class="bleu-variants"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


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
