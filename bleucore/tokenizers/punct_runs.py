"""The punctuation rule pair shared by 13a and intl, applied to a whole corpus at once.

``tokenize_lines`` joins the lines of a corpus on "\\n" and makes one pass per rule over the joined
text, which is exact because the rules of both tokenizers are *local*:

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

The result is split back on "\\n" only (``str.splitlines`` would also split on U+2028, U+0085,
\\x1c-\\x1e). Where a line itself holds a "\\n", the tokenizers fall back to line by line.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["Match", "Pattern", "PunctRuns"]

Pattern = re.Pattern[str]
Match = re.Match[str]


class PunctRuns:
    """The rule pair ``(NOT_NUM)(PUNCT) -> r'\\1 \\2 '`` then ``(PUNCT)(NOT_NUM) -> r' \\1 \\2'``.

    13a (mteval-v13a.pl, sacreBLEU ``TokenizerRegexp`` rules 2-3) and intl (mteval-v14.pl,
    sacreBLEU ``TokenizerV14International`` rules 1-2) share this shape. ``exact`` applies the
    two rules as written; ``fast`` gives the same tokens, treating "\\n" as a line edge (see the
    docstring of this module).
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
