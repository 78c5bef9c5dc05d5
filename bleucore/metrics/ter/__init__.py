"""TER, translation edit rate (Snover et al. 2006), behind the metric protocol, numbers identical
to sacreBLEU 2.6 (its re-implementation of Tercom).

One module per piece: ``options`` (``TerOptions``); ``normalize`` (Tercom's tokenizer);
``edit_distance`` (sacreBLEU's beam edit distance, and a bit-parallel one where the beam covers
every cell); ``shifts`` (the greedy shift search and the alignment); ``stats``
(``TerStatistics``, best reference); ``score`` (``TERScore``, signature); ``explanation`` (each
word kept, substituted, inserted, deleted or shifted); ``arguments`` (its CLI group).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...limits import check_texts
from ...registry import lazy_attributes
from ..base import Metric
from .options import TerOptions

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ..sacrebleu_equivalent import SacrebleuEquivalent
    from .score import TERScore
    from .stats import TerStatistics

    FloatArray = npt.NDArray[np.float64]

__all__ = [
    "explain_ter",
    "Step",
    "TER",
    "TerEditCounts",
    "TerExplanation",
    "TerOptions",
    "ter_edit_counts",
]

#: What ui/ and other callers use from this package's modules, loaded on first use (PEP 562).
_EXPORTS: dict[str, str] = {
    "Step": "explanation",
    "TerEditCounts": "edit_counts",
    "TerExplanation": "explanation",
    "explain_ter": "explanation",
    "ter_edit_counts": "edit_counts",
}
__getattr__ = lazy_attributes(__name__, _EXPORTS, globals())


class TER(Metric):
    """TER with ``TerOptions`` (sacreBLEU's defaults when None: Tercom's, case-insensitive)."""

    name = "ter"
    arguments_module = f"{__name__}.arguments"
    label = "TER"
    options_type = TerOptions
    higher_is_better = False  # an edit rate (Snover et al. 2006)
    options: TerOptions

    def statistics(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]], context: Any = None) -> TerStatistics:
        from .stats import ter_statistics  # lazy: numpy, kept out of start-up (--help imports none)

        check_texts(hypotheses, references)  # line lengths and reference count, before any allocation
        return ter_statistics(hypotheses, references, self.options)

    def score_from_statistics(self, stats: TerStatistics, nrefs: int | str = 1) -> TERScore:
        from .score import score_statistics  # lazy: numpy, kept out of start-up (--help imports none)

        return score_statistics(stats, self.options, nrefs)

    def sentence_scores(self, stats: TerStatistics, nrefs: int | str = 1) -> list[TERScore]:
        from .score import sentence_scores  # lazy: numpy, kept out of start-up (--help imports none)

        return sentence_scores(stats, self.options, nrefs)

    def signature(self, nrefs: int | str = 1) -> str:
        from .score import ter_signature  # lazy: numpy, kept out of start-up (--help imports none)

        return ter_signature(self.options, nrefs)

    def sacrebleu_equivalent(self, nrefs: int | str = 1, sentence_level: bool = False) -> SacrebleuEquivalent:
        from .score import ter_sacrebleu_equivalent  # lazy: numpy, kept out of start-up (--help imports none)

        equivalent = ter_sacrebleu_equivalent(self.options, nrefs)
        return replace(equivalent, flags=(*equivalent.flags, "-sl")) if sentence_level else equivalent

    def columns(self, stats: TerStatistics) -> FloatArray:
        return stats.rows

    def row_scores(self, rows: FloatArray, float32: bool = False) -> FloatArray:
        from .score import ter_scores  # lazy: numpy, kept out of start-up (--help imports none)

        return ter_scores(rows, float32)
