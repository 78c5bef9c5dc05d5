"""Learn's sections on precision: why it must be clipped (the tutorials' Example 2), and three references against
four candidates (Example 1), each number computed by bleucore as the page loads."""

from __future__ import annotations

import streamlit as st

from ui.learn.parts import Example, exact, fractions, reference, run, sentences
from ui.metrics.bleu import examples as ex
from ui.metrics.bleu import highlight
from ui.shell.i18n import N_, _, and_list


def clipping() -> list[Example]:
    """Section 1: why precision must be clipped (the tutorials' Example 2)."""
    st.header(_("1. Why precision must be clipped"))
    sentences((reference(1), ex.REFS_2[0]), (reference(2), ex.REFS_2[1]), (N_("Candidate"), ex.CAND_2))
    silly = run(ex.CAND_2, ex.REFS_2)
    p1 = silly.order(1)
    (the_row,) = p1.rows
    st.markdown(
        _(
            "Every one of the candidate's {total} words appears in a reference, so plain unigram precision is "
            "**{unclipped_matches}/{total}**. Clipping caps each word at the most times one reference uses it: "
            "`the` has Count {count} but Max_Ref_Count {max_ref_count}, so Count_clip = **{count_clip}** "
            "and the modified precision is **{matches}/{total} = {precision:.4f}**."
        ).format(
            total=p1.total,
            unclipped_matches=p1.unclipped_matches,
            count=the_row.count,
            max_ref_count=the_row.max_ref_count,
            count_clip=the_row.count_clip,
            matches=p1.matches,
            precision=float(p1.precision),
        )
    )
    exact((f"{p1.matches}/{p1.total} =", float(p1.precision)))
    st.html(highlight.order_html(silly.candidate, p1, silly.references))
    second = run(ex.CAND_2B, ex.REFS_2)
    st.markdown(
        _("A second candidate, `{CAND_2B}`, gets p1 = **{matches}/{total}** and p2 = **{matches2}/{total2}**.").format(
            CAND_2B=ex.CAND_2B,
            matches=second.order(1).matches,
            total=second.order(1).total,
            matches2=second.order(2).matches,
            total2=second.order(2).total,
        )
    )
    return [
        Example("the the the …", ex.CAND_2, ex.REFS_2),
        Example("the cat the cat on the mat", ex.CAND_2B, ex.REFS_2, order=2),
    ]


def three_references() -> list[Example]:
    """Section 2: three references and four candidates (the tutorials' Example 1)."""
    st.header(_("2. Three references, four candidates"))
    sentences(*((reference(i), r) for i, r in enumerate(ex.REFS_1, start=1)), ("Ca1", ex.CA1), ("Ca2", ex.CA2))
    ca1_lc, ca2_lc = run(ex.CA1, ex.REFS_1, ex.TUTORIAL_LC), run(ex.CA2, ex.REFS_1, ex.TUTORIAL_LC)
    missing = [r.text for r in ca1_lc.order(1).rows if r.max_ref_count == 0]
    st.markdown(
        _(
            "**Unclipped unigram precision** (ignoring case): Ca1 **{unclipped_matches}/{total}** "
            "(only {missing} is in no reference), Ca2 **{unclipped_matches2}/{total2}**."
        ).format(
            unclipped_matches=ca1_lc.order(1).unclipped_matches,
            total=ca1_lc.order(1).total,
            missing=and_list([f"`{w}`" for w in missing]),
            unclipped_matches2=ca2_lc.order(1).unclipped_matches,
            total2=ca2_lc.order(1).total,
        )
    )
    ca1, ca2 = run(ex.CA1, ex.REFS_1), run(ex.CA2, ex.REFS_1)
    st.dataframe(
        [
            {"candidate": name, **{f"p{o.n}": f"{o.matches}/{o.total}" for o in r.orders}}
            for name, r in (("Ca1", ca1), ("Ca2", ca2))
        ],
        hide_index=True,
        column_config={"candidate": st.column_config.TextColumn(_("candidate"))},
    )
    simplified = run(ex.CA1, ex.REFS_1, ex.TUTORIAL.with_changes(variant="simplified"))
    st.markdown(
        _(
            "Ca1 has c = **{sys_len}** tokens; the references have {lengths}, "
            "so the closest is r = **{ref_len:g}** and BP = **{bp:g}**. "
            "BLEU = **{value:.4f}** (sacreBLEU with `tokenize='none'` prints **{score:.2f}** on its 0-100 scale; "
            "NLTK's `sentence_bleu` gives the same). The simplified variant min(1, c/r)·(p1p2p3p4)^(1/4) also gives "
            "**{value2:.4f}** because c = r."
        ).format(
            sys_len=ca1.score.sys_len,
            lengths=", ".join(map(str, ca1.reference_lengths)),
            ref_len=ca1.score.ref_len,
            bp=ca1.score.bp,
            value=ca1.score.value,
            score=ca1.score.score,
            value2=simplified.score.value,
        )
    )
    exact(("Ca1 BLEU", ca1.score.value), ("sacreBLEU", ca1.score.score), (N_("simplified"), simplified.score.value))
    tutorial = run(ex.CA2, ex.REFS_1, ex.TUTORIAL.with_changes(variant="tutorial"))
    st.warning(
        _(
            "Ca2 has p3 = {matches}/{total}, so standard BLEU is **{value:g}**. "
            "The wikidocs tutorial's code skips zero precisions (`w*log p if p != 0 else 0`) and, with c = {sys_len} "
            "and r = {ref_len:g}, gives **{value2:.4f}**: a bad translation scores almost as "
            "high as Ca1's {value3:.4f}."
        ).format(
            matches=ca2.order(3).matches,
            total=ca2.order(3).total,
            value=ca2.score.value,
            sys_len=tutorial.score.sys_len,
            ref_len=tutorial.score.ref_len,
            value2=tutorial.score.value,
            value3=ca1.score.value,
        )
    )
    exact((N_("the tutorial code's Ca2"), tutorial.score.value))
    ca3, ca4 = run(ex.CA3, ex.REFS_1), run(ex.CA4, ex.REFS_1, ex.TUTORIAL_LC)
    sentences((N_("Ca3 (Ca1 shuffled)"), ex.CA3), ("Ca4", ex.CA4))
    st.markdown(
        _(
            "Shuffling keeps p1 = **{ca3}** but leaves p2 = **{matches}/{total}**: "
            "higher orders measure word order. The two-word Ca4 is 'perfect' in precision (ignoring case): "
            "p1 = **{ca4}**, p2 = **{matches2}/{total2}**; only the brevity penalty "
            "(c = {sys_len}, r = {ref_len:g}, BP = {bp:.6f}) and the missing 3- and 4-grams stop it."
        ).format(
            ca3=fractions(ca3, 1),
            matches=ca3.order(2).matches,
            total=ca3.order(2).total,
            ca4=fractions(ca4, 1),
            matches2=ca4.order(2).matches,
            total2=ca4.order(2).total,
            sys_len=ca4.score.sys_len,
            ref_len=ca4.score.ref_len,
            bp=ca4.score.bp,
        )
    )
    return [
        Example("Ca1", ex.CA1, ex.REFS_1),
        Example("Ca2", ex.CA2, ex.REFS_1),
        Example("Ca3", ex.CA3, ex.REFS_1),
        Example("Ca4", ex.CA4, ex.REFS_1, ex.TUTORIAL_LC),
    ]
