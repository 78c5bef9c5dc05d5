"""TER's tokenization: Tercom's normaliser (``src/ter/core/Normalizer.java``) as sacreBLEU 2.6's
``TercomTokenizer``, rule for rule: lowercase unless case-sensitive; with ``normalized``, XML
entities unescaped and punctuation split off (western rules, then CJK splitting with
``asian_support``); with ``no_punct``, punctuation removed; whitespace collapsed."""

from __future__ import annotations

import re
from functools import lru_cache

from .options import TerOptions

__all__ = ["tercom_tokenize"]

ASIAN_PUNCT = r"([\u3001\u3002\u3008-\u3011\u3014-\u301f\uff61-\uff65\u30fb])"
FULL_WIDTH_PUNCT = r"([\uff0e\uff0c\uff1f\uff1a\uff1b\uff01\uff02\uff08\uff09])"

_WESTERN: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), r) for p, r in (
        (r"\n-", ""),
        (r"\n", " "),
        (r"&quot;", '"'),
        (r"&amp;", "&"),
        (r"&lt;", "<"),
        (r"&gt;", ">"),
    )
]
_WESTERN_TOKENS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), r) for p, r in (
        (r"([{-~[-` -&(-+:-@/])", r" \1 "),
        (r"'s ", r" 's "),
        (r"'s$", r" 's"),
        (r"([^0-9])([\.,])", r"\1 \2 "),
        (r"([\.,])([^0-9])", r" \1 \2"),
        (r"([0-9])(-)", r"\1 \2 "),
    )
]
_ASIAN: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), r) for p, r in (
        (r"([\u4e00-\u9fff\u3400-\u4dbf])", r" \1 "),
        (r"([\u31c0-\u31ef\u2e80-\u2eff])", r" \1 "),
        (r"([\u3300-\u33ff\uf900-\ufaff\ufe30-\ufe4f])", r" \1 "),
        (r"([\u3200-\u3f22])", r" \1 "),
        # sacreBLEU's kana rules as written (their "^[...]" can only match at the start)
        (r"(^|^[\u3040-\u309f])([\u3040-\u309f]+)(?=$|^[\u3040-\u309f])", r"\1 \2 "),
        (r"(^|^[\u30a0-\u30ff])([\u30a0-\u30ff]+)(?=$|^[\u30a0-\u30ff])", r"\1 \2 "),
        (r"(^|^[\u31f0-\u31ff])([\u31f0-\u31ff]+)(?=$|^[\u31f0-\u31ff])", r"\1 \2 "),
        (ASIAN_PUNCT, r" \1 "),
        (FULL_WIDTH_PUNCT, r" \1 "),
    )
]
_PUNCT = re.compile(r"[\.,\?:;!\"\(\)]")
_ASIAN_PUNCT = re.compile(ASIAN_PUNCT)
_FULL_WIDTH_PUNCT = re.compile(FULL_WIDTH_PUNCT)


def _apply(rules: list[tuple[re.Pattern[str], str]], sent: str) -> str:
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
            sent = _FULL_WIDTH_PUNCT.sub("", _ASIAN_PUNCT.sub("", sent))
    return " ".join(sent.split())
