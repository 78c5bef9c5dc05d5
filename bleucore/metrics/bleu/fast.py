"""Vectorized sufficient statistics: the arrays of the reference loop (``stats.Statistics.of_segments`` of each
segment's ``segment_counts``), many times faster.

Segments are processed in blocks of about ``BLOCK_TOKENS`` tokens (hypotheses and references
together), small enough for the arrays to stay in the CPU cache (``blocks``). In each block:

1. every token gets an integer id (one ``defaultdict`` pass in C over the block's tokens);
2. ``ngram_matches.ngram_matches`` packs every n-gram into one int64 key per order, sorts the
   keys and sums the clips per segment (its docstring says how).

Totals (``max(0, c - n + 1)``) and reference lengths are computed directly from the lengths.
The result is identical, array for array, to the reference loop (tests/core/test_fast_stats.py).

From text, ``text_statistics`` skips the tuples of tokens: ``tokenizers.TokenEncoder`` gives flat
token ids and per-line lengths (each distinct word tokenized once), and ``ids_statistics`` cuts
the same blocks out of the flat arrays (step 1 without a dictionary pass: ``ngram_matches`` renumbers
wide ids per segment). ``utf8_statistics`` takes undecoded lines (``TokenEncoder.encode_utf8_streams``);
``flat_statistics`` takes ``tokenizers.tokenize_flat``'s ``(tokens, offsets)``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from itertools import chain, count

import numpy as np
import numpy.typing as npt

from ...tokenizers import TokenEncoder, tokenize_lines
from ..inputs import check_streams, reference_mask
from .blocks import blocked_matches, token_block
from .ngram_matches import Block, bits
from .options import BleuOptions
from .stats import FloatArray, IntArray, Statistics, segment_counts

#: Token ids of a stream of lines: all ids in order, and the number of tokens of each line.
EncodedLines = tuple[IntArray, IntArray]

__all__ = [
    "BLOCK_TOKENS",
    "SMALL_INPUT_TOKENS",
    "flat_statistics",
    "ids_statistics",
    "reference_lengths",
    "statistics_from_tokens",
    "systems_statistics",
    "text_statistics",
    "utf8_statistics",
]

#: Below this many tokens in all, the reference loop (``Statistics.of_segments``) is the faster path.
SMALL_INPUT_TOKENS = 64
#: Tokens (hypotheses and references together) per block; a longer segment is a block of its own.
BLOCK_TOKENS = 1 << 15


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


def systems_statistics(
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str]],
    options: BleuOptions | None = None,
    encoder: TokenEncoder | None = None,
) -> list[Statistics]:
    """``bleu.corpus_statistics`` of each system against the same reference streams (identical
    arrays), the references tokenized once (paired tests compare a baseline with systems).

    The lines are encoded by a ``tokenizers.TokenEncoder`` (``encoder``, to share one across
    chunks of a file, must match the options' tokenizer and case) and counted by
    ``ids_statistics``; tokenizer ``none`` takes ``statistics_from_tokens`` (``encoder`` unused)."""
    options = options or BleuOptions()
    for hypotheses in systems:
        check_streams(hypotheses, references)
    order, rule, lowercase = options.stats_order, options.ref_length, options.lowercase
    present = reference_mask(references)  # ValueError for a segment without any reference
    if present is not None:
        return _ragged_systems_statistics(systems, references, present, options)
    if options.tokenize == "none":
        # Nothing to tokenize, so nothing for the encoder to save: through it, 100k lines measured
        # 5-10% slower (near the noise of a shared machine) than statistics_from_tokens' per-block ids.
        ref_tokens = list(zip(*(tokenize_lines(s, "none", lowercase) for s in references)))
        return [statistics_from_tokens(tokenize_lines(h, "none", lowercase), ref_tokens, order, rule) for h in systems]
    encoder = encoder or TokenEncoder(options.tokenize, lowercase)
    encoded = encoder.encode_streams([*references, *systems])
    refs = encoded[: len(references)]
    return [ids_statistics(hypotheses, refs, order, rule) for hypotheses in encoded[len(references) :]]


def _ragged_systems_statistics(
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str | None]],
    present: list[list[bool]],
    options: BleuOptions,
) -> list[Statistics]:
    """References with ``None`` lines (a variable number of references per segment): a ``None``
    reference is left out of its segment, as sacreBLEU's ``_cache_references`` does."""

    tok, lowercase = options.tokenize, options.lowercase
    streams = [tokenize_lines([line or "" for line in stream], tok, lowercase) for stream in references]
    ref_tokens = [
        [tokens for tokens, given in zip(segment, given_lines) if given]
        for segment, given_lines in zip(zip(*streams), zip(*present))
    ]
    order, rule = options.stats_order, options.ref_length
    return [statistics_from_tokens(tokenize_lines(h, tok, lowercase), ref_tokens, order, rule) for h in systems]


def utf8_statistics(
    hypotheses: bytes,
    references: Sequence[bytes],
    lines: int,
    options: BleuOptions,
    encoder: TokenEncoder | None = None,
) -> Statistics | None:
    """``text_statistics`` of ``lines`` lines of undecoded UTF-8 per stream (``TokenEncoder.encode_utf8``), or None
    where the text must be decoded first (the tokenizer is not word-local, the bytes are not UTF-8, ...)."""
    encoder = encoder or TokenEncoder(options.tokenize, options.lowercase)
    encoded = encoder.encode_utf8_streams([hypotheses, *references], lines)
    if encoded is None:
        return None
    return ids_statistics(encoded[0], encoded[1:], options.stats_order, options.ref_length)


def text_statistics(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    options: BleuOptions | None = None,
    encoder: TokenEncoder | None = None,
) -> Statistics:
    """``bleu.corpus_statistics`` (identical arrays) of one system: ``systems_statistics``."""
    return systems_statistics([hypotheses], references, options, encoder)[0]


def flat_statistics(
    hypotheses: tuple[Sequence[str], IntArray],
    references: Sequence[tuple[Sequence[str], IntArray]],
    max_order: int,
    ref_length: str = "closest",
) -> Statistics:
    """Statistics of flat token lists, ``(tokens, offsets)`` as ``tokenizers.tokenize_flat`` gives
    them (segment i is ``tokens[offsets[i]:offsets[i + 1]]``), one per hypothesis or reference
    stream; identical to ``statistics_from_tokens`` of the per-segment tokens."""
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
    """Statistics of token ids, identical to ``statistics_from_tokens`` of the tokens they stand for:
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
            raise ValueError(
                f"stream {j} (0: hypotheses): {lens.size} lengths summing to {int(lens.sum())} for {ids.size} ids, "
                f"{segments} segments"
            )
        if ids.size and int(ids.min()) < 0:
            raise ValueError("token ids must be >= 0")
    nrefs = np.full(segments, nref, dtype=np.int64)
    ref_lens = np.stack(ref_seg_lens, axis=1).ravel() if segments else np.zeros(0, dtype=np.int64)
    ref_len = reference_lengths(hyp_len, ref_lens, nrefs, ref_length)
    totals = np.maximum(hyp_len[:, None] - np.arange(max_order, dtype=np.int64)[None, :], 0)

    streams = [hyp_ids, *ref_ids]
    stream_lens = [hyp_len, *ref_seg_lens]
    starts = [np.concatenate([[0], np.cumsum(x)]) for x in stream_lens]
    side_bits = bits(nref)

    def block(start: int, stop: int) -> Block:
        seg = np.arange(stop - start, dtype=np.int64) << side_bits
        ids = np.concatenate([stream[at[start] : at[stop]] for stream, at in zip(streams, starts)])
        seq_len = np.concatenate([x[start:stop] for x in stream_lens])
        seq_key = np.concatenate([seg | side for side in range(nref + 1)])
        # the encoder's ids as they are: ngram_matches renumbers them per segment when they are wide
        return ids, vocab_size, seq_key, seq_len, side_bits, nref == 1

    vocab_size = 1 + max((int(ids.max()) for ids in streams if ids.size), default=0)
    seg_tokens: IntArray = np.sum(stream_lens, axis=0)
    matches = blocked_matches(seg_tokens, hyp_len, max_order, block, BLOCK_TOKENS)
    return Statistics(hyp_len, ref_len, matches, totals)


def statistics_from_tokens(
    hyp_tokens: Sequence[Sequence[str]],
    refs_per_segment: Sequence[Sequence[Sequence[str]]],
    max_order: int,
    ref_length: str = "closest",
) -> Statistics:
    """Statistics of tokenized segments; ``refs_per_segment[i]`` holds the references of segment i (at least one
    each). Up to ``SMALL_INPUT_TOKENS`` segments with fewer tokens in all, the reference loop is the faster path
    and gives them."""
    if len(hyp_tokens) != len(refs_per_segment):
        raise ValueError(f"{len(hyp_tokens)} hypotheses but {len(refs_per_segment)} sets of references")
    if max_order < 1:
        raise ValueError(f"max n-gram order must be at least 1, got {max_order}")
    segments = len(hyp_tokens)
    hyp_len = np.fromiter(map(len, hyp_tokens), dtype=np.int64, count=segments)
    nrefs = np.fromiter(map(len, refs_per_segment), dtype=np.int64, count=segments)
    if segments and int(nrefs.min()) == 0:
        raise ValueError(f"a segment needs at least 1 reference, got 0 (segment {int(np.argmin(nrefs)) + 1})")
    ref_lens = np.fromiter(map(len, chain.from_iterable(refs_per_segment)), dtype=np.int64, count=int(nrefs.sum()))
    if segments <= SMALL_INPUT_TOKENS and int(hyp_len.sum() + ref_lens.sum()) < SMALL_INPUT_TOKENS:
        counts = [segment_counts(h, r, max_order, ref_length) for h, r in zip(hyp_tokens, refs_per_segment)]
        return Statistics.of_segments(counts, max_order)
    ref_len = reference_lengths(hyp_len, ref_lens, nrefs, ref_length)
    totals = np.maximum(hyp_len[:, None] - np.arange(max_order, dtype=np.int64)[None, :], 0)
    seg_tokens = hyp_len.copy()
    if segments:
        seg_tokens += np.add.reduceat(ref_lens, np.cumsum(nrefs) - nrefs)

    def block(start: int, stop: int) -> Block:
        return token_block(hyp_tokens[start:stop], refs_per_segment[start:stop])

    matches = blocked_matches(seg_tokens, hyp_len, max_order, block, BLOCK_TOKENS)
    return Statistics(hyp_len, ref_len, matches, totals)
