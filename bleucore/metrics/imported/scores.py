"""An imported metric's data: one system's segment scores (``SegmentScores``) with, when the file had them, each
segment's error spans (xCOMET's ``ErrorSpan``); its statistics (``ImportedStatistics``: a row ``(value, 1)`` per
segment, so that the column sums' ratio is the mean of the values) and its score object (``ImportedScore``)."""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ... import limits
from ...reading.scores import check_score
from ..row_statistics import RowStatistics

__all__ = ["ErrorSpan", "FloatArray", "ImportedScore", "ImportedStatistics", "SegmentScores", "as_segment_scores"]

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class ErrorSpan:
    """One error span xCOMET found in a translation, as COMET's ``--to_json`` writes it: the span's ``text``, the
    model's ``confidence`` (0-1), its ``severity`` (``minor``, ``major``, ``critical``) and its character offsets
    ``start`` and ``end`` in the translation."""

    text: str
    confidence: float
    severity: str
    start: int
    end: int

    def to_dict(self) -> dict[str, Any]:
        """COMET's JSON object of the span (its keys, in its order)."""
        return {
            "text": self.text,
            "confidence": self.confidence,
            "severity": self.severity,
            "start": self.start,
            "end": self.end,
        }


@dataclass(frozen=True, eq=False)
class SegmentScores:
    """One system's score of each segment (``values``, finite floats), and ``errors``: each segment's error spans
    when the file had them (xCOMET), else None; ``source`` names where they were read (a file, and the system's
    path inside it), for messages."""

    values: FloatArray
    errors: tuple[tuple[ErrorSpan, ...], ...] | None = None
    source: str = ""

    def __post_init__(self) -> None:
        if self.values.ndim != 1 or self.values.dtype != np.float64:
            raise ValueError("segment scores must be a one-dimensional float64 array")
        if self.errors is not None and len(self.errors) != self.values.size:
            raise ValueError(f"{len(self.errors)} segments of error spans for {self.values.size} scores")
        outside = ~(np.abs(self.values) <= limits.MAX_SCORE_MAGNITUDE)  # also NaN: the readers' check, made again
        if outside.any():  # for scores built directly
            index = int(np.argmax(outside))
            check_score(float(self.values[index]), self.source or "the scores", segment=index)

    @property
    def segments(self) -> int:
        return int(self.values.size)

    def same_as(self, other: SegmentScores) -> bool:
        """True when both hold the same values and the same error spans (wherever they were read)."""
        return bool(np.array_equal(self.values, other.values)) and self.errors == other.errors


def _as_float(value: object) -> float | None:
    """A real number as a float (an integer past a float's range: infinity); None for anything else."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return None
    try:
        return float(value)
    except OverflowError:
        return math.inf


def _shown(value: object) -> str:
    try:
        text = repr(value)
    except ValueError:  # an integer past Python's 4,300 digits of conversion
        return "an integer of more than 4,300 digits"
    return text if len(text) <= 40 else text[:37] + "..."


def as_segment_scores(scores: SegmentScores | Sequence[float] | FloatArray, system: str) -> SegmentScores:
    """``scores`` as ``SegmentScores``: a sequence of numbers (or a numeric array) is checked, one finite number per
    segment within ``limits.MAX_SCORE_MAGNITUDE`` (ValueError naming ``system`` and the first segment that is not;
    ``bleucore.reading.scores.check_score``, every score file's check)."""
    if isinstance(scores, SegmentScores):
        return scores
    if isinstance(scores, np.ndarray):
        if scores.ndim != 1 or scores.dtype.kind not in "iuf":
            raise ValueError(f"the scores of system {system} must be a one-dimensional array of numbers")
        items: Sequence[Any] = scores.tolist()
    elif isinstance(scores, (str, bytes)) or not isinstance(scores, Sequence):
        raise ValueError(f"the scores of system {system} must be a sequence of numbers, got {type(scores).__name__}")
    else:
        items = scores
    checked = []
    for index, value in enumerate(items):
        number = _as_float(value)
        if number is None or not math.isfinite(number):
            raise ValueError(f"score {index + 1} of system {system} is {_shown(value)}, not a finite number")
        checked.append(check_score(number, f"score {index + 1} of system {system}"))
    return SegmentScores(np.asarray(checked, dtype=np.float64).reshape(-1), None, f"system {system}")


class ImportedStatistics(RowStatistics):
    """``rows``: (S, 2) floats, per segment [value, 1]: the sums' ratio is the mean of the values, additive as every
    metric's statistics are, so buckets and bootstrap resamples take the mean of the segments they hold."""

    @classmethod
    def of(cls, values: FloatArray) -> ImportedStatistics:
        return cls(np.column_stack([values, np.ones_like(values)]))


@dataclass(frozen=True)
class ImportedScore:
    """An imported metric's value: the mean of the segment scores (one segment's score, for a sentence)."""

    score: float
    name: str
    signature: str
    segments: int

    def format(self, width: int = 2) -> str:
        """``COMET = 0.8412`` (sacreBLEU's text shape)."""
        return f"{self.name} = {self.score:.{width}f}"

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: name, score, signature and the number of segments averaged."""
        return {"name": self.name, "score": self.score, "signature": self.signature, "segments": self.segments}
