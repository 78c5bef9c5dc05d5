"""The per-n-gram breakdown the app colours: Count, Max_Ref_Count, its source, Count_clip, positions.

Count_clip(g) = min(Count(g), Max_Ref_Count(g)) (Papineni et al. 2002, §2.1.1); the first
Count_clip occurrences of g (left to right) are *matched*, the rest *clipped*; an n-gram absent
from every reference is *unmatched*.

On the reference side, reference j holds Count_j(g) occurrences of g (Max_Ref_Count(g) is the
largest Count_j(g)); its first min(Count_clip(g), Count_j(g)) occurrences (left to right) are
*used*: they are the ones the candidate's matched occurrences pair with in that reference.
Which occurrences pair is a convention (BLEU only counts them); left to right is the simplest.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from .ngrams import Ngram, ngrams

Status = Literal["matched", "clipped", "unmatched"]


@dataclass(frozen=True)
class _NgramEntry:
    """A row about one n-gram (its fields follow ``ngram``)."""

    ngram: Ngram

    @property
    def text(self) -> str:
        """The n-gram as the tokens joined by spaces."""
        return " ".join(self.ngram)


@dataclass(frozen=True)
class NgramRow(_NgramEntry):
    """One distinct candidate n-gram: its counts, which references hold Max_Ref_Count, where it occurs."""

    count: int
    max_ref_count: int
    sources: tuple[int, ...]
    count_clip: int
    positions: tuple[int, ...]


@dataclass(frozen=True)
class Occurrence:
    """One occurrence of an n-gram in the candidate: tokens ``start .. start + n - 1``."""

    start: int
    ngram: Ngram
    status: Status


@dataclass(frozen=True)
class ReferenceNgram(_NgramEntry):
    """One candidate n-gram as one reference holds it: Count_j, where, and how many occurrences are used."""

    count: int
    used: int
    positions: tuple[int, ...]


@dataclass(frozen=True)
class ReferenceOccurrence:
    """One occurrence of a candidate n-gram in a reference: tokens ``start .. start + n - 1``, the
    ``index``-th (from 1) of the reference's ``row.count``; ``used`` when ``index <= row.used``."""

    start: int
    index: int
    row: ReferenceNgram

    @property
    def used(self) -> bool:
        """Whether this occurrence pairs with a matched candidate occurrence."""
        return self.index <= self.row.used


@dataclass(frozen=True)
class ReferenceUsage:
    """How one reference supplies order n's matches: every candidate n-gram it holds (Count_j > 0)."""

    ngrams: tuple[ReferenceNgram, ...]

    @property
    def used(self) -> int:
        """Occurrences of this reference that pair with matched candidate occurrences."""
        return sum(r.used for r in self.ngrams)

    def occurrences(self) -> tuple[ReferenceOccurrence, ...]:
        """Every occurrence of a candidate n-gram in this reference, in reference order."""
        found = [ReferenceOccurrence(start, k, row) for row in self.ngrams for k, start in enumerate(row.positions, 1)]
        return tuple(sorted(found, key=lambda o: o.start))


@dataclass(frozen=True)
class OrderExplanation:
    """Everything about order n: rows, occurrences, which reference tokens were matched, p_n."""

    n: int
    rows: tuple[NgramRow, ...]
    occurrences: tuple[Occurrence, ...]
    reference_matched: tuple[tuple[bool, ...], ...]
    matches: int
    total: int
    unclipped_matches: int
    references: tuple[ReferenceUsage, ...] = ()

    @property
    def precision(self) -> Fraction:
        """Modified precision p_n = sum Count_clip / sum Count as an exact fraction (0/1 when empty)."""
        return Fraction(self.matches, self.total) if self.total else Fraction(0)

    @property
    def unclipped_precision(self) -> Fraction:
        """The tutorial's first precision: candidate n-grams found in any reference / all (no clipping)."""
        return Fraction(self.unclipped_matches, self.total) if self.total else Fraction(0)

    @property
    def clipped(self) -> int:
        """Occurrences that appear in a reference but exceed Max_Ref_Count."""
        return sum(1 for o in self.occurrences if o.status == "clipped")

    def token_status(self, candidate_length: int) -> tuple[Status | None, ...]:
        """Per candidate token, the best status of the n-grams covering it (matched > clipped > unmatched)."""
        rank: dict[Status, int] = {"matched": 2, "clipped": 1, "unmatched": 0}
        best: list[Status | None] = [None] * candidate_length
        for occ in self.occurrences:
            for i in range(occ.start, occ.start + self.n):
                current = best[i]
                if current is None or rank[occ.status] > rank[current]:
                    best[i] = occ.status
        return tuple(best)


def explain_order(candidate: Sequence[str], references: Sequence[Sequence[str]], n: int) -> OrderExplanation:
    """The breakdown of order n for one tokenized candidate and its tokenized references."""
    if not references:
        raise ValueError("a candidate needs at least 1 reference, got 0")
    cand_grams = ngrams(candidate, n)
    ref_grams = [ngrams(ref, n) for ref in references]
    ref_counts = [Counter(grams) for grams in ref_grams]
    positions: dict[Ngram, list[int]] = defaultdict(list)
    for i, gram in enumerate(cand_grams):
        positions[gram].append(i)

    rows: list[NgramRow] = []
    clip_of: dict[Ngram, int] = {}
    for gram, where in positions.items():
        per_ref = [counts.get(gram, 0) for counts in ref_counts]
        max_ref = max(per_ref)
        sources = tuple(j for j, c in enumerate(per_ref) if max_ref and c == max_ref)
        clip = min(len(where), max_ref)
        clip_of[gram] = clip
        rows.append(NgramRow(gram, len(where), max_ref, sources, clip, tuple(where)))

    occurrences: list[Occurrence] = []
    seen: Counter[Ngram] = Counter()
    for i, gram in enumerate(cand_grams):
        seen[gram] += 1
        if clip_of[gram] == 0:  # Max_Ref_Count = 0: in no reference
            status: Status = "unmatched"
        elif seen[gram] <= clip_of[gram]:
            status = "matched"
        else:
            status = "clipped"
        occurrences.append(Occurrence(i, gram, status))

    reference_matched = tuple(_reference_mask(ref, grams, clip_of, n) for ref, grams in zip(references, ref_grams))
    usage = tuple(_reference_usage(grams, clip_of) for grams in ref_grams)
    matches = sum(r.count_clip for r in rows)
    unclipped = sum(r.count for r in rows if r.max_ref_count > 0)
    return OrderExplanation(
        n=n,
        rows=tuple(rows),
        occurrences=tuple(occurrences),
        reference_matched=reference_matched,
        matches=matches,
        total=len(cand_grams),
        unclipped_matches=unclipped,
        references=usage,
    )


def _reference_usage(grams: Sequence[Ngram], clip_of: dict[Ngram, int]) -> ReferenceUsage:
    """Each candidate n-gram held by one reference, in order of first occurrence, with its first
    min(Count_clip, Count_j) occurrences used (the rule of ``_reference_mask``)."""
    where: dict[Ngram, list[int]] = defaultdict(list)
    for i, gram in enumerate(grams):
        if gram in clip_of:
            where[gram].append(i)
    return ReferenceUsage(tuple(ReferenceNgram(g, len(p), min(clip_of[g], len(p)), tuple(p)) for g, p in where.items()))


def _reference_mask(
    reference: Sequence[str], grams: Sequence[Ngram], clip_of: dict[Ngram, int], n: int
) -> tuple[bool, ...]:
    """Tokens of one reference covered by its first min(Count_clip, count in this reference) occurrences of each
    matched n-gram."""
    mask = [False] * len(reference)
    used: Counter[Ngram] = Counter()
    for i, gram in enumerate(grams):
        if used[gram] < clip_of.get(gram, 0):
            used[gram] += 1
            for k in range(i, i + n):
                mask[k] = True
    return tuple(mask)


def explain_orders(
    candidate: Sequence[str], references: Sequence[Sequence[str]], max_order: int
) -> tuple[OrderExplanation, ...]:
    """The breakdown of every order 1..max_order."""
    return tuple(explain_order(candidate, references, n) for n in range(1, max_order + 1))
