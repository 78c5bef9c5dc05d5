"""Why a sentence gets its TER: the alignment of its words with the closest reference.

Each step of the alignment is a hypothesis word kept, substituted or inserted (a word the
reference lacks), or a reference word deleted (missing from the hypothesis); words moved by a
shift are marked ``shifted``, and the shifts list what moved where. TER = (shifts +
substitutions + insertions + deletions) / average reference length.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .normalize import tercom_tokenize
from .options import TerOptions
from .score import TERScore, signature, ter_value
from .shifts import align, perform_shift
from .stats import WordIds, segment_edits

__all__ = ["Move", "Step", "TerExplanation", "explain_ter"]

Op = Literal["keep", "sub", "ins", "del"]
_OPS: dict[str, Op] = {" ": "keep", "s": "sub", "i": "ins", "d": "del"}


@dataclass(frozen=True)
class Step:
    """One step: ``op``; ``hyp`` the hypothesis word (None for a deletion) and ``hyp_index`` its
    position in the tokenized hypothesis before any shift; ``ref`` the reference word (None for an
    insertion); ``shifted`` if a shift moved the word."""

    op: Op
    hyp: str | None
    ref: str | None
    hyp_index: int | None
    shifted: bool


@dataclass(frozen=True)
class Move:
    """One shift, in the order applied: ``words`` moved from position ``start`` of the hypothesis
    (as it was then) to before its word at ``target``; ``hyp_indices`` their original positions."""

    words: tuple[str, ...]
    start: int
    target: int
    hyp_indices: tuple[int, ...]


@dataclass(frozen=True)
class TerExplanation:
    """The sentence TER and its alignment against the chosen reference (``reference_index``: the
    fewest edits, the first on a tie); ``ref_length`` is the average over all references."""

    score: TERScore
    hyp_words: tuple[str, ...]
    ref_words: tuple[str, ...]
    reference_index: int
    steps: tuple[Step, ...]
    moves: tuple[Move, ...]

    def count(self, op: Op) -> int:
        """How many steps are ``op``."""
        return sum(1 for s in self.steps if s.op == op)

    @property
    def counts(self) -> dict[str, int]:
        """Edits by kind: shift, sub, ins, del (and keep, which costs nothing)."""
        return {"shift": len(self.moves), **{op: self.count(op) for op in ("sub", "ins", "del", "keep")}}


def explain_ter(hypothesis: str, references: Sequence[str], options: TerOptions | None = None) -> TerExplanation:
    """The sentence TER of ``hypothesis`` against ``references`` (at least one), explained."""
    options = options or TerOptions()
    if isinstance(references, str) or not references:
        raise ValueError("give a sequence of at least 1 reference")
    ids = WordIds()
    hyp_words = tercom_tokenize(hypothesis, options).split()
    ref_words = [tercom_tokenize(r, options).split() for r in references]
    hyp = ids(" ".join(hyp_words))
    refs = [ids(" ".join(words)) for words in ref_words]
    edits, chosen, ref_len = segment_edits(hyp, refs)
    alignment = align(hyp, refs[chosen])
    moved: set[int] = set()
    moves = []
    order = list(range(len(hyp)))
    for shift in alignment.shifts:
        indices = tuple(order[shift.start : shift.start + shift.length])
        moved.update(indices)
        moves.append(Move(tuple(hyp_words[k] for k in indices), shift.start, shift.target, indices))
        order = perform_shift(order, shift.start, shift.length, shift.target)
    steps = []
    h = r = 0
    ref = ref_words[chosen]
    for op in alignment.trace:
        kind = _OPS[op]
        if kind == "del":
            steps.append(Step(kind, None, ref[r], None, False))
            r += 1
            continue
        k = alignment.order[h]
        word = ref[r] if kind != "ins" else None
        steps.append(Step(kind, hyp_words[k], word, k, k in moved))
        h += 1
        r += kind != "ins"
    score = TERScore(ter_value(edits, ref_len), edits, ref_len, options, signature(options, len(references)))
    return TerExplanation(score, tuple(hyp_words), tuple(ref), chosen, tuple(steps), tuple(moves))
