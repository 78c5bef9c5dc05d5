"""How hypotheses and references are laid out (sacreBLEU's: ``references[j][i]`` is reference j of segment i):
the check every metric's scoring path runs first, and the signature's ``nrefs``. Light (no numpy)."""

from __future__ import annotations

from collections.abc import Sequence

from ..reading.checks import check_texts

__all__ = ["CHUNK_CHARS", "check_streams", "chunk_bounds", "reference_count", "reference_mask"]

#: Characters scored at once by the API's corpus scores (their chunks' statistics are summed, as the command line's):
#: chrF held 1 GB of n-grams for 200,000 lines scored at once.
CHUNK_CHARS = 1 << 21


def check_streams(hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> list[list[int]]:
    """Raise ValueError unless every reference stream has one line per hypothesis, within ``bleucore.limits``;
    returns each stream's line lengths (hypotheses first, ``chunk_bounds`` reads them)."""
    if isinstance(hypotheses, str):
        raise ValueError("hypotheses must be a sequence of strings, got one string")
    if len(references) == 0:
        raise ValueError("scoring needs at least 1 reference stream, got 0")
    for j, stream in enumerate(references, start=1):
        if isinstance(stream, str):
            raise ValueError(f"reference stream {j} must be a sequence of lines, got one string")
        if len(stream) != len(hypotheses):
            raise ValueError(f"{len(hypotheses)} hypotheses but {len(stream)} lines in reference {j}")
    return check_texts(hypotheses, references)


def chunk_bounds(lengths: Sequence[Sequence[int]], chars: int | None = None) -> list[tuple[int, int]]:
    """[start, end) ranges of segments holding about ``chars`` (default CHUNK_CHARS, read when called) characters of
    hypothesis and references each (at least one segment each; one range for a test set); ``lengths``: each stream's
    line lengths (``check_streams``)."""
    chars = CHUNK_CHARS if chars is None else chars
    streams = len(lengths)  # each line counts its length + 1
    sizes = [total + streams for total in map(sum, zip(*lengths))]
    bounds: list[tuple[int, int]] = []
    start = size = 0
    for i, n in enumerate(sizes):
        size += n
        if size >= chars:
            bounds.append((start, i + 1))
            start, size = i + 1, 0
    if start < len(sizes) or not bounds:
        bounds.append((start, len(sizes)))
    return bounds


def reference_count(references: Sequence[Sequence[str | None]]) -> int | str:
    """sacreBLEU's ``nrefs`` of the signature: the number of streams, or where some lines are ``None`` the references
    per segment (``"var"`` if it varies)."""
    if not any(None in stream for stream in references):
        return len(references)
    counts = {sum(line is not None for line in segment) for segment in zip(*references)}
    return counts.pop() if len(counts) == 1 else ("var" if counts else len(references))


def reference_mask(references: Sequence[Sequence[str | None]]) -> list[list[bool]] | None:
    """Which reference lines are given (``references[j][i] is not None``), or None when all are; ValueError naming
    the first segment left without any (sacreBLEU 2.6 fails there with an IndexError or a ZeroDivisionError)."""
    if not any(None in stream for stream in references):
        return None
    present = [[line is not None for line in stream] for stream in references]
    for i, given in enumerate(zip(*present)):
        if not any(given):
            raise ValueError(f"segment {i + 1} has no reference: every reference line of it is None")
    return present
