"""Unicode classes P*, S*, N* for stdlib ``re``, built from ``unicodedata`` (intl without ``regex``).

``intl`` uses the third-party ``regex`` module's ``\\p{P}``, ``\\p{S}``, ``\\p{N}`` when it can be
imported (as sacreBLEU does; exact parity). Without it these classes are used and the signature
becomes ``intl-ucd<unicodedata.unidata_version>``, so a different number is never passed off as
sacreBLEU's. Measured with Python 3.11.7 (unicodedata 14.0.0) and regex 2026.5.9: the two
definitions differ on 1046 code points (37 P, 876 S, 133 N), all unassigned (Cn) in Unicode 14.0.0
and assigned in the newer Unicode database of ``regex``; on every other code point they agree
(``diagnostic.intl_class_disagreement`` recounts it).
"""

from __future__ import annotations

import importlib
import unicodedata
from collections.abc import Sequence
from functools import cache

__all__ = ["import_regex", "ucd_item"]


@cache
def _ucd_ranges() -> dict[str, list[tuple[int, int]]]:
    ranges: dict[str, list[tuple[int, int]]] = {"P": [], "S": [], "N": []}
    start, current = 0, ""
    for code in range(0x110001):
        major = unicodedata.category(chr(code))[0] if code < 0x110000 else ""
        if major != current:
            if current in ranges:
                ranges[current].append((start, code - 1))
            start, current = code, major
    return ranges


def _class(ranges: Sequence[tuple[int, int]]) -> str:
    return "[" + "".join(f"\\U{lo:08x}" if lo == hi else f"\\U{lo:08x}-\\U{hi:08x}" for lo, hi in ranges) + "]"


@cache
def ucd_item(major: str) -> str:
    """A stdlib ``re`` item matching one code point whose ``unicodedata`` general category
    starts with ``major`` ("P", "S" or "N").

    ``re`` tests a class's code points above U+FFFF one range at a time, so those ranges sit
    in a second branch that only astral characters reach; the BMP part is one bitmap.
    """
    ranges = _ucd_ranges()[major]
    bmp = [(lo, min(hi, 0xFFFF)) for lo, hi in ranges if lo <= 0xFFFF]
    astral = [(max(lo, 0x10000), hi) for lo, hi in ranges if hi > 0xFFFF]
    return f"(?:{_class(bmp)}|(?=[^\\x00-\\uffff]){_class(astral)})"


def import_regex() -> object | None:
    """The third-party ``regex`` module, or None if it cannot be imported."""
    try:
        return importlib.import_module("regex")
    except ImportError:
        return None
