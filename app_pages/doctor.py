"""Score doctor: is my evaluation set up right, and why does another tool give another number?"""

from __future__ import annotations

import streamlit as st

from ui.doctor import scores
from ui.doctor.inputs import doctor_input
from ui.doctor.view import show_findings
from ui.shell.i18n import _


def main() -> None:
    """Draw the page."""
    st.title(_("Score doctor"))
    st.caption(
        _(
            "Findings before numbers: what in the files would make a score wrong, then the same files scored as each "
            "implementation of BLEU, chrF or TER scores them (sacreBLEU, NLTK, Hugging Face evaluate, torchmetrics, "
            "torchtext, multi-bleu.perl and the tutorials), and why their numbers differ."
        )
    )
    given = doctor_input()
    if given is None:
        return
    metric = scores.metric_choice()
    result = scores.report(given.key, given.tokenize, metric, given)
    st.subheader(_("Findings"))
    if result.findings:
        show_findings(result.findings)
    else:
        st.success(
            _(
                "No problem found: line counts and how the lines pair, reference layout, which file is which, each "
                "line's language, chat wrappers and refusals, lines copied from a source given, the output's length "
                "against the references', empty lines, invisible characters, Unicode normalization, tokenization, "
                "subword markers, case and the tokenizer's fit look right."
            ),
            icon=":material/check_circle:",
        )
    if not result.scored:
        st.warning(_("No tool's score is shown until the errors above are fixed: the numbers would be wrong."))
        return
    scores.show_scores(result)
    scores.show_waterfall(result)


main()
