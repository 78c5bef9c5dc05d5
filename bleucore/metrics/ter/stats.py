"""TER's additive per-segment statistics: the fewest edits over the references and the average
reference length (sacreBLEU 2.6's ``TER._compute_segment_statistics``).

Corpus TER = sum of edits / sum of average reference lengths (Snover et al. 2006).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ...reading.checks import check_ter_words
from ..inputs import check_streams, reference_mask
from ..row_statistics import RowStatistics
from .normalize import tercom_tokenize
from .options import TerOptions
from .shifts import edits

__all__ = ["TerStatistics", "WordIds", "statistics"]

FloatArray = npt.NDArray[np.float64]


class TerStatistics(RowStatistics):
    """``rows``: (S, 2) floats, per segment [edits, average reference length] (sacreBLEU's layout)."""


class WordIds:
    """Words of tokenized lines as integer ids (equal words, equal ids)."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}

    def __call__(self, line: str) -> list[int]:
        ids = self.ids
        return [ids.setdefault(w, len(ids)) for w in line.split()]


def segment_edits(hyp: list[int], refs: Sequence[list[int]]) -> tuple[int, int, float]:
    """(fewest edits, index of the first reference with them, average reference length)."""
    best, chosen = -1, 0
    for k, ref in enumerate(refs):
        n = edits(hyp, ref)
        if best < 0 or n < best:
            best, chosen = n, k
    return best, chosen, sum(len(r) for r in refs) / len(refs)


def statistics(hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: TerOptions) -> TerStatistics:
    """Per-segment statistics of ``hypotheses`` against reference streams (``references[j][i]``)."""
    check_streams(hypotheses, references)
    reference_mask(references)  # a None reference is skipped for its segment, as sacreBLEU does; none left: ValueError
    ids = WordIds()
    rows = np.zeros((len(hypotheses), 2), dtype=np.float64)
    for i, hyp in enumerate(hypotheses):
        refs = [ids(tercom_tokenize(line, options)) for stream in references if (line := stream[i]) is not None]
        words = ids(tercom_tokenize(hyp, options))
        check_ter_words(len(words), max(map(len, refs), default=0), i)  # before the quadratic work
        n, _, ref_len = segment_edits(words, refs)
        rows[i] = n, ref_len
    return TerStatistics(rows)
