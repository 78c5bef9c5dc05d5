"""Sentence and corpus BLEU from text: tokenize, collect statistics, sum, score (one path for both)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from ..inputs import reference_count
from . import (
    BLEU,
    fast,  # called as fast.text_statistics (tests spy on the fast path)
)
from .options import BleuOptions
from .score import BLEUScore
from .sentence_rows import sentence_scores_from_statistics
from .stats import Statistics

#: sacreBLEU's ``sentence_bleu`` defaults: effective order on.
SENTENCE_DEFAULTS = BleuOptions(effective_order=True)


def check_references(references: Sequence[str]) -> None:
    """Raise ValueError unless ``references`` is a non-empty sequence of strings."""
    if isinstance(references, str):
        raise ValueError("references must be a sequence of strings, got one string")
    if len(references) == 0:
        raise ValueError("a candidate needs at least 1 reference, got 0")


def corpus_statistics(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: BleuOptions | None = None
) -> Statistics:
    """Per-segment statistics; ``references[j][i]`` is reference j of segment i (sacreBLEU's layout).

    Computed by the vectorized path (``fast.text_statistics``), tested equal to the reference loop
    (``Statistics.of_segments`` of each segment's ``segment_counts``).
    """
    return fast.text_statistics(hypotheses, references, options or BleuOptions())


def corpus_bleu(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: BleuOptions | None = None
) -> BLEUScore:
    """Corpus BLEU: statistics summed over segments, then scored (not a mean of sentence BLEU); ``Metric.corpus_score``
    of ``BLEU``, a chunk at a time with one token encoder."""
    return cast("BLEUScore", BLEU(options or BleuOptions()).corpus_score(hypotheses, references))


def sentence_bleus(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: BleuOptions | None = None
) -> list[BLEUScore]:
    """Sentence BLEU of every segment (defaults as sacreBLEU's ``sentence_bleu``: effective order on)."""
    options = options or SENTENCE_DEFAULTS
    stats = corpus_statistics(hypotheses, references, options)
    return sentence_scores_from_statistics(stats, options, reference_count(references))


def sentence_bleu(hypothesis: str, references: Sequence[str], options: BleuOptions | None = None) -> BLEUScore:
    """BLEU of one candidate against its references (defaults: sacreBLEU's ``sentence_bleu``)."""
    check_references(references)
    return sentence_bleus([hypothesis], [[r] for r in references], options)[0]
