"""TER of one set of ``ter_rules.TerConventions`` on text: bleucore's TER (sacreBLEU 2.6's Tercom search, word ids)
with each tool's rules applied around it. Each (case, shifted side) is searched once; the search is the slow part
(a beam edit distance per candidate shift), so a scorer keeps its rows."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..metrics.inputs import check_streams
from ..metrics.ter.normalize import tercom_tokenize
from ..metrics.ter.options import TerOptions
from ..metrics.ter.shifts import edits
from ..metrics.ter.stats import WordIds
from ..reading.checks import check_ter_words
from .ter_rules import TerConventions

__all__ = ["TerScorer"]

FloatArray = npt.NDArray[np.float64]


class TerScorer:
    """Scores one hypothesis stream against its reference streams (``references[j][i]``) under any TER rules."""

    def __init__(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> None:
        check_streams(hypotheses, references)
        self.hypotheses = list(hypotheses)
        self.references = [list(stream) for stream in references]
        self._rows: dict[tuple[str, str, str], FloatArray] = {}

    def rows(self, conventions: TerConventions) -> FloatArray:
        """Per line: [fewest edits over the references, average reference length]."""
        key = (conventions.case, conventions.shifted, str(conventions.longest_shift))
        if key in self._rows:
            return self._rows[key]
        options = TerOptions(case_sensitive=conventions.case == "cased")
        ids = WordIds()
        rows = np.zeros((len(self.hypotheses), 2), dtype=np.float64)
        for i, hyp in enumerate(self.hypotheses):
            words = ids(tercom_tokenize(hyp, options))
            refs = [ids(tercom_tokenize(stream[i], options)) for stream in self.references]
            check_ter_words(len(words), max(map(len, refs), default=0), i)
            longest = conventions.longest_shift
            if conventions.shifted == "hypothesis":
                counts = [edits(words, ref, longest) for ref in refs]
            else:  # torchmetrics: _translation_edit_rate(reference, hypothesis), 0 when the hypothesis is empty
                counts = [edits(ref, words, longest) if words else 0 for ref in refs]
            rows[i] = min(counts), sum(map(len, refs)) / len(refs)
        self._rows[key] = rows
        return rows

    def score(self, conventions: TerConventions) -> float:
        """TER (0-100) of the whole stream: summed edits over summed average reference lengths (1 when the
        references are empty and some edit is needed)."""
        rows = self.rows(conventions)
        edits_, length = float(rows[:, 0].sum()), float(rows[:, 1].sum())
        if length > 0:
            return 100.0 * edits_ / length
        return 100.0 if edits_ > 0 else 0.0
