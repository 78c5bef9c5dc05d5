"""TER's greedy shift search, as sacreBLEU 2.6's ``lib_ter.translation_edit_rate`` (after Tercom).

Repeatedly, among the hypothesis spans (at most 10 words, at most 50 positions from their match)
that equal a reference span where both are misaligned, apply the shift that lowers the edit
distance most (ties: longer, earlier, earlier target), until none helps or 1,000 candidates have
been tried (the shift found in the round that reaches the limit is not applied, as sacreBLEU).
TER's edits are the shifts plus the edit distance of the shifted hypothesis.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate

from .edit_distance import EditDistance

__all__ = [
    "MAX_SHIFT_CANDIDATES",
    "MAX_SHIFT_DIST",
    "MAX_SHIFT_SIZE",
    "Shift",
    "TerAlignment",
    "align",
    "edits",
    "perform_shift",
]

MAX_SHIFT_SIZE = 10
MAX_SHIFT_DIST = 50
MAX_SHIFT_CANDIDATES = 1000


@dataclass(frozen=True)
class Shift:
    """``length`` words at ``start`` of the hypothesis (as it was before this shift) moved so that
    they begin before its word ``target`` (a position of the same, unshifted hypothesis)."""

    start: int
    length: int
    target: int


@dataclass(frozen=True)
class TerAlignment:
    """The shifts applied in order, the shifted hypothesis as positions of the original one
    (``order[k]`` is the original index of the k-th word after all shifts), and sacreBLEU's trace
    of the shifted hypothesis against the reference, flipped as TER reads it: " " a kept word,
    "s" a substitution, "i" a hypothesis word the reference lacks (an insertion), "d" a reference
    word the hypothesis lacks (a deletion). ``edits`` = len(shifts) + the trace's non-blank ops."""

    shifts: tuple[Shift, ...]
    order: tuple[int, ...]
    trace: str
    edits: int
    ref_length: int


def _alignment(trace: str) -> tuple[dict[int, int], list[int], list[int]]:
    """sacreBLEU's ``trace_to_alignment`` of a flipped trace: reference position -> hypothesis
    position, and the error flags of reference and hypothesis words."""
    pos_hyp = pos_ref = -1
    hyp_err: list[int] = []
    ref_err: list[int] = []
    aligned: dict[int, int] = {}
    for op in trace:
        if op == " " or op == "s":
            pos_hyp += 1
            pos_ref += 1
            aligned[pos_ref] = pos_hyp
            error = int(op == "s")
            hyp_err.append(error)
            ref_err.append(error)
        elif op == "i":
            pos_hyp += 1
            hyp_err.append(1)
        else:
            pos_ref += 1
            aligned[pos_ref] = pos_hyp
            ref_err.append(1)
    return aligned, ref_err, hyp_err


def _flip(trace: str) -> str:
    return trace.translate(str.maketrans("id", "di"))


def perform_shift(words: list[int], start: int, length: int, target: int) -> list[int]:
    if target < start:
        return words[:target] + words[start : start + length] + words[target:start] + words[start + length :]
    if target > start + length:
        return words[:start] + words[start + length : target] + words[start : start + length] + words[target:]
    return (
        words[:start]
        + words[start + length : length + target]
        + words[start : start + length]
        + words[length + target :]
    )


def _shifted_pairs(
    hyp: list[int], ref: list[int], positions: dict[int, list[int]], longest: int = MAX_SHIFT_SIZE
) -> Iterator[tuple[int, int, int]]:
    """(start_h, start_r, length) of equal spans of at most ``longest`` words, in sacreBLEU's order
    (``_find_shifted_pairs``)."""
    n_hyp, n_ref = len(hyp), len(ref)
    for start_h in range(n_hyp):
        for start_r in positions.get(hyp[start_h], ()):
            if abs(start_r - start_h) > MAX_SHIFT_DIST:
                continue
            length = 0
            while hyp[start_h + length] == ref[start_r + length] and length < longest:
                length += 1
                yield start_h, start_r, length
                if n_hyp == start_h + length or n_ref == start_r + length:
                    break


class _Search:
    """One hypothesis against one reference: the distance engines and the candidate budget."""

    def __init__(self, hyp: Sequence[int], ref: Sequence[int], longest: int = MAX_SHIFT_SIZE) -> None:
        self.ref = list(ref)
        self.longest = longest
        self.engine = EditDistance(self.ref, len(hyp))
        self.positions: dict[int, list[int]] = {}
        for k, word in enumerate(self.ref):
            self.positions.setdefault(word, []).append(k)
        self.checked = 0

    def best_shift(self, words: list[int]) -> tuple[int, Shift | None, list[int]]:
        """sacreBLEU's ``_shift``: (gain, shift, shifted words) of the best candidate (gain 0: none)."""
        engine = self.engine
        engine.keep(words)
        pre_score, inverse = engine.trace()
        aligned, ref_err, hyp_err = _alignment(_flip(inverse))
        hyp_errors, ref_errors = list(accumulate(hyp_err, initial=0)), list(accumulate(ref_err, initial=0))
        candidates: list[tuple[tuple[int, int, int], list[int], int]] = []  # (length, -start, -target), words, start
        for start_h, start_r, length in _shifted_pairs(words, self.ref, self.positions, self.longest):
            # a span without an error on either side is not moved (sacreBLEU's any() of each span, as prefix sums)
            if (
                hyp_errors[start_h + length] == hyp_errors[start_h]
                or ref_errors[start_r + length] == ref_errors[start_r]
            ):
                continue
            if start_h <= aligned[start_r] < start_h + length:
                continue
            prev_idx = -1
            for offset in range(-1, length):
                if start_r + offset == -1:
                    idx = 0
                elif start_r + offset in aligned:
                    idx = aligned[start_r + offset] + 1
                else:
                    break
                if idx == prev_idx:
                    continue
                prev_idx = idx
                shifted = perform_shift(words, start_h, length, idx)
                candidates.append(((length, -start_h, -idx), shifted, min(start_h, idx)))
                self.checked += 1
            if self.checked >= MAX_SHIFT_CANDIDATES:
                break
        if not candidates:
            return 0, None, words
        # Every candidate's distance at once (the beam's rows of many together), then sacreBLEU's choice in its order.
        distances = engine.distances([(shifted, start) for _key, shifted, start in candidates])
        keys = [(pre_score - distance, *candidate[0]) for candidate, distance in zip(candidates, distances)]
        chosen = max(range(len(keys)), key=keys.__getitem__)  # the first of equal keys, as sacreBLEU's strict >
        best, best_words = keys[chosen], candidates[chosen][1]
        return best[0], Shift(-best[2], best[1], -best[3]), best_words


def _search(
    hyp: Sequence[int], ref: Sequence[int], longest: int = MAX_SHIFT_SIZE
) -> tuple[list[int], list[Shift], list[int], _Search]:
    search = _Search(hyp, ref, longest)
    words = list(hyp)
    order = list(range(len(words)))
    shifts: list[Shift] = []
    while True:
        gain, shift, shifted = search.best_shift(words)
        if search.checked >= MAX_SHIFT_CANDIDATES or gain <= 0 or shift is None:
            break
        shifts.append(shift)
        order = perform_shift(order, shift.start, shift.length, shift.target)
        words = shifted
    return words, shifts, order, search


def edits(hyp: Sequence[int], ref: Sequence[int], longest: int = MAX_SHIFT_SIZE) -> int:
    """TER's number of edits of ``hyp`` against ``ref`` (word ids): shifts + edit distance. ``longest``: the most
    words a shift moves (Tercom's and sacreBLEU's 10; torchmetrics' ``range(1, 10)`` stops at 9)."""
    if not ref:
        return len(hyp)
    words, shifts, _, search = _search(hyp, ref, longest)
    if search.engine.words != words:
        search.engine.keep(words)
    return len(shifts) + search.engine.trace()[0]


def align(hyp: Sequence[int], ref: Sequence[int]) -> TerAlignment:
    """The full alignment behind ``edits``: shifts, the shifted order and the final trace."""
    if not ref:
        return TerAlignment((), tuple(range(len(hyp))), "i" * len(hyp), len(hyp), 0)
    words, shifts, order, search = _search(hyp, ref)
    search.engine.keep(words)
    distance, inverse = search.engine.trace()
    return TerAlignment(tuple(shifts), tuple(order), _flip(inverse), len(shifts) + distance, len(ref))
