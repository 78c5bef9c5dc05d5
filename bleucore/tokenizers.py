"""sacreBLEU 2.6.0's word tokenizers ``none``, ``13a``, ``intl`` and ``char``, reimplemented.

``tokenize(line, tokenizer, lowercase)`` gives exactly the tokens sacreBLEU's BLEU counts:
``BLEU._preprocess_segment`` (``line.lower()`` if lowercase, then ``.rstrip()``, then the
tokenizer) followed by the ``str.split()`` of ``helpers.extract_all_word_ngrams``.

``tokenize_lines`` gives the same tokens for a whole corpus at once (``none`` and ``char``
are plain per-line ``str`` methods). For ``13a`` and ``intl`` it joins the lines on "\\n" and
makes one pass per rule over the joined text, which is exact because the rules of both
tokenizers are *local*:

* the character-class rules (13a's ``[\\{-\\~\\[-\\` -\\&\\(-\\+\\:-\\@\\/]``, 13a's
  ``([0-9])(-)``, intl's ``(\\p{S})``) only insert spaces and look at one or two characters that
  never include "\\n";
* the two punctuation rules ``([^0-9])([\\.,])`` / ``([\\.,])([^0-9])`` of 13a and
  ``(\\P{N})(\\p{P})`` / ``(\\p{P})(\\P{N})`` of intl (same shape, same replacements) consume the
  character *next to* a punctuation mark, so their effect on a maximal run of punctuation
  depends only on the run and on whether the characters just before and after it are digits
  (or a line edge, which behaves like a digit: nothing to match). Runs of one mark are handled
  by one regex with look-arounds, longer runs by applying the original two rules to the
  run between stand-in neighbours ("0", "x" or nothing) and caching the result. A "\\n" is
  treated as a line edge, never as the non-digit character it would be to the original rules.

13a wraps every line as ``f" {line} "`` (mteval-v13a.pl's ``" $norm_text "``), so in 13a's
joined text every "\\n" has a space on both sides and no rule can reach across it. The result
is split back on "\\n" only (``str.splitlines`` would also split on U+2028, U+0085, \\x1c-\\x1e).
Where a line itself holds a "\\n" (13a removes "-\\n" and maps "\\n" to a space; intl treats it
as an ordinary character), ``tokenize_lines`` falls back to tokenizing line by line.

``intl`` uses the third-party ``regex`` module's ``\\p{P}``, ``\\p{S}``, ``\\p{N}`` when it can be
imported (as sacreBLEU does; exact parity). Without it the classes are built for stdlib ``re``
from ``unicodedata`` general categories P*, S*, N* (see ``ucd_item``), and the signature becomes
``intl-ucd<unicodedata.unidata_version>`` so a different number is never passed off as sacreBLEU's.
Measured with Python 3.11.7 (unicodedata 14.0.0) and regex 2026.5.9: the two definitions differ on
1046 code points (37 P, 876 S, 133 N), all unassigned (Cn) in Unicode 14.0.0 and assigned in the
newer Unicode database of ``regex``; on every other code point they agree
(``tests/test_tokenizers.py::test_intl_class_disagreement`` recounts it).
"""

from __future__ import annotations

import importlib
import re
import unicodedata
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import cast

__all__ = [
    "TOKENIZERS",
    "Tokenizer",
    "Tokenizer13a",
    "TokenizerChar",
    "TokenizerIntl",
    "TokenizerNone",
    "get_tokenizer",
    "intl_class_disagreement",
    "tokenize",
    "tokenize_lines",
    "ucd_item",
]

Pattern = re.Pattern[str]
Match = re.Match[str]


class Tokenizer:
    """Base of the tokenizers: ``__call__`` returns the tokenized line, tokens joined by one space."""

    name: str = ""

    def __call__(self, line: str) -> str:
        raise NotImplementedError

    def signature(self) -> str:
        """The name sacreBLEU prints in its signature (``tok:...``)."""
        return self.name

    def tokenize_batch(self, lines: Sequence[str]) -> list[tuple[str, ...]]:
        """Tokens of each line; ``lines`` are already lowercased (if asked) and right-stripped."""
        return [tuple(self(line).split()) for line in lines]


class TokenizerNone(Tokenizer):
    """No tokenization: sacreBLEU 2.6 ``NoneTokenizer`` (tokens are the whitespace-separated words)."""

    name = "none"

    def __call__(self, line: str) -> str:
        return line

    def tokenize_batch(self, lines: Sequence[str]) -> list[tuple[str, ...]]:
        return [tuple(line.split()) for line in lines]


class TokenizerChar(Tokenizer):
    """Every character a token: sacreBLEU 2.6 ``TokenizerChar`` (whitespace dropped by the split)."""

    name = "char"

    def __call__(self, line: str) -> str:
        return " ".join(line)

    def tokenize_batch(self, lines: Sequence[str]) -> list[tuple[str, ...]]:
        # The characters that str.split() does not treat as whitespace, in order.
        return [tuple("".join(line.split())) for line in lines]


class _PunctRuns:
    """The rule pair ``(NOT_NUM)(PUNCT) -> r'\\1 \\2 '`` then ``(PUNCT)(NOT_NUM) -> r' \\1 \\2'``.

    13a (mteval-v13a.pl, sacreBLEU ``TokenizerRegexp`` rules 2-3) and intl (mteval-v14.pl,
    sacreBLEU ``TokenizerV14International`` rules 1-2) share this shape. ``exact`` applies the
    two rules as written; ``fast`` gives the same tokens, treating "\\n" as a line edge (see the
    module docstring).
    """

    _CACHE_LIMIT = 1 << 14

    def __init__(self, compile_: Callable[[str], Pattern], punct: str, num: str, not_num: str, other: str) -> None:
        # One-character regex items: a mark, a digit, not a digit (as the original rules say
        # it), and neither a digit nor "\n" (a neighbour that is there and is not a digit).
        self._rule1 = compile_(f"({not_num})({punct})")
        self._rule2 = compile_(f"({punct})({not_num})")
        self._num = compile_(num)
        # A lone mark (no mark on either side) ends up separated iff a neighbour exists and is
        # not a digit; the look-behinds come after the mark so the search starts on the mark.
        self._single = compile_(f"({punct})(?<!{punct}{punct})(?!{punct})(?:(?<={other}{punct})|(?={other}))")
        self._multi = compile_(f"{punct}{punct}+")
        self._cache: dict[tuple[str, str, str], str] = {}

    def exact(self, text: str) -> str:
        return self._rule2.sub(r" \1 \2", self._rule1.sub(r"\1 \2 ", text))

    def _stand_in(self, char: str) -> str:
        if char == "\n":
            return ""
        return "0" if self._num.match(char) else "x"

    def _run(self, match: Match) -> str:
        text, (start, end) = match.string, match.span()
        before = self._stand_in(text[start - 1]) if start else ""
        after = self._stand_in(text[end]) if end < len(text) else ""
        key = (before, match.group(), after)
        done = self._cache.get(key)
        if done is None:
            if len(self._cache) >= self._CACHE_LIMIT:
                self._cache.clear()
            local = self.exact(before + key[1] + after)
            done = self._cache[key] = local[len(before) : len(local) - len(after)]
        return done

    def fast(self, text: str) -> str:
        text = " ".join(self._single.split(text))
        return self._multi.sub(self._run, text)


# --- 13a ------------------------------------------------------------------------------------

# sacreBLEU's first TokenizerRegexp rule, ([\{-\~\[-\` -\&\(-\+\:-\@\/]) -> r' \1 ', minus the
# space it also contains: spaces padded with spaces change no token and no later rule.
_13A_SYMBOLS = re.compile(r"([!-&(-+/:-@\[-`{-~])")
_13A_DIGIT_DASH = re.compile(r"-(?<=[0-9]-)")  # ([0-9])(-) -> r'\1 \2 '
_13A_PUNCT = _PunctRuns(re.compile, r"[.,]", r"[0-9]", r"[^0-9]", r"[^0-9\n]")


def _13a_core(text: str) -> str:
    """TokenizerRegexp's rules on ``" line "`` (or such lines joined on "\\n"); spacing may differ."""
    text = " ".join(_13A_SYMBOLS.split(text))
    text = _13A_PUNCT.fast(text)
    return _13A_DIGIT_DASH.sub(" - ", text)


def _13a_entities(text: str) -> str:
    if "&" in text:
        text = text.replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    return text


class Tokenizer13a(Tokenizer):
    """mteval-v13a.pl tokenization as in sacreBLEU 2.6 ``tokenizer_13a.Tokenizer13a``."""

    name = "13a"

    def __call__(self, line: str) -> str:
        line = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
        return " ".join(_13a_core(_13a_entities(f" {line} ")).split())

    def tokenize_batch(self, lines: Sequence[str]) -> list[tuple[str, ...]]:
        if not lines:
            return []
        body = " \n ".join(lines)
        if body.count("\n") != len(lines) - 1:  # a line of its own holds "\n"
            return super().tokenize_batch(lines)
        text = _13a_core(_13a_entities(" " + body.replace("<skipped>", "") + " "))
        return [tuple(segment.split()) for segment in text.split("\n")]


# --- intl -----------------------------------------------------------------------------------


@lru_cache(maxsize=None)
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


@lru_cache(maxsize=None)
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


def _import_regex() -> object | None:
    try:
        return importlib.import_module("regex")
    except ImportError:
        return None


class TokenizerIntl(Tokenizer):
    """mteval-v14.pl international tokenization as in sacreBLEU 2.6 ``TokenizerV14International``.

    ``use_regex=None`` uses the ``regex`` module if importable (signature ``intl``), else stdlib
    ``re`` with ``unicodedata`` classes (signature ``intl-ucd<unidata_version>``).
    """

    name = "intl"

    def __init__(self, use_regex: bool | None = None) -> None:
        module = _import_regex() if use_regex is not False else None
        if use_regex and module is None:
            raise ImportError("the regex module is not installed")
        if module is not None:
            # regex's compiled patterns and matches offer the re API used here.
            compile_ = cast(Callable[[str], Pattern], getattr(module, "compile"))
            punct, num, not_num, other, symbol = r"\p{P}", r"\p{N}", r"\P{N}", r"[^\p{N}\n]", r"\p{S}"
            self._signature = "intl"
        else:
            compile_ = re.compile
            punct, num, symbol = ucd_item("P"), ucd_item("N"), ucd_item("S")
            not_num, other = rf"(?:(?!{num})[\s\S])", f"(?!{num})."
            self._signature = f"intl-ucd{unicodedata.unidata_version}"
        self.uses_regex = module is not None
        self._punct = _PunctRuns(compile_, punct, num, not_num, other)
        self._symbol = compile_(f"({symbol})")

    def signature(self) -> str:
        return self._signature

    def _core(self, text: str) -> str:
        return " ".join(self._symbol.split(self._punct.fast(text)))

    def __call__(self, line: str) -> str:
        if "\n" in line:  # an ordinary non-digit character to mteval-v14, not a line edge
            line = self._symbol.sub(r" \1 ", self._punct.exact(line))
        else:
            line = self._core(line)
        return " ".join(line.split())

    def tokenize_batch(self, lines: Sequence[str]) -> list[tuple[str, ...]]:
        if not lines:
            return []
        body = "\n".join(lines)
        if body.count("\n") != len(lines) - 1:
            return super().tokenize_batch(lines)
        return [tuple(segment.split()) for segment in self._core(body).split("\n")]


def intl_class_disagreement() -> dict[str, int]:
    """Code points on which ``regex``'s ``\\p{P}``/``\\p{S}``/``\\p{N}`` and the ``unicodedata``
    classes disagree, per class and in total ("all"); needs the ``regex`` module."""
    module = _import_regex()
    if module is None:
        raise ImportError("the regex module is not installed")
    findall = cast(Callable[[str, str], list[str]], getattr(module, "findall"))
    every = "".join(chr(code) for code in range(0x110000) if not 0xD800 <= code <= 0xDFFF)
    counts: dict[str, int] = {}
    differing: set[str] = set()
    for major in "PSN":
        theirs = set(findall(rf"\p{{{major}}}", every))
        ours = set(re.findall(ucd_item(major), every))
        counts[major] = len(theirs ^ ours)
        differing |= theirs ^ ours
    counts["all"] = len(differing)
    return counts


# --- registry and public functions ----------------------------------------------------------

TOKENIZERS: dict[str, type[Tokenizer]] = {
    "none": TokenizerNone,
    "13a": Tokenizer13a,
    "intl": TokenizerIntl,
    "char": TokenizerChar,
}
_INSTANCES: dict[str, Tokenizer] = {}


def get_tokenizer(name: str) -> Tokenizer:
    """The shared instance of tokenizer ``name``; ``ValueError`` naming the choices if unknown."""
    tokenizer = _INSTANCES.get(name)
    if tokenizer is None:
        if name not in TOKENIZERS:
            raise ValueError(f"unknown tokenizer {name!r}; choose one of {', '.join(TOKENIZERS)}")
        tokenizer = _INSTANCES[name] = TOKENIZERS[name]()
    return tokenizer


def tokenize(line: str, tokenizer: str = "13a", lowercase: bool = False) -> tuple[str, ...]:
    """Tokens of one segment exactly as sacreBLEU 2.6.0's BLEU counts them: lowercase (optional),
    ``rstrip``, tokenizer, ``str.split`` (``_preprocess_segment`` + ``extract_all_word_ngrams``)."""
    tok = get_tokenizer(tokenizer)
    if lowercase:
        line = line.lower()
    return tuple(tok(line.rstrip()).split())


def tokenize_lines(
    lines: Sequence[str], tokenizer: str = "13a", lowercase: bool = False
) -> list[tuple[str, ...]]:
    """``[tokenize(line, tokenizer, lowercase) for line in lines]``, computed corpus-wide."""
    tok = get_tokenizer(tokenizer)
    if lowercase:
        prepared = [line.lower().rstrip() for line in lines]
    else:
        prepared = [line.rstrip() for line in lines]
    return tok.tokenize_batch(prepared)
