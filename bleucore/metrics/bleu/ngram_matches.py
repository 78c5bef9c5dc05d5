"""Clipped n-gram matches of a block of token ids, by sorting packed int64 keys (for ``blocks``).

1. when the token ids are too wide for the keys below, they are compacted to ids per segment
   (one packed sort);
2. for each order n, every n-gram becomes one int64 key ``(gram, segment, side)`` where ``gram``
   packs the n token ids (side 0 is the hypothesis, side j reference j); if the packed gram would
   not fit in 63 bits, the (n-1)-gram prefixes are first replaced by their ranks (``np.unique``),
   so any order and any vocabulary stay exact;
3. one ``np.sort`` per order puts equal n-grams of a segment next to each other, hypothesis first;
   run lengths are the counts, the clip is min(hypothesis count, max over references), and one
   ``np.bincount`` sums the clips per segment.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .stats import IntArray

__all__ = ["KEY_BITS", "Block", "bits", "ngram_matches"]

#: Bits of a packed key (int64, kept non-negative).
KEY_BITS = 63
#: A block for ``ngram_matches``: token ids, how many distinct, then per sequence its key
#: (segment << side_bits | side) and length; side_bits; True if every segment has one reference.
Block = tuple[IntArray, int, IntArray, IntArray, int, bool]


def bits(largest: int) -> int:
    """Bits needed to hold the values 0..largest (at least 1)."""
    return max(1, int(largest).bit_length())


def _run_starts(sorted_keys: IntArray) -> npt.NDArray[np.bool_]:
    """True where a run of equal values starts in a sorted array."""
    new = np.empty(sorted_keys.size, dtype=bool)
    new[:1] = True
    np.not_equal(sorted_keys[1:], sorted_keys[:-1], out=new[1:])
    return new


def ngram_matches(
    ids: IntArray,
    vocab_size: int,
    seq_key: IntArray,
    seq_len: IntArray,
    side_bits: int,
    seg_bits: int,
    one_ref: bool,
    max_order: int,
    out: IntArray,
) -> None:
    """Add the clipped matches of a block to ``out``: ``ids`` are the tokens of its sequences one
    after the other (in any order of sequences), ``seq_key[k]`` is ``segment << side_bits | side``
    and ``seq_len[k]`` the length of sequence k; ids are below ``vocab_size``."""
    size = ids.size
    low_bits = seg_bits + side_bits
    segside = np.repeat(seq_key, seq_len)
    remaining = np.repeat(np.cumsum(seq_len), seq_len) - np.arange(size, dtype=np.int64)
    id_bits = bits(vocab_size - 1)
    first_order = 1
    if max_order * id_bits + low_bits > KEY_BITS:
        hyp_side = (segside & ((1 << side_bits) - 1)) == 0 if one_ref else None
        ids = _ids_per_segment(ids, segside >> side_bits, id_bits, seg_bits, hyp_side, out[:, 0])
        id_bits = bits(int(ids.max()))
        first_order += one_ref  # that sort also counted the unigrams

    gram, gram_bits = ids, id_bits
    for n in range(1, max_order + 1):
        length = size - n + 1
        if length <= 0:
            break
        if n > 1:
            if gram_bits + id_bits + low_bits > KEY_BITS:
                gram, gram_bits = _prefix_ranks(gram, segside[: length + 1] >> side_bits, seg_bits, remaining, n - 1)
            gram = (gram[:-1] << id_bits) | ids[n - 1 :]
            gram_bits += id_bits
        if n < first_order:
            continue
        keys = ((gram << low_bits) | segside[:length])[remaining[:length] >= n]
        if keys.size == 0:
            break
        keys.sort()
        _add_clips(keys, side_bits, seg_bits, one_ref, out[:, n - 1])


def _ids_per_segment(
    ids: IntArray,
    seg: IntArray,
    id_bits: int,
    seg_bits: int,
    hyp_side: npt.NDArray[np.bool_] | None = None,
    unigrams: IntArray | None = None,
) -> IntArray:
    """Replace token ids by small ids that are unique within each segment (rank of the id there). With one reference
    (``hyp_side``: True for a hypothesis token) the same sort gives the clipped unigram matches, added to
    ``unigrams``: min(hypothesis count, reference count) of each token of each segment."""
    size = ids.size
    pos_bits = bits(size - 1)
    pair = (seg << id_bits) | ids
    if seg_bits + id_bits + pos_bits <= KEY_BITS:
        packed = np.sort((pair << pos_bits) | np.arange(size, dtype=np.int64))
        order = packed & ((1 << pos_bits) - 1)
        pair_sorted = packed >> pos_bits
    else:  # pragma: no cover - needs blocks of more than 2**20 tokens with 2**20 types
        order = np.argsort(pair, kind="stable")
        pair_sorted = pair[order]
    new = _run_starts(pair_sorted)
    rank = np.cumsum(new) - 1
    if hyp_side is not None and unigrams is not None:
        run_at = np.flatnonzero(new)
        hyp_before = np.zeros(size + 1, dtype=np.int64)
        np.cumsum(hyp_side[order], out=hyp_before[1:])
        run_end = np.append(run_at[1:], size)
        hyp = hyp_before[run_end] - hyp_before[run_at]
        clips = np.minimum(hyp, run_end - run_at - hyp)
        unigrams += np.bincount(pair_sorted[run_at] >> id_bits, weights=clips, minlength=unigrams.size).astype(np.int64)
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
        return ranks, bits(unique.size - 1)
    return ranks, 1


def _add_clips(keys: IntArray, side_bits: int, seg_bits: int, one_ref: bool, out: IntArray) -> None:
    """Add sum of min(hypothesis count, max reference count) per segment, from sorted keys."""
    starts = np.flatnonzero(_run_starts(keys))
    counts = np.empty_like(starts)
    np.subtract(starts[1:], starts[:-1], out=counts[:-1])
    counts[-1:] = keys.size - starts[-1:]
    runs = keys[starts]
    side = runs & ((1 << side_bits) - 1)
    group = runs >> side_bits  # (gram, segment): the hypothesis run, if any, comes first
    if one_ref:  # a hypothesis run followed by the reference's run of the same n-gram (compared in order, no gather)
        hyp = np.flatnonzero((side[:-1] == 0) & (group[1:] == group[:-1]))
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
