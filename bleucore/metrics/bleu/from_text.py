"""Sentence and corpus BLEU from text: tokenize, collect statistics, sum, score (one path for both)."""

from __future__ import annotations

from collections.abc import Sequence

from . import fast  # called as fast.text_statistics (tests spy on the fast path)
from ..inputs import check_streams, chunk_bounds, reference_count
from .options import BleuOptions
from .score import BLEUScore, score_statistics
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


def _nrefs(references: Sequence[Sequence[str]]) -> int | str:
    """The signature's nrefs: the number of streams, or sacreBLEU's count when some lines are None."""
    if any(None in stream for stream in references):
        return reference_count(references)
    return len(references)


def corpus_statistics(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: BleuOptions | None = None
) -> Statistics:
    """Per-segment statistics; ``references[j][i]`` is reference j of segment i (sacreBLEU's layout).

    Computed by the vectorized path (``fast.text_statistics``), tested equal to the loop
    ``statistics_from_tokens``.
    """
    return fast.text_statistics(hypotheses, references, options or BleuOptions())


def corpus_bleu(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: BleuOptions | None = None
) -> BLEUScore:
    """Corpus BLEU: statistics summed over segments, then scored (not a mean of sentence BLEU)."""
    options = options or BleuOptions()
    check_streams(hypotheses, references)
    bounds = chunk_bounds(hypotheses, references)  # a chunk at a time, summed: bounded memory whatever the length
    if len(bounds) == 1:
        stats = corpus_statistics(hypotheses, references, options)
    else:
        parts = [corpus_statistics(hypotheses[a:b], [s[a:b] for s in references], options).total() for a, b in bounds]
        stats = Statistics.concatenate(parts)
    return score_statistics(stats, options, _nrefs(references))


def sentence_bleus(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: BleuOptions | None = None
) -> list[BLEUScore]:
    """Sentence BLEU of every segment (defaults as sacreBLEU's ``sentence_bleu``: effective order on)."""
    options = options or SENTENCE_DEFAULTS
    stats = corpus_statistics(hypotheses, references, options)
    return sentence_scores_from_statistics(stats, options, _nrefs(references))


def sentence_bleu(hypothesis: str, references: Sequence[str], options: BleuOptions | None = None) -> BLEUScore:
    """BLEU of one candidate against its references (defaults: sacreBLEU's ``sentence_bleu``)."""
    check_references(references)
    return sentence_bleus([hypothesis], [[r] for r in references], options)[0]
