"""BLEU of every segment of a whole input, and its corpus score or why there is none: what Corpus's table and
Compare's per-system scores are computed from.

Pure functions of bleucore results (no Streamlit; tested directly). Sentence BLEU is bleucore's
``iter_row_scores`` of each segment's row of statistics; a segment the options cannot score (NLTK's method 6 with
p3 = 0) is NaN and counted as undefined, never shown as a number.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from bleucore import BleuOptions, BLEUScore, Statistics, score_statistics
from bleucore.metrics.bleu import SegmentError, Undefined, iter_row_scores

#: Rows scored per call of ``iter_row_scores``: an undefined row restarts the scoring after it
#: within its block only, so many undefined rows cost no more than one pass.
_SCORE_BLOCK = 512


@dataclass(frozen=True)
class SentenceScores:
    """Sentence BLEU of every segment (NaN where undefined), its p_n as the score uses them (percent, after
    smoothing; NaN beyond the effective order and where undefined) and why the first undefined segment is."""

    scores: np.ndarray
    undefined: int
    reason: Undefined | None
    precisions: np.ndarray | None = None


def sentence_scores(stats: Statistics, options: BleuOptions, nrefs: int) -> SentenceScores:
    """Sentence BLEU of every segment (bleucore's ``iter_row_scores``, i.e. ``compute_bleu`` per row);
    a segment the options cannot score gets NaN instead of stopping the whole table."""
    rows = np.column_stack([stats.hyp_len, stats.ref_len, stats.matches, stats.totals]).astype(np.float64)
    scores = np.full(stats.segments, np.nan, dtype=np.float64)
    precisions = np.full((stats.segments, options.max_order), np.nan, dtype=np.float64)
    undefined, reason = 0, None
    start = 0
    while start < stats.segments:
        stop = min(start + _SCORE_BLOCK, stats.segments)
        try:
            for i, score in enumerate(iter_row_scores(rows[start:stop], options, nrefs), start):
                scores[i] = score.score
                precisions[i, : score.eff_order] = score.precisions[: score.eff_order]
            start = stop
        except SegmentError as err:
            undefined += 1
            reason = reason or err.reason
            start += err.index + 1
    return SentenceScores(scores, undefined, reason, precisions)


def corpus_or_error(
    stats: Statistics, options: BleuOptions, nrefs: int
) -> tuple[BLEUScore | None, str | None, Undefined | None]:
    """Corpus BLEU, or None with bleucore's text and reason code when these options cannot score it
    (the code is worded in the session's language where it is shown: ``wording.reason_text``)."""
    try:
        return score_statistics(stats, options, nrefs), None, None
    except ValueError as err:
        return None, str(err), getattr(err, "reason", None)
