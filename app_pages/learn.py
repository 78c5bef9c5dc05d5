"""Learn: the tutorials' worked examples, every number computed live by bleucore."""

from collections.abc import Sequence
from fractions import Fraction

import streamlit as st

from bleucore import BleuOptions, SentenceExplanation, brevity_penalty, reference_length
from ui import explore_state as es
from ui import handoff, highlight, wording
from ui import learn_examples as ex
from ui.cache import explain_text


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
    handoff.explore_button(f"Open in Explore: {label}", state, f"learn_open_{label}")
    handoff.follow()


def sentences(*lines: tuple[str, str]) -> None:
    """Example sentences (fixed tutorial text) as a labelled list."""
    st.markdown("\n".join(f"- {name}: `{text}`" for name, text in lines))


def exact(*values: tuple[str, float]) -> None:
    """A labelled caption with the numbers of the prose above to full precision (as Python prints them)."""
    st.caption("To full precision: " + "; ".join(f"{name} {value!r}" for name, value in values) + ".")


st.title("Learn BLEU from the worked examples")
st.markdown(
    "BLEU (Papineni et al. 2002) compares a candidate translation with one or more references: "
    "it counts the candidate's n-grams found in the references (clipped), turns them into modified "
    "precisions $p_1 … p_N$, takes their weighted geometric mean and multiplies it by a brevity penalty. "
    "Every number below is computed by bleucore as the page loads; the buttons open the example in Explore. "
    "The examples come from Korean tutorials: the wikidocs book *딥 러닝을 이용한 자연어 처리 입문* "
    "([wikidocs.net/31695](https://wikidocs.net/31695)), notes and a blog post that follow it, and the BLEU post "
    "of [donghwa-kim.github.io](https://donghwa-kim.github.io/BLEU.html) with a note built on it."
)
# Two formulas, two lines: one line holding both was cut at p_n on a 390 px phone.
st.latex(r"\mathrm{BLEU} = \mathrm{BP} \cdot \exp\Big(\sum_{n=1}^{N} w_n \log p_n\Big),")
st.latex(r"p_n = \frac{\sum \mathrm{Count}_\mathrm{clip}}{\sum \mathrm{Count}}")

# --- Example 2: clipping -----------------------------------------------------------------------
st.header("1. Why precision must be clipped")
sentences(("Reference 1", ex.REFS_2[0]), ("Reference 2", ex.REFS_2[1]), ("Candidate", ex.CAND_2))
silly = run(ex.CAND_2, ex.REFS_2)
p1 = silly.order(1)
(the_row,) = p1.rows
st.markdown(
    f"Every one of the candidate's {p1.total} words appears in a reference, so plain unigram precision is "
    f"**{p1.unclipped_matches}/{p1.total}**. Clipping caps each word at the most times one reference uses it: "
    f"`the` has Count {the_row.count} but Max_Ref_Count {the_row.max_ref_count}, so Count_clip = **{the_row.count_clip}** "
    f"and the modified precision is **{p1.matches}/{p1.total} = {float(p1.precision):.4f}**."
)
exact((f"{p1.matches}/{p1.total} =", float(p1.precision)))
st.html(highlight.order_html(silly.candidate, p1, silly.references))
second = run(ex.CAND_2B, ex.REFS_2)
st.markdown(
    f"A second candidate, `{ex.CAND_2B}`, gets p1 = **{second.order(1).matches}/{second.order(1).total}** and p2 = **{second.order(2).matches}/{second.order(2).total}**."
)
open_in_explore("the the the …", ex.CAND_2, ex.REFS_2)
open_in_explore("the cat the cat on the mat", ex.CAND_2B, ex.REFS_2, order=2)

# --- Example 1: three references ---------------------------------------------------------------
st.header("2. Three references, four candidates")
sentences(*((f"Reference {i}", r) for i, r in enumerate(ex.REFS_1, start=1)), ("Ca1", ex.CA1), ("Ca2", ex.CA2))
ca1_lc, ca2_lc = run(ex.CA1, ex.REFS_1, ex.TUTORIAL_LC), run(ex.CA2, ex.REFS_1, ex.TUTORIAL_LC)
missing = [r.text for r in ca1_lc.order(1).rows if r.max_ref_count == 0]
st.markdown(
    f"**Unclipped unigram precision** (ignoring case): Ca1 **{ca1_lc.order(1).unclipped_matches}/{ca1_lc.order(1).total}** "
    f"(only {', '.join(f'`{w}`' for w in missing)} is in no reference), Ca2 **{ca2_lc.order(1).unclipped_matches}/{ca2_lc.order(1).total}**."
)
ca1, ca2 = run(ex.CA1, ex.REFS_1), run(ex.CA2, ex.REFS_1)
st.dataframe(
    [
        {"candidate": name, **{f"p{o.n}": f"{o.matches}/{o.total}" for o in r.orders}}
        for name, r in (("Ca1", ca1), ("Ca2", ca2))
    ],
    hide_index=True,
)
simplified = run(ex.CA1, ex.REFS_1, ex.TUTORIAL.with_changes(variant="simplified"))
st.markdown(
    f"Ca1 has c = **{ca1.score.sys_len}** tokens; the references have {', '.join(map(str, ca1.reference_lengths))}, "
    f"so the closest is r = **{ca1.score.ref_len:g}** and BP = **{ca1.score.bp:g}**. "
    f"BLEU = **{ca1.score.value:.4f}** (sacreBLEU with `tokenize='none'` prints **{ca1.score.score:.2f}** on its 0-100 scale; "
    f"NLTK's `sentence_bleu` gives the same). The simplified variant min(1, c/r)·(p1p2p3p4)^(1/4) also gives "
    f"**{simplified.score.value:.4f}** because c = r."
)
exact(("Ca1 BLEU", ca1.score.value), ("sacreBLEU", ca1.score.score), ("simplified", simplified.score.value))
tutorial = run(ex.CA2, ex.REFS_1, ex.TUTORIAL.with_changes(variant="tutorial"))
st.warning(
    f"Ca2 has p3 = {ca2.order(3).matches}/{ca2.order(3).total}, so standard BLEU is **{ca2.score.value:g}**. "
    f"The wikidocs tutorial's code skips zero precisions (`w*log p if p != 0 else 0`) and, with c = {tutorial.score.sys_len} "
    f"and r = {tutorial.score.ref_len:g}, gives **{tutorial.score.value:.4f}**: a bad translation scores almost as "
    f"high as Ca1's {ca1.score.value:.4f}."
)
exact(("the tutorial code's Ca2", tutorial.score.value))
ca3, ca4 = run(ex.CA3, ex.REFS_1), run(ex.CA4, ex.REFS_1, ex.TUTORIAL_LC)
sentences(("Ca3 (Ca1 shuffled)", ex.CA3), ("Ca4", ex.CA4))
st.markdown(
    f"Shuffling keeps p1 = **{fractions(ca3, 1)}** but leaves p2 = **{ca3.order(2).matches}/{ca3.order(2).total}**: "
    f"higher orders measure word order. The two-word Ca4 is 'perfect' in precision (ignoring case): "
    f"p1 = **{fractions(ca4, 1)}**, p2 = **{ca4.order(2).matches}/{ca4.order(2).total}**; only the brevity penalty "
    f"(c = {ca4.score.sys_len}, r = {ca4.score.ref_len:g}, BP = {ca4.score.bp:.6f}) and the missing 3- and 4-grams stop it."
)
for name, text, opts in (
    ("Ca1", ex.CA1, ex.TUTORIAL),
    ("Ca2", ex.CA2, ex.TUTORIAL),
    ("Ca3", ex.CA3, ex.TUTORIAL),
    ("Ca4", ex.CA4, ex.TUTORIAL_LC),
):
    open_in_explore(name, text, ex.REFS_1, opts)

# --- Example 3: brevity ------------------------------------------------------------------------
st.header("3. Brevity: short candidates are penalised")
sentences(
    *((f"Reference {i}", r) for i, r in enumerate(ex.REFS_3, start=1)),
    *((f"Candidate {i}", c) for i, c in enumerate(ex.CANDS_3, start=1)),
)
long_c, short_c = run(ex.CANDS_3[0], ex.REFS_3), run(ex.CANDS_3[1], ex.REFS_3)
st.markdown(
    f"Candidate 1 piles up words from every reference: p1 = **{fractions(long_c, 1)}**, but its bigrams give it away "
    f"(p2 = {long_c.order(2).matches}/{long_c.order(2).total}). Candidate 2 is reference 1 itself (p1 = {fractions(short_c, 1)}, "
    f"p2 = {short_c.order(2).matches}/{short_c.order(2).total}). Precision alone cannot punish a candidate that leaves words "
    "out, so BLEU multiplies by a brevity penalty computed from the candidate length c and one reference length r:"
)
st.latex(r"\mathrm{BP} = \begin{cases} 1 & c > r \\ e^{\,1 - r/c} & 0 < c \le r \\ 0 & c = 0 \end{cases}")
tie_c = len(ex.TIE_CAND.split())
tie_r = reference_length(tie_c, [len(r.split()) for r in ex.TIE_REFS], "closest")
st.markdown(
    f"r is the reference length **closest** to c, a tie going to the shorter: a candidate of {tie_c} tokens with "
    f"references of {' and '.join(str(len(r.split())) for r in ex.TIE_REFS)} tokens gets r = **{tie_r:g}**; c > r, "
    f"so BP = {brevity_penalty(tie_c, tie_r):g}. With c = {short_c.score.sys_len} and r = {short_c.score.ref_len:g}, "
    f"candidate 2 gets BP = e^(1 − {short_c.score.ref_len:g}/{short_c.score.sys_len}) = {short_c.score.bp:g}."
)
open_in_explore("candidate 1 of Example 3", ex.CANDS_3[0], ex.REFS_3, order=2)
open_in_explore("the 10-token tie", ex.TIE_CAND, ex.TIE_REFS)

# --- Korean ------------------------------------------------------------------------------------
st.header("4. A Korean sentence, and the simplified penalty")
sentences(("Reference", ex.KO_REF), ("Candidate", ex.KO_CAND), ("Short candidate", ex.KO_SHORT))
ko = run(ex.KO_CAND, [ex.KO_REF])
ko_simple = run(ex.KO_CAND, [ex.KO_REF], ex.TUTORIAL.with_changes(variant="simplified"))
st.markdown(
    f"p1 … p4 = **{fractions(ko)}**, so (p1p2p3p4)^(1/4) = **{ko.score.value:.4f}**. Here c = r = {ko.score.sys_len}, "
    f"so BP = {ko.score.bp:g} in both variants (simplified gives {ko_simple.score.value:.4f} too) and BLEU = **{ko.score.value:.4f}**."
)
exact(("BLEU", ko.score.value), ("simplified", ko_simple.score.value))
short_std = run(ex.KO_SHORT, [ex.KO_REF])
short_simple = run(ex.KO_SHORT, [ex.KO_REF], ex.TUTORIAL.with_changes(variant="simplified"))
c, r = short_std.score.sys_len, short_std.score.ref_len
st.markdown(
    f"The short candidate has c = {c} tokens against r = {r:g}. The donghwa-kim.github.io post and a Korean note "
    f"built on it use the simplified penalty min(1, c/r) = {c}/{r:g} = **{Fraction(c, int(r))}** = "
    f"**{short_simple.score.bp:.4f}**, far milder than the standard exp(1 − {r:g}/{c}) = **{short_std.score.bp:.4f}**."
)
exact(("simplified BP", short_simple.score.bp), ("standard BP", short_std.score.bp))
clip_result = run(ex.CLIP_CAND, [ex.CLIP_REF])
clip = clip_result.order(1)
sentences(("Candidate of the Korean note", ex.CLIP_CAND), ("Reference", ex.CLIP_REF))
st.markdown(
    f"The Korean note's clipping example: {clip.unclipped_matches}/{clip.total} before clipping, **{clip.matches}/{clip.total}** after."
)
st.html(highlight.order_html(clip_result.candidate, clip, clip_result.references))
open_in_explore("Korean candidate", ex.KO_CAND, [ex.KO_REF])
open_in_explore(
    "short Korean candidate (simplified)", ex.KO_SHORT, [ex.KO_REF], ex.TUTORIAL.with_changes(variant="simplified")
)
open_in_explore("the Korean note's clipping", ex.CLIP_CAND, [ex.CLIP_REF])

# --- Very short sentences ----------------------------------------------------------------------
st.header("5. Very short sentences: why a perfect match can score 0")
sentences(("Candidate = reference", ex.SHORT_KO))
plain = run(ex.SHORT_KO, [ex.SHORT_KO])
nltk0 = run(ex.SHORT_KO, [ex.SHORT_KO], ex.TUTORIAL.with_changes(smooth_method="nltk-method0"))
sacre = run(ex.SHORT_KO, [ex.SHORT_KO], ex.SACREBLEU_SENTENCE)
st.markdown(
    f"Scored against itself, the {plain.score.sys_len}-token sentence has p1 = {float(plain.order(1).precision):.1f} and "
    f"p2 = {float(plain.order(2).precision):.1f}, but no {wording.order_list(plain.diagnosis.orders_without_ngrams) if plain.diagnosis else ''}. "
    f"So the four tools compared in a Korean note on the donghwa-kim.github.io post disagree:\n"
    f"- standard 4-gram BLEU without smoothing: **{plain.score.score:g}** (torchtext's `bleu_score` printed 0.0);\n"
    f"- NLTK's `sentence_bleu` prints about **{ex.nltk_method0_printout(nltk0.score):.1e}** with warnings: it puts the "
    f"smallest float in place of each zero precision (bleucore reports {nltk0.score.score:g});\n"
    f"- sacreBLEU's `sentence_bleu` uses the effective order (only orders the candidate has) and gives **{sacre.score.score:g}**;\n"
    f"- that note's own code falls back to the per-order precisions p1 = p2 = {float(plain.order(1).precision)}."
)
if plain.diagnosis is not None:
    st.info(f"**Why is it zero?** {wording.describe_all(plain.diagnosis.reasons)}")
    st.dataframe(
        [{"change": wording.describe(f.change), "BLEU": f.score} for f in plain.diagnosis.fixes],
        hide_index=True,
        column_config={"BLEU": st.column_config.NumberColumn("BLEU (0–100)", format="%.2f")},
    )
open_in_explore("나는 사람이다 against itself", ex.SHORT_KO, [ex.SHORT_KO])
