"""How a value filled in at run time is read aloud, for the words written around it: the Korean particle its last
sound takes (을/를, 이/가, 은/는, 으로/로, 과/와) and the English article its first sound takes (a/an).

A value is read as a reader reads it: what a closing bracket holds is skipped ("system_a.en(약한 시스템, 60줄)" is
read up to "en"), and so are closing quotes and marks; a Hangul syllable ends in its final consonant; a number is
read in Sino-Korean ("10" 십, "1,000" 천, "50.46" 오십 점 사육) and in English ("8" eight, "11" eleven); Latin letters
are spelled when they are an acronym or have no vowel ("MQM" 엠큐엠, "XL" 엑스엘, "txt" 티엑스티) and read as a word
otherwise ("none" 논, "file" 파일, "COMET" 코멧). The catalog asks for a particle in a placeholder's format spec
(``{name:을}``) and for an article with ``{metric:a}``, and such a template is filled with ``fill_spoken`` (a test
checks every call site of one). The module imports nothing of ui: any module may fill a template, no chain grows.
"""

from __future__ import annotations

import re
import string
import unicodedata
from typing import Any, Literal

#: A word's last sound: a vowel, the consonant ㄹ (which takes 로, not 으로), or another consonant.
Sound = Literal["vowel", "rieul", "consonant"]

#: Each particle -> (its form after a consonant, after a vowel); after ㄹ it takes the consonant's form, except 으로.
_PAIRS = (("을", "를"), ("이", "가"), ("은", "는"), ("과", "와"), ("으로", "로"))
PARTICLES = {form: pair for pair in _PAIRS for form in pair}
#: Every form, the longest first (a spec ending in 으로 is not read as ending in 로).
FORMS = tuple(sorted(PARTICLES, key=len, reverse=True))
#: A format spec that asks for the English article before the value.
ARTICLE = "a"

#: How a digit is read alone (after a decimal point, or as the last digit of a number).
_DIGITS: dict[str, Sound] = {
    "0": "consonant",  # 영
    "1": "rieul",  # 일
    "2": "vowel",  # 이
    "3": "consonant",  # 삼
    "4": "vowel",  # 사
    "5": "vowel",  # 오
    "6": "consonant",  # 육
    "7": "rieul",  # 칠
    "8": "rieul",  # 팔
    "9": "vowel",  # 구
}
#: A letter's name when spelled, by its last sound (the rest end in a vowel: 에이, 비, 씨, ...).
_LETTER_ENDS: dict[str, Sound] = {"l": "rieul", "r": "rieul", "m": "consonant", "n": "consonant"}
#: Letters whose English names begin with a vowel sound (an "M", an "X").
_VOWEL_LETTER_NAMES = set("aefhilmnorsx")
_CLOSING = {")": "(", "]": "[", "}": "{", "）": "（", "」": "「", "』": "『", "》": "《", "〉": "〈"}
#: Marks skipped at the end (closing quotes, Markdown, punctuation) and at the start (opening ones).
_TRAILING = set(" \t\n*_`'\"”’»›.,;:!?…~\\")  # and a Markdown escape's backslash
_LEADING = set(" \t\n*_`'\"“‘«‹([{（「『《〈")
_NUMBER_END = re.compile(r"[0-9][0-9,]*(?:\.[0-9]+)?$")
_NUMBER_START = re.compile(r"[0-9][0-9,]*")
_LATIN_END = re.compile(r"[A-Za-z]+$")
_LATIN_START = re.compile(r"[A-Za-z]+")
#: The pieces of a run of letters: an acronym, a capitalized or lowercase word ("xCOMET" -> x, COMET).
_PIECES = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+")
_VOWELS = set("aeiouy")


def _folded(text: str) -> str:
    """Latin letters without their accents ("café" -> "cafe"; Hangul is left whole: NFKD would take it apart)."""
    return "".join(
        "".join(d for d in unicodedata.normalize("NFKD", c) if not unicodedata.combining(d)) if "À" <= c <= "ɏ" else c
        for c in text
    )


def _without_closing(text: str) -> str:
    """``text`` without what comes after its last sound: closing marks, and a closing bracket with what it holds."""
    text = text.rstrip()
    while text:
        last = text[-1]
        if last in _TRAILING:
            text = text[:-1]
        elif last in _CLOSING:
            depth, i = 0, len(text) - 1
            while i >= 0:
                depth += text[i] == last
                depth -= text[i] == _CLOSING[last]
                if depth == 0:
                    break
                i -= 1
            # An unbalanced bracket is a mark like the others; a balanced one goes with its content.
            text = text[:-1] if i < 0 or not text[:i].strip() else text[:i]
        else:
            return text
    return text


def _number_sound(number: str) -> Sound:
    """The last sound of a number read in Sino-Korean: its last digit after a decimal point, else by its trailing
    zeros (십, 백, 천, 만, 억, 조, 경)."""
    whole, _point, fraction = number.replace(",", "").partition(".")
    if fraction:
        return _DIGITS[fraction[-1]]
    digits = whole.lstrip("0")
    if not digits:
        return "consonant"  # 영
    zeros = len(digits) - len(digits.rstrip("0"))
    if zeros == 0:
        return _DIGITS[digits[-1]]
    if 12 <= zeros < 16:
        return "vowel"  # 조
    return "consonant"  # 십, 백, 천, 만, 억, 경


def _spelled(piece: str) -> bool:
    """Whether letters are read one by one: two letters or fewer ("en" 이엔, "ar" 에이알), no vowel, or an acronym
    of three capitals or fewer."""
    return len(piece) <= 2 or not _VOWELS & set(piece.lower()) or (piece.isupper() and len(piece) <= 3)


def _word_sound(word: str) -> Sound:
    """The last sound of an English word as Korean writes it (none 논, file 파일, cat 캣, text 텍스트, code 코드)."""
    w = word.lower()
    if w.endswith("ng") or w[-1] in "mn":
        return "consonant"
    if w[-1] == "l":
        return "rieul"
    if w[-1] == "e" and len(w) >= 3 and w[-2] not in _VOWELS:  # a silent e: the consonant before it is heard
        return _LETTER_ENDS[w[-2]] if w[-2] in "lmn" else "vowel"
    if w[-1] in "bckpt" and w[-2] in _VOWELS and w[-3] not in _VOWELS:
        return "consonant"  # a short vowel before b, k, p, t: 웹, 북, 톱, 캣 (mecab 메캅, chat 챗)
    return "vowel"


def _latin_sound(run: str) -> Sound:
    pieces = _PIECES.findall(run) or [run]
    last = pieces[-1]
    if _spelled(last):
        return _LETTER_ENDS.get(last[-1].lower(), "vowel")
    return _word_sound(last)


def last_sound(text: str) -> Sound:
    """How ``text`` ends when read aloud in Korean."""
    text = _folded(_without_closing(text))
    if not text:
        return "vowel"
    last = text[-1]
    if "가" <= last <= "힣":
        final = (ord(last) - ord("가")) % 28
        return "vowel" if final == 0 else "rieul" if final == 8 else "consonant"
    if "ㄱ" <= last <= "ㅎ":  # a consonant letter alone
        return "rieul" if last == "ㄹ" else "consonant"
    if last.isdigit() and (number := _NUMBER_END.search(text)) is not None:
        return _number_sound(number.group())
    if (run := _LATIN_END.search(text)) is not None:
        return _latin_sound(run.group())
    if last in "んン":
        return "consonant"
    return "vowel"  # other signs (%, +) and scripts: read as ending in a vowel


def particle(text: str, form: str) -> str:
    """The form of the particle ``form`` (either of its two forms: 을 or 를, 으로 or 로) that follows ``text``."""
    after_consonant, after_vowel = PARTICLES[form]
    sound = last_sound(text)
    if sound == "vowel" or (sound == "rieul" and after_consonant == "으로"):
        return after_vowel
    return after_consonant


def with_particle(text: str, form: str) -> str:
    """``text`` followed by the form of ``form`` its last sound takes ("system_a.en" + 를 -> "system_a.en을")."""
    return text + particle(text, form)


def _starts_with_vowel_sound(text: str) -> bool:
    i = 0
    while i < len(text) and text[i] in _LEADING:
        i += 1
    text = _folded(text[i:])
    if not text:
        return False
    if (number := _NUMBER_START.match(text)) is not None:
        digits = number.group().replace(",", "")
        head = digits[: len(digits) % 3 or 3]
        return digits.startswith("8") or head in ("11", "18")  # eight..., eleven, eighteen
    if (run := _LATIN_START.match(text)) is None:
        return False
    first = (_PIECES.findall(run.group()) or [run.group()])[0]
    lower = first.lower()
    if _spelled(first):
        return lower[0] in _VOWEL_LETTER_NAMES
    if lower.startswith(("one", "once", "eu", "uni", "use", "usu", "uti", "ure")):
        return False
    return lower[0] in "aeiou" or lower.startswith(("hour", "honest", "heir"))


def article(text: str) -> str:
    """The English indefinite article ``text`` takes: "an" before a vowel sound (an MQM, an xCOMET, an 8), else "a"
    (a COMET, a BLEU, a TER, a user)."""
    return "an" if _starts_with_vowel_sound(text) else "a"


class _Formatter(string.Formatter):
    """``str.format``'s rules, and a format spec that ends in a Korean particle (``{name:을}``, ``{n:,로}``) or is
    the English article (``{metric:a}``): the particle's form, or the article, as the filled-in value is read."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == ARTICLE:
            text = format(value)
            return f"{article(text)} {text}"
        for form in FORMS:
            if format_spec.endswith(form):
                return with_particle(format(value, format_spec[: -len(form)]), form)
        return format(value, format_spec)


_FORMATTER = _Formatter()


def fill_spoken(template: str, /, *args: Any, **values: Any) -> str:
    """``template.format(*args, **values)``, with its particles and articles as the values are read aloud."""
    return _FORMATTER.vformat(template, args, values)
