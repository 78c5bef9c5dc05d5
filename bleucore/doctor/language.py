"""Which language a line is in: by its script where the script tells (Hangul is Korean, kana Japanese), else by
py3langid (Lui and Baldwin's langid.py, its model shipped inside the package: no download), imported on first use.
The doctor's ``languages`` extra installs it (``pip install bleucore[doctor]``); without it, lines in another
language of the same script cannot be told apart, and the wrong-language rule says so."""

from __future__ import annotations

import importlib
import re
from collections.abc import Sequence
from functools import cache
from typing import Any

__all__ = ["PACKAGE", "classify", "language_name", "missing", "script"]

#: The package that identifies languages written in the same script.
PACKAGE = "py3langid"
#: Script -> its letters, and the language it tells when it is the only one written in it here.
SCRIPTS: dict[str, tuple[str, str | None]] = {
    "Hangul": ("\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f", "ko"),
    "Kana": ("\u3040-\u30ff", "ja"),
    "Han": ("\u4e00-\u9fff\u3400-\u4dbf", "zh"),
    "Cyrillic": ("\u0400-\u04ff", None),
    "Greek": ("\u0370-\u03ff", "el"),
    "Arabic": ("\u0600-\u06ff\u0750-\u077f", None),
    "Hebrew": ("\u0590-\u05ff", None),
    "Thai": ("\u0e00-\u0e7f", "th"),
    "Devanagari": ("\u0900-\u097f", None),
    "Latin": ("A-Za-z\u00c0-\u024f\u1e00-\u1eff", None),
}
_SCRIPT_LETTERS = {name: re.compile(f"[{letters}]") for name, (letters, _) in SCRIPTS.items()}
#: English names of the languages py3langid tells most often (the command line's words; others by their code).
NAMES = {
    "en": "English",
    "de": "German",
    "fr": "French",
    "es": "Spanish",
    "it": "Italian",
    "pt": "Portuguese",
    "nl": "Dutch",
    "sk": "Slovak",
    "cs": "Czech",
    "pl": "Polish",
    "ru": "Russian",
    "uk": "Ukrainian",
    "ko": "Korean",
    "ja": "Japanese",
    "zh": "Chinese",
    "ar": "Arabic",
    "he": "Hebrew",
    "el": "Greek",
    "th": "Thai",
    "hi": "Hindi",
    "tr": "Turkish",
    "fi": "Finnish",
    "sv": "Swedish",
    "da": "Danish",
    "no": "Norwegian",
    "hu": "Hungarian",
    "ro": "Romanian",
    "vi": "Vietnamese",
    "id": "Indonesian",
}


def language_name(code: str) -> str:
    """A language's English name (its code where it has none here)."""
    return NAMES.get(code, code)


def script(text: str) -> str | None:
    """The script of most of the letters of ``text`` (kana before Han: Japanese writes both); None if none."""
    counts = {name: len(pattern.findall(text)) for name, pattern in _SCRIPT_LETTERS.items()}
    if counts["Kana"] and counts["Kana"] + counts["Han"] > max(counts["Latin"], counts["Hangul"]):
        return "Kana"
    best = max(counts, key=lambda name: counts[name])
    return best if counts[best] else None


def script_language(name: str | None) -> str | None:
    """The language a script tells by itself, if it does."""
    return SCRIPTS[name][1] if name in SCRIPTS else None


def missing() -> str | None:
    """``PACKAGE`` when it cannot be imported here, else None."""
    return None if _identifier() is not None else PACKAGE


@cache
def _identifier() -> Any:
    try:
        langid: Any = importlib.import_module("py3langid.langid")
    except ImportError:
        return None
    return langid.LanguageIdentifier.from_model_file(langid.MODEL_FILE, norm_probs=True)


def classify(lines: Sequence[str]) -> list[tuple[str, float]]:
    """(language code, probability) of each line by py3langid; ValueError when it is not installed."""
    identifier = _identifier()
    if identifier is None:
        raise ValueError(f"pip install {PACKAGE}")
    return [(str(code), float(p)) for code, p in map(identifier.classify, lines)]
