"""Bucket boundaries and names as compare-mt 0.2.10 sets them (``compare_mt/bucketers.py``,
``Bucketer.set_bucket_cutoffs`` and ``cutoff_into_bucket``; Neubig et al. 2019)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["FREQUENCY_CUTOFFS", "LENGTH_CUTOFFS", "bucket_index", "bucket_names"]

#: compare-mt's ``LengthSentenceBucketer``: reference length in words.
LENGTH_CUTOFFS: tuple[int, ...] = (10, 20, 30, 40, 50, 60)
#: compare-mt's ``FreqWordBucketer``: a word's count in the references (or a training corpus).
FREQUENCY_CUTOFFS: tuple[int, ...] = (1, 2, 3, 4, 5, 10, 100, 1000)


def bucket_names(cutoffs: Sequence[int]) -> tuple[str, ...]:
    """compare-mt's names: ``<c0``, then ``c`` for a one-value bucket or ``[a,b)``, then ``>=last``."""
    if not cutoffs or any(b <= a for a, b in itertools.pairwise(cutoffs)):
        raise ValueError(f"bucket cutoffs must be increasing and not empty, got {list(cutoffs)}")
    names = [f"<{cutoffs[0]}"]
    for low, high in itertools.pairwise(cutoffs):
        names.append(f"{low}" if high - 1 == low else f"[{low},{high})")
    names.append(f">={cutoffs[-1]}")
    return tuple(names)


def bucket_index(values: npt.ArrayLike, cutoffs: Sequence[int]) -> npt.NDArray[np.intp]:
    """The bucket of each value: the first cutoff it is below (len(cutoffs) when none), as compare-mt."""
    return np.searchsorted(np.asarray(cutoffs), np.asarray(values), side="right")
