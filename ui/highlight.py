"""Escaped HTML for a candidate's tokens coloured by n-gram status, and its references' matches.

Pure functions of bleucore's OrderExplanation. Every piece of user text (tokens, n-grams,
title attributes) goes through ``html.escape(..., quote=True)``; the only markup is built here.
Colours are Okabe-Ito (blue matched, orange clipped, hatched grey unmatched) and each status
also has its own underline style and marker, so colour is never the only cue.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from bleucore import NgramRow, OrderExplanation


@dataclass(frozen=True)
class Style:
    """How one status looks: CSS declarations, a marker after the token, and the legend's words."""

    css: str
    marker: str
    label: str


MATCHED_COLOR = "#0072B2"
CLIPPED_COLOR = "#E69F00"
UNMATCHED_COLOR = "#E5E5E5"
STYLES: dict[str, Style] = {
    "matched": Style(
        f"background-color:{MATCHED_COLOR};color:#FFFFFF;border-bottom:3px solid #003D5C;",
        "✓",
        "matched: counted in Count_clip",
    ),
    "clipped": Style(
        f"background-color:{CLIPPED_COLOR};color:#000000;border-bottom:3px dashed #000000;",
        "✂",
        "clipped: in a reference, but beyond Max_Ref_Count",
    ),
    "unmatched": Style(
        f"background-color:{UNMATCHED_COLOR};color:#333333;border-bottom:3px dotted #555555;"
        "background-image:repeating-linear-gradient(45deg,transparent 0 4px,rgba(0,0,0,0.14) 4px 6px);",
        "✗",
        "unmatched: in no reference",
    ),
    "none": Style("color:#555555;border:1px dashed #999999;", "·", "no n-gram of this order covers it"),
}
STYLESHEET = (
    "<style>"
    ".bleu-text{font-size:1.05rem;line-height:2.1;overflow-wrap:anywhere;text-align:left;}"
    # order_html puts the legend, the candidate and the references in one block: keep them apart
    ".bleu-legend,.bleu-text{margin-bottom:0.75rem;}"
    ".bleu-tok{padding:1px 3px;margin:1px;border-radius:3px;white-space:pre-wrap;}"
    ".bleu-tok .bleu-mark{font-size:0.7em;margin-left:2px;vertical-align:super;}"
    + "".join(f".bleu-tok.{name}{{{style.css}}}" for name, style in STYLES.items())
    + "</style>"
)


def _sources(row: NgramRow) -> str:
    if not row.sources:
        return "none"
    return ", ".join(f"reference {j + 1}" for j in row.sources)


def describe_row(row: NgramRow) -> str:
    """Plain text (not escaped) for one n-gram: its counts and the references that hold Max_Ref_Count."""
    return (
        f"“{row.text}”: Count {row.count}, Max_Ref_Count {row.max_ref_count}, "
        f"Count_clip {row.count_clip}, source: {_sources(row)}"
    )


WORD_JOINER = "\u2060"
_CLOSING_TAG = re.compile(r"<(?=/)")
_COMMENT_END = re.compile(r"(--!?|\])>")


def keep_title(title: str) -> str:
    """The title with an invisible word joiner inside ``</``, ``-->`` and ``]>``.

    st.html sanitizes with DOMPurify, which drops a whole title attribute holding ``</script``,
    ``</style``, ``-->`` or ``]>``; the joiner keeps the hover text (escaping happens after this).
    """
    return _COMMENT_END.sub(rf"\1{WORD_JOINER}>", _CLOSING_TAG.sub(f"<{WORD_JOINER}", title))


def _span(text: str, status: str, title: str) -> str:
    return (
        f'<span class="bleu-tok {status}" title="{escape(keep_title(title), quote=True)}">{escape(text, quote=True)}'
        f'<span class="bleu-mark" aria-hidden="true">{STYLES[status].marker}</span></span>'
    )


def candidate_html(tokens: Sequence[str], order: OrderExplanation) -> str:
    """The candidate's tokens as escaped spans, each with its best status for order n and a title
    listing every n-gram that covers it (n-gram, status, Count, Max_Ref_Count, Count_clip, sources)."""
    rows = {row.ngram: row for row in order.rows}
    covering: list[list[str]] = [[] for _ in tokens]
    for occ in order.occurrences:
        line = f"{occ.status} {describe_row(rows[occ.ngram])}"
        for i in range(occ.start, occ.start + order.n):
            covering[i].append(line)
    statuses = order.token_status(len(tokens))
    spans = []
    for token, status, lines in zip(tokens, statuses, covering):
        title = "\n".join(lines) if lines else f"the candidate has no {order.n}-gram"
        spans.append(_span(token, status or "none", title))
    return f'{STYLESHEET}<div class="bleu-text bleu-candidate">{" ".join(spans)}</div>'


def reference_html(tokens: Sequence[str], matched: Sequence[bool], label: str) -> str:
    """One reference with the tokens the candidate matched (clipped counts) marked as matched."""
    spans = []
    for token, hit in zip(tokens, matched):
        if hit:
            spans.append(_span(token, "matched", f"{label}: matched by the candidate"))
        else:
            spans.append(f'<span class="bleu-tok plain">{escape(token, quote=True)}</span>')
    return (
        f'{STYLESHEET}<div class="bleu-text bleu-reference"><strong>{escape(label, quote=True)}:</strong> '
        f"{' '.join(spans)}</div>"
    )


def legend_html() -> str:
    """A legend of the three statuses, each shown in its own style with its marker."""
    items = [_span(STYLES[s].label, s, STYLES[s].label) for s in ("matched", "clipped", "unmatched")]
    return f'{STYLESHEET}<div class="bleu-legend">{" ".join(items)}</div>'


def order_html(candidate: Sequence[str], order: OrderExplanation, references: Sequence[Sequence[str]]) -> str:
    """The legend, the candidate and every reference for order n as one block (one stylesheet,
    one element: each st.html is sanitized and laid out on its own, on every rerun)."""
    blocks = [legend_html(), candidate_html(candidate, order)]
    blocks += [
        reference_html(tokens, mask, f"Reference {j}")
        for j, (tokens, mask) in enumerate(zip(references, order.reference_matched), start=1)
    ]
    return STYLESHEET + "".join(block.removeprefix(STYLESHEET) for block in blocks)
