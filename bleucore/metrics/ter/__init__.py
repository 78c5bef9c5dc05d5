"""TER, translation edit rate (Snover et al. 2006), behind the metric protocol, numbers identical
to sacreBLEU 2.6 (its re-implementation of Tercom).

One module per piece: ``options`` (``TerOptions``); ``normalize`` (Tercom's tokenizer);
``edit_distance`` (sacreBLEU's beam edit distance, and a bit-parallel one where the beam covers
every cell); ``shifts`` (the greedy shift search and the alignment); ``stats``
(``TerStatistics``, best reference); ``score`` (``TERScore``, signature); ``explanation`` (each
word kept, substituted, inserted, deleted or shifted); ``arguments`` (its CLI group).
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

from ...lazy import lazy_attributes
from ..base import PackageMetric
from .options import TerOptions

if TYPE_CHECKING:
    from .score import TERScore  # noqa: F401 - named in the base class below, as a string
    from .stats import TerStatistics  # noqa: F401 - named in the base class below, as a string

#: What ui/ and other callers use from this package's modules, loaded on first use (PEP 562).
_EXPORTS: dict[str, tuple[str, ...]] = {
    "edit_counts": ("TerEditCounts", "ter_edit_counts"),
    "explanation": ("Step", "TerExplanation", "explain_ter"),
}
__getattr__ = lazy_attributes(__name__, _EXPORTS, globals())
__all__ = ["TER", "TerOptions", *chain.from_iterable(_EXPORTS.values())]


class TER(PackageMetric["TerStatistics", "TERScore"]):
    """TER with ``TerOptions`` (sacreBLEU's defaults when None: Tercom's, case-insensitive)."""

    name = "ter"
    label = "TER"
    options_type = TerOptions
    higher_is_better = False  # an edit rate (Snover et al. 2006)
    options: TerOptions
