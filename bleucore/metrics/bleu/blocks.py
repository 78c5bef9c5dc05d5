"""The clipped n-gram matches of many segments, counted a block of segments at a time (``ngram_matches`` on each
block), and the block of tokenized segments with its tokens numbered in the block: steps 1 and 2 of ``fast``'s
vectorized statistics, equal to each segment's ``stats.segment_counts`` (Papineni et al. 2002's clipped counts)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from itertools import chain, count

import numpy as np

from .ngram_matches import Block, bits, ngram_matches
from .stats import IntArray

__all__ = ["blocked_matches", "token_block"]


def token_block(hyps: Sequence[Sequence[str]], refs: Sequence[Sequence[Sequence[str]]]) -> Block:
    """A block of tokenized segments as ids (numbered in the block) and its sequence layout."""
    segments = len(hyps)
    ref_seqs = list(chain.from_iterable(refs))
    nrefs = np.fromiter(map(len, refs), dtype=np.int64, count=segments)
    seq_len = np.fromiter(map(len, chain(hyps, ref_seqs)), dtype=np.int64, count=segments + len(ref_seqs))
    size = int(seq_len.sum())
    seg_ids = np.arange(segments, dtype=np.int64)
    first_ref = np.cumsum(nrefs) - nrefs
    ref_side = np.arange(len(ref_seqs), dtype=np.int64) - np.repeat(first_ref, nrefs) + 1
    side_bits = bits(int(nrefs.max()))
    seq_key = np.concatenate([seg_ids << side_bits, (np.repeat(seg_ids, nrefs) << side_bits) | ref_side])

    vocab: defaultdict[str, int] = defaultdict(count().__next__)
    tokens = chain(chain.from_iterable(hyps), chain.from_iterable(ref_seqs))
    ids = np.fromiter(map(vocab.__getitem__, tokens), dtype=np.int64, count=size)
    return ids, len(vocab), seq_key, seq_len, side_bits, int(nrefs.max()) == 1


def blocked_matches(
    seg_tokens: IntArray, hyp_len: IntArray, max_order: int, block: Callable[[int, int], Block], block_tokens: int
) -> IntArray:
    """The clipped matches (segments x orders), counted a block of segments at a time: about
    ``block_tokens`` tokens (``seg_tokens[i]``: segment i's, all sides together); ``block(start,
    stop)`` gives the ids and layout of segments start..stop-1 for ``ngram_matches``."""
    segments = seg_tokens.size
    matches = np.zeros((segments, max_order), dtype=np.int64)
    ends = np.cumsum(seg_tokens)
    start = 0
    while start < segments:
        done = int(ends[start - 1]) if start else 0
        stop = max(start + 1, int(np.searchsorted(ends, done + block_tokens, side="right")))
        if ends[stop - 1] > done and hyp_len[start:stop].any():
            ids, vocab_size, seq_key, seq_len, side_bits, one_ref = block(start, stop)
            seg_bits = bits(stop - start - 1)
            ngram_matches(
                ids, vocab_size, seq_key, seq_len, side_bits, seg_bits, one_ref, max_order, matches[start:stop]
            )
        start = stop
    return matches
