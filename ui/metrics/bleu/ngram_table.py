"""Tables of one explanation: the per-order n-gram rows as an HTML table and as CSV, and the JSON of the whole result.

The rows are Papineni et al.'s (2002, §2.1) clipped counts: Count, Max_Ref_Count and
Count_clip = min(Count, Max_Ref_Count) for every distinct candidate n-gram. On the page they are a
plain ``<table>`` with header cells (st.html), not an ``st.dataframe``: the data grid's code, fetched
and run before Explore's first render, made the first view about 0.4 s slower (bench/README.md,
"First view of Explore"). Every cell and title is escaped: an n-gram is the user's text, never markup.
"""

from __future__ import annotations

import csv
import io
import json
from html import escape
from typing import Any

from bleucore import NgramRow, OrderExplanation, SentenceExplanation
from ui.metrics.bleu.wording import describe, describe_all
from ui.shell.i18n import N_, _
from ui.shell.titles import keep_title

COLUMNS = ("n-gram", "Count", "Max_Ref_Count", "Count_clip", "source reference", "clipped away", "positions")
#: What each column holds: the header's hover title and its screen reader description. The header shows the column's
#: name translated; the CSV and the JSON keep the English names.
COLUMN_HELP = {
    N_("n-gram"): N_("The candidate n-gram"),
    N_("Count"): N_("Occurrences in the candidate"),
    N_("Max_Ref_Count"): N_("Most occurrences in any one reference"),
    N_("Count_clip"): N_("min(Count, Max_Ref_Count)"),
    N_("source reference"): N_("Reference(s) holding Max_Ref_Count"),
    N_("clipped away"): N_("Count − Count_clip"),
    N_("positions"): N_("Token positions in the candidate"),
}
NUMBER_COLUMNS = frozenset({"Count", "Max_Ref_Count", "Count_clip", "clipped away"})
NO_SOURCE = "none"
STYLESHEET = (
    "<style>"
    ".bleu-table-box{overflow-x:auto;max-width:100%;margin-bottom:0.5rem;}"
    # separate borders and whole-pixel rows: the sticky n-gram column is drawn on its own layer, and there a collapsed
    # or fractional border was lost or drawn a pixel off its row's
    ".bleu-table{border-collapse:separate;border-spacing:0;font-size:14px;line-height:20px;}"
    ".bleu-table th,.bleu-table td{padding:5px 10px;border-bottom:1px solid #D0D7DE;text-align:left;"
    "vertical-align:top;white-space:nowrap;}"
    ".bleu-table th{background:#F2F4F7;font-weight:600;}"
    ".bleu-table .num{text-align:right;font-variant-numeric:tabular-nums;}"
    # the n-gram stays in view while a phone scrolls the counts sideways, and wraps if it is long
    ".bleu-table tbody th{position:sticky;left:0;background:#FFFFFF;font-weight:400;white-space:normal;"
    "min-width:6rem;max-width:12rem;overflow-wrap:anywhere;}"
    ".bleu-table thead th:first-child{position:sticky;left:0;z-index:1;}"
    "</style>"
)


def order_rows(order: OrderExplanation) -> list[dict[str, Any]]:
    """One row per distinct candidate n-gram of order n, in order of first occurrence, keyed by ``COLUMNS``."""
    return [_row(r) for r in order.rows]


def _row(row: NgramRow) -> dict[str, Any]:
    return {
        "n-gram": row.text,
        "Count": row.count,
        "Max_Ref_Count": row.max_ref_count,
        "Count_clip": row.count_clip,
        "source reference": ", ".join(str(j + 1) for j in row.sources) or NO_SOURCE,
        "clipped away": row.count - row.count_clip if row.max_ref_count else 0,
        "positions": ", ".join(str(p + 1) for p in row.positions),
    }


def _header(column: str) -> str:
    css = ' class="num"' if column in NUMBER_COLUMNS else ""
    title = escape(keep_title(_(COLUMN_HELP[column])), quote=True)
    return f'<th scope="col"{css} title="{title}">{escape(_(column), quote=True)}</th>'


def _cell(column: str, value: Any) -> str:
    if column == "n-gram":  # the row's header cell: a screen reader names each count by its n-gram
        return f'<th scope="row">{escape(str(value), quote=True)}</th>'
    if column == "source reference" and value == NO_SOURCE:
        value = _("none")
    css = ' class="num"' if column in NUMBER_COLUMNS else ""
    return f"<td{css}>{escape(str(value), quote=True)}</td>"


def order_html(order: OrderExplanation) -> str:
    """The table of order n: a header cell per column (its meaning in ``title``), one row per n-gram, escaped.

    In a box that scrolls sideways on a narrow screen (keyboard-focusable, named), so the page never does.
    """
    name = escape(_("The candidate's {n}-grams and their counts").format(n=order.n), quote=True)
    head = "".join(_header(c) for c in COLUMNS)
    body = "".join("<tr>" + "".join(_cell(c, row[c]) for c in COLUMNS) + "</tr>" for row in order_rows(order))
    return (
        f'{STYLESHEET}<div class="bleu-table-box" role="region" tabindex="0" aria-label="{name}">'
        f'<table class="bleu-table bleu-ngram-table"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'
    )


def order_csv(order: OrderExplanation) -> str:
    """The table of order n as CSV text (n-grams are data, never markup)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(order_rows(order))
    return out.getvalue()


def result_json(result: SentenceExplanation, inputs: dict[str, Any]) -> str:
    """The full result: the inputs, ``score.to_dict()``, lengths, the diagnosis and every order's rows."""
    data: dict[str, Any] = {
        "inputs": inputs,
        "score": result.score.to_dict(),
        "candidate_tokens": list(result.candidate),
        "reference_lengths": list(result.reference_lengths),
        "orders": [
            {
                "n": o.n,
                "matches": o.matches,
                "total": o.total,
                "unclipped_matches": o.unclipped_matches,
                "rows": order_rows(o),
            }
            for o in result.orders
        ],
        "diagnosis": None,
    }
    if result.diagnosis is not None:
        data["diagnosis"] = {
            "reason": describe_all(result.diagnosis.reasons),
            "fixes": [{"change": describe(f.change), "score": f.score} for f in result.diagnosis.fixes],
        }
    return json.dumps(data, ensure_ascii=False, indent=2)
