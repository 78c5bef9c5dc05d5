"""The words of UTF-8 bytes found and grouped with numpy (``tokenizers.utf8_words``), and ``TokenEncoder.encode_utf8``:
exactly ``str.split()``'s words, equal words in one group and different words never, the tokens of
``tokenize_lines``."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bleucore.tokenizers import TokenEncoder, tokenize_lines, utf8_words
from bleucore.tokenizers.utf8_words import KEY_BYTES, HashIndex, group_words, split_words
from tests.tokenizers.test_tokenizers import FRAGMENTS, LINES, SEPARATORS, tokens_of_ids

#: Every character str.split() separates words at (str.isspace()).
WHITESPACE = "".join(c for c in map(chr, range(sys.maxunicode + 1)) if c.isspace())
#: Characters whose UTF-8 shares leading bytes with the non-ASCII whitespace, but are not whitespace.
NEAR_SPACES = "\u0084\u00a1\u00c2\u1681\u200b\u2014\u2019\u2027\u202a\u2030\u205e\u2060\u3001\u3002\u1680x"


def words_of(data: bytes) -> list[bytes]:
    starts, ends = split_words(data)
    return [data[a:b] for a, b in zip(starts.tolist(), ends.tolist())]


def test_split_words_separates_at_every_whitespace_character_and_nothing_else() -> None:
    assert len(WHITESPACE) == 29  # ASCII 6 + \x1c-\x1f, and 19 beyond ASCII
    text = "a".join(WHITESPACE) + "".join(f"b{c}c" for c in NEAR_SPACES if not c.isspace())
    assert [w.decode() for w in words_of(text.encode())] == text.split()
    for c in WHITESPACE:  # at the very start and end too, where a sequence is cut short
        for text in (c, f"{c}x", f"x{c}", f"{c}{c}"):
            assert [w.decode() for w in words_of(text.encode())] == text.split()
    assert words_of(b"") == [] and words_of(b"\xe2\x80") == [b"\xe2\x80"]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(FRAGMENTS + SEPARATORS + list(WHITESPACE) + list(NEAR_SPACES) + ["x" * 30]), max_size=30)
)
def test_property_words_and_groups_equal_str_split(parts: list[str]) -> None:
    text = "".join(parts)
    data = text.encode("utf-8", "surrogatepass")
    words = [w.decode() for w in words_of(data)]
    assert words == text.split()
    starts, ends = split_words(data)
    groups = group_words(data, starts, ends) if starts.size else None
    if groups is None:
        return
    first = [words[i] for i in groups.first.tolist()]
    assert len(set(first)) == len(first) == len(set(words))  # one group per distinct word
    assert [first[g] for g in groups.group.tolist()] == words


def test_long_words_are_told_apart_by_every_byte() -> None:
    base = "w" * (KEY_BYTES + 6)
    words = [base, base[:-1] + "v", base, "x" + base[1:], base[:-1] + "v", "short", "w" * KEY_BYTES, "w" * KEY_BYTES]
    data = " ".join(words).encode()
    starts, ends = split_words(data)
    groups = group_words(data, starts, ends)
    assert groups is not None
    assert groups.group.tolist() == [groups.group[words.index(w)] for w in words]
    assert len(groups.first) == len(set(words))


def test_two_words_with_one_hash_are_reported_never_merged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(utf8_words, "_hash", lambda keys: np.zeros(keys.shape[1], dtype=np.uint64))
    data = b"one two one"
    starts, ends = split_words(data)
    assert group_words(data, starts, ends) is None
    assert group_words(b"one one", *split_words(b"one one")) is not None  # one word: nothing to tell apart
    encoder = TokenEncoder("13a")  # the encoder then counts by its dictionary: the same tokens
    lines = ["one two, one", "two one."]
    assert tokens_of_ids(encoder, *encoder.encode(lines)) == tokenize_lines(lines, "13a")


def test_a_hash_met_in_an_earlier_chunk_is_checked_against_its_word(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(utf8_words, "_hash", lambda keys: np.zeros(keys.shape[1], dtype=np.uint64))
    encoder = TokenEncoder("13a")
    assert encoder.encode_utf8(b"alpha alpha", 1) is not None  # "alpha" remembered with hash 0
    assert encoder.encode_utf8(b"alpha", 1) is not None
    assert encoder.encode_utf8(b"gamma", 1) is None  # another word with hash 0: not taken for "alpha"
    lines = ["gamma alpha"]
    assert tokens_of_ids(encoder, *encoder.encode(lines)) == tokenize_lines(lines, "13a")


@pytest.mark.parametrize("lowercase", [False, True], ids=["cased", "lowercase"])
@pytest.mark.parametrize("name", ["13a", "none", "char"])
def test_encode_utf8_gives_the_tokens_of_tokenize_lines(name: str, lowercase: bool) -> None:
    encoder = TokenEncoder(name, lowercase)
    lines = [line for line in LINES[:4000] if "\n" not in line]
    for start in range(0, len(lines), 1000):  # chunks through one encoder, each line terminated or not
        chunk = lines[start : start + 1000]
        data = "\n".join(chunk).encode("utf-8", "surrogatepass") + (b"\n" if start % 2000 else b"")
        encoded = encoder.encode_utf8(data, len(chunk))
        assert encoded is not None  # the bytes path, not a fallback
        assert tokens_of_ids(encoder, *encoded) == tokenize_lines(chunk, name, lowercase)
    assert len(set(encoder.vocabulary)) == len(encoder.vocabulary)


def test_words_of_no_token_and_of_two_tokens_in_one_text() -> None:
    """Two words of 0 and 2 tokens are not two words of one token each (the encoder's shortcut for texts whose every
    word is one token)."""
    encoder = TokenEncoder("13a")
    lines = ["<skipped> a. b", "a. <skipped> c", "<skipped>"]
    assert tokens_of_ids(encoder, *encoder.encode(lines)) == tokenize_lines(lines, "13a")


@pytest.mark.parametrize("name", ["13a", "none", "char"])
def test_lines_tokenized_by_string_and_by_bytes_share_one_vocabulary(name: str) -> None:
    """A lone surrogate sends its text the string way (it has no UTF-8 bytes); the tokens it adds are the words of
    the next text that takes the bytes way (an IndexError once: they were entries without a word's slots)."""
    encoder = TokenEncoder(name)
    texts = [["a \ud800 c.", "x y"], ["a b c.", "x y \ud800", "z"], ["c. a x", "y \ud800 b"], ["x a c. b z"]]
    for lines in texts:
        assert tokens_of_ids(encoder, *encoder.encode(lines)) == tokenize_lines(lines, name)


def test_encode_utf8_leaves_what_must_be_decoded_to_the_caller() -> None:
    encoder = TokenEncoder("13a")
    assert encoder.encode_utf8(b"ok \xff bad\n", 1) is None  # not UTF-8
    assert encoder.encode_utf8(b"ok \xed\xa0\x80\n", 1) is None  # an encoded surrogate is not UTF-8 either
    assert TokenEncoder("intl").encode_utf8(b"a b\n", 1) is None  # not word-local
    with pytest.raises(ValueError, match="3 line breaks in a text of 1 lines"):
        encoder.encode_utf8(b"a\nb\nc\n", 1)
    ids, lengths = encoder.encode_utf8(b"\n \n\t", 3) or (None, None)
    assert ids is not None and ids.size == 0 and lengths.tolist() == [0, 0, 0]


def test_hash_index_finds_what_it_was_given() -> None:
    index = HashIndex()
    assert index.find(np.array([1, 2], dtype=np.uint64)).tolist() == [-1, -1]
    index.add(np.array([2**64 - 1, 5, 3], dtype=np.uint64), np.array([10, 11, 12]))
    index.add(np.array([4, 0], dtype=np.uint64), np.array([13, 14]))
    assert len(index) == 5
    assert index.find(np.array([3, 4, 5, 6, 0, 2**64 - 1], dtype=np.uint64)).tolist() == [12, 13, 11, -1, 14, 10]
