"""Vectorized sufficient statistics: the arrays of ``stats.statistics_from_tokens``, many times faster.

Segments are processed in blocks of about ``BLOCK_TOKENS`` tokens (hypotheses and references
together), small enough for the arrays to stay in the CPU cache. In each block:

1. every token gets an integer id (one ``defaultdict`` pass in C over the block's tokens); when the
   ids are too wide for the keys below, they are compacted to ids per segment (one packed sort);
2. for each order n, every n-gram becomes one int64 key ``(gram, segment, side)`` where ``gram``
   packs the n token ids (side 0 is the hypothesis, side j reference j); if the packed gram would
   not fit in 63 bits, the (n-1)-gram prefixes are first replaced by their ranks (``np.unique``),
   so any order and any vocabulary stay exact;
3. one ``np.sort`` per order puts equal n-grams of a segment next to each other, hypothesis first;
   run lengths are the counts, the clip is min(hypothesis count, max over references), and one
   ``np.bincount`` sums the clips per segment.

Totals (``max(0, c - n + 1)``) and reference lengths are computed directly from the lengths.
The result is identical, array for array, to the reference loop (tests/test_fast_stats.py).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from itertools import chain, count

import numpy as np
import numpy.typing as npt

from .options import BleuOptions
from .stats import FloatArray, IntArray, Statistics, statistics_from_tokens

__all__ = [
    "BLOCK_TOKENS",
    "SMALL_INPUT_TOKENS",
    "compute_statistics",
    "fast_statistics",
    "reference_lengths",
    "systems_statistics",
]

#: Below this many tokens in all, the loop of ``stats.statistics_from_tokens`` is the faster path.
SMALL_INPUT_TOKENS = 64
#: Tokens (hypotheses and references together) per block; a longer segment is a block of its own.
BLOCK_TOKENS = 1 << 15
_KEY_BITS = 63


def _bits(largest: int) -> int:
    """Bits needed to hold the values 0..largest (at least 1)."""
    return max(1, int(largest).bit_length())


def _run_starts(sorted_keys: IntArray) -> npt.NDArray[np.bool_]:
    """True where a run of equal values starts in a sorted array."""
    new = np.empty(sorted_keys.size, dtype=bool)
    new[:1] = True
    np.not_equal(sorted_keys[1:], sorted_keys[:-1], out=new[1:])
    return new


def reference_lengths(hyp_len: IntArray, ref_lens: IntArray, nrefs: IntArray, rule: str) -> FloatArray:
    """r per segment from the flat reference lengths (``nrefs[i]`` of them for segment i), by ``rule``.

    ``closest`` is the length nearest to c, ties to the shorter (as ``lengths.reference_length``).
    """
    segments = hyp_len.shape[0]
    if rule == "average":
        sums = np.add.reduceat(ref_lens, np.cumsum(nrefs) - nrefs) if segments else np.zeros(0, np.int64)
        return sums.astype(np.float64) / nrefs
    width = int(nrefs.max()) if segments else 1
    big = np.iinfo(np.int64).max
    if rule == "shortest":
        table = np.full((segments, width), big, dtype=np.int64)
        table[_ragged_mask(nrefs, width)] = ref_lens
        shortest: FloatArray = table.min(axis=1).astype(np.float64)
        return shortest
    if rule == "closest":
        # Order by (|r - c|, r): both fit in 31 bits for any realistic length.
        key = np.abs(ref_lens - np.repeat(hyp_len, nrefs)) << 32 | ref_lens
        table = np.full((segments, width), big, dtype=np.int64)
        table[_ragged_mask(nrefs, width)] = key
        closest: FloatArray = (table.min(axis=1) & 0xFFFFFFFF).astype(np.float64)
        return closest
    raise ValueError(f"unknown reference-length rule {rule!r}; choose closest, shortest or average")


def _ragged_mask(nrefs: IntArray, width: int) -> npt.NDArray[np.bool_]:
    return np.arange(width)[None, :] < nrefs[:, None]


def compute_statistics(
    hyp_tokens: Sequence[Sequence[str]],
    refs_per_segment: Sequence[Sequence[Sequence[str]]],
    max_order: int,
    ref_length: str = "closest",
) -> Statistics:
    """The statistics by the faster path for the input's size (both paths give identical arrays)."""
    tokens = sum(map(len, hyp_tokens[:SMALL_INPUT_TOKENS]))
    for refs in refs_per_segment[:SMALL_INPUT_TOKENS]:
        tokens += sum(map(len, refs))
    if len(hyp_tokens) <= SMALL_INPUT_TOKENS and tokens < SMALL_INPUT_TOKENS:
        return statistics_from_tokens(hyp_tokens, refs_per_segment, max_order, ref_length)
    return fast_statistics(hyp_tokens, refs_per_segment, max_order, ref_length)


def systems_statistics(
    systems: Sequence[Sequence[str]], references: Sequence[Sequence[str]], options: BleuOptions
) -> list[Statistics]:
    """``bleu.corpus_statistics`` of several systems against the same reference streams, with the
    references tokenized once (paired tests compare a baseline with one or more systems)."""
    from .bleu import check_streams
    from .tokenizers import tokenize_lines

    for hypotheses in systems:
        check_streams(hypotheses, references)
    tokenized = [tokenize_lines(stream, options.tokenize, options.lowercase) for stream in references]
    ref_tokens = list(zip(*tokenized))
    return [
        compute_statistics(
            tokenize_lines(hypotheses, options.tokenize, options.lowercase), ref_tokens, options.stats_order,
            options.ref_length,
        )
        for hypotheses in systems
    ]


def fast_statistics(
    hyp_tokens: Sequence[Sequence[str]],
    refs_per_segment: Sequence[Sequence[Sequence[str]]],
    max_order: int,
    ref_length: str = "closest",
) -> Statistics:
    """Statistics of tokenized segments, identical to ``statistics_from_tokens``; ``refs_per_segment[i]``
    holds the references of segment i (at least one each)."""
    if len(hyp_tokens) != len(refs_per_segment):
        raise ValueError(f"{len(hyp_tokens)} hypotheses but {len(refs_per_segment)} sets of references")
    if max_order < 1:
        raise ValueError(f"max n-gram order must be at least 1, got {max_order}")
    segments = len(hyp_tokens)
    hyp_len = np.fromiter(map(len, hyp_tokens), dtype=np.int64, count=segments)
    nrefs = np.fromiter(map(len, refs_per_segment), dtype=np.int64, count=segments)
    if segments and int(nrefs.min()) == 0:
        raise ValueError(f"a segment needs at least 1 reference, got 0 (segment {int(np.argmin(nrefs)) + 1})")
    ref_lens = np.fromiter(
        map(len, chain.from_iterable(refs_per_segment)), dtype=np.int64, count=int(nrefs.sum())
    )
    ref_len = reference_lengths(hyp_len, ref_lens, nrefs, ref_length)
    totals = np.maximum(hyp_len[:, None] - np.arange(max_order, dtype=np.int64)[None, :], 0)
    matches = np.zeros((segments, max_order), dtype=np.int64)

    seg_tokens = hyp_len.copy()
    if segments:
        seg_tokens += np.add.reduceat(ref_lens, np.cumsum(nrefs) - nrefs)
    ends = np.cumsum(seg_tokens)
    start = 0
    while start < segments:
        done = int(ends[start - 1]) if start else 0
        stop = max(start + 1, int(np.searchsorted(ends, done + BLOCK_TOKENS, side="right")))
        if ends[stop - 1] > done and totals[start:stop, 0].any():
            _block_matches(hyp_tokens[start:stop], refs_per_segment[start:stop], max_order, matches[start:stop])
        start = stop
    return Statistics(hyp_len, ref_len, matches, totals)


def _block_matches(
    hyps: Sequence[Sequence[str]], refs: Sequence[Sequence[Sequence[str]]], max_order: int, out: IntArray
) -> None:
    """Add the clipped matches of a block of segments to ``out`` (segments x orders)."""
    segments = len(hyps)
    ref_seqs = list(chain.from_iterable(refs))
    nrefs = np.fromiter(map(len, refs), dtype=np.int64, count=segments)
    seq_len = np.fromiter(map(len, chain(hyps, ref_seqs)), dtype=np.int64, count=segments + len(ref_seqs))
    size = int(seq_len.sum())
    seg_ids = np.arange(segments, dtype=np.int64)
    first_ref = np.cumsum(nrefs) - nrefs
    ref_side = np.arange(len(ref_seqs), dtype=np.int64) - np.repeat(first_ref, nrefs) + 1
    side_bits = _bits(int(nrefs.max()))
    seg_bits = _bits(segments - 1)
    low_bits = seg_bits + side_bits
    seq_key = np.concatenate([seg_ids << side_bits, (np.repeat(seg_ids, nrefs) << side_bits) | ref_side])
    segside = np.repeat(seq_key, seq_len)
    remaining = np.repeat(np.cumsum(seq_len), seq_len) - np.arange(size, dtype=np.int64)

    vocab: defaultdict[str, int] = defaultdict(count().__next__)
    tokens = chain(chain.from_iterable(hyps), chain.from_iterable(ref_seqs))
    ids = np.fromiter(map(vocab.__getitem__, tokens), dtype=np.int64, count=size)
    id_bits = _bits(len(vocab) - 1)
    if max_order * id_bits + low_bits > _KEY_BITS:
        ids = _ids_per_segment(ids, segside >> side_bits, id_bits, seg_bits)
        id_bits = _bits(int(ids.max()))

    gram, gram_bits = ids, id_bits
    for n in range(1, max_order + 1):
        length = size - n + 1
        if length <= 0:
            break
        if n > 1:
            if gram_bits + id_bits + low_bits > _KEY_BITS:
                gram, gram_bits = _prefix_ranks(gram, segside[: length + 1] >> side_bits, seg_bits, remaining, n - 1)
            gram = (gram[:-1] << id_bits) | ids[n - 1 :]
            gram_bits += id_bits
        keys = ((gram << low_bits) | segside[:length])[remaining[:length] >= n]
        if keys.size == 0:
            break
        keys.sort()
        _add_clips(keys, side_bits, seg_bits, int(nrefs.max()) == 1, out[:, n - 1])


def _ids_per_segment(ids: IntArray, seg: IntArray, id_bits: int, seg_bits: int) -> IntArray:
    """Replace token ids by small ids that are unique within each segment (rank of the id there)."""
    size = ids.size
    pos_bits = _bits(size - 1)
    pair = (seg << id_bits) | ids
    if seg_bits + id_bits + pos_bits <= _KEY_BITS:
        packed = np.sort((pair << pos_bits) | np.arange(size, dtype=np.int64))
        order = packed & ((1 << pos_bits) - 1)
        pair_sorted = packed >> pos_bits
    else:  # pragma: no cover - needs blocks of more than 2**20 tokens with 2**20 types
        order = np.argsort(pair, kind="stable")
        pair_sorted = pair[order]
    rank = np.cumsum(_run_starts(pair_sorted)) - 1
    seg_first = np.maximum.accumulate(np.where(_run_starts(pair_sorted >> id_bits), rank, 0))
    local = np.empty(size, dtype=np.int64)
    local[order] = rank - seg_first
    return local


def _prefix_ranks(
    gram: IntArray, seg: IntArray, seg_bits: int, remaining: IntArray, order: int
) -> tuple[IntArray, int]:
    """Replace the packed (order)-grams by their rank among the distinct (segment, gram) pairs."""
    valid = remaining[: gram.size] >= order
    keys = (gram << seg_bits) | seg
    ranks = np.zeros(gram.size, dtype=np.int64)
    if valid.any():
        unique, inverse = np.unique(keys[valid], return_inverse=True)
        ranks[valid] = inverse
        return ranks, _bits(unique.size - 1)
    return ranks, 1


def _add_clips(keys: IntArray, side_bits: int, seg_bits: int, one_ref: bool, out: IntArray) -> None:
    """Add sum of min(hypothesis count, max reference count) per segment, from sorted keys."""
    starts = np.flatnonzero(_run_starts(keys))
    counts = np.diff(starts, append=keys.size)
    runs = keys[starts]
    side = runs & ((1 << side_bits) - 1)
    group = runs >> side_bits  # (gram, segment): the hypothesis run, if any, comes first
    if one_ref:
        hyp = np.flatnonzero(side[:-1] == 0)
        hyp = hyp[group[hyp + 1] == group[hyp]]
        clips = np.minimum(counts[hyp], counts[hyp + 1])
        seg = group[hyp] & ((1 << seg_bits) - 1)
    else:
        firsts = np.flatnonzero(_run_starts(group))
        max_ref = np.maximum.reduceat(np.where(side == 0, 0, counts), firsts)
        hyp_count = np.where(side[firsts] == 0, counts[firsts], 0)
        clips = np.minimum(hyp_count, max_ref)
        seg = group[firsts] & ((1 << seg_bits) - 1)
    if clips.size:
        out += np.bincount(seg, weights=clips, minlength=out.size).astype(np.int64)
