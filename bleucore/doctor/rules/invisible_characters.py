"""Invisible characters that change tokens: a byte-order mark, carriage returns, no-break spaces and zero-width
characters make words that look equal differ."""

from __future__ import annotations

from ..finding import Finding, Setup

CODE = "invisible-characters"
#: Character -> its name in the message.
INVISIBLE = {
    "\ufeff": "byte-order mark U+FEFF", "\r": "carriage return", "\u00a0": "no-break space U+00A0",
    "\u200b": "zero-width space U+200B", "\u200c": "zero-width non-joiner U+200C", "\u200d": "zero-width joiner U+200D",
    "\u2060": "word joiner U+2060",
}  # fmt: skip


def check(setup: Setup) -> list[Finding]:
    findings = []
    for name, stream in setup.sides():
        for char, words in INVISIBLE.items():
            lines = [i + 1 for i, line in enumerate(stream) if char in line]
            if lines:
                findings.append(Finding(
                    CODE, "warning", "certain",
                    f"{name} holds a {words} on {len(lines)} lines",
                    "a word with it does not match the same word without it",
                    "remove it (save as UTF-8 without BOM, Unix line ends, ordinary spaces) on both sides",
                    tuple(lines[:3]), {"name": name, "character": words, "count": len(lines)},
                ))  # fmt: skip
    return findings
