"""A corpus's TER edits by type (Snover et al. 2006): insertions, deletions, substitutions and shifts of
every segment's best alignment, summed, against the summed average reference length. Their total over
that length is corpus TER, as sacreBLEU 2.6 computes it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .explanation import explain_ter
from .options import TerOptions
from .score import ter_value


@dataclass(frozen=True)
class TerEditCounts:
    """Summed edits by type and the summed average reference length (``ref_length``)."""

    insertions: int
    deletions: int
    substitutions: int
    shifts: int
    ref_length: float

    @property
    def edits(self) -> int:
        return self.insertions + self.deletions + self.substitutions + self.shifts

    @property
    def score(self) -> float:
        """Corpus TER (0-100): edits per reference word."""
        return ter_value(self.edits, self.ref_length)


def ter_edit_counts(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: TerOptions | None = None
) -> TerEditCounts:
    """The edits of every line (``references[j][i]``: reference j of line i) by type, summed."""
    if any(len(stream) != len(hypotheses) for stream in references):
        raise ValueError("every reference stream needs as many lines as the hypotheses")
    counts = {"ins": 0, "del": 0, "sub": 0}
    shifts, ref_length = 0, 0.0
    for i, hypothesis in enumerate(hypotheses):
        explained = explain_ter(hypothesis, [stream[i] for stream in references], options)
        for op in counts:
            counts[op] += explained.count(op)  # type: ignore[arg-type]
        shifts += len(explained.moves)
        ref_length += explained.score.ref_length
    return TerEditCounts(counts["ins"], counts["del"], counts["sub"], shifts, ref_length)
