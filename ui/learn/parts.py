"""What every worked example on the Learn page draws: bleucore's explanation of it (cached), its sentences, its
numbers to full precision, and the examples a section offers to open in Explore (``Example``: the page draws their
buttons)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import streamlit as st

from bleucore import BleuOptions, SentenceExplanation
from ui.metrics.bleu import examples as ex
from ui.metrics.bleu.cache import explain_text
from ui.shell.i18n import _


class Example(NamedTuple):
    """A worked example a section offers to open in Explore: its label (a msgid, or a name kept in every language),
    its candidate, references and options, and the n-gram order Explore shows first."""

    label: str
    candidate: str
    references: Sequence[str]
    options: BleuOptions = ex.TUTORIAL
    order: int = 1


def run(candidate: str, references: Sequence[str], options: BleuOptions = ex.TUTORIAL) -> SentenceExplanation:
    """bleucore's explanation of one example (cached)."""
    return explain_text(candidate, references, options)


def fractions(result: SentenceExplanation, orders: int | None = None) -> str:
    """p_1, p_2, … as the tutorials write them (matches/total)."""
    return ", ".join(f"{o.matches}/{o.total}" for o in result.orders[:orders])


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
