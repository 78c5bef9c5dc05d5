"""The score doctor's bench data (issue 47): ``devtools.corpora``'s ``TEST_SET`` lines as a real evaluation's three
files hold them. The reference, with stretches in other scripts; its German source; and a system's output that is a
plausible translation of the reference (each line with its own share of words changed, so that some lines share
little with their reference, as real output does), with the noise of real files planted in it: lines in another
language of the same script and of another script, lines left as their source, empty lines, odd spaces and
punctuation. ``planted`` says which lines got what, so that a test can check the doctor finds them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from .corpora import KOREAN, RUSSIAN, TEST_SET, WMT22_EN_DE, TextShape, _Lines

#: The source's German words: WMT22's, of fewer syllables (so that the source stays within the doctor's
#: ``MAX_DOCTOR_CHARS`` at 100,000 lines, as the references do).
GERMAN = replace(WMT22_EN_DE, name="German words", syllables=(1, 1, 1, 2, 2, 3))
#: Share of the reference lines holding a stretch of two to six words in Hangul or Cyrillic (a name, a title).
STRETCHES = 0.04
#: A system line's share of words changed: a Beta law with these parameters (mean 0.4, as ``corpus_shaped_like``).
ERRORS = (2.2, 3.3)
#: Shares of the system's lines: translated into German instead of English; left in Korean (another script); copied
#: from the source; empty (their reference is not); with a double space, a space at an edge, a tab; with their
#: final punctuation dropped or split off (``word .``).
NOISE = {
    "german": 0.01,
    "korean": 0.003,
    "source-copy": 0.004,
    "empty": 0.003,
    "double-space": 0.01,
    "edge-space": 0.005,
    "tab": 0.0005,
    "punctuation": 0.03,
}


@dataclass
class DoctorSet:
    """``references[i]``, ``hypotheses[i]`` and ``sources[i]`` of each line; ``planted[kind]``: the 0-based lines
    where ``NOISE``'s ``kind`` went (``stretch``: the references' stretches in other scripts)."""

    sources: list[str]
    hypotheses: list[str]
    references: list[str]
    planted: dict[str, list[int]] = field(default_factory=dict)


def _in_language(maker: _Lines, length: int) -> list[str]:
    tokens = maker.tokens(max(1, length))
    tokens[0] = tokens[0][:1].upper() + tokens[0][1:]
    tokens[-1] += "."
    return tokens


def _with_stretch(english: _Lines, other: _Lines, tokens: list[str]) -> list[str]:
    at = english.rng.randrange(len(tokens))
    return tokens[:at] + other.tokens(english.rng.randint(2, 6)) + tokens[at:]


def _source(german: _Lines, tokens: list[str]) -> list[str]:
    """The German line a reference translates: its words German, its numbers, names and symbols kept."""
    return [t if not t.isascii() or not t.strip(".,?!:“”").isalpha() else german.word() for t in tokens]


def _noisy(english: _Lines, line: str, kind: str) -> str:
    rng = english.rng
    if kind == "double-space" and " " in line:
        at = rng.choice([i for i, c in enumerate(line) if c == " "])
        return line[:at] + " " + line[at:]
    if kind == "edge-space":
        return f" {line}" if rng.random() < 0.5 else f"{line} "
    if kind == "tab" and " " in line:
        return line.replace(" ", "\t", 1)
    if kind == "punctuation" and line[-1:] in ".?!":
        return line[:-1] if rng.random() < 0.5 else f"{line[:-1]} {line[-1]}"
    return line


#: The noise that replaces a line (the others change its spacing or punctuation).
_REPLACED = ("german", "korean", "source-copy", "empty")


def _replaced(kind: str, german: _Lines, korean: _Lines, source: list[str], tokens: list[str]) -> list[str]:
    """The system's line for a ``_REPLACED`` kind: German (the source translated into the wrong language), Korean,
    the source itself, or nothing."""
    if kind == "german":
        return german.translation(source, 0.4)
    if kind == "korean":
        return _in_language(korean, len(tokens))
    return source if kind == "source-copy" else []


def _kind(english: _Lines) -> str:
    """A ``NOISE`` kind drawn by its share, or "" (most lines)."""
    roll = english.rng.random()
    for kind, share in NOISE.items():
        if roll < share:
            return kind
        roll -= share
    return ""


def doctor_set(seed: int, lines: int, shape: TextShape = TEST_SET) -> DoctorSet:
    """``lines`` seeded lines of ``shape`` (``TEST_SET``: issue 47's test set) as reference, source and output."""
    english = _Lines(shape, seed)
    german, korean, russian = (_Lines(other, seed + k) for k, other in enumerate((GERMAN, KOREAN, RUSSIAN), 1))
    rng = english.rng
    out = DoctorSet([], [], [], {kind: [] for kind in ("stretch", *NOISE)})
    for i in range(lines):
        tokens = english.reference()
        if tokens and rng.random() < STRETCHES:
            tokens = _with_stretch(english, korean if rng.random() < 0.5 else russian, tokens)
            out.planted["stretch"].append(i)
        source = _source(german, tokens)
        hypothesis = english.translation(tokens, rng.betavariate(*ERRORS))
        kind = _kind(english)
        if tokens and kind in _REPLACED:
            hypothesis = _replaced(kind, german, korean, source, tokens)
            out.planted[kind].append(i)
        text = english.join(hypothesis)
        if kind not in _REPLACED and text:
            noisy = _noisy(english, text, kind)
            if noisy != text:
                out.planted[kind].append(i)
                text = noisy
        out.references.append(english.join(tokens))
        out.sources.append(german.join(source))
        out.hypotheses.append(text)
    return out


def script_mix(lines: list[str]) -> dict[str, float]:
    """Share of the letters written in each script (``bleucore.doctor.language.SCRIPTS``), most frequent first; and
    ``"lines with two scripts"``: the share of lines holding letters of at least two."""
    from bleucore.doctor.language import SCRIPTS

    text = "\n".join(lines)
    patterns = {name: re.compile(f"[{letters}]") for name, (letters, _) in SCRIPTS.items()}
    counts = {name: len(pattern.findall(text)) for name, pattern in patterns.items()}
    total = sum(counts.values()) or 1
    shares = {name: count / total for name, count in sorted(counts.items(), key=lambda item: -item[1]) if count}
    other = re.compile("[" + "".join(letters for name, (letters, _) in SCRIPTS.items() if name != "Latin") + "]")
    mixed = sum(1 for line in lines if other.search(line) and patterns["Latin"].search(line))
    return {**shares, "lines with two scripts": mixed / max(1, len(lines))}
