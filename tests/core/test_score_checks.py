"""Every score file is checked before any arithmetic, in ``bleucore.reading`` (issue 48): ``json_bounds.check_json``
finds a JSON's depth, values and long numbers from its bytes exactly as the decoder would see them (strings with
quotes, backslashes and brackets inside, UTF-8, any block boundary), ``json_values`` decodes strictly, and
``scores`` bounds every value. The hostile files themselves are tests/hostile_scores.py's, run through the API in
tests/test_hostile_input.py, the command line in tests/test_hostile_cli.py and the pages in
tests/app/test_app_hostile.py."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bleucore import limits
from bleucore.metrics import imported_metric
from bleucore.metrics.imported.readers import parse_scores
from bleucore.reading import (
    JsonTooDeep,
    JsonTooLarge,
    NumberTooLong,
    ScoreOutOfRange,
    check_json,
    check_score,
    json_bounds,
    json_values,
    score_of_text,
)

#: Characters a hostile string holds: JSON's own syntax, escapes, and letters of several scripts.
TRICKY = st.text(alphabet=st.sampled_from(list('"\\[]{},:0123456789eE.-+ abé漢\n\t/\u2028')), max_size=12)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    TRICKY,
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(TRICKY, inner, max_size=4)),
    max_leaves=30,
)


def depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    return 0


def counted(value: Any) -> int:
    """What check_json counts: each list and object, and each item after its first."""
    if isinstance(value, (list, dict)):
        items = list(value.values()) if isinstance(value, dict) else value
        return 1 + max(len(items) - 1, 0) + sum(map(counted, items))
    return 0


def longest_number(text: str) -> int:
    """The longest number literal of a JSON text (outside strings), by the decoder's own tokens."""
    longest = 0

    def number(literal: str) -> float:
        nonlocal longest
        longest = max(longest, len(literal))
        return float(literal)

    json.loads(text, parse_int=number, parse_float=number)
    return longest


@settings(max_examples=150, deadline=None, derandomize=True)
@given(value=VALUES, indent=st.sampled_from([None, 1]), ascii_only=st.booleans(), block=st.integers(1, 9))
def test_check_json_sees_what_the_decoder_sees(value: Any, indent: int | None, ascii_only: bool, block: int) -> None:
    """Property: with each limit set just below and at what the value holds, check_json refuses exactly past it,
    whatever the strings hold and wherever the blocks it reads cut the text (a block of 1 to 9 bytes)."""
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    data = text.encode("utf-8")
    found = {"depth": depth(value), "items": counted(value), "chars": longest_number(text)}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(json_bounds, "_BLOCK", block)
        for limit_name, key, error in (
            ("MAX_JSON_DEPTH", "depth", JsonTooDeep),
            ("MAX_JSON_ITEMS", "items", JsonTooLarge),
            ("MAX_NUMBER_CHARS", "chars", NumberTooLong),
        ):
            patch.setattr(limits, limit_name, max(found[key], 1))
            check_json(data, "v.json")  # at the limit: passes
            if found[key] >= 1:
                patch.setattr(limits, limit_name, found[key] - 1)
                if key != "chars" or found[key] > 1:
                    with pytest.raises(error):
                        check_json(data, "v.json")
            patch.setattr(limits, limit_name, 10**9)
    assert [v for _, v in json_values(text, "v.json")] == [json.loads(text)]


def test_the_refused_place_is_its_line() -> None:
    text = '{"a": [1, 2],\n "b": "[[[[[[",\n "c": [[[[[1]]]]]}'
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(limits, "MAX_JSON_DEPTH", 4)
        with pytest.raises(JsonTooDeep) as err:
            check_json(text.encode(), "x.json")
    assert err.value.line == 3 and str(err.value).startswith("line 3 of x.json nests lists and objects more than 4")
    with pytest.raises(NumberTooLong) as long:
        check_json(b'{"a": "' + b"9" * 500 + b'",\n"b": -' + b"1" * 101 + b"}", "x.json")
    assert long.value.line == 2  # the digits in a string are text, not a number


def test_values_past_the_range_are_refused_with_their_place_and_minus_zero_is_zero() -> None:
    assert check_score(-0.0, "x") == 0.0 and str(check_score(-0.0, "x")) == "0.0"
    assert score_of_text(" -0 ", "x", 1) == 0.0 and str(score_of_text("-0.0", "x", 1)) == "0.0"
    most = limits.MAX_SCORE_MAGNITUDE
    assert check_score(most, "x") == most and check_score(-most, "x") == -most
    with pytest.raises(ScoreOutOfRange, match=re.escape("segment 3 of s.txt in c.json is 1e+300")):
        check_score(1e300, "c.json", segment=3, system="s.txt")
    with pytest.raises(ScoreOutOfRange, match=re.escape("score 2 of system a is 10000000000.0: a score must")):
        imported_metric("X", {"a": [0.5, 1e10]})
    file = parse_scores(b"-0\n-0.0\n0\n", "z.txt").systems[""]
    assert file.values.tolist() == [0.0, 0.0, 0.0] and not any(str(v).startswith("-") for v in file.values.tolist())


def test_a_huge_integer_through_the_api_is_a_value_error() -> None:
    """An integer past a float (400 digits) or past Python's 4,300 digits of conversion: a ValueError naming it."""
    for huge in (10**400, 10**5000):
        with pytest.raises(ValueError, match=r"score 1 of system a is .*not a finite number"):
            imported_metric("X", {"a": [huge]})


def test_segment_scores_built_directly_are_checked_too() -> None:
    import numpy as np

    from bleucore.metrics.imported.scores import SegmentScores

    with pytest.raises(ScoreOutOfRange, match=re.escape("segment 1 of x.txt is 1e+308")):
        SegmentScores(np.array([0.5, 1e308]), None, "x.txt")
    assert SegmentScores(np.array([0.5, -1e9]), None, "x.txt").segments == 2
