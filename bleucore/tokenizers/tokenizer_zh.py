"""``zh``: sacreBLEU 2.6's Chinese tokenizer (``tokenizer_zh.TokenizerZh``, by Shujian Huang), rewritten.

The published rule: strip the line, put a space on both sides of every character in the CJK
ranges below, then apply the regular expressions of mteval-v13a (sacreBLEU's ``TokenizerRegexp``:
symbols, "." and "," unless next to a digit, "-" after a digit) to the line as it is, *not*
wrapped in spaces and without 13a's ``<skipped>``/entity steps.

Two of sacreBLEU's ranges are written ``u'\\u20000'`` and ``u'\\u2f800'``: Python reads a
``\\u`` escape as four hex digits, so they are two-character strings, and comparing one character
with them gives U+2001..U+2A6D and U+2F81..U+2FA1 (general punctuation, currency, arrows, maths,
...) instead of CJK Extension B. The ranges below are what sacreBLEU's comparisons select.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from .base import Tokenizer

__all__ = ["CJK_RANGES", "TokenizerZh", "tokenize_zh"]

#: The code points sacreBLEU 2.6's ``_is_chinese_char`` accepts, as inclusive ranges.
CJK_RANGES: tuple[tuple[int, int], ...] = (
    (0x3400, 0x4DB5),  # CJK Unified Ideographs Extension A
    (0x4E00, 0x9FA5),  # CJK Unified Ideographs
    (0x9FA6, 0x9FBB),  # CJK Unified Ideographs, release 4.1
    (0xF900, 0xFA2D),  # CJK Compatibility Ideographs
    (0xFA30, 0xFA6A),
    (0xFA70, 0xFAD9),
    (0x2001, 0x2A6D),  # sacreBLEU's '\u20000' .. '\u2a6d6' (see the module docstring)
    (0x2F81, 0x2FA1),  # sacreBLEU's '\u2f800' .. '\u2fa1d'
    (0xFF00, 0xFFEF),  # full-width ASCII and punctuation, half-width kana and Hangul
    (0x2E80, 0x2EFF),  # CJK Radicals Supplement
    (0x3000, 0x303F),  # CJK punctuation
    (0x31C0, 0x31EF),  # CJK strokes
    (0x2F00, 0x2FDF),  # Kangxi Radicals
    (0x2FF0, 0x2FFF),  # ideographic description characters
    (0x3100, 0x312F),  # Bopomofo
    (0x31A0, 0x31BF),  # Bopomofo extended
    (0xFE10, 0xFE1F),  # vertical forms
    (0xFE30, 0xFE4F),  # CJK compatibility forms
    (0x2600, 0x26FF),  # miscellaneous symbols
    (0x2700, 0x27BF),  # dingbats
    (0x3200, 0x32FF),  # enclosed CJK letters and months
    (0x3300, 0x33FF),  # CJK compatibility
)

_CJK = re.compile("([" + "".join(f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b in CJK_RANGES) + "])")
# sacreBLEU's TokenizerRegexp, rule by rule, applied in order.
_RULES = (
    (re.compile(r"([\{-\~\[-\` -\&\(-\+\:-\@\/])"), r" \1 "),
    (re.compile(r"([^0-9])([\.,])"), r"\1 \2 "),
    (re.compile(r"([\.,])([^0-9])"), r" \1 \2"),
    (re.compile(r"([0-9])(-)"), r"\1 \2 "),
)


@lru_cache(maxsize=2**16)
def tokenize_zh(line: str) -> str:
    """The tokenized line, tokens joined by one space (cached: references and systems repeat lines)."""
    line = _CJK.sub(r" \1 ", line.strip())
    for pattern, replacement in _RULES:
        line = pattern.sub(replacement, line)
    return " ".join(line.split())


class TokenizerZh(Tokenizer):
    """CJK characters one token each, the rest by 13a's rules: sacreBLEU 2.6 ``TokenizerZh``."""

    name = "zh"

    def __call__(self, line: str) -> str:
        return tokenize_zh(line)

    def tokenize_batch(self, lines: Sequence[str]) -> list[tuple[str, ...]]:
        return [tuple(tokenize_zh(line).split()) for line in lines]
