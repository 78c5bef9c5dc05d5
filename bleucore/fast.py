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

From text, ``text_statistics`` skips the tuples of tokens: ``tokenizers.TokenEncoder`` gives flat
token ids and per-line lengths (each distinct word tokenized once), and ``ids_statistics`` cuts
the same blocks out of the flat arrays, renumbering each block's ids to 0..k-1 (step 1 without
a dictionary pass). ``flat_statistics`` takes ``tokenizers.tokenize_flat``'s ``(tokens, offsets)``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from itertools import chain, count
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .options import BleuOptions
from .stats import FloatArray, IntArray, Statistics, statistics_from_tokens

if TYPE_CHECKING:
    from .tokenizers import TokenEncoder

#: Token ids of a stream of lines: all ids in order, and the number of tokens of each line.
EncodedLines = tuple[IntArray, IntArray]

__all__ = [
    "BLOCK_TOKENS",
    "SMALL_INPUT_TOKENS",
    "compute_statistics",
    "fast_statistics",
    "flat_statistics",
    "ids_statistics",
    "reference_lengths",
    "systems_statistics",
    "text_statistics",
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
    from .tokenizers import TokenEncoder

    for hypotheses in systems:
        check_streams(hypotheses, references)
    encoder = TokenEncoder(options.tokenize, options.lowercase)
    refs = [encoder.encode(stream) for stream in references]
    return [
        ids_statistics(encoder.encode(hypotheses), refs, options.stats_order, options.ref_length)
        for hypotheses in systems
    ]


def text_statistics(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    options: BleuOptions | None = None,
    encoder: TokenEncoder | None = None,
) -> Statistics:
    """``bleu.corpus_statistics`` (identical arrays) through token ids: the lines are encoded by a
    ``tokenizers.TokenEncoder`` (``encoder``, to share one across chunks of a file, must match
    the options' tokenizer and case) and counted by ``ids_statistics``; tokenizer ``none`` takes
    ``compute_statistics`` (``encoder`` unused)."""
    from .bleu import check_streams
    from .tokenizers import TokenEncoder

    options = options or BleuOptions()
    check_streams(hypotheses, references)
    if options.tokenize == "none":
        # Nothing to tokenize, so nothing for the encoder to save: through it, 100k lines measured
        # 5-10% slower (near the noise of a shared machine) than fast_statistics' per-block ids.
        from .tokenizers import tokenize_lines

        ref_tokens = list(zip(*(tokenize_lines(s, "none", options.lowercase) for s in references)))
        hyp_tokens = tokenize_lines(hypotheses, "none", options.lowercase)
        return compute_statistics(hyp_tokens, ref_tokens, options.stats_order, options.ref_length)
    encoder = encoder or TokenEncoder(options.tokenize, options.lowercase)
    hyp = encoder.encode(hypotheses)
    refs = [encoder.encode(stream) for stream in references]
    return ids_statistics(hyp, refs, options.stats_order, options.ref_length)


def flat_statistics(
    hypotheses: tuple[Sequence[str], IntArray],
    references: Sequence[tuple[Sequence[str], IntArray]],
    max_order: int,
    ref_length: str = "closest",
) -> Statistics:
    """Statistics of flat token lists, ``(tokens, offsets)`` as ``tokenizers.tokenize_flat`` gives
    them (segment i is ``tokens[offsets[i]:offsets[i + 1]]``), one per hypothesis or reference
    stream; identical to ``fast_statistics`` of the per-segment tokens."""
    vocab: defaultdict[str, int] = defaultdict(count().__next__)

    def encoded(tokens: Sequence[str], offsets: IntArray) -> EncodedLines:
        offsets = np.asarray(offsets, dtype=np.int64)
        if offsets.ndim != 1 or offsets.size == 0 or offsets[0] != 0 or offsets[-1] != len(tokens):
            raise ValueError(f"offsets must run from 0 to the number of tokens ({len(tokens)})")
        ids = np.fromiter(map(vocab.__getitem__, tokens), dtype=np.int64, count=len(tokens))
        return ids, np.diff(offsets)

    return ids_statistics(encoded(*hypotheses), [encoded(*r) for r in references], max_order, ref_length)


def ids_statistics(
    hypotheses: EncodedLines, references: Sequence[EncodedLines], max_order: int, ref_length: str = "closest"
) -> Statistics:
    """Statistics of token ids, identical to ``fast_statistics`` of the tokens they stand for:
    ``hypotheses`` and each reference stream are ``(ids, lengths)`` (all token ids in order and
    the tokens of each segment), ids from one vocabulary (``tokenizers.TokenEncoder``)."""
    if max_order < 1:
        raise ValueError(f"max n-gram order must be at least 1, got {max_order}")
    if not references:
        raise ValueError("corpus BLEU needs at least 1 reference stream, got 0")
    hyp_ids, hyp_len = (np.asarray(a, dtype=np.int64) for a in hypotheses)
    ref_ids = [np.asarray(ids, dtype=np.int64) for ids, _ in references]
    ref_seg_lens = [np.asarray(lens, dtype=np.int64) for _, lens in references]
    segments, nref = hyp_len.size, len(references)
    for j, (ids, lens) in enumerate(zip([hyp_ids, *ref_ids], [hyp_len, *ref_seg_lens])):
        if lens.shape != (segments,) or ids.ndim != 1 or ids.size != int(lens.sum()):
            raise ValueError(f"stream {j} (0: hypotheses): {lens.size} lengths summing to {int(lens.sum())} for {ids.size} ids, {segments} segments")
        if ids.size and int(ids.min()) < 0:
            raise ValueError("token ids must be >= 0")
    nrefs = np.full(segments, nref, dtype=np.int64)
    ref_lens = np.stack(ref_seg_lens, axis=1).ravel() if segments else np.zeros(0, dtype=np.int64)
    ref_len = reference_lengths(hyp_len, ref_lens, nrefs, ref_length)
    totals = np.maximum(hyp_len[:, None] - np.arange(max_order, dtype=np.int64)[None, :], 0)
    matches = np.zeros((segments, max_order), dtype=np.int64)

    streams = [hyp_ids, *ref_ids]
    stream_lens = [hyp_len, *ref_seg_lens]
    starts = [np.concatenate([[0], np.cumsum(x)]) for x in stream_lens]
    ends = np.cumsum(sum(stream_lens))
    side_bits = _bits(nref)
    start = 0
    while start < segments:
        done = int(ends[start - 1]) if start else 0
        stop = max(start + 1, int(np.searchsorted(ends, done + BLOCK_TOKENS, side="right")))
        if ends[stop - 1] > done and totals[start:stop, 0].any():
            seg = np.arange(stop - start, dtype=np.int64) << side_bits
            ids = np.concatenate([stream[at[start] : at[stop]] for stream, at in zip(streams, starts)])
            seq_len = np.concatenate([x[start:stop] for x in stream_lens])
            seq_key = np.concatenate([seg | side for side in range(nref + 1)])
            ids, vocab_size = _compact_ids(ids)
            _ngram_matches(
                ids, vocab_size, seq_key, seq_len, side_bits, _bits(stop - start - 1), nref == 1, max_order,
                matches[start:stop],
            )
        start = stop
    return Statistics(hyp_len, ref_len, matches, totals)


def _compact_ids(ids: IntArray) -> tuple[IntArray, int]:
    """The ids renumbered 0..k-1 in the same order (k distinct ids), and k."""
    largest = int(ids.max())
    if largest < 16 * ids.size + 4096:  # a table of the used ids is cheaper than a sort
        used = np.zeros(largest + 1, dtype=bool)
        used[ids] = True
        rank = np.cumsum(used, dtype=np.int64)
        return rank[ids] - 1, int(rank[-1])
    unique, inverse = np.unique(ids, return_inverse=True)
    return inverse.reshape(-1), unique.size


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
    seq_key = np.concatenate([seg_ids << side_bits, (np.repeat(seg_ids, nrefs) << side_bits) | ref_side])

    vocab: defaultdict[str, int] = defaultdict(count().__next__)
    tokens = chain(chain.from_iterable(hyps), chain.from_iterable(ref_seqs))
    ids = np.fromiter(map(vocab.__getitem__, tokens), dtype=np.int64, count=size)
    _ngram_matches(ids, len(vocab), seq_key, seq_len, side_bits, seg_bits, int(nrefs.max()) == 1, max_order, out)


def _ngram_matches(
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
    id_bits = _bits(vocab_size - 1)
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
        _add_clips(keys, side_bits, seg_bits, one_ref, out[:, n - 1])


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
