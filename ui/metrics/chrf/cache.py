"""chrF's cached computations: sentence chrF2/chrF2++ on Explore and the explanation of one sentence (Explore,
Corpus)."""

from __future__ import annotations

from dataclasses import astuple
from typing import Any

import streamlit as st

from bleucore.metrics import get_metric
from bleucore.metrics.chrf import ChrfExplanation, ChrfOptions, explain_chrf
from ui.shell.cache_limits import MAX_SENTENCE_ENTRIES, TTL_SECONDS


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def chrf_sentence_score(candidate: str, references: tuple[str, ...], word_order: int) -> float:
    """Sentence chrF2 (word_order 0) or chrF2++ (2) with sacreBLEU's other defaults, cached."""

    return float(get_metric("chrf", ChrfOptions(word_order=word_order)).sentence_score(candidate, references).score)


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _chrf_explanation(candidate: str, references: tuple[str, ...], values: tuple[Any, ...]) -> ChrfExplanation:

    return explain_chrf(candidate, references, ChrfOptions(*values))


def chrf_explanation(
    candidate: str, references: tuple[str, ...], options: ChrfOptions | None = None
) -> ChrfExplanation:
    """``explain_chrf`` with ``options`` (default: sacreBLEU's chrF2), cached."""
    return _chrf_explanation(candidate, references, astuple(options or ChrfOptions()))
