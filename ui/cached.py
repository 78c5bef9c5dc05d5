"""Bounded caches around the bleucore calls of the Explore and Learn pages.

Arguments are plain hashable values (strings, tuples and the fields of BleuOptions, see
``options_key``), so Streamlit hashes them cheaply; nothing here calls ``st.*`` apart from the
cache decorator itself, and nothing reads widgets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import streamlit as st

from bleucore import BleuOptions, VariantScore, statistics_from_tokens, tokenize
from bleucore.metrics.bleu.explanation import SentenceExplanation, explain
from bleucore.metrics.bleu.options import TOKENIZER_NAMES
from ui.options_key import OptionsKey, from_key, options_key

MAX_ENTRIES = 64
TTL_SECONDS = 3600


@st.cache_data(max_entries=MAX_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _explain(candidate: str, references: tuple[str, ...], key: OptionsKey) -> SentenceExplanation:
    return explain(candidate, references, from_key(key))


def explain_text(candidate: str, references: Sequence[str], options: BleuOptions) -> SentenceExplanation:
    """bleucore.explain, cached; raises ValueError like it (e.g. nltk-method6 with p3 = 0)."""
    return _explain(candidate, tuple(references), options_key(options))


@st.cache_data(max_entries=MAX_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _variants(candidate: str, references: tuple[str, ...], key: OptionsKey) -> tuple[VariantScore, ...]:
    return _explain(candidate, references, key).variants()


def variants_text(candidate: str, references: Sequence[str], options: BleuOptions) -> tuple[VariantScore, ...]:
    """bleucore.compare_variants for one candidate (statistics of orders 1..max(N, 5)), cached."""
    return _variants(candidate, tuple(references), options_key(options))


@dataclass(frozen=True)
class TokenizerRow:
    """One tokenizer's tokens of the candidate and its modified precisions p_1..p_N."""

    tokenizer: str
    tokens: tuple[str, ...]
    precisions: tuple[Fraction, ...]
    counts: tuple[tuple[int, int], ...]


@st.cache_data(max_entries=MAX_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _tokenizer_rows(
    candidate: str, references: tuple[str, ...], lowercase: bool, max_order: int
) -> tuple[TokenizerRow, ...]:
    rows = []
    for name in TOKENIZER_NAMES:
        cand = tokenize(candidate, name, lowercase)
        refs = tuple(tokenize(r, name, lowercase) for r in references)
        stats = statistics_from_tokens([cand], [refs], max_order)
        counts = tuple(zip(stats.matches[0].tolist(), stats.totals[0].tolist()))
        rows.append(TokenizerRow(name, cand, tuple(Fraction(m, t) if t else Fraction(0) for m, t in counts), counts))
    return tuple(rows)


def tokenizer_rows(candidate: str, references: Sequence[str], options: BleuOptions) -> tuple[TokenizerRow, ...]:
    """The candidate under every tokenizer (none, 13a, intl, char) and each one's p_n, cached."""
    return _tokenizer_rows(candidate, tuple(references), options.lowercase, options.max_order)
