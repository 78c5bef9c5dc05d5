"""The split rules' fast path (``bleucore.tools.splits.marked``): the marked text's ``str.split()`` tokens are the
rule's own tokens, whatever the whitespace, and a scorer counting marked text gives the loop's numbers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bleucore.tools import TOOLS, ConventionScorer
from bleucore.tools.splits import _MARKS, EMPTY_TOKEN, differing_by_line, differing_lines, marked, split_tokens
from devtools.realistic import realistic_corpus

_UNMARK = {mark: char for char, mark in _MARKS.items()}
PIECES = ["a", "b", "A", "É", " ", "  ", "\t", "\r", "\xa0", "\u2009", "\u3000", "\x1c", "\x85", "\u200b", "é"]
RULES = [(t, c) for t in ("ascii-whitespace", "single-space") for c in ("cased", "lower", "ascii-lower")]


def unmarked(lines: list[str]) -> list[tuple[str, ...]]:
    return [
        tuple("" if t == EMPTY_TOKEN else "".join(_UNMARK.get(c, c) for c in t) for t in line.split()) for line in lines
    ]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(st.sampled_from(PIECES), max_size=8).map("".join), min_size=1, max_size=4))
def test_marked_text_splits_into_the_rules_tokens(lines: list[str]) -> None:
    for tokenize, case in RULES:
        text = marked(lines, tokenize, case)
        assert text is not None and unmarked(text) == split_tokens(lines, tokenize, case), (tokenize, case)


def test_text_that_cannot_be_marked_takes_the_loop() -> None:
    assert marked(["a\nb"], "single-space", "cased") is None
    assert marked([f"a {EMPTY_TOKEN}"], "single-space", "cased") is None


def test_a_scorer_gives_the_same_numbers_by_either_path(monkeypatch: pytest.MonkeyPatch) -> None:
    _, hyps, refs = realistic_corpus(3, 400)  # no-break and thin spaces, empty lines: the split rules differ
    fast = [ConventionScorer(hyps, [refs]).score(t.conventions).score for t in TOOLS]
    monkeypatch.setattr("bleucore.tools.scoring.marked", lambda *args: None)
    assert fast == [ConventionScorer(hyps, [refs]).score(t.conventions).score for t in TOOLS]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(st.sampled_from(PIECES), max_size=6).map("".join), min_size=1, max_size=5))
def test_every_line_whose_split_tokens_differ_is_counted_again(lines: list[str]) -> None:
    """``differing_lines`` may name more lines than differ, never fewer: the others take str.split()'s counts."""
    for tokenize, case in RULES:
        named = set(differing_lines(lines, tokenize))
        for i, line in enumerate(lines):
            tokens = split_tokens([line], tokenize, case)[0]
            lowered = line.lower() if case == "lower" else line
            if case == "ascii-lower":
                lowered = "".join(c.lower() if "A" <= c <= "Z" else c for c in line)
            assert i in named or tokens == tuple(lowered.split()), (tokenize, case, line)


BYTE_PIECES = [*PIECES, "\x0b", "\x0c", "\x1f", "\u2028", "\u205f", "\u1680", "\u202f", "\ud800", "가", "\xc2"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(st.sampled_from(BYTE_PIECES), max_size=6).map("".join), min_size=1, max_size=6))
def test_the_bytes_path_names_the_lines_the_line_by_line_path_names(lines: list[str]) -> None:
    """``differing_lines`` finds them in the UTF-8 bytes (numpy); line by line with the regexes is the definition."""
    for tokenize in ("ascii-whitespace", "single-space"):
        assert differing_lines(lines, tokenize) == differing_by_line(lines, tokenize), tokenize
