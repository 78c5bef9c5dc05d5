"""Explore's cached computations: the candidate under every tokenizer (``ui.explore.tokenizer_rows``)."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from bleucore import BleuOptions
from ui.explore.tokenizer_rows import TokenizerRow, all_tokenizer_rows
from ui.metrics.bleu.options_key import OptionsKey, from_key, options_key
from ui.shell.cache_limits import MAX_SENTENCE_ENTRIES, TTL_SECONDS


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _tokenizer_rows(candidate: str, references: tuple[str, ...], key: OptionsKey) -> tuple[TokenizerRow, ...]:
    return all_tokenizer_rows(candidate, references, from_key(key))


def tokenizer_rows(candidate: str, references: Sequence[str], options: BleuOptions) -> tuple[TokenizerRow, ...]:
    """The candidate under every tokenizer, each one's p_n and BLEU (``ui.explore.tokenizer_rows``), cached."""
    return _tokenizer_rows(candidate, tuple(references), options_key(options.with_changes(tokenize="none")))
