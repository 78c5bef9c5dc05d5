"""Learn's section on very short sentences: why a perfect match can score 0, and what four tools print instead."""

from __future__ import annotations

import streamlit as st

from ui.learn.parts import Example, run, sentences
from ui.metrics.bleu import examples as ex
from ui.metrics.bleu import wording
from ui.metrics.bleu.fixes import show_fixes
from ui.shell.i18n import N_, _
from ui.shell.spoken import fill_spoken


def very_short() -> list[Example]:
    """Section 5: why a perfect match of a very short sentence can score 0."""
    st.header(_("5. Very short sentences: why a perfect match can score 0"))
    sentences((N_("Candidate = reference"), ex.SHORT_KO))
    plain = run(ex.SHORT_KO, [ex.SHORT_KO])
    nltk0 = run(ex.SHORT_KO, [ex.SHORT_KO], ex.TUTORIAL.with_changes(smooth_method="nltk-method0"))
    sacre = run(ex.SHORT_KO, [ex.SHORT_KO], ex.SACREBLEU_SENTENCE)
    st.markdown(
        fill_spoken(  # the particle after the precision (Korean) is read from it
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
            ),
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
    return [Example(N_("나는 사람이다 against itself"), ex.SHORT_KO, [ex.SHORT_KO])]
