"""A score file's JSON bounded before it is decoded, and decoded strictly (COMET's ``--to_json``, MetricX's JSONL).

``check_json`` reads the bytes once, a block at a time with numpy, and refuses, naming the line: lists and objects
nested deeper than ``limits.MAX_JSON_DEPTH`` (Python's decoder recurses per level: 10^5 levels raised RecursionError),
more than ``limits.MAX_JSON_ITEMS`` values (64 MB of ``[{},{},...]`` decode to 1.5 GB), and a number longer than
``limits.MAX_NUMBER_CHARS`` (Python refuses to convert an integer past 4,300 digits; 400 digits overflow a float).
Strings are skipped: a quote not escaped opens or closes one (after each escaped backslash is masked, the bytes
before a quote say whether it is escaped); UTF-8 never puts an ASCII byte inside a character, so the bytes are read
undecoded. ``json_values`` then decodes each JSON value in turn (one for a JSON file, one a line for JSONL) with
Python's decoder, refusing ``NaN``, ``Infinity``, numbers past a float's range and duplicate keys."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from .. import limits
from .score_errors import DuplicateKey, JsonTooDeep, JsonTooLarge, NotFinite, NumberTooLong

__all__ = ["check_json", "json_values"]

#: Bytes scanned at a time (a few arrays of this many bytes are held).
_BLOCK = 1 << 20
_QUOTE, _BACKSLASH, _COMMA = 0x22, 0x5C, 0x2C
_OPENS, _CLOSES = (0x5B, 0x7B), (0x5D, 0x7D)
_NUMBER_BYTES = b"+-.0123456789eE"
_SPACE = re.compile(r"[ \t\n\r]*")


def _line(data: bytes, position: int) -> int:
    return data.count(b"\n", 0, position) + 1


def _tables() -> tuple[Any, Any]:
    """Per byte: +1 opening a list or object, -1 closing one; and whether it can be a number's."""
    import numpy as np  # lazy: only score files' JSON needs it

    level = np.zeros(256, dtype=np.int8)
    level[list(_OPENS)], level[list(_CLOSES)] = 1, -1
    number = np.zeros(256, dtype=bool)
    number[list(_NUMBER_BYTES)] = True
    return level, number


def check_json(data: bytes, name: str) -> None:
    """JsonTooDeep, JsonTooLarge or NumberTooLong (naming the line where there is one) unless the JSON in ``data``
    (a JSON file, or JSON values one a line) is within the limits. A file that is not JSON passes whatever its
    brackets are where it is not: the decoder refuses it there."""
    import numpy as np  # lazy: only score files' JSON needs it

    text = data.replace(b"\\\\", b"__") if b"\\\\" in data else data  # an escaped backslash escapes no quote
    level_of, number_byte = _tables()
    depth_limit, chars_limit, items_limit = limits.MAX_JSON_DEPTH, limits.MAX_NUMBER_CHARS, limits.MAX_JSON_ITEMS
    depth = parity = items = run = previous = 0
    for start in range(0, len(text), _BLOCK):
        block = np.frombuffer(text, np.uint8, count=min(_BLOCK, len(text) - start), offset=start)
        before = np.empty_like(block)
        before[0], before[1:] = previous, block[:-1]
        quote = (block == _QUOTE) & (before != _BACKSLASH)
        outside = (np.cumsum(quote, dtype=np.uint8) & 1) == parity  # an opening quote's own byte is inside
        step = level_of[block] * outside
        level = np.cumsum(step, dtype=np.int32) + depth
        if int(level.max()) > depth_limit:
            raise JsonTooDeep(name, _line(text, start + int(np.argmax(level > depth_limit))), depth_limit)
        items += int(np.count_nonzero(step > 0)) + int(np.count_nonzero((block == _COMMA) & outside))
        if items > items_limit:
            raise JsonTooLarge(name, items_limit)
        number = np.zeros(block.size + 2, dtype=np.int8)
        number[1:-1] = number_byte[block] & outside
        edges = np.flatnonzero(np.diff(number))  # where each run of number bytes starts, and ends
        starts, lengths = edges[0::2], edges[1::2] - edges[0::2]
        if lengths.size and number[1]:
            lengths[0] += run  # the run the last block ended with goes on
        if lengths.size and int(lengths.max()) > chars_limit:
            raise NumberTooLong(name, _line(text, start + int(starts[np.argmax(lengths > chars_limit)])), chars_limit)
        run = int(lengths[-1]) if number[-2] else 0
        parity ^= int(np.count_nonzero(quote)) & 1
        depth, previous = int(level[-1]), int(block[-1])


def _skip_space(text: str, position: int) -> int:
    found = _SPACE.match(text, position)
    return found.end() if found else position


def json_values(text: str, name: str, one_a_line: bool = False) -> Iterator[tuple[int, Any]]:
    """Each JSON value of ``text`` (checked by ``check_json`` first) with the line it starts on: NotFinite for
    ``NaN``, ``Infinity`` or a number past a float's range, DuplicateKey for a key given twice in one object (naming
    the line when ``one_a_line``: MetricX's JSONL, each value on a line of its own), ``json.JSONDecodeError`` for
    text that is not JSON (its ``lineno`` counts the whole text's lines)."""
    where: int | None = None

    def constant(literal: str) -> Any:
        raise NotFinite(name, literal, where)

    def finite(literal: str) -> float:
        value = float(literal)
        if value in (float("inf"), float("-inf")):
            raise NotFinite(name, literal, where)
        return value

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        found = dict(pairs)
        if len(found) < len(pairs):
            seen: set[str] = set()
            for key, _value in pairs:
                if key in seen:
                    raise DuplicateKey(name, key, where)
                seen.add(key)
        return found

    decoder = json.JSONDecoder(parse_constant=constant, parse_float=finite, object_pairs_hook=unique)
    position = _skip_space(text, 0)
    line = 1 + text.count("\n", 0, position)
    while position < len(text):
        if one_a_line:
            where = line
            value, end = _decode_line(decoder, text, position)
        else:
            value, end = decoder.raw_decode(text, position)
        yield line, value
        following = _skip_space(text, end)
        line += text.count("\n", position, following)
        position = following


def _decode_line(decoder: json.JSONDecoder, text: str, position: int) -> tuple[Any, int]:
    """The one JSON value of the line starting at ``position``; JSONDecodeError (placed in the whole text) for a
    value that does not end on its line or a line that holds more."""
    newline = text.find("\n", position)
    line = text[position : newline if newline >= 0 else len(text)]
    try:
        value, end = decoder.raw_decode(line)
    except json.JSONDecodeError as err:
        raise json.JSONDecodeError(err.msg, text, position + err.pos) from None
    if line[end:].strip(" \t\r"):
        raise json.JSONDecodeError("Extra data", text, position + end)
    return value, position + end
