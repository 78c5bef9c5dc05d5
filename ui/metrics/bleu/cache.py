"""BLEU's cached computations: one sentence explained (Explore, Learn, Corpus's line) and the per-segment
statistics of a whole input, cached chunk by chunk (Corpus, Compare).

Keyed by ``options_key`` of the options used and, for texts, a content digest (``ui.inputs.uploads.digest``);
bulky inputs are underscore arguments Streamlit does not hash. Statistics are keyed by
``statistics_options`` (only what they depend on), so a new smoothing reuses them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

from bleucore import (
    BleuOptions,
    SentenceExplanation,
    Statistics,
    VariantScore,
    corpus_statistics,
    explain,
    uniform_weights,
)
from ui.metrics.bleu.options_key import OptionsKey, from_key, options_key
from ui.shell.cache_limits import MAX_CHUNK_ENTRIES, MAX_SENTENCE_ENTRIES, TTL_SECONDS

#: Segments per cached statistics chunk: the unit of caching and of the progress bar.
LINES_PER_CACHED_CHUNK = 2000


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _explain(candidate: str, references: tuple[str, ...], key: OptionsKey) -> SentenceExplanation:
    return explain(candidate, references, from_key(key))


def explain_text(candidate: str, references: Sequence[str], options: BleuOptions) -> SentenceExplanation:
    """bleucore.explain, cached; raises ValueError like it (e.g. nltk-method6 with p3 = 0)."""
    return _explain(candidate, tuple(references), options_key(options))


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _variants(candidate: str, references: tuple[str, ...], key: OptionsKey) -> tuple[VariantScore, ...]:
    return _explain(candidate, references, key).variants()


def variants_text(candidate: str, references: Sequence[str], options: BleuOptions) -> tuple[VariantScore, ...]:
    """bleucore.compare_variants for one candidate (statistics of orders 1..max(N, 5)), cached."""
    return _variants(candidate, tuple(references), options_key(options))


def statistics_options(options: BleuOptions) -> BleuOptions:
    """Only what the statistics depend on: tokenizer, case, orders held, reference-length rule."""
    return BleuOptions(
        tokenize=options.tokenize,
        lowercase=options.lowercase,
        weights=uniform_weights(options.stats_order),
        ref_length=options.ref_length,
    )


@st.cache_data(max_entries=MAX_CHUNK_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _chunk_statistics(
    input_digest: str,
    start: int,
    stop: int,
    key: OptionsKey,
    _hyps: tuple[str, ...],
    _refs: tuple[tuple[str, ...], ...],
) -> Statistics:
    return corpus_statistics(_hyps, _refs, from_key(key))


def statistics(
    input_digest: str,
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    options: BleuOptions,
    on_progress: Callable[[int, int], None] | None = None,
) -> Statistics:
    """Per-segment statistics of a whole input, computed (and cached) LINES_PER_CACHED_CHUNK segments at a time.

    ``input_digest`` must identify the texts; ``on_progress(done, total)`` is called after each chunk.
    """
    key = options_key(statistics_options(options))
    total = len(hypotheses)
    parts = []
    for start in range(0, max(total, 1), LINES_PER_CACHED_CHUNK):
        stop = min(start + LINES_PER_CACHED_CHUNK, total)
        hyps = tuple(hypotheses[start:stop])
        refs = tuple(tuple(stream[start:stop]) for stream in references)
        parts.append(_chunk_statistics(input_digest, start, stop, key, hyps, refs))
        if on_progress is not None:
            on_progress(stop, total)
    return Statistics.concatenate(parts)
