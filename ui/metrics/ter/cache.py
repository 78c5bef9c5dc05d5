"""TER's cached computations: the explanation of one sentence on Explore (the score and the tab share it), and
a whole input's edits by type on Corpus."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import astuple

import streamlit as st

from bleucore.metrics.ter import TerEditCounts, TerExplanation, TerOptions, explain_ter, ter_edit_counts
from ui.shell.cache_limits import MAX_INPUT_ENTRIES, MAX_SENTENCE_ENTRIES, TTL_SECONDS


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _ter_explanation(candidate: str, references: tuple[str, ...], values: tuple[bool, ...]) -> TerExplanation:

    return explain_ter(candidate, references, TerOptions(*values))


def ter_explanation(candidate: str, references: tuple[str, ...], options: TerOptions | None = None) -> TerExplanation:
    """``explain_ter`` with ``options`` (default: sacreBLEU's TER), cached (Explore's score and tab share it)."""
    return _ter_explanation(candidate, references, astuple(options or TerOptions()))


@st.cache_data(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _edit_counts(
    input_digest: str, values: tuple[bool, ...], _hypotheses: tuple[str, ...], _references: tuple[tuple[str, ...], ...]
) -> TerEditCounts:

    return ter_edit_counts(_hypotheses, _references, TerOptions(*values))


def edit_counts(
    input_digest: str, options: TerOptions, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
) -> TerEditCounts:
    """A whole input's TER edits by type, cached per text digest and TER options."""
    return _edit_counts(input_digest, astuple(options), tuple(hypotheses), tuple(tuple(r) for r in references))
