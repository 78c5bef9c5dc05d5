"""TER's tokenization: Tercom's normaliser (``src/ter/core/Normalizer.java``) as sacreBLEU 2.6's
``TercomTokenizer``, rule for rule: lowercase unless case-sensitive; with ``normalized``, XML
entities unescaped and punctuation split off (western rules, then CJK splitting with
``asian_support``); with ``no_punct``, punctuation removed; whitespace collapsed."""

from __future__ import annotations

import re
from functools import lru_cache

from .options import TerOptions

__all__ = ["tercom_tokenize"]

Rule = tuple[re.Pattern[str], str]

# Tercom's CJK punctuation and full-width punctuation: split off with ``normalized``, removed with ``no_punct``
ASIAN_PUNCT = r"\u3001\u3002\u3008-\u3011\u3014-\u301f\uff61-\uff65\u30fb"
FULL_WIDTH_PUNCT = r"\uff0e\uff0c\uff1f\uff1a\uff1b\uff01\uff02\uff08\uff09"
# Blocks whose every character stands alone (sacreBLEU's ranges; its Enclosed CJK runs to U+3F22)
_CJK_BLOCKS = (
    r"\u4e00-\u9fff\u3400-\u4dbf",  # CJK Unified Ideographs, Extension A
    r"\u31c0-\u31ef\u2e80-\u2eff",  # CJK Strokes, CJK Radicals Supplement
    r"\u3300-\u33ff\uf900-\ufaff\ufe30-\ufe4f",  # CJK Compatibility, its Ideographs and Forms
    r"\u3200-\u3f22",  # Enclosed CJK Letters and Months
)
_KANA_BLOCKS = (r"\u3040-\u309f", r"\u30a0-\u30ff", r"\u31f0-\u31ff")  # Hiragana, Katakana, Phonetic Ext.


def _rules(*pairs: tuple[str, str]) -> tuple[Rule, ...]:
    return tuple((re.compile(pattern), replacement) for pattern, replacement in pairs)


def _split_off(characters: str) -> tuple[str, str]:
    """The rule that puts a space either side of each character of the class ``characters``."""
    return f"([{characters}])", r" \1 "


def _kana_run(block: str) -> tuple[str, str]:
    """sacreBLEU's kana rule as written: its ``^[...]`` can only match at the start of the line, where
    the western rules always leave a space, so it never changes a line (kept rule for rule)."""
    return f"(^|^[{block}])([{block}]+)(?=$|^[{block}])", r"\1 \2 "


_WESTERN = _rules(
    (r"\n-", ""),
    (r"\n", " "),
    (r"&quot;", '"'),
    (r"&amp;", "&"),
    (r"&lt;", "<"),
    (r"&gt;", ">"),
)
_WESTERN_TOKENS = _rules(
    (r"([{-~[-` -&(-+:-@/])", r" \1 "),
    (r"'s ", r" 's "),
    (r"'s$", r" 's"),
    (r"([^0-9])([\.,])", r"\1 \2 "),
    (r"([\.,])([^0-9])", r" \1 \2"),
    (r"([0-9])(-)", r"\1 \2 "),
)
_ASIAN = _rules(
    *map(_split_off, _CJK_BLOCKS),
    *map(_kana_run, _KANA_BLOCKS),
    _split_off(ASIAN_PUNCT),
    _split_off(FULL_WIDTH_PUNCT),
)
_PUNCT = re.compile(r"[\.,\?:;!\"\(\)]")
_ASIAN_PUNCT = re.compile(f"[{ASIAN_PUNCT}{FULL_WIDTH_PUNCT}]")


def _apply(rules: tuple[Rule, ...], sent: str) -> str:
    for pattern, replacement in rules:
        sent = pattern.sub(replacement, sent)
    return sent


@lru_cache(maxsize=1 << 16)
def tercom_tokenize(sent: str, options: TerOptions) -> str:
    """The line as TER sees it: tokens separated by single spaces (of ``sent.rstrip()``, as sacreBLEU)."""
    sent = sent.rstrip()
    if not sent:
        return ""
    if not options.case_sensitive:
        sent = sent.lower()
    if options.normalized:
        sent = _apply(_WESTERN_TOKENS, f" {_apply(_WESTERN, sent)} ")
        if options.asian_support:
            sent = _apply(_ASIAN, sent)
    if options.no_punct:
        sent = _PUNCT.sub("", sent)
        if options.asian_support:
            sent = _ASIAN_PUNCT.sub("", sent)
    return " ".join(sent.split())
