"""Chinese, Japanese or Korean scored with 13a: whole runs of characters (Korean eojeol) become single tokens."""

from __future__ import annotations

import re

import numpy as np

from ...metrics.bleu.from_text import corpus_bleu
from ...metrics.bleu.options import BleuOptions
from ...tokenizers import missing_package
from ..finding import Finding, Setup

CODE = "cjk-with-13a"
#: Script -> (character ranges, sacreBLEU's tokenizer for it).
SCRIPTS = {
    "Korean": (((0xAC00, 0xD7A3), (0x1100, 0x11FF), (0x3130, 0x318F)), "ko-mecab"),
    "Japanese": (((0x3040, 0x30FF),), "ja-mecab"),
    "Chinese": (((0x4E00, 0x9FFF),), "zh"),
}


#: Lines scored with each CJK tokenizer to show how far the score moves.
SCORE_LINES = 2_000
#: Characters read to tell the script (about 40,000 lines).
SAMPLE_CHARS = 2_000_000
_LETTER = re.compile(r"[^\W\d_]")
_SCRIPT_CHARS = {
    script: re.compile("[" + "".join(f"{chr(a)}-{chr(b)}" for a, b in ranges) + "]")
    for script, (ranges, _tok) in SCRIPTS.items()
}


def _count(pattern: re.Pattern[str], text: str) -> int:
    return len(text) - len(pattern.sub("", text))  # the matches, counted at C speed


def _head(lines: list[str], chars: int) -> str:
    """``"".join(lines)[:chars]``, joining only the lines it needs."""
    total = 0
    for end, line in enumerate(lines):
        total += len(line)
        if total >= chars:
            return "".join(lines[: end + 1])[:chars]
    return "".join(lines)


def _letter_bounds(text: str) -> tuple[int, int]:
    """Least and most letters (``_LETTER``) ``text`` can hold: its ASCII letters, and those with every character
    beyond ASCII a letter (read from the UTF-8 bytes, at numpy speed)."""
    data = np.frombuffer(text.encode("utf-8", "surrogatepass"), dtype=np.uint8)
    ascii_letters = int(np.count_nonzero(((data | 0x20) >= ord("a")) & ((data | 0x20) <= ord("z"))))
    beyond = len(text) - int(np.count_nonzero(data < 0x80))
    return ascii_letters, ascii_letters + beyond


def _at_least_a_fifth(count: int, bounds: tuple[int, int], text: str) -> bool:
    """``count >= letters / 5`` for the letters of ``text``, counted only when their bounds do not tell."""
    least, most = bounds
    if count * 5 >= most:
        return True
    if count * 5 < least:
        return False
    return count >= _count(_LETTER, text) / 5


def script_of(lines: list[str]) -> str | None:
    """The CJK script of most of the letters, if a fifth of them are CJK (kana before Han: Japanese uses both)."""
    text = _head(lines, SAMPLE_CHARS)
    counts = {script: _count(pattern, text) for script, pattern in _SCRIPT_CHARS.items()}
    if not any(counts.values()):
        return None
    bounds = _letter_bounds(text)
    if counts["Japanese"] and _at_least_a_fifth(counts["Japanese"] + counts["Chinese"], bounds, text):
        return "Japanese"
    best = max(counts, key=lambda s: counts[s])
    has_letters = bounds[0] > 0 or (bounds[1] > 0 and _count(_LETTER, text) > 0)
    return best if has_letters and _at_least_a_fifth(counts[best], bounds, text) else None


def check(setup: Setup) -> list[Finding]:
    if setup.tokenize not in ("13a", "intl", "none"):
        return []
    script = script_of([*setup.hypotheses, *(line for s in setup.references for line in s)])
    if script is None:
        return []
    tokenizer = SCRIPTS[script][1]
    scores = _scores(setup)
    shown = "; ".join(
        f"{tok} {score:.2f}" if score is not None else f"{tok} not installed" for tok, score in scores.items()
    )
    return [
        Finding(
            CODE,
            "warning",
            "likely",
            f"the text is {script} but it is scored with the {setup.tokenize} tokenizer",
            "whole words with their particles (or whole character runs) are single tokens, so near misses count as "
            "misses and the score is far lower than with a tokenizer made for the language"
            + (f" (BLEU of the first {min(SCORE_LINES, len(setup.hypotheses)):,} lines: {shown})" if scores else ""),
            f"score with -tok {tokenizer} (sacreBLEU's tokenizer for {script}) and report that tokenizer",
            (),
            {
                "script": script,
                "tokenizer": tokenizer,
                "used": setup.tokenize,
                "scores": scores,
                "lines": min(SCORE_LINES, len(setup.hypotheses)),
            },
        )
    ]


def _scores(setup: Setup) -> dict[str, float | None]:
    """Corpus BLEU of the first ``SCORE_LINES`` lines with the tokenizer used and each CJK tokenizer (None: its
    analyser is not installed); empty when the lines do not pair or cannot be scored."""
    if not setup.references or any(len(s) != len(setup.hypotheses) for s in setup.references) or not setup.hypotheses:
        return {}
    hyps = list(setup.hypotheses[:SCORE_LINES])
    refs = [list(s[:SCORE_LINES]) for s in setup.references]
    scores: dict[str, float | None] = {}
    for name in dict.fromkeys((setup.tokenize, "zh", "ja-mecab", "ko-mecab")):
        try:
            scores[name] = None if missing_package(name) else corpus_bleu(hyps, refs, BleuOptions(tokenize=name)).score
        except ValueError:  # a limit or a character the analyser refuses: the finding stands without numbers
            return {}
    return scores
