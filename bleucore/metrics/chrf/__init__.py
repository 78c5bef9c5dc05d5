"""chrF and chrF++ (Popović 2015, 2017) behind the metric protocol, numbers identical to sacreBLEU 2.6.

One module per piece: ``options`` (``ChrfOptions``); ``ngrams`` (vectorized n-gram counts);
``fscore`` (F-beta from statistics, sacreBLEU's arithmetic); ``stats`` (``ChrfStatistics`` and
the best-reference rule); ``score`` (``CHRFScore``, corpus and sentence scores, signature);
``explanation`` (per order counts, P/R/F and the n-grams to highlight); ``arguments`` (its CLI
group). Heavy modules are imported by the methods, so listing the metric stays light.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

from ...lazy import lazy_attributes
from ..base import PackageMetric
from .options import MAX_CHAR_ORDER, MAX_WORD_ORDER, ChrfOptions

if TYPE_CHECKING:
    from .score import CHRFScore  # noqa: F401 - named in the base class below, as a string
    from .stats import ChrfStatistics  # noqa: F401 - named in the base class below, as a string

#: What ui/ and other callers use from this package's modules, loaded on first use (PEP 562).
_EXPORTS: dict[str, tuple[str, ...]] = {
    "explanation": ("ChrfExplanation", "ChrfOrder", "char_occurrences", "chrf_orders", "explain_chrf"),
}
__getattr__ = lazy_attributes(__name__, _EXPORTS, globals())
__all__ = ["CHRF", "ChrfOptions", "MAX_CHAR_ORDER", "MAX_WORD_ORDER", *chain.from_iterable(_EXPORTS.values())]


class CHRF(PackageMetric["ChrfStatistics", "CHRFScore"]):
    """chrF with ``ChrfOptions`` (sacreBLEU's defaults when None: chrF2, character order 6)."""

    name = "chrf"
    label = "chrF"
    options_type = ChrfOptions
    options: ChrfOptions
