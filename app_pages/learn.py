"""Learn: the tutorials' worked examples, every number computed live by bleucore."""

from collections.abc import Sequence
from fractions import Fraction

import streamlit as st

from bleucore import BleuOptions, SentenceExplanation, brevity_penalty, reference_length
from ui.explore import state as es
from ui.learn import examples as ex
from ui.links import handoff
from ui.metrics.bleu import highlight, wording
from ui.metrics.bleu.cache import explain_text
from ui.metrics.bleu.fixes import show_fixes
from ui.shell.i18n import N_, _


def run(candidate: str, references: Sequence[str], options: BleuOptions = ex.TUTORIAL) -> SentenceExplanation:
    """bleucore's explanation of one example (cached)."""
    return explain_text(candidate, references, options)


def fractions(result: SentenceExplanation, orders: int | None = None) -> str:
    """p_1, p_2, … as the tutorials write them (matches/total)."""
    return ", ".join(f"{o.matches}/{o.total}" for o in result.orders[:orders])


def open_in_explore(
    label: str, candidate: str, references: Sequence[str], options: BleuOptions = ex.TUTORIAL, order: int = 1
) -> None:
    """A button that opens Explore on this example's inputs and options (through the link state).

    Learn mirrors nothing in the address bar, so the switch can follow the click at once.
    """
    state = es.from_options(candidate, references, options, order)
    handoff.explore_button(_("Open in Explore: {label}").format(label=_(label)), state, f"learn_open_{label}")
    handoff.follow()


def sentences(*lines: tuple[str, str]) -> None:
    """Example sentences (fixed tutorial text) as a labelled list."""
    st.markdown("\n".join(f"- {_(name)}: `{text}`" for name, text in lines))


def reference(position: int) -> str:
    """ "Reference 2" in the session's language."""
    return _("Reference {position}").format(position=position)


def exact(*values: tuple[str, float]) -> None:
    """A labelled caption with the numbers of the prose above to full precision (as Python prints them)."""
    st.caption(
        _("To full precision: {values}.").format(values="; ".join(f"{_(name)} {value!r}" for name, value in values))
    )


def clipping() -> None:
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
    open_in_explore("the the the …", ex.CAND_2, ex.REFS_2)
    open_in_explore("the cat the cat on the mat", ex.CAND_2B, ex.REFS_2, order=2)


def three_references() -> None:
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
            missing=", ".join(f"`{w}`" for w in missing),
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
    for name, text, opts in (
        ("Ca1", ex.CA1, ex.TUTORIAL),
        ("Ca2", ex.CA2, ex.TUTORIAL),
        ("Ca3", ex.CA3, ex.TUTORIAL),
        ("Ca4", ex.CA4, ex.TUTORIAL_LC),
    ):
        open_in_explore(name, text, ex.REFS_1, opts)


def brevity() -> None:
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
            ref_lengths=" and ".join(str(len(r.split())) for r in ex.TIE_REFS),
            tie_r=tie_r,
            tie_c2=brevity_penalty(tie_c, tie_r),
            sys_len=short_c.score.sys_len,
            ref_len=short_c.score.ref_len,
            bp=short_c.score.bp,
        )
    )
    open_in_explore(N_("candidate 1 of Example 3"), ex.CANDS_3[0], ex.REFS_3, order=2)
    open_in_explore(N_("the 10-token tie"), ex.TIE_CAND, ex.TIE_REFS)


def korean() -> None:
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
    open_in_explore(N_("Korean candidate"), ex.KO_CAND, [ex.KO_REF])
    open_in_explore(
        N_("short Korean candidate (simplified)"),
        ex.KO_SHORT,
        [ex.KO_REF],
        ex.TUTORIAL.with_changes(variant="simplified"),
    )
    open_in_explore(N_("the Korean note's clipping"), ex.CLIP_CAND, [ex.CLIP_REF])


def very_short() -> None:
    """Section 5: why a perfect match of a very short sentence can score 0."""
    st.header(_("5. Very short sentences: why a perfect match can score 0"))
    sentences((N_("Candidate = reference"), ex.SHORT_KO))
    plain = run(ex.SHORT_KO, [ex.SHORT_KO])
    nltk0 = run(ex.SHORT_KO, [ex.SHORT_KO], ex.TUTORIAL.with_changes(smooth_method="nltk-method0"))
    sacre = run(ex.SHORT_KO, [ex.SHORT_KO], ex.SACREBLEU_SENTENCE)
    st.markdown(
        _(
            "Scored against itself, the {sys_len}-token sentence has p1 = {precision:.1f} and "
            "p2 = {precision2:.1f}, but no {orders}. "
            "So the four tools compared in a Korean note on the donghwa-kim.github.io post disagree:\n"
            "- standard 4-gram BLEU without smoothing: **{score:g}** (torchtext's `bleu_score` printed 0.0);\n"
            "- NLTK's `sentence_bleu` prints about **{score2:.1e}** with warnings: it puts the "
            "smallest float in place of each zero precision (bleucore reports {score3:g});\n"
            "- sacreBLEU's `sentence_bleu` uses the effective order (only orders the candidate has) and gives "
            "**{score4:g}**;\n"
            "- that note's own code falls back to the per-order precisions p1 = p2 = {precision}."
        ).format(
            sys_len=plain.score.sys_len,
            precision=float(plain.order(1).precision),
            precision2=float(plain.order(2).precision),
            orders=wording.order_list(plain.diagnosis.orders_without_ngrams) if plain.diagnosis else "",
            score=plain.score.score,
            score2=ex.nltk_method0_printout(nltk0.score),
            score3=nltk0.score.score,
            score4=sacre.score.score,
        )
    )
    if plain.diagnosis is not None:
        st.info(_("**Why is it zero?** {reasons}").format(reasons=wording.describe_all(plain.diagnosis.reasons)))
        show_fixes(plain.diagnosis)
    open_in_explore(N_("나는 사람이다 against itself"), ex.SHORT_KO, [ex.SHORT_KO])


def main() -> None:
    """Draw the page: the formula, then each worked example."""
    st.title(_("Learn BLEU from the worked examples"))
    st.markdown(
        _(
            "BLEU (Papineni et al. 2002) compares a candidate translation with one or more references: "
            "it counts the candidate's n-grams found in the references (clipped), turns them into modified "
            "precisions $p_1 … p_N$, takes their weighted geometric mean and multiplies it by a brevity penalty. "
            "Every number below is computed by bleucore as the page loads; the buttons open the example in Explore. "
            "The examples come from Korean tutorials: the wikidocs book *딥 러닝을 이용한 자연어 처리 입문* "
            "([wikidocs.net/31695](https://wikidocs.net/31695)), notes and a blog post that follow it, and the BLEU "
            "post "
            "of [donghwa-kim.github.io](https://donghwa-kim.github.io/BLEU.html) with a note built on it."
        )
    )
    # Two formulas, two lines: one line holding both was cut at p_n on a 390 px phone.
    st.latex(r"\mathrm{BLEU} = \mathrm{BP} \cdot \exp\Big(\sum_{n=1}^{N} w_n \log p_n\Big),")
    st.latex(r"p_n = \frac{\sum \mathrm{Count}_\mathrm{clip}}{\sum \mathrm{Count}}")
    clipping()
    three_references()
    brevity()
    korean()
    very_short()


main()
