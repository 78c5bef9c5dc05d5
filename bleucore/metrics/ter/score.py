"""TER scores from statistics (sacreBLEU 2.6's ``TER._compute_score_from_stats``) and the signature.

TER = edits / reference length; 100 when the references are empty and the hypothesis is not, 0
when both are empty. Lower is better.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from ... import __version__
from ..sacrebleu_equivalent import SacrebleuEquivalent, with_sacrebleu_version
from .options import TerOptions
from .stats import TerStatistics

__all__ = ["TERScore", "row_scores", "sacrebleu_equivalent", "score_statistics", "sentence_scores", "signature"]

FloatArray = npt.NDArray[np.float64]


def signature(options: TerOptions, nrefs: int | str = 1) -> str:
    """sacreBLEU's TER signature: ``nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:...``."""
    yes_no = {True: "yes", False: "no"}
    return "|".join(
        [
            f"nrefs:{nrefs}",
            f"case:{'mixed' if options.case_sensitive else 'lc'}",
            "tok:tercom",
            f"norm:{yes_no[options.normalized]}",
            f"punct:{yes_no[not options.no_punct]}",
            f"asian:{yes_no[options.asian_support]}",
            f"version:{__version__}",
        ]
    )


def sacrebleu_equivalent(options: TerOptions, nrefs: int | str = 1) -> SacrebleuEquivalent:
    """sacreBLEU 2.6's TER signature and ``sacrebleu -m ter`` flags (every option has one)."""
    flags = ["-m", "ter"]
    for name, flag in (
        ("case_sensitive", "--ter-case-sensitive"),
        ("asian_support", "--ter-asian-support"),
        ("no_punct", "--ter-no-punct"),
        ("normalized", "--ter-normalized"),
    ):
        if getattr(options, name):
            flags.append(flag)
    return SacrebleuEquivalent(with_sacrebleu_version(signature(options, nrefs)), tuple(flags))


def ter_value(edits: float, ref_length: float) -> float:
    """TER (0-100) of summed statistics, as sacreBLEU."""
    if ref_length > 0:
        return 100 * (edits / ref_length)
    return 100.0 if edits > 0 else 0.0


def row_scores(rows: FloatArray, options: TerOptions | None = None, float32: bool = False) -> FloatArray:
    """TER of each row [edits, reference length] (no option changes it); ``float32`` as sacreBLEU's bootstrap."""
    dtype = np.float32 if float32 else np.float64
    edits: npt.NDArray[Any] = rows[:, 0].astype(dtype)
    length: npt.NDArray[Any] = rows[:, 1].astype(dtype)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(length > 0, edits / length, np.where(edits > 0, dtype(1.0), dtype(0.0)))
    return cast(FloatArray, 100 * ratio.astype(dtype))  # float32 in float32 mode, as sacreBLEU's bootstrap


@dataclass(frozen=True)
class TERScore:
    """A TER result (0-100, lower is better) with its summed edits and reference length."""

    score: float
    num_edits: int
    ref_length: float
    options: TerOptions
    signature: str

    @property
    def name(self) -> str:
        """``TER``."""
        return "TER"

    def format(self, width: int = 2) -> str:
        """sacreBLEU's text: ``TER = 27.54``."""
        return f"TER = {self.score:.{width}f}"

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: name, score, signature and the statistics ([edits, reference length], sacreBLEU's layout)."""
        return {
            "name": self.name,
            "score": self.score,
            "signature": self.signature,
            "num_edits": self.num_edits,
            "ref_length": self.ref_length,
            "statistics": [self.num_edits, self.ref_length],
        }


def _score(edits: float, length: float, options: TerOptions, nrefs: int | str) -> TERScore:
    return TERScore(ter_value(edits, length), int(edits), float(length), options, signature(options, nrefs))


def score_statistics(stats: TerStatistics, options: TerOptions, nrefs: int | str = 1) -> TERScore:
    """Corpus TER: summed edits over summed average reference lengths."""
    edits, length = stats.total().rows[0].tolist()
    return _score(edits, length, options, nrefs)


def sentence_scores(stats: TerStatistics, options: TerOptions, nrefs: int | str = 1) -> list[TERScore]:
    """One TER per segment (sacreBLEU's ``sentence_score``)."""
    return [_score(e, n, options, nrefs) for e, n in stats.rows.tolist()]
