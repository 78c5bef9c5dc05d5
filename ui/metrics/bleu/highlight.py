"""Escaped HTML for a candidate's n-grams as chips, one per occurrence, and the reference n-grams they used.

BLEU counts n-grams, not words (Papineni et al. 2002, §2.1): for order n every candidate n-gram
occurrence is one chip with its own status, so overlapping n-grams are all visible (at n = 2 the
unmatched "아침에 학교에" is its own chip even when both of its words are matched elsewhere). Each
chip is a ``<details>``: hovering shows its ``title``, a screen reader reads its ``aria-label``,
and a tap (phones have no hover) opens the counts as visible text. A reference shows the
occurrences of the candidate's n-grams that matched candidate occurrences pair with, as lighter
``<mark>`` units (a reference can hold one per token) with "used k of Count_j" in title and aria-label.

Pure functions of bleucore's OrderExplanation. Every piece of user text (tokens, n-grams, titles,
labels) goes through ``html.escape(..., quote=True)``; the only markup is built here. Colours are
Okabe-Ito (blue matched, orange clipped, hatched grey unmatched, light blue used) and each status also has its own
underline style and marker, so colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from bleucore import OrderExplanation
from ui.metrics.bleu.chip_words import describe_occurrence, describe_reference_occurrence, ngram_name, order_label
from ui.shell.i18n import N_, _, and_list
from ui.shell.palette import CLIPPED_CSS, MATCHED_CSS, UNMATCHED_CSS, USED_CSS
from ui.shell.titles import keep_title


@dataclass(frozen=True)
class Style:
    """How one status looks: CSS declarations, a marker after the n-gram, and the legend's words."""

    css: str
    marker: str
    label: str


STYLES: dict[str, Style] = {
    "matched": Style(MATCHED_CSS, "✓", N_("matched: counted in Count_clip")),
    "clipped": Style(
        CLIPPED_CSS,
        "✂",
        N_("clipped: in a reference, but beyond Max_Ref_Count"),
    ),
    "unmatched": Style(
        UNMATCHED_CSS + "background-image:repeating-linear-gradient(45deg,transparent 0 4px,rgba(0,0,0,0.14) 4px 6px);",
        "✗",
        N_("unmatched: in no reference"),
    ),
    # the reference side: the occurrences a matched candidate n-gram pairs with (light, double underline, ↔)
    "used": Style(USED_CSS, "↔", N_("used (in a reference): a matched candidate n-gram pairs with it")),
}
CANDIDATE_STATUSES = ("matched", "clipped", "unmatched")
REFERENCE_STATUSES = ("used",)
STYLESHEET = (
    "<style>"
    ".bleu-text{font-size:1.05rem;line-height:1.9;overflow-wrap:anywhere;text-align:left;}"
    # order_html puts the legend, the candidate and the references in one block: keep them apart
    ".bleu-legend,.bleu-text,.bleu-order{margin-bottom:0.75rem;}"
    ".bleu-text.bleu-reference{margin-bottom:0;}"
    ".bleu-tok,.bleu-key{padding:1px 3px;margin:1px;border-radius:3px;white-space:pre-wrap;}"
    # a legend entry is one box: inline, a long one broke in two at the line's end, half a chip on each line
    ".bleu-key{display:inline-block;max-width:100%;box-sizing:border-box;vertical-align:top;}"
    ".bleu-tok::after,.bleu-key::after{font-size:0.7em;margin-left:2px;vertical-align:super;}"
    ".bleu-chip{display:inline-block;vertical-align:top;position:relative;}"
    ".bleu-chip>summary{display:inline-block;list-style:none;cursor:pointer;}"
    ".bleu-chip[open]>summary{outline:2px solid #000000;}"
    # a tapped chip's counts float below it (the row does not reflow); on a narrow screen the open
    # chip takes its own line instead, so the counts never run off the right edge
    ".bleu-counts{display:block;position:absolute;left:0;top:100%;z-index:3;width:max-content;max-width:18rem;"
    "font-size:0.8rem;line-height:1.35;padding:3px 6px;border:1px solid #555555;border-left-width:4px;"
    "background:#FFFFFF;color:#000000;box-shadow:0 2px 6px rgba(0,0,0,0.25);}"
    "@media (max-width:640px){.bleu-chip[open]{display:block;}.bleu-counts{position:static;width:auto;max-width:none;}}"
    ".bleu-order-label{font-size:0.9rem;font-weight:600;}"
    ".bleu-more{margin-bottom:0.75rem;}.bleu-more>summary{cursor:pointer;font-size:0.9rem;color:#0072B2;}"
    ".bleu-more[open]>summary{margin-bottom:0.4rem;}"
    ".bleu-sentence,.bleu-note{color:#333333;}"
    + "".join(f".bleu-tok.{name},.bleu-key.{name}{{{style.css}}}" for name, style in STYLES.items())
    + "".join(
        f'.bleu-tok.{name}::after,.bleu-key.{name}::after{{content:"{style.marker}";content:"{style.marker}"/"";}}'
        for name, style in STYLES.items()
    )
    + "</style>"
)


def _attr(text: str) -> str:
    return escape(keep_title(text), quote=True)


def _key(status: str) -> str:
    """One legend entry: the status's words in its own style (class bleu-key: not an n-gram)."""
    label = escape(_(STYLES[status].label), quote=True)
    return f'<span class="bleu-key {status}">{label}</span>'


def _chip(text: str, status: str, label: str, counts: str) -> str:
    """One n-gram occurrence: a ``<details>`` whose summary shows the n-gram (hover: title; screen
    reader: aria-label) and whose body shows the counts when tapped or clicked."""
    attr = _attr(label)
    return (
        f'<details class="bleu-chip"><summary class="bleu-tok {status}" title="{attr}" aria-label="{attr}">'
        f'{escape(text, quote=True)}</summary><span class="bleu-counts">{escape(counts, quote=True)}</span></details>'
    )


def _mark(text: str, status: str, label: str) -> str:
    """A lighter unit for a reference's used occurrences (one element: there can be one per reference
    token): a ``<mark>`` with its words in title and aria-label."""
    attr = _attr(label)
    return f'<mark class="bleu-tok {status}" title="{attr}" aria-label="{attr}">{escape(text, quote=True)}</mark>'


def _candidate_block(tokens: Sequence[str], order: OrderExplanation) -> str:
    """The candidate's n-grams of order n as chips in candidate order, one per occurrence, each with
    its status and counts (Count, Max_Ref_Count, Count_clip, sources) in its title, aria-label and body."""
    rows = {row.ngram: row for row in order.rows}
    seen: dict[tuple[str, ...], int] = {}
    chips = []
    for occ in order.occurrences:
        seen[occ.ngram] = index = seen.get(occ.ngram, 0) + 1
        label, counts = describe_occurrence(occ, index, rows[occ.ngram])
        chips.append(_chip(" ".join(occ.ngram), occ.status, label, counts))
    if not chips:
        chips.append(
            '<span class="bleu-note">'
            + escape(
                _("no {ngram}: the candidate has {tokens} token(s)").format(
                    ngram=ngram_name(order.n), tokens=len(tokens)
                )
            )
            + "</span>"
        )
    return f'<div class="bleu-text bleu-candidate">{" ".join(chips)}</div>'


def sentence_html(tokens: Sequence[str], label: str) -> str:
    """A tokenized sentence as plain escaped text after its label (no colour: the chips carry the status)."""
    return (
        f'<div class="bleu-text bleu-sentence"><strong>{escape(label, quote=True)}:</strong> '
        f"{escape(' '.join(tokens), quote=True)}</div>"
    )


def reference_html(tokens: Sequence[str], order: OrderExplanation, j: int, label: str | None = None) -> str:
    """Reference ``j`` (from 0) as plain text, then a mark for every *used* occurrence of a candidate
    n-gram in it (its first min(Count_clip, Count_j), which the matched candidate occurrences pair with),
    in reference order, with "used k of Count_j" in words; the occurrences beyond them are not marked.
    The text and the marks are two blocks, so the reference's own text reads on its own."""
    name = label or _("Reference {position}").format(position=j + 1)
    max_ref = {row.ngram: row.max_ref_count for row in order.rows}
    usage = order.references[j] if j < len(order.references) else None
    chips = []
    for occ in usage.occurrences() if usage else ():
        if not occ.used:
            continue
        chips.append(_mark(occ.row.text, "used", describe_reference_occurrence(occ, name, max_ref[occ.row.ngram])))
    words = (
        _("{ngrams} used:").format(ngrams=ngram_name(order.n, 2))
        if chips
        else _("no {ngram} used by a match").format(ngram=ngram_name(order.n))
    )
    return (
        f'{STYLESHEET}<div class="bleu-text bleu-reference"><strong>{escape(name, quote=True)}:</strong> '
        f"{escape(' '.join(tokens), quote=True)}</div>"
        f'<div class="bleu-text bleu-used"><span class="bleu-note">{words}</span> {" ".join(chips)}</div>'
    )


def legend_html(statuses: Sequence[str] = CANDIDATE_STATUSES) -> str:
    """A legend of the statuses, each shown in its own style with its marker."""
    items = [_key(s) for s in statuses]
    return f'{STYLESHEET}<div class="bleu-legend">{" ".join(items)}</div>'


def _order_row(tokens: Sequence[str], order: OrderExplanation, precision: bool) -> str:
    return (
        f'<div class="bleu-order"><div class="bleu-order-label">{order_label(order, precision)}</div>'
        f"{_candidate_block(tokens, order)}</div>"
    )


def order_html(candidate: Sequence[str], order: OrderExplanation, references: Sequence[Sequence[str]]) -> str:
    """The candidate, its n-gram chips for order n, the legend and every reference with the n-grams
    it supplied, as one block (one stylesheet, one element: each st.html is sanitized and laid out on
    its own, on every rerun)."""
    parts = [
        sentence_html(candidate, _("Candidate")),
        _order_row(candidate, order, precision=False),  # the caption above gives p_n
        # Under the chips, before the references' marks it also explains: above them, the legend put the first
        # chip another 90 px down a phone's screen (the chips carry their marks and words without it).
        legend_html((*CANDIDATE_STATUSES, *REFERENCE_STATUSES)).removeprefix(STYLESHEET),
    ]
    parts += [reference_html(tokens, order, j).removeprefix(STYLESHEET) for j, tokens in enumerate(references)]
    return STYLESHEET + "".join(parts)


def orders_html(candidate: Sequence[str], orders: Sequence[OrderExplanation]) -> str:
    """All orders at once: the legend, the candidate, then one row of chips per order with its
    p_n = matches/total, so p1..pN are read off the picture (one block, one stylesheet)."""
    parts = [legend_html().removeprefix(STYLESHEET), sentence_html(candidate, _("Candidate"))]
    parts += [_order_row(candidate, order, precision=True) for order in orders]
    return STYLESHEET + "".join(parts)


def one_order_html(candidate: Sequence[str], orders: Sequence[OrderExplanation], shown: int = 1) -> str:
    """Order ``shown``'s row of chips with its p_n, and the other orders' rows in a closed ``<details>`` that a click
    opens (Compare's examples: no legend, the section draws one; no tokenized line, the example shows the line):
    with every order and a legend on both sides of every example, ten examples made the page some 78,000 px tall."""
    first = next((o for o in orders if o.n == shown), orders[0])
    rest = [o for o in orders if o is not first]
    parts = [_order_row(candidate, first, precision=True)]
    if rest:
        summary = _("The other orders: {orders}").format(orders=and_list([ngram_name(o.n, 2) for o in rest]))
        rows = "".join(_order_row(candidate, order, precision=True) for order in rest)
        parts.append(f'<details class="bleu-more"><summary>{escape(summary)}</summary>{rows}</details>')
    return STYLESHEET + "".join(parts)
