"""chrF beside BLEU on Explore: the scores, the character n-grams of one order highlighted in the
candidate and the chosen reference, the per-order precision/recall/F-beta table, and one sentence
on why BLEU and chrF disagree (Popović 2015: chrF credits the characters two differing words share).

Every piece of user text is ``html.escape``d before it enters the markup built here. A character's
status is shown by colour (Okabe-Ito), underline style and a title/aria-label in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import streamlit as st

from bleucore.metrics.chrf import ChrfExplanation, ChrfOptions, char_occurrences
from ui.metrics.bleu.wording import order_label
from ui.metrics.chrf import cache
from ui.metrics.chrf.corpus_chart import order_name
from ui.options.metrics import CHRF_FIRST_ORDER
from ui.shell import held, i18n
from ui.shell.i18n import N_, _
from ui.shell.markdown import escape_markdown
from ui.shell.palette import MATCHED_CSS, UNMATCHED_CSS
from ui.shell.titles import keep_title

CHRF = ChrfOptions()
CHRF_PLUS = ChrfOptions(word_order=2)
#: BLEU and chrF "disagree" when their 0-100 scores differ by at least this much.
DISAGREEMENT = 15.0

STYLE = (
    "<style>"
    ".chrf-text{font-size:1.05rem;line-height:1.9;overflow-wrap:anywhere;margin-bottom:0.5rem;}"
    ".chrf-ch{padding:1px 0;border-radius:2px;white-space:pre-wrap;}"
    f".chrf-ch.matched{{{MATCHED_CSS}}}.chrf-ch.unmatched{{{UNMATCHED_CSS}}}"
    ".chrf-key{padding:1px 4px;margin-right:6px;border-radius:3px;}"
    f".chrf-key.matched{{{MATCHED_CSS}}}.chrf-key.unmatched{{{UNMATCHED_CSS}}}"
    "</style>"
)
_STATUS_WORDS = {
    "matched": N_("in a matched {n}-gram"),
    "unmatched": N_("in no matched {n}-gram"),
}


def char_statuses(line: str, other: str, n: int, options: ChrfOptions = CHRF) -> list[str | None]:
    """Per character of ``line``: "matched" (inside a matched character n-gram), "unmatched" (inside
    n-grams, none matched) or None (in no n-gram: spaces at the ends, or a line shorter than n)."""
    status: list[str | None] = [None] * len(line)
    for occ in char_occurrences(line, other, n, options):
        for k in range(occ.start, occ.end):
            if occ.matched:
                status[k] = "matched"
            elif status[k] is None:
                status[k] = "unmatched"
    return status


def char_html(line: str, other: str, n: int, label: str, options: ChrfOptions = CHRF) -> str:
    """``line`` with its characters marked by the n-grams of order ``n`` it shares with ``other``."""
    statuses = char_statuses(line, other, n, options)
    covered = sum(s == "matched" for s in statuses)
    counted = sum(s is not None for s in statuses)
    parts: list[str] = []
    k = 0
    while k < len(line):
        j = k
        while j < len(line) and statuses[j] == statuses[k]:
            j += 1
        text = escape(line[k:j], quote=True)
        status = statuses[k]
        if status is None:
            parts.append(text)
        else:
            words = escape(keep_title(f"{line[k:j]}: {_(_STATUS_WORDS[status]).format(n=n)}"), quote=True)
            parts.append(f'<span class="chrf-ch {status}" title="{words}">{text}</span>')
        k = j
    aria = escape(
        _("{label}: {covered:,} of {counted:,} characters in matched {n}-grams").format(
            label=label, covered=covered, counted=counted, n=n
        ),
        quote=True,
    )
    return (
        f'<div class="chrf-text" role="group" aria-label="{aria}"><strong>{escape(label)}</strong>: '
        f"{''.join(parts)}</div>"
    )


def legend_html(n: int) -> str:
    """The two statuses in words, each in its own style."""
    return "".join(
        f'<span class="chrf-key {status}">{escape(_(words).format(n=n))}</span>'
        for status, words in _STATUS_WORDS.items()
    )


def order_rows(explanation: ChrfExplanation) -> list[dict[str, object]]:
    """The per-order table: n-grams of candidate and reference, matched, P, R, F-beta (0-100)."""
    return [
        {
            "order": order_name(o),
            "candidate": o.hyp_total,
            "reference": o.ref_total,
            "matched": o.matched,
            "precision": 100 * o.precision,
            "recall": 100 * o.recall,
            f"F{explanation.options.beta}": 100 * o.f_beta,
        }
        for o in explanation.orders
    ]


def _near_miss(unmatched: Sequence[str], reference: str) -> tuple[str, str] | None:
    """A word BLEU left unmatched (in no reference) that shares its start with a word of chrF's reference."""
    ref_words = reference.split()
    for word in unmatched:
        if word in ref_words:
            continue
        for other in ref_words:
            common = len(_common_prefix(word, other))
            if common and common * 2 >= min(len(word), len(other)):
                return word, other
    return None


def _common_prefix(a: str, b: str) -> str:
    k = 0
    while k < min(len(a), len(b)) and a[k] == b[k]:
        k += 1
    return a[:k]


def disagreement(bleu: float, chrf: float, unmatched: Sequence[str], reference: str) -> str | None:
    """One sentence on why BLEU and chrF disagree (None when they are within ``DISAGREEMENT``). ``unmatched`` are the
    unigrams BLEU's own explanation counts as misses (Count_clip 0), so the words cannot contradict its picture."""
    if abs(chrf - bleu) < DISAGREEMENT:
        return None
    if chrf > bleu:
        pair = _near_miss(unmatched, reference)
        if pair:
            return _(
                "chrF ({chrf:.1f}) is well above BLEU ({bleu:.1f}): BLEU counts “{word}” as a miss because the "
                "reference has “{other}”, but chrF still matches the characters the two words share."
            ).format(chrf=chrf, bleu=bleu, word=pair[0], other=pair[1])
        return _(
            "chrF ({chrf:.1f}) is well above BLEU ({bleu:.1f}): chrF credits shared characters, while BLEU needs "
            "whole words and word sequences to match."
        ).format(chrf=chrf, bleu=bleu)
    return _(
        "BLEU ({bleu:.1f}) is well above chrF ({chrf:.1f}): chrF weighs recall twice as much as precision (β = 2), "
        "so reference text the candidate leaves out costs more in chrF."
    ).format(chrf=chrf, bleu=bleu)


def score_metrics(chrf: Any, chrf_plus: Any, candidate: str, references: Sequence[str]) -> None:
    """chrF2 and chrF2++ of the candidate, each as a metric in the column given."""
    chrf.metric(
        "chrF2",  # i18n: keep
        f"{cache.chrf_sentence_score(candidate, tuple(references), CHRF.word_order):.2f}",  # i18n: keep
        help=_("Character n-gram F-score (sacreBLEU's chrF, β = 2); higher is better"),
    )
    chrf_plus.metric(
        "chrF2++",  # i18n: keep
        f"{cache.chrf_sentence_score(candidate, tuple(references), CHRF_PLUS.word_order):.2f}",  # i18n: keep
        help=_("chrF with word unigrams and bigrams; higher is better"),
    )


def render(candidate: str, references: Sequence[str], bleu: float, unmatched: Sequence[str], order_key: str) -> None:
    """The chrF part of the tab: the disagreement sentence, the order, the highlights, the table."""
    explanation = cache.chrf_explanation(candidate, tuple(references))
    reference = references[explanation.reference_index]
    note = disagreement(bleu, explanation.score.score, unmatched, reference)
    st.subheader(f"chrF2 = {explanation.score.score:.2f}", anchor=False)  # i18n: keep (a formula)
    if note:
        st.info(escape_markdown(note))
    show_orders(candidate, references, explanation, order_key)


def show_orders(candidate: str, references: Sequence[str], explanation: ChrfExplanation, order_key: str) -> None:
    """One sentence's character n-grams of a chosen order, marked in the candidate and its best reference, and the
    per-order table (precision, recall, F-β), under the explanation's options."""
    options = explanation.options
    reference = references[explanation.reference_index]
    orders = list(range(1, options.char_order + 1))
    n = st.radio(
        _("Character n-gram order"),
        orders,
        key=order_key,
        horizontal=True,
        format_func=i18n.keep_choice(order_key, orders, order_label(N_("{n}-grams"))),
        persist_state="session",
        **held.hold(order_key, orders, min(CHRF_FIRST_ORDER, options.char_order)),  # kept while a lower order is set
    )
    st.caption(
        _(
            "Scored against reference {index} (the highest chrF of the {n}); spaces are not part of "
            "chrF's character n-grams."
        ).format(index=explanation.reference_index + 1, n=len(references))
    )
    st.html(
        STYLE
        + legend_html(n)
        + char_html(candidate, reference, n, _("Candidate"), options)
        + char_html(
            reference, candidate, n, _("Reference {position}").format(position=explanation.reference_index + 1), options
        )
    )
    st.dataframe(
        order_rows(explanation),
        hide_index=True,
        column_config={
            "order": st.column_config.TextColumn(_("order")),
            "candidate": st.column_config.NumberColumn(_("candidate"), help=_("n-grams in the candidate")),
            "reference": st.column_config.NumberColumn(_("reference"), help=_("n-grams in the reference")),
            "matched": st.column_config.NumberColumn(_("matched")),
            "precision": st.column_config.NumberColumn(_("precision"), format="%.1f"),
            "recall": st.column_config.NumberColumn(_("recall"), format="%.1f"),
            f"F{options.beta}": st.column_config.NumberColumn(
                f"F{options.beta}", format="%.1f"
            ),  # i18n: keep (a formula)
        },
    )
    st.caption(_("chrF = F-beta of the precision and recall averaged over the orders (sacreBLEU 2.6's rule)."))
