"""Statistics held as one array with a row per segment (chrF's counts, TER's edits and lengths).

Additive statistics (Post 2018): a corpus score is the score of the column sums, so a chunked stream, a
partition or a bootstrap resample only stacks or sums rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Self

import numpy as np
import numpy.typing as npt

__all__ = ["RowStatistics"]


@dataclass(frozen=True)
class RowStatistics:
    """``rows``: (S, F), one row of F additive numbers per segment, in the metric's layout."""

    rows: npt.NDArray[Any]

    @property
    def segments(self) -> int:
        """S, the number of segments."""
        return int(self.rows.shape[0])

    def total(self) -> Self:
        """One row: the column sums (a corpus score is not a mean of sentence scores)."""
        return type(self)(self.rows.sum(axis=0, keepdims=True))

    def row(self, index: int) -> Self:
        """The statistics of one segment."""
        return type(self)(self.rows[index : index + 1])

    @classmethod
    def concatenate(cls, parts: Sequence[Self]) -> Self:
        """Segments of several chunks, in order."""
        if not parts:
            raise ValueError("cannot concatenate 0 statistics")
        return cls(np.concatenate([p.rows for p in parts]))
