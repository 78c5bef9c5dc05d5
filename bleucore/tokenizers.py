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
from collections import defaultdict
from itertools import chain, count, islice
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]

__all__ = [
    "TOKENIZERS",
    "TokenEncoder",
    "Tokenizer",
    "Tokenizer13a",
    "TokenizerChar",
    "TokenizerIntl",
    "TokenizerNone",
    "get_tokenizer",
    "intl_class_disagreement",
    "tokenize",
    "tokenize_flat",
    "tokenize_lines",
    "ucd_item",
]

Pattern = re.Pattern[str]
Match = re.Match[str]


class Tokenizer:
    """Base of the tokenizers: ``__call__`` returns the tokenized line, tokens joined by one space."""

    name: str = ""
    #: True if a line's tokens are the concatenation of the tokens of its whitespace-separated
    #: words, each tokenized as a line of its own (``TokenEncoder`` then tokenizes each distinct
    #: word once).
    word_local: bool = False

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
    word_local = True

    def __call__(self, line: str) -> str:
        return line

    def tokenize_batch(self, lines: Sequence[str]) -> list[tuple[str, ...]]:
        return [tuple(line.split()) for line in lines]


class TokenizerChar(Tokenizer):
    """Every character a token: sacreBLEU 2.6 ``TokenizerChar`` (whitespace dropped by the split)."""

    name = "char"
    word_local = True

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
    # Every line is wrapped in spaces, so a word's neighbours are whitespace (a non-digit, never
    # part of a rule's class) whether it is at a line edge or not; "<skipped>" and the entities
    # hold no whitespace. Lines holding "\n" ("-\n" joins words) are encoded line by line.
    word_local = True

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


# --- token ids for the vectorized statistics ----------------------------------------------------

# Characters tried, in order, as the line separator of TokenEncoder (one that no line holds).
_SEPARATORS = ("\x00", "\x01", "\ufdd0", "\ufdd1", "\U0010fffe")


class TokenEncoder:
    """Lines to flat integer token ids, one vocabulary shared by every call (hypotheses and
    references must share it for their n-grams to match).

    ``encode(lines)`` returns ``(ids, lengths)``: the ids of all tokens of all lines in order and
    the number of tokens of each line; ``vocabulary[i]`` is the token of id i. The tokens are
    exactly ``tokenize_lines(lines, tokenizer, lowercase)``.

    For the word-local tokenizers (``none``, ``13a``, ``char``) the lines are split once on
    whitespace (a separator word between lines) and each *distinct* word is tokenized once and
    remembered; the ids of every occurrence are then gathered with numpy. Other tokenizers (and
    13a lines holding "\\n") are tokenized line by line with ``tokenize_lines``.
    """

    def __init__(self, tokenizer: str = "13a", lowercase: bool = False) -> None:
        import numpy as np

        self._tokenizer = get_tokenizer(tokenizer)
        self._lowercase = lowercase
        self._token_ids: defaultdict[str, int] = defaultdict()
        # Word id 0 is the line separator (no tokens); word w has the token ids
        # _word_tokens[_word_start[w] : _word_start[w] + _word_len[w]].
        self._word_ids: defaultdict[str, int] = defaultdict()
        self._word_len = np.zeros(1, dtype=np.int64)
        self._word_start = np.zeros(1, dtype=np.int64)
        self._word_tokens = np.zeros(0, dtype=np.int64)

    @property
    def vocabulary(self) -> list[str]:
        """The token of each id."""
        return list(self._token_ids)

    @property
    def words(self) -> int:
        """Distinct words remembered so far (callers may start a new encoder past a limit)."""
        return len(self._word_ids)

    @staticmethod
    def _ids(table: defaultdict[str, int], items: Sequence[str], sep: str, sep_id: int, first_id: int) -> IntArray:
        """Ids of ``items`` by ``table``, new items numbered from ``first_id``; ``sep`` (in no
        table) gets ``sep_id`` and is not stored."""
        import numpy as np

        table.default_factory = count(first_id).__next__
        table[sep] = sep_id
        try:
            return np.fromiter(map(table.__getitem__, items), dtype=np.int64, count=len(items))
        finally:
            table.default_factory = None
            del table[sep]

    def encode(self, lines: Sequence[str]) -> tuple[IntArray, IntArray]:
        """``(ids, lengths)`` of ``lines`` (see the class docstring)."""
        import numpy as np

        if self._tokenizer.word_local and lines:
            prepared = [line.lower() for line in lines] if self._lowercase else list(lines)
            for sep in _SEPARATORS:
                if sep in self._word_ids or sep in self._token_ids:
                    continue
                joined = f" {sep} ".join(prepared)
                if joined.count(sep) != len(prepared) - 1:
                    continue
                if self._tokenizer.name == "13a" and "\n" in joined:
                    break
                return self._encode_words(joined.split(), sep)
        tokens = tokenize_lines(lines, self._tokenizer.name, self._lowercase)
        lengths = np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens))
        table = self._token_ids
        table.default_factory = count(len(table)).__next__
        try:
            ids = np.fromiter(map(table.__getitem__, chain.from_iterable(tokens)), dtype=np.int64, count=int(lengths.sum()))
        finally:
            table.default_factory = None
        return ids, lengths

    def _tokenize_words(self, words: list[str], sep: str) -> None:
        """Tokenize and remember new words (none holds ``sep`` or whitespace)."""
        import numpy as np

        name = self._tokenizer.name
        if name == "none":
            tokens: list[str] = words
            lengths = np.ones(len(words), dtype=np.int64)
        elif name == "char":
            tokens = list("".join(words))
            lengths = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
        else:  # 13a: the words as lines, the separator word between them
            text = _13a_core(_13a_entities(" " + " \n ".join(words).replace("<skipped>", "") + " "))
            tokens = text.replace("\n", f" {sep} ").split()
        ids = self._ids(self._token_ids, tokens, sep, -1, len(self._token_ids))
        if name == "13a":
            ends = np.append(np.flatnonzero(ids < 0), ids.size)
            lengths = np.diff(ends, prepend=-1) - 1
            ids = ids[ids >= 0]
        starts = np.cumsum(lengths) - lengths + self._word_tokens.size
        self._word_len = np.concatenate([self._word_len, lengths])
        self._word_start = np.concatenate([self._word_start, starts])
        self._word_tokens = np.concatenate([self._word_tokens, ids])

    def _encode_words(self, words: list[str], sep: str) -> tuple[IntArray, IntArray]:
        import numpy as np

        word_ids = self._word_ids
        first = len(word_ids)
        wids = self._ids(word_ids, words, sep, 0, first + 1)
        if len(word_ids) > first:  # the words seen for the first time, in id order
            self._tokenize_words(list(islice(word_ids, first, None)), sep)
        if self._tokenizer.name == "none":  # one token per word: no expansion
            is_word = wids != 0
            seps = np.flatnonzero(~is_word)
            lengths = np.diff(seps, prepend=-1, append=wids.size) - 1
            return self._word_tokens[self._word_start[wids[is_word]]], lengths
        word_len = self._word_len[wids]
        ends = np.cumsum(word_len)
        total = int(ends[-1]) if ends.size else 0
        line_ends = np.append(ends[wids == 0], total)
        lengths = np.diff(line_ends, prepend=0)
        source = np.repeat(self._word_start[wids] - (ends - word_len), word_len)
        source += np.arange(total, dtype=np.int64)
        return self._word_tokens[source], lengths

def tokenize_flat(
    lines: Sequence[str], tokenizer: str = "13a", lowercase: bool = False
) -> tuple[list[str], IntArray]:
    """All tokens of ``lines`` in one list and the offsets (``len(lines) + 1`` of them) where each
    line's tokens start: ``tokens[offsets[i]:offsets[i + 1]] == tokenize(lines[i], ...)``."""
    import numpy as np

    encoder = TokenEncoder(tokenizer, lowercase)
    ids, lengths = encoder.encode(lines)
    vocabulary = encoder.vocabulary
    offsets = np.zeros(lengths.size + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    return list(map(vocabulary.__getitem__, ids.tolist())), offsets
