"""TER beside BLEU on Explore: the alignment of the candidate with the closest reference drawn as an
edit sequence (kept, substituted, inserted, deleted words; shifted words labelled and the shifts
listed) and the edit counts (Snover et al. 2006; sacreBLEU 2.6's Tercom rules).

Every word is ``html.escape``d before it enters the markup built here; each edit also has its
kind in words (a visible marker, title and aria-label), so colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import streamlit as st

from bleucore.metrics.ter import Step, TerExplanation, TerOptions
from ui.metrics.ter import cache
from ui.shell import i18n
from ui.shell.i18n import N_, _
from ui.shell.markdown import escape_markdown
from ui.shell.palette import BLUE, CLIPPED_CSS, MID_GREY, UNMATCHED_CSS
from ui.shell.titles import keep_title

STYLE = (
    "<style>"
    ".ter-seq{font-size:1.05rem;line-height:2.1;overflow-wrap:anywhere;}"
    ".ter-w{padding:1px 4px;margin:1px;border-radius:3px;white-space:pre-wrap;display:inline-block;}"
    f".ter-w.keep{{border-bottom:3px solid {MID_GREY};}}"
    f".ter-w.sub{{{CLIPPED_CSS}}}"
    f".ter-w.ins{{{UNMATCHED_CSS}}}"  # one mark, "+": a strike-through would say "deleted" too
    ".ter-w.del{border:2px dashed #555555;color:#333333;}"
    f".ter-w.shifted{{outline:2px solid {BLUE};}}"
    ".ter-tag{font-size:0.7em;margin-left:3px;vertical-align:super;}"
    "</style>"
)
_MARKERS = {"keep": "", "sub": "≠", "ins": "+", "del": "−"}
#: Explore computes TER for sentences up to this many words: its shift search grows with the
#: square of the length (sacreBLEU's as well), and a pasted document would stall every rerun.
MAX_WORDS = 400


def too_long(candidate: str, references: Sequence[str]) -> bool:
    """True if a sentence has more than ``MAX_WORDS`` words (TER is then not computed here)."""
    return any(len(text.split()) > MAX_WORDS for text in (candidate, *references))


#: An alignment step's words by its ``op``; the placeholders are the step's fields.
_STEP_WORDS = {
    "keep": N_("kept: “{hyp}”"),
    "sub": N_("substituted: the candidate's “{hyp}” for the reference's “{ref}” (1 edit)"),
    "ins": N_("inserted: the candidate's “{hyp}” is not in the reference (1 edit)"),
    "del": N_("deleted: the reference's “{ref}” is missing from the candidate (1 edit)"),
}


def _describe(step: Step) -> str:
    text = i18n.fill(_STEP_WORDS[step.op], vars(step))
    return text + (_("; shifted here from elsewhere in the candidate") if step.shifted else "")


def step_html(step: Step) -> str:
    """One step of the alignment as an escaped chip with its kind as marker, title and aria-label."""
    word = step.ref if step.op == "del" else step.hyp
    shown = escape(word or "", quote=True)
    if step.op == "sub":
        shown = f"{escape(step.hyp or '', quote=True)} → {escape(step.ref or '', quote=True)}"
    label = escape(keep_title(_describe(step)), quote=True)
    classes = f"ter-w {step.op}" + (" shifted" if step.shifted else "")
    tags = _MARKERS[step.op] + (" ↷ " + _("shifted") if step.shifted else "")
    tag = f'<span class="ter-tag" aria-hidden="true">{escape(tags)}</span>' if tags else ""
    return f'<span class="{classes}" title="{label}" aria-label="{label}">{shown}{tag}</span>'


def alignment_html(explanation: TerExplanation) -> str:
    """The whole edit sequence, in reference order."""
    return STYLE + '<div class="ter-seq">' + " ".join(step_html(s) for s in explanation.steps) + "</div>"


def moves_text(explanation: TerExplanation) -> list[str]:
    """Each shift in words (positions counted from 1 in the candidate as it was at that shift)."""
    return [
        _("Shift {k}: “{words}” moved from word {start} to before word {target} (1 edit)").format(
            k=k, words=" ".join(m.words), start=m.start + 1, target=m.target + 1
        )
        for k, m in enumerate(explanation.moves, start=1)
    ]


def count_rows(explanation: TerExplanation) -> list[dict[str, Any]]:
    """Edits by kind, and the total over the average reference length."""
    c = explanation.counts
    rows: list[dict[str, Any]] = [
        {"edit": _(name), "count": c[key]}
        for key, name in (
            ("shift", N_("shifts")),
            ("sub", N_("substitutions")),
            ("ins", N_("insertions")),
            ("del", N_("deletions")),
        )
    ]
    rows.append({"edit": _("total edits"), "count": explanation.score.num_edits})
    return rows


def score_metric(column: Any, candidate: str, references: Sequence[str]) -> None:
    """TER of the candidate as a metric (lower is better)."""
    if too_long(candidate, references):
        limit = _("TER is computed here for sentences of up to {n} words").format(n=MAX_WORDS)
        column.metric("TER", "—", help=limit)  # i18n: keep
        return
    score = cache.ter_explanation(candidate, tuple(references)).score
    column.metric(
        "TER",  # i18n: keep (the metric's name)
        f"{score.score:.2f}",
        help=_("Translation edit rate (sacreBLEU's TER): edits per reference word; lower is better"),
    )


def render(candidate: str, references: Sequence[str], options: TerOptions | None = None, heading: bool = True) -> None:
    """One sentence's TER (``options``, default sacreBLEU's): the score (as a heading unless ``heading`` is False),
    the alignment, the shifts and the counts."""
    if too_long(candidate, references):
        st.info(
            _(
                "TER is computed here for sentences of up to {n} words; score long texts with "
                "`python -m bleucore -m ter`."
            ).format(n=MAX_WORDS)
        )
        return
    explanation = cache.ter_explanation(candidate, tuple(references), options)
    score = explanation.score
    if heading:
        st.subheader(f"TER = {score.score:.2f}", anchor=False)  # i18n: keep (a formula)
    st.caption(
        _(
            "{edits} edit(s) / {words:g} reference words (average over the references); aligned with reference "
            "{index}, "
            "the one needing the fewest edits. Words are lowercased (Tercom)."
        ).format(edits=score.num_edits, words=score.ref_length, index=explanation.reference_index + 1)
    )
    st.html(alignment_html(explanation))
    st.caption(
        _(
            "Markers: ≠ substituted, + inserted (not in the reference), − deleted (missing), ↷ shifted (moved: 1 edit "
            "per shift)."
        )
    )
    for line in moves_text(explanation):
        st.markdown(escape_markdown(line))
    st.dataframe(
        count_rows(explanation),
        hide_index=True,
        column_config={
            "edit": st.column_config.TextColumn(_("edit")),
            "count": st.column_config.NumberColumn(_("count")),
        },
    )
