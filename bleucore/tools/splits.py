"""The splits other tools use instead of a tokenizer, as token ids: Perl's ``split`` on ASCII whitespace
(multi-bleu.perl) and ``split(' ')`` (the donghwa-kim tutorial), after the case rule.

Both differ from ``str.split()`` only at a few characters: the whitespace ``str.split()`` splits at and they keep
inside a token, and ``split(' ')``'s empty tokens (two spaces, a space at a line's edge, an empty line). ``marked``
rewrites a stream's text so that ``str.split()`` gives their tokens: each kept character becomes a character of
its own from a private-use plane, each empty token a word of one such character; bleucore's ``none`` encoder then
counts them as fast as ``str.split()`` tokens (a loop over every token took 8 s of the doctor's 100,000 lines).
Text that already holds those characters, or lines that hold a line break, take the loop (``split_encoded``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..tokenizers.utf8_words import wide_spaces

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = [
    "ENCODE_LINES",
    "MARK_CHARS",
    "cased",
    "marked",
    "marked_spaces",
    "single_spaced",
    "split_encoded",
    "split_tokens",
]

#: Lines split at once by the loop: a tuple of strings per line held whole took about 1.5 KB a line.
ENCODE_LINES = 10_000
_ASCII_SPACE = re.compile(r"[ \t\n\r\f\v]+")
_ASCII_UPPER = re.compile("[A-Z]")
#: Whitespace other than the space and the line break: ``split(' ')`` keeps it inside tokens, ``split()`` does not.
_OTHER_SPACE = re.compile(
    "[\t\r\x0b\x0c\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"
)  # str.isspace
#: What ``str.split()`` splits at and Perl's ``split`` (on bytes) does not.
_UNICODE_ONLY_SPACE = re.compile("[\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")
_ASCII_LOWER = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ", b"abcdefghijklmnopqrstuvwxyz")
#: Every ``str.isspace`` character but the space and the line break, then the mark of an empty token: each stands
#: for itself in ``marked`` text as the private-use character at the same place from U+F0000.
_KEPT = (
    "\t\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680"
    + "".join(map(chr, range(0x2000, 0x200B)))
    + ("\u2028\u2029\u202f\u205f\u3000")
)
_MARKS = {c: chr(0xF0000 + i) for i, c in enumerate(_KEPT)}
EMPTY_TOKEN = chr(0xF0000 + len(_KEPT))
MARK_CHARS = re.compile("[\U000f0000-" + EMPTY_TOKEN + "]")


_NOT_SPACE_WHITESPACE = re.compile("[" + re.escape(_KEPT) + "]")


def marked_spaces(line: str) -> str:
    """``line`` with every whitespace character but the space as its private-use mark: text whose only whitespace
    is the space, for rules that keep the other characters (torchmetrics' chrF removes only spaces)."""
    return _NOT_SPACE_WHITESPACE.sub(lambda m: _MARKS[m.group()], line)


def differing_lines(lines: Sequence[str], tokenize: str) -> list[int]:
    """0-based lines whose ``split_tokens`` may differ from their ``str.split()`` tokens (every other line's are the
    same): for Perl's split, lines with a space ``str.split()`` splits at and Perl does not; for ``split(' ')``,
    lines with other whitespace, two spaces, a space at an edge, or none at all. Found in the UTF-8 bytes of the
    lines with numpy (``_differing_bytes``), or, where a line holds a line break, line by line."""
    if not lines:
        return []
    text = "\n".join(lines)
    if text.count("\n") == len(lines) - 1:
        return _differing_bytes(np.frombuffer(text.encode("utf-8", "surrogatepass"), dtype=np.uint8), tokenize)
    return differing_by_line(lines, tokenize)


def differing_by_line(lines: Sequence[str], tokenize: str) -> list[int]:
    """``differing_lines`` line by line, for lines that hold a line break (and the tests' reference)."""
    spaces = _UNICODE_ONLY_SPACE if tokenize == "ascii-whitespace" else _OTHER_SPACE
    return [
        i
        for i, line in enumerate(lines)
        if spaces.search(line)
        or (
            tokenize == "single-space"
            and ("\n" in line or not line or line[0] == " " or line[-1] == " " or "  " in line)
        )
    ]


def _differing_bytes(buf: npt.NDArray[np.uint8], tokenize: str) -> list[int]:
    """``differing_lines`` of lines whose UTF-8, joined by b"\\n", is ``buf``: the lines holding a byte of a space
    Perl does not split at (\\x1c-\\x1f, whitespace beyond ASCII) and, for ``split(' ')``, of a tab, \\r, \\v or
    \\f, two spaces in a row, a space first or last, or nothing."""
    special = wide_spaces(buf) | ((buf >= 0x1C) & (buf <= 0x1F))
    if tokenize == "single-space":
        special |= ((buf >= 9) & (buf <= 13) & (buf != 10)) | np.append((buf[:-1] == 32) & (buf[1:] == 32), False)
    breaks = np.flatnonzero(buf == 10)
    starts, ends = np.concatenate([[0], breaks + 1]), np.append(breaks, buf.size)
    lines = np.zeros(starts.size, dtype=bool)
    lines[np.searchsorted(starts, np.flatnonzero(special), "right") - 1] = True
    if tokenize == "single-space":
        empty = ends == starts
        lines |= empty
        if buf.size:
            first, last = buf[np.minimum(starts, buf.size - 1)], buf[np.maximum(ends - 1, 0)]
            lines |= ~empty & ((first == 32) | (last == 32))
    found: list[int] = np.flatnonzero(lines).tolist()
    return found


def cased(lines: Sequence[str], case: str) -> Sequence[str]:
    """Perl's ``lc`` on bytes for ``ascii-lower`` (A-Z only; UTF-8 never uses those bytes inside a character)."""
    if case != "ascii-lower" or not lines:
        return lines
    text = "\n".join(lines)
    if text.count("\n") != len(lines) - 1:
        return [
            line.encode("utf-8", "surrogatepass").translate(_ASCII_LOWER).decode("utf-8", "surrogatepass")
            for line in lines
        ]
    return text.encode("utf-8", "surrogatepass").translate(_ASCII_LOWER).decode("utf-8", "surrogatepass").split("\n")


def single_spaced(text: str) -> bool:
    """True if ``split(' ')`` and ``split()`` give the same tokens on every line of ``text`` (lines joined by
    "\\n"): no empty line, no space at a line's edge, no two spaces, no other whitespace."""
    if not text or text[0] in " \n" or text[-1] in " \n" or _OTHER_SPACE.search(text):
        return False
    return not any(pair in text for pair in ("\n\n", " \n", "\n ", "  "))


def split_tokens(lines: Sequence[str], tokenize: str, case: str) -> list[tuple[str, ...]]:
    """Tokens of each line by ``ascii-whitespace`` or ``single-space``, after the case rule (``whitespace`` is
    bleucore's ``none`` tokenizer, counted from token ids)."""
    lines, lower = cased(lines, case), case == "lower"
    if tokenize == "ascii-whitespace":
        return [tuple(t for t in _ASCII_SPACE.split(line.lower() if lower else line) if t) for line in lines]
    # The donghwa-kim tutorial's word_ngram: line breaks become spaces, then split(' ').
    return [tuple((line.lower() if lower else line).replace("\r", " ").split(" ")) for line in lines]


def marked(lines: Sequence[str], tokenize: str, case: str) -> list[str] | None:
    """``lines`` rewritten so that ``str.split()`` gives the tokens of ``split_tokens`` (the kept whitespace and the
    empty tokens as private-use characters); None if a line holds a line break or the text such a character."""
    if not lines:
        return []
    text = "\n".join(cased(lines, case))
    if text.count("\n") != len(lines) - 1 or MARK_CHARS.search(text):
        return None
    if case == "lower":
        text = text.lower()
    if tokenize == "ascii-whitespace":
        return _UNICODE_ONLY_SPACE.sub(lambda m: _MARKS[m.group()], text).split("\n")
    text = _OTHER_SPACE.sub(lambda m: " " if m.group() == "\r" else _MARKS[m.group()], text)
    # split(' ') gives an empty token between two spaces and at a line's edge next to a space or at an empty line.
    for pair, filled in (("  ", f" {EMPTY_TOKEN} "), ("\n\n", f"\n{EMPTY_TOKEN}\n")):
        while pair in text:
            text = text.replace(pair, filled)
    text = text.replace("\n ", f"\n{EMPTY_TOKEN} ").replace(" \n", f" {EMPTY_TOKEN}\n")
    if text.startswith((" ", "\n")) or not text:
        text = EMPTY_TOKEN + text
    if text.endswith((" ", "\n")):
        text += EMPTY_TOKEN
    return text.split("\n")


def split_encoded(
    lines: Sequence[str], tokenize: str, case: str, vocabulary: dict[str, int]
) -> tuple[np.ndarray, np.ndarray]:
    """(ids, lengths) of ``split_tokens``'s tokens, ``ENCODE_LINES`` lines at a time, ids from ``vocabulary``,
    which grows: the loop for text that ``marked`` cannot rewrite."""
    ids, lengths = [np.zeros(0, dtype=np.int64)], [np.zeros(0, dtype=np.int64)]
    for start in range(0, len(lines), ENCODE_LINES):
        tokens = split_tokens(lines[start : start + ENCODE_LINES], tokenize, case)
        lengths.append(np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens)))
        flat = [token for line in tokens for token in line]
        for token in dict.fromkeys(flat):
            vocabulary.setdefault(token, len(vocabulary))
        ids.append(np.fromiter(map(vocabulary.__getitem__, flat), dtype=np.int64, count=len(flat)))
    return np.concatenate(ids), np.concatenate(lengths)


def has_ascii_upper(text: str) -> bool:
    return _ASCII_UPPER.search(text) is not None


def has_unicode_only_space(text: str) -> bool:
    return _UNICODE_ONLY_SPACE.search(text) is not None
