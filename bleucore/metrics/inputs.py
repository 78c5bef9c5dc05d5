"""How hypotheses and references are laid out (sacreBLEU's: ``references[j][i]`` is reference j of segment i):
the check every metric's scoring path runs first, and the signature's ``nrefs``. Light (no numpy)."""

from __future__ import annotations

from collections.abc import Sequence

from ..limits import check_texts

__all__ = ["check_streams", "reference_count"]


def check_streams(hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> None:
    """Raise ValueError unless every reference stream has one line per hypothesis, within ``bleucore.limits``."""
    if isinstance(hypotheses, str):
        raise ValueError("hypotheses must be a sequence of strings, got one string")
    if len(references) == 0:
        raise ValueError("scoring needs at least 1 reference stream, got 0")
    for j, stream in enumerate(references, start=1):
        if isinstance(stream, str):
            raise ValueError(f"reference stream {j} must be a sequence of lines, got one string")
        if len(stream) != len(hypotheses):
            raise ValueError(f"{len(hypotheses)} hypotheses but {len(stream)} lines in reference {j}")
    check_texts(hypotheses, references)


def reference_count(references: Sequence[Sequence[str | None]]) -> int | str:
    """sacreBLEU's ``nrefs`` of the signature: the references per segment, ``"var"`` if it varies."""
    counts = {sum(line is not None for line in segment) for segment in zip(*references)}
    return counts.pop() if len(counts) == 1 else ("var" if counts else len(references))
