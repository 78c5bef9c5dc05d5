"""chrF's n-gram counts of many segments at once: hypothesis, reference and matched n-grams per order.

As sacreBLEU 2.6 (``metrics/helpers.py``, ``CHRF._remove_punctuation``): character n-grams are
substrings of the line with its whitespace removed (kept with ``whitespace``); word n-grams are
taken over whitespace-split words, a punctuation character at the end (else at the start) of a
longer word split off. The matched count of an order is sum over n-grams of min(hyp count, ref count).

Vectorized (no Counter per line): every segment's symbols (characters or words) become small
integer codes in one flat array; an n-gram is the codes of its n symbols packed into one int64
beside its segment number (re-numbered densely when they would not fit), so one sort per order and
reference groups equal n-grams of a segment, and run lengths give the counts.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .options import ChrfOptions

__all__ = ["char_text", "count_matches", "segment_counts", "word_pieces"]

IntArray = npt.NDArray[np.int64]

#: sacreBLEU's ``string.punctuation`` set for chrF++'s word splitting.
PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_UNICODE_SIZE = 0x110000
#: Up to this many characters, ``_char_codes`` sorts them rather than fill a table of every code point.
_SORTED_CHARS = 8_192


def char_text(line: str, options: ChrfOptions) -> str:
    """The characters chrF counts n-grams over: lowercased if asked, whitespace removed unless kept."""
    if options.lowercase:
        line = line.lower()
    return line if options.whitespace else "".join(line.split())


def _split_word(word: str) -> tuple[str, ...]:
    if len(word) == 1:
        return (word,)
    if word[-1] in PUNCTUATION:  # "(hi)" gives "(hi" and ")" (sacreBLEU issue #124)
        return (word[:-1], word[-1])
    if word[0] in PUNCTUATION:
        return (word[0], word[1:])
    return (word,)


def word_pieces(line: str, options: ChrfOptions) -> list[str]:
    """The words of chrF++'s word n-grams (sacreBLEU's ``_remove_punctuation`` of the lowercased line)."""
    if options.lowercase:
        line = line.lower()
    out: list[str] = []
    for word in line.split():
        out.extend(_split_word(word))
    return out


def _bits(value: int) -> int:
    return max(1, int(value).bit_length())


def count_matches(codes: IntArray, sides: Sequence[IntArray], max_order: int, alphabet: int) -> list[IntArray]:
    """For symbol ``codes`` (1..alphabet) laid out as side 0 (hypotheses), then side 1, 2, ...
    (reference streams), each side S segments long with ``sides[k]`` its segment lengths: one
    (S, max_order, 3) array per reference side of [hyp n-grams, ref n-grams, matched n-grams]."""
    lengths = np.concatenate(sides)
    segments = sides[0].shape[0]
    total = int(lengths.sum())
    seg = np.tile(np.arange(segments, dtype=np.int64), len(sides))
    seg_of = np.repeat(seg, lengths)
    ends = np.cumsum(lengths)
    end_of = np.repeat(ends, lengths)
    position = np.arange(total, dtype=np.int64)
    side_starts = np.concatenate(([0], np.cumsum([int(s.sum()) for s in sides])))
    seg_bits = _bits(segments)
    sym_bits = _bits(alphabet)
    out = [np.zeros((segments, max_order, 3), dtype=np.int64) for _ in sides[1:]]
    if max_order * sym_bits + seg_bits + 1 <= 63:  # small alphabet: one sort serves every order
        return _count_packed(codes, lengths, sides, seg_of, end_of, side_starts, max_order, sym_bits, out)
    keys = codes.astype(np.int64)
    width = sym_bits
    for n in range(1, max_order + 1):
        if n > 1:
            if width + sym_bits + seg_bits + 1 > 63:  # renumber the (n-1)-grams densely first
                _, keys = np.unique(keys, return_inverse=True)
                keys = keys.astype(np.int64)
                width = _bits(int(keys.max()) + 1) if keys.size else 1
            keys = (keys[:-1] << sym_bits) | codes[n - 1 :]
            width += sym_bits
        valid = position[: keys.shape[0]] + n <= end_of[: keys.shape[0]]
        tagged = ((seg_of[: keys.shape[0]] << width) | keys) << 1
        counts = np.maximum(lengths - n + 1, 0).reshape(len(sides), segments)
        hyp_end = min(int(side_starts[1]), keys.shape[0])
        hyp_keys = tagged[:hyp_end][valid[:hyp_end]]
        for r in range(1, len(sides)):
            lo, hi = int(side_starts[r]), min(int(side_starts[r + 1]), keys.shape[0])
            ref_keys = tagged[lo:hi][valid[lo:hi]] | 1
            matched = _matches(hyp_keys, ref_keys, width, segments)
            stats = out[r - 1]
            stats[:, n - 1, 0] = counts[0]
            stats[:, n - 1, 1] = counts[r]
            stats[:, n - 1, 2] = matched
    return out


def _count_packed(
    codes: IntArray,
    lengths: IntArray,
    sides: Sequence[IntArray],
    seg_of: IntArray,
    end_of: IntArray,
    side_starts: IntArray,
    max_order: int,
    sym_bits: int,
    out: list[IntArray],
) -> list[IntArray]:
    """``count_matches`` when a position's next ``max_order`` symbols fit one int64 beside its
    segment: the key of position i packs them (0 past its segment's end), so sorting the keys
    sorts the n-grams of every order at once (a prefix of a key is the key of a shorter n-gram);
    an order's groups are runs of equal prefixes, and a prefix holding a 0 is no n-gram."""
    total = codes.shape[0]
    segments = sides[0].shape[0]
    position = np.arange(total, dtype=np.int64)
    packed = np.zeros(total, dtype=np.int64)
    for k in range(max_order):
        shifted = np.zeros(total, dtype=np.int64)
        if k < total:
            shifted[: total - k] = codes[k:]
            shifted[position + k >= end_of] = 0
        packed = (packed << sym_bits) | shifted
    width = max_order * sym_bits
    tagged = ((seg_of << width) | packed) << 1
    counts = [np.maximum(lengths - n + 1, 0).reshape(len(sides), segments) for n in range(1, max_order + 1)]
    hyp_keys = tagged[: side_starts[1]]
    for r in range(1, len(sides)):
        ref_keys = tagged[side_starts[r] : side_starts[r + 1]] | 1
        matched = _packed_matches(hyp_keys, ref_keys, max_order, sym_bits, segments)
        for n in range(1, max_order + 1):
            out[r - 1][:, n - 1, 0] = counts[n - 1][0]
            out[r - 1][:, n - 1, 1] = counts[n - 1][r]
            out[r - 1][:, n - 1, 2] = matched[:, n - 1]
    return out


def _packed_matches(hyp_keys: IntArray, ref_keys: IntArray, max_order: int, sym_bits: int, segments: int) -> IntArray:
    """(S, max_order): per order, sum over n-grams of min(hyp count, ref count), from one sort."""
    out = np.zeros((segments, max_order), dtype=np.int64)
    width = max_order * sym_bits
    mask = (1 << sym_bits) - 1
    for keys in _blocks(hyp_keys, ref_keys, width, segments):
        if keys.size == 0:
            continue
        keys.sort(kind="stable")
        refs = np.concatenate(([0], np.cumsum(keys & 1)))
        for n in range(1, max_order + 1):
            shift = 1 + sym_bits * (max_order - n)
            prefix = keys >> shift
            starts = np.flatnonzero(np.concatenate(([True], prefix[1:] != prefix[:-1])))
            ends = np.append(starts[1:], keys.size)
            n_ref = refs[ends] - refs[starts]
            both = np.minimum(ends - starts - n_ref, n_ref)
            first = prefix[starts]
            hit = (both > 0) & ((first & mask) != 0)  # a 0 symbol: the prefix ran past its segment
            out[:, n - 1] += np.bincount(first[hit] >> (n * sym_bits), weights=both[hit], minlength=segments).astype(
                np.int64
            )
    return out


def _blocks(hyp_keys: IntArray, ref_keys: IntArray, width: int, segments: int) -> list[IntArray]:
    """Hypothesis and reference keys of successive blocks of segments, concatenated per block."""
    total = hyp_keys.size + ref_keys.size
    blocks = max(1, total // BLOCK)
    cuts = (np.arange(1, blocks, dtype=np.int64) * segments // blocks) << (width + 1)
    hyp_cut = np.concatenate(([0], np.searchsorted(hyp_keys, cuts), [hyp_keys.size]))
    ref_cut = np.concatenate(([0], np.searchsorted(ref_keys, cuts), [ref_keys.size]))
    return [
        np.concatenate((hyp_keys[hyp_cut[b] : hyp_cut[b + 1]], ref_keys[ref_cut[b] : ref_cut[b + 1]]))
        for b in range(blocks)
    ]


#: n-grams sorted at once (hypothesis and reference of a block of segments): a block that fits
#: the CPU cache sorts about twice as fast per element as one sort of the whole chunk.
BLOCK = 1 << 15


def _matches(hyp_keys: IntArray, ref_keys: IntArray, width: int, segments: int) -> IntArray:
    """Sum over each segment's n-grams of min(hyp count, ref count). Keys are (segment, n-gram,
    side) packed with the side in the lowest bit, each array in segment order; a block of
    segments at a time, both sides are sorted together, and each hypothesis run followed by the
    reference run of the same n-gram gives min(run lengths)."""
    out = np.zeros(segments, dtype=np.int64)
    for keys in _blocks(hyp_keys, ref_keys, width, segments):
        if keys.size < 2:
            continue
        keys.sort(kind="stable")
        starts = np.flatnonzero(keys[1:] != keys[:-1]) + 1
        run = np.diff(starts, prepend=0, append=keys.size)
        first = keys[np.concatenate(([0], starts))]
        pair = np.flatnonzero((first[1:] == first[:-1] + 1) & ((first[:-1] & 1) == 0))
        if pair.size:
            both = np.minimum(run[pair], run[pair + 1])
            out += np.bincount(first[pair] >> (width + 1), weights=both, minlength=segments).astype(np.int64)
    return out


def _char_codes(texts: list[str]) -> tuple[IntArray, IntArray, int]:
    """Dense codes 1..A of every character of ``texts`` (one flat array), lengths, and A: the characters' ranks among
    those present, found by sorting a few characters (a sentence: a table of every code point, 4 MB to fill and sum,
    took 3 to 14 ms of each Explore edit, 40% of its run) and through that table for many (a corpus: sorting costs more
    there). Both give the same codes."""
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts))
    raw = np.frombuffer("".join(texts).encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    if raw.size == 0:
        return np.zeros(0, dtype=np.int64), lengths, 1
    if raw.size <= _SORTED_CHARS:
        present_codes, ranks = np.unique(raw, return_inverse=True)
        return ranks.astype(np.int64) + 1, lengths, int(present_codes.size)
    present = np.zeros(_UNICODE_SIZE, dtype=np.int32)
    present[raw] = 1
    dense = np.cumsum(present, dtype=np.int32)
    return dense[raw].astype(np.int64), lengths, int(dense[-1])


def _word_codes(pieces: list[list[str]]) -> tuple[IntArray, IntArray, int]:
    vocabulary: dict[str, int] = {}
    flat: list[int] = []
    for words in pieces:
        flat.extend([vocabulary.setdefault(w, len(vocabulary) + 1) for w in words])
    lengths = np.fromiter(map(len, pieces), dtype=np.int64, count=len(pieces))
    return np.array(flat, dtype=np.int64), lengths, max(1, len(vocabulary))


def segment_counts(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: ChrfOptions
) -> list[IntArray]:
    """Per reference stream: an (S, 3 * order) array, per order ``[hyp, ref, match]`` (character
    orders, then word orders) as sacreBLEU lays out a segment's statistics, except that the hypothesis
    count of an order is 0 where the reference has no n-gram of it (sacreBLEU's rule)."""
    segments = len(hypotheses)
    blocks: list[IntArray] = []
    streams = [hypotheses, *references]
    if options.char_order:
        texts = [char_text(line, options) for stream in streams for line in stream]
        codes, lengths, alphabet = _char_codes(texts)
        blocks.append(np.stack(count_matches(codes, np.split(lengths, len(streams)), options.char_order, alphabet)))
    if options.word_order:
        pieces = [word_pieces(line, options) for stream in streams for line in stream]
        codes, lengths, alphabet = _word_codes(pieces)
        blocks.append(np.stack(count_matches(codes, np.split(lengths, len(streams)), options.word_order, alphabet)))
    stats = np.concatenate(blocks, axis=2) if len(blocks) > 1 else blocks[0]  # (R, S, order, 3)
    stats[..., 0] = np.where(stats[..., 1] > 0, stats[..., 0], 0)
    return [stats[r].reshape(segments, 3 * options.order) for r in range(len(references))]
