"""TER's cached computation on Explore: the explanation of one sentence (the score and the tab share it)."""

from __future__ import annotations

import streamlit as st

from bleucore.metrics.ter import TerExplanation, explain_ter
from ui.shell.cache_limits import MAX_SENTENCE_ENTRIES, TTL_SECONDS


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def ter_explanation(candidate: str, references: tuple[str, ...]) -> TerExplanation:
    """``explain_ter`` with sacreBLEU's default TER options, cached (the score and the tab share it)."""

    return explain_ter(candidate, references)

