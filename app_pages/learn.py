"""Learn: the tutorials' worked examples, every number computed live by bleucore."""

import streamlit as st

from ui.learn.brevity import brevity, korean
from ui.learn.parts import Example
from ui.learn.precision import clipping, three_references
from ui.learn.short import very_short
from ui.shell.i18n import _
from ui.state import explore as es
from ui.state import handoff


def open_in_explore(example: Example) -> None:
    """A button that opens Explore on an example's inputs and options (through the link state).

    Learn mirrors nothing in the address bar, so the switch can follow the click at once.
    """
    state = es.from_options(example.candidate, example.references, example.options, example.order)
    label = _("Open in Explore: {label}").format(label=_(example.label))
    handoff.explore_button(label, state, f"learn_open_{example.label}")
    handoff.follow()


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
    for section in (clipping, three_references, brevity, korean, very_short):
        for example in section():
            open_in_explore(example)


main()
