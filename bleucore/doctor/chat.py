"""What a chat model writes around or instead of a translation, in English and Korean: a preamble ("Here is the
translation:", "Sure! ...:", "Translation:", "다음은 번역입니다:"), a closing remark ("(Note: ...)", "I hope this
helps!"), the whole line in quotes, and a refusal ("I'm sorry, but I can't help with that request.", "죄송하지만
번역해 드릴 수 없습니다."). The rules compare each hypothesis line with its reference: what the reference has too
is the text, not a wrapper."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, AnyStr

import numpy as np

if TYPE_CHECKING:
    from .finding import Setup

__all__ = [
    "QUOTES",
    "LowerText",
    "is_refusal",
    "lower_text",
    "read_streams",
    "refusal_lines",
    "strip_wrapper",
    "wrapped_lines",
    "wrapper",
]

_LEAD = r"(?:(?:sure|certainly|of course|absolutely|okay|ok|yes)\b[!,.]*[^\S\n]*)?"
_LANGUAGES = r"(?:english|korean|german|french|spanish|chinese|japanese|target)"
#: Before the translation, ending with a colon.
BEFORE = re.compile(
    r"^[^\S\n]*(?:"
    + _LEAD
    + r"(?:here(?:'s|’s| is| are)\b[^:\n]{0,80}|(?:the |my )?(?:"
    + _LANGUAGES
    + r" )?translation(?: is)?|translated(?: text| sentence| version)?|"
    + _LANGUAGES
    + r"(?: version| text)?|output)"
    + r"|(?:sure|certainly|of course|absolutely)\b[^:\n]{0,60}?\b(?:here|translat\w*|version)\b[^:\n]{0,40}"
    + r"|(?:(?:물론(?:입니다|이죠)?|네|좋습니다)[!,.]*[^\S\n]*)?(?:다음은|여기|번역)[^:\n]{0,60}"
    + r")[^\S\n]*[:：][^\S\n]*",
    re.IGNORECASE | re.MULTILINE,
)
#: After the translation: a note, an offer of more help.
AFTER = re.compile(
    r"[^\S\n]*(?:\([^\S\n]*(?:note|translator'?s note|참고|주의|번역 참고|설명)[^\S\n]*[:：][^)\n]*\)"
    r"|\b(?:note|참고)[^\S\n]*[:：].*"
    r"|\bI hope (?:this|that) helps\b.*|\bLet me know if\b.*"
    r"|도움이 되(?:셨|었)기를.*|더 필요한 것이 있으면.*)[^\S\n]*$",
    re.IGNORECASE | re.MULTILINE,
)
#: Opening quote -> its closing quotes.
QUOTES = {'"': '"', "“": "”", "„": "“”", "«": "»", "「": "」", "『": "』", "'": "'", "‘": "’"}
_REFUSAL = re.compile(
    r"\b(?:(?:I'?m|I am|we'?re|we are)[^\S\n]+(?:so[^\S\n]+)?sorry|I apologi[sz]e)\b[^.!?\n]{0,60}"
    r"\b(?:can(?:no|'|’)t|cannot|unable|not able)\b"
    r"|^[^\S\n]*(?:I|We)[^\S\n]+"
    r"(?:can(?:no|'|’)t|cannot|am unable to|(?:'|’)m unable to|am not able to|won(?:'|’)t)[^\S\n]+"
    r"(?:help|assist|translate|provide|comply|fulfil|do that)"
    r"|\bas an AI(?: language model)?\b"
    r"|죄송(?:합니다|하지만|하지만요)[^.!?\n]{0,60}(?:수 없|어렵)"
    r"|(?:도와|번역해|제공해)[^\S\n]*드릴 수 없"
    r"|AI 언어 ?모델(?:로서|이기 때문에)",
    re.IGNORECASE | re.MULTILINE,
)


#: Words a quoted line needs to read as a sentence put in quotes (a quoted word or name is text).
QUOTED_WORDS = 3


def _quoted(line: str) -> bool:
    text = line.strip()
    if len(text) <= 2 or text[0] not in QUOTES or text[-1] not in QUOTES[text[0]] or text[-1] in text[1:-1]:
        return False
    return len(text.split()) >= QUOTED_WORDS


#: Characters that match an ASCII letter of ``AFTER``'s words under ``re.IGNORECASE`` without lowering to it in
#: ``str.lower`` (İ and ı match i, the Kelvin sign k): a line holding one is always searched.
_CASE_FOLDS = ("\u0130", "\u0131", "\u212a")


def _may_follow(line: str) -> bool:
    """False when ``AFTER`` cannot match ``line``: each of its branches holds one of ``_AFTER_KEYS``."""
    lowered = line.lower()
    return any(key in lowered for key in _AFTER_KEYS) or any(c in line for c in _CASE_FOLDS)


def wrapper(line: str) -> tuple[str, str] | None:
    """(kind, the wrapper's text) of the first chat wrapper in ``line``: ``before``, ``after`` or ``quoted``; None
    if none. A line that is only the wrapper (nothing translated beside it) counts too. ``BEFORE`` ends with a colon
    and starts a line (a line without a line break is matched at its start only); ``AFTER`` needs one of its words."""
    if ":" in line or "：" in line:
        found = BEFORE.match(line) if "\n" not in line else BEFORE.search(line)
        if found:
            return "before", found.group().strip()
    if _may_follow(line):
        found = AFTER.search(line)
        if found:
            return "after", found.group().strip()
    return ("quoted", line.strip()[0] + "…" + line.strip()[-1]) if _quoted(line) else None


def strip_wrapper(line: str) -> str:
    """``line`` without its chat wrappers (each kind once): the translation inside them."""
    text = AFTER.sub("", BEFORE.sub("", line, count=1), count=1)
    return text.strip()[1:-1].strip() if _quoted(text) else text.strip()


def is_refusal(line: str) -> bool:
    """True if ``line`` reads as a chat model's refusal (English or Korean)."""
    return _REFUSAL.search(line) is not None


#: Words one of which a line needs for each pattern to be tried on it (lowercase): found in the joined text at C speed.
_BEFORE_KEYS = (":", "：")
_AFTER_KEYS = ("note", "참고", "주의", "설명", "i hope", "let me know", "도움이 되", "더 필요한")
_REFUSAL_KEYS = (
    *("sorry", "apologi", "cannot", "can't", "can’t", "unable", "not able", "won't", "won’t", "as an ai"),
    *("죄송", "드릴 수 없", "ai 언어"),
)


_ASCII_LOWER = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ", b"abcdefghijklmnopqrstuvwxyz")
#: The characters whose ``str.lower`` is an ASCII letter (the Kelvin sign) or two characters (İ): with neither in the
#: text, lowering A-Z alone finds every key (ASCII, Hangul and symbols, which have no case) where ``str.lower`` does.
_LOWER_TO_ASCII = ("\u0130", "\u212a")


#: First bytes of a line that may open a quotation (``QUOTES``) or be whitespace: ASCII quotes and spaces, and every
#: byte beyond ASCII (the line's first character is then looked at).
_OPENING_BYTES = np.zeros(256, dtype=bool)
_OPENING_BYTES[[i for i in range(128) if chr(i) in QUOTES or chr(i).isspace()]] = True
_OPENING_BYTES[128:] = True


class LowerText:
    """A stream's lines joined and lowercased once, and where each line starts, for the keyword searches: as UTF-8
    with A-Z lowered (a bytes translate) where that finds the keys ``str.lower`` would, else lowered as ``str``."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = lines
        self.wrapped: list[int] | None = None
        self.refused: list[int] | None = None
        joined = "\n".join(lines)
        self.text: str | bytes | None = None  # None: a line holds a line break
        self.starts: np.ndarray | None = None
        if joined.count("\n") != len(lines) - 1:
            return
        if any(c in joined for c in _LOWER_TO_ASCII):
            text = joined.lower()
            self.text, self.starts = text, np.cumsum([0, *(len(line) + 1 for line in text.split("\n")[:-1])])
            return
        data = joined.encode("utf-8", "surrogatepass").translate(_ASCII_LOWER)
        breaks = np.flatnonzero(np.frombuffer(data, dtype=np.uint8) == 10)
        self.text, self.starts = data, np.concatenate([[0], breaks + 1])

    def opening_lines(self) -> list[int]:
        """0-based lines whose first character may open a quotation or be a space: a first byte that is an ASCII
        quote or space (``str.isspace``), or beyond ASCII (every line, when the text is not held as UTF-8)."""
        data, starts = self.text, self.starts
        if not isinstance(data, bytes) or starts is None:
            return list(range(len(self.lines)))
        ends = np.append(starts[1:] - 1, len(data))
        first = np.frombuffer(data, dtype=np.uint8)[np.minimum(starts, max(0, len(data) - 1))] if data else starts
        opening = _OPENING_BYTES[first] & (ends > starts)
        found: list[int] = np.flatnonzero(opening).tolist()
        return found

    def lines_with(self, keys: Sequence[str]) -> list[int]:
        """0-based lines that hold one of ``keys`` (lowercase), found with ``find`` in the joined text."""
        if self.text is None or self.starts is None:
            return [i for i, line in enumerate(self.lines) if any(k in line.lower() for k in keys)]
        text = self.text
        positions = _found(text, keys) if isinstance(text, str) else _found(text, [k.encode("utf-8") for k in keys])
        return sorted({int(i) for i in np.searchsorted(self.starts, positions, "right") - 1}) if positions else []


def _found(text: AnyStr, keys: Sequence[AnyStr]) -> list[int]:
    """Where each key starts in ``text``, every occurrence."""
    positions = []
    for key in keys:
        at = text.find(key)
        while at >= 0:
            positions.append(at)
            at = text.find(key, at + 1)
    return positions


def wrapped_lines(text: LowerText) -> list[int]:
    """0-based lines with a chat wrapper (``wrapper`` is not None), found once per text."""
    if text.wrapped is None:
        text.wrapped = _wrapped_lines(text)
    return text.wrapped


def refusal_lines(text: LowerText) -> list[int]:
    """0-based lines that read as a refusal, found once per text."""
    if text.refused is None:
        text.refused = [i for i in text.lines_with(_REFUSAL_KEYS) if is_refusal(text.lines[i])]
    return text.refused


def _wrapped_lines(text: LowerText) -> list[int]:
    lines = text.lines
    quoted = [i for i in text.opening_lines() if lines[i][:1] in QUOTES or lines[i][:1].isspace()]
    candidates = sorted({*text.lines_with(_BEFORE_KEYS), *text.lines_with(_AFTER_KEYS), *quoted})
    return [i for i in candidates if wrapper(lines[i])]


def read_streams(setup: Setup) -> list[tuple[str, Sequence[str]]]:
    """``setup.sides()`` as the setup holds them (not copied): the streams whose ``LowerText`` the rules share."""
    hypothesis = [] if 0 in setup.unread else [(setup.hypothesis_name, setup.hypotheses)]
    return [*hypothesis, *((setup.reference_name(j), s) for j, s in setup.read_references())]


def lower_text(memo: dict[str, object], lines: Sequence[str]) -> LowerText:
    """The ``LowerText`` of ``lines``, made once per setup (``memo``: ``Setup.memo``)."""
    key = f"lower_text:{id(lines)}"
    found = memo.get(key)
    if not isinstance(found, LowerText) or found.lines is not lines:
        found = memo[key] = LowerText(lines)
    return found
