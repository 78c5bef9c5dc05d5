"""Learn's sections on length: the brevity penalty and the closest reference length (the tutorials' Example 3), and
a Korean sentence with the simplified penalty and the Korean note's clipping example."""

from __future__ import annotations

from fractions import Fraction

import streamlit as st

from bleucore import brevity_penalty, reference_length
from ui.learn.parts import Example, exact, fractions, reference, run, sentences
from ui.metrics.bleu import examples as ex
from ui.metrics.bleu import highlight
from ui.shell.i18n import N_, _, and_list


def brevity() -> list[Example]:
    """Section 3: the brevity penalty and the closest reference length (the tutorials' Example 3)."""
    st.header(_("3. Brevity: short candidates are penalised"))
    sentences(
        *((reference(i), r) for i, r in enumerate(ex.REFS_3, start=1)),
        *((_("Candidate {i}").format(i=i), c) for i, c in enumerate(ex.CANDS_3, start=1)),
    )
    long_c, short_c = run(ex.CANDS_3[0], ex.REFS_3), run(ex.CANDS_3[1], ex.REFS_3)
    st.markdown(
        _(
            "Candidate 1 piles up words from every reference: p1 = **{long_c}**, but its bigrams give it away "
            "(p2 = {matches}/{total}). Candidate 2 is reference 1 itself (p1 = {short_c}, "
            "p2 = {matches2}/{total2}). Precision alone cannot punish a candidate that leaves words "
            "out, so BLEU multiplies by a brevity penalty computed from the candidate length c and one reference "
            "length r:"
        ).format(
            long_c=fractions(long_c, 1),
            matches=long_c.order(2).matches,
            total=long_c.order(2).total,
            short_c=fractions(short_c, 1),
            matches2=short_c.order(2).matches,
            total2=short_c.order(2).total,
        )
    )
    st.latex(r"\mathrm{BP} = \begin{cases} 1 & c > r \\ e^{\,1 - r/c} & 0 < c \le r \\ 0 & c = 0 \end{cases}")
    tie_c = len(ex.TIE_CAND.split())
    tie_r = reference_length(tie_c, [len(r.split()) for r in ex.TIE_REFS], "closest")
    st.markdown(
        _(
            "r is the reference length **closest** to c, a tie going to the shorter: a candidate of {tie_c} tokens "
            "with "
            "references of {ref_lengths} tokens gets r = **{tie_r:g}**; c > r, "
            "so BP = {tie_c2:g}. With c = {sys_len} and r = {ref_len:g}, "
            "candidate 2 gets BP = e^(1 − {ref_len:g}/{sys_len}) = {bp:g}."
        ).format(
            tie_c=tie_c,
            ref_lengths=and_list([str(len(r.split())) for r in ex.TIE_REFS]),
            tie_r=tie_r,
            tie_c2=brevity_penalty(tie_c, tie_r),
            sys_len=short_c.score.sys_len,
            ref_len=short_c.score.ref_len,
            bp=short_c.score.bp,
        )
    )
    return [
        Example(N_("candidate 1 of Example 3"), ex.CANDS_3[0], ex.REFS_3, order=2),
        Example(N_("the 10-token tie"), ex.TIE_CAND, ex.TIE_REFS),
    ]


def korean() -> list[Example]:
    """Section 4: a Korean sentence, the simplified penalty and the Korean note's clipping example."""
    st.header(_("4. A Korean sentence, and the simplified penalty"))
    sentences((N_("Reference"), ex.KO_REF), (N_("Candidate"), ex.KO_CAND), (N_("Short candidate"), ex.KO_SHORT))
    ko = run(ex.KO_CAND, [ex.KO_REF])
    ko_simple = run(ex.KO_CAND, [ex.KO_REF], ex.TUTORIAL.with_changes(variant="simplified"))
    st.markdown(
        _(
            "p1 … p4 = **{ko}**, so (p1p2p3p4)^(1/4) = **{value:.4f}**. Here c = r = {sys_len}, "
            "so BP = {bp:g} in both variants (simplified gives {value2:.4f} too) and BLEU = **{value:.4f}**."
        ).format(
            ko=fractions(ko),
            value=ko.score.value,
            sys_len=ko.score.sys_len,
            bp=ko.score.bp,
            value2=ko_simple.score.value,
        )
    )
    exact(("BLEU", ko.score.value), (N_("simplified"), ko_simple.score.value))
    short_std = run(ex.KO_SHORT, [ex.KO_REF])
    short_simple = run(ex.KO_SHORT, [ex.KO_REF], ex.TUTORIAL.with_changes(variant="simplified"))
    c, r = short_std.score.sys_len, short_std.score.ref_len
    st.markdown(
        _(
            "The short candidate has c = {c} tokens against r = {r:g}. The donghwa-kim.github.io post and a Korean "
            "note "
            "built on it use the simplified penalty min(1, c/r) = {c}/{r:g} = **{c2}** = "
            "**{bp:.4f}**, far milder than the standard exp(1 − {r:g}/{c}) = **{bp2:.4f}**."
        ).format(c=c, r=r, c2=Fraction(c, int(r)), bp=short_simple.score.bp, bp2=short_std.score.bp)
    )
    exact((N_("simplified BP"), short_simple.score.bp), (N_("standard BP"), short_std.score.bp))
    clip_result = run(ex.CLIP_CAND, [ex.CLIP_REF])
    clip = clip_result.order(1)
    sentences((N_("Candidate of the Korean note"), ex.CLIP_CAND), (N_("Reference"), ex.CLIP_REF))
    st.markdown(
        _(
            "The Korean note's clipping example: {unclipped_matches}/{total} before clipping, **{matches}/{total}** "
            "after."
        ).format(unclipped_matches=clip.unclipped_matches, total=clip.total, matches=clip.matches)
    )
    st.html(highlight.order_html(clip_result.candidate, clip, clip_result.references))
    return [
        Example(N_("Korean candidate"), ex.KO_CAND, [ex.KO_REF]),
        Example(
            N_("short Korean candidate (simplified)"),
            ex.KO_SHORT,
            [ex.KO_REF],
            ex.TUTORIAL.with_changes(variant="simplified"),
        ),
        Example(N_("the Korean note's clipping"), ex.CLIP_CAND, [ex.CLIP_REF]),
    ]
