"""chrF and chrF++ (Popović 2015, 2017) behind the metric protocol, numbers identical to sacreBLEU 2.6.

One module per piece: ``options`` (``ChrfOptions``); ``ngrams`` (vectorized n-gram counts);
``fscore`` (F-beta from statistics, sacreBLEU's arithmetic); ``stats`` (``ChrfStatistics`` and
the best-reference rule); ``score`` (``CHRFScore``, corpus and sentence scores, signature);
``explanation`` (per order counts, P/R/F and the n-grams to highlight); ``arguments`` (its CLI
group). Heavy modules are imported by the methods, so listing the metric stays light.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...limits import check_texts
from ...registry import lazy_attributes
from ..base import Metric
from .options import MAX_CHAR_ORDER, MAX_WORD_ORDER, ChrfOptions

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ..sacrebleu_equivalent import SacrebleuEquivalent
    from .score import CHRFScore
    from .stats import ChrfStatistics

    FloatArray = npt.NDArray[np.float64]

__all__ = [
    "char_occurrences",
    "CHRF",
    "ChrfExplanation",
    "ChrfOptions",
    "ChrfOrder",
    "chrf_orders",
    "explain_chrf",
    "MAX_CHAR_ORDER",
    "MAX_WORD_ORDER",
]

#: What ui/ and other callers use from this package's modules, loaded on first use (PEP 562).
_EXPORTS: dict[str, str] = {
    "ChrfExplanation": "explanation",
    "ChrfOrder": "explanation",
    "char_occurrences": "explanation",
    "chrf_orders": "explanation",
    "explain_chrf": "explanation",
}
__getattr__ = lazy_attributes(__name__, _EXPORTS, globals())


class CHRF(Metric):
    """chrF with ``ChrfOptions`` (sacreBLEU's defaults when None: chrF2, character order 6)."""

    name = "chrf"
    arguments_module = f"{__name__}.arguments"
    label = "chrF"
    options_type = ChrfOptions
    options: ChrfOptions

    def statistics(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]], context: Any = None) -> ChrfStatistics:
        from .stats import chrf_statistics  # lazy: numpy, kept out of start-up (--help imports none)

        check_texts(hypotheses, references)  # line lengths and reference count, before any allocation
        return chrf_statistics(hypotheses, references, self.options)

    def score_from_statistics(self, stats: ChrfStatistics, nrefs: int | str = 1) -> CHRFScore:
        from .score import score_statistics  # lazy: numpy, kept out of start-up (--help imports none)

        return score_statistics(stats, self.options, nrefs)

    def sentence_scores(self, stats: ChrfStatistics, nrefs: int | str = 1) -> list[CHRFScore]:
        from .score import sentence_scores  # lazy: numpy, kept out of start-up (--help imports none)

        return sentence_scores(stats, self.options, nrefs)

    def signature(self, nrefs: int | str = 1) -> str:
        from .score import chrf_signature  # lazy: numpy, kept out of start-up (--help imports none)

        return chrf_signature(self.options, nrefs)

    def sacrebleu_equivalent(self, nrefs: int | str = 1, sentence_level: bool = False) -> SacrebleuEquivalent:
        from .score import chrf_sacrebleu_equivalent  # lazy: numpy, kept out of start-up (--help imports none)

        equivalent = chrf_sacrebleu_equivalent(self.options, nrefs)
        return replace(equivalent, flags=(*equivalent.flags, "-sl")) if sentence_level else equivalent

    def columns(self, stats: ChrfStatistics) -> FloatArray:
        import numpy as np  # lazy: numpy, kept out of start-up (--help imports none)

        return stats.counts.astype(np.float64)

    def row_scores(self, rows: FloatArray, float32: bool = False) -> FloatArray:
        from .fscore import f_scores  # lazy: numpy, kept out of start-up (--help imports none)

        return f_scores(rows, self.options, float32)
