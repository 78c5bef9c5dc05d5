"""Vectorized sentence BLEU (``sentence_rows``) equals ``compute_bleu`` row by row, field for field,
on random corpora: every smoothing, every variant, effective order on and off, odd weights."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from bleucore import BleuOptions, corpus_statistics
from bleucore.metrics.bleu.options import SACREBLEU_SMOOTHING, SMOOTHING_METHODS
from bleucore.metrics.bleu.score import iter_row_scores
from bleucore.metrics.bleu.sentence_rows import covered, sentence_rows, sentence_scores_from_statistics
from tests.generators import random_corpus

SMOOTHINGS = [(m, None) for m in SMOOTHING_METHODS] + [("floor", 0.0), ("floor", 0.5), ("add-k", 0.0), ("add-k", 2.5)]


def _per_row(stats, options, nrefs):
    rows = np.column_stack([stats.hyp_len, stats.ref_len, stats.matches, stats.totals]).astype(np.float64)
    return list(iter_row_scores(rows, options, nrefs))


def _corpus(seed: int, tokenize: str):
    hyps, refs = random_corpus(seed, 300, 2)
    hyps[:3] = ["", "a", "a b"]  # empty, shorter than every order
    return hyps, refs


@pytest.mark.parametrize(("method", "value"), SMOOTHINGS, ids=[f"{m}-{v}" for m, v in SMOOTHINGS])
@pytest.mark.parametrize("effective", [True, False])
def test_vectorized_equals_compute_bleu_for_every_smoothing(method, value, effective):
    for seed, tokenize in [(1, "13a"), (2, "none"), (3, "char")]:
        options = BleuOptions(
            tokenize=tokenize,
            smooth_method=method,
            smooth_value=value,
            effective_order=effective and not method.startswith("nltk-"),
        )
        hyps, refs = _corpus(seed, tokenize)
        stats = corpus_statistics(hyps, refs, options)
        try:
            expected = _per_row(stats, options, 2)
        except ValueError:  # nltk-method6 without a trigram match: the same error both ways
            with pytest.raises(ValueError):
                sentence_scores_from_statistics(stats, options, 2)
            continue
        assert sentence_scores_from_statistics(stats, options, 2) == expected
        if covered(options):
            assert sentence_rows(stats, options, 2).scores() == expected


@pytest.mark.parametrize(
    ("variant", "weights", "ref_length", "method"),
    list(
        itertools.product(
            ["standard", "simplified", "tutorial"],
            [(0.25,) * 4, (0.5, 0.3, 0.2), (0.4, 0.0, 0.6)],
            ["closest", "shortest", "average"],
            sorted(SACREBLEU_SMOOTHING),
        )
    ),
)
def test_vectorized_equals_compute_bleu_for_variants_weights_and_lengths(variant, weights, ref_length, method):
    for effective in (True, False):
        options = BleuOptions(
            smooth_method=method, variant=variant, weights=weights, ref_length=ref_length, effective_order=effective
        )
        hyps, refs = _corpus(7, "13a")
        stats = corpus_statistics(hyps, refs, options)
        assert sentence_rows(stats, options, 2).scores() == _per_row(stats, options, 2)
