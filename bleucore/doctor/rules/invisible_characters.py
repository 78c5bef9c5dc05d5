"""Invisible characters, and what each does to the tokens. A byte-order mark, zero-width characters, the word
joiner and the soft hyphen are no whitespace to any tool: a word carrying one does not match the same word
without it. A no-break space is whitespace to ``str.split()`` (sacreBLEU, NLTK, torchmetrics, the wikidocs
tutorial) but not to multi-bleu.perl (bytes) or ``split(' ')``, where it joins two words into one. A carriage
return is whitespace to every tool but ``split(' ')``, which keeps an empty token (Windows line ends)."""

from __future__ import annotations

from ..chat import lower_text, read_streams
from ..finding import Finding, Setup

CODE = "invisible-characters"
#: Character -> (its name in the message, what it does: "joins" (a word's part everywhere), "space" (whitespace
#: to str.split only) or "line-end" (whitespace to all but split(' '))).
INVISIBLE = {
    "\ufeff": ("byte-order mark U+FEFF", "joins"),
    "\u200b": ("zero-width space U+200B", "joins"),
    "\u200c": ("zero-width non-joiner U+200C", "joins"),
    "\u200d": ("zero-width joiner U+200D", "joins"),
    "\u2060": ("word joiner U+2060", "joins"),
    "\u00ad": ("soft hyphen U+00AD", "joins"),
    "\u00a0": ("no-break space U+00A0", "space"),
    "\u202f": ("narrow no-break space U+202F", "space"),
    "\r": ("carriage return", "line-end"),
}
_EFFECTS = {
    "joins": ("warning", "no tool reads it as a space: a word with it does not match the same word without it"),
    "space": (
        "warning",
        "sacreBLEU, NLTK and torchmetrics split at it, but multi-bleu.perl and split(' ') do not: "
        "there it joins two words into one that matches nothing, and their numbers drop",
    ),
    "line-end": (
        "note",
        "every tool splits at it except split(' ') (the donghwa-kim formula), which keeps an empty token",
    ),
}


def check(setup: Setup) -> list[Finding]:
    findings = []
    for name, stream in read_streams(setup):
        text = lower_text(setup.memo, stream)  # the joined text the chat rules search too (lowering keeps these)
        for char, (words, kind) in INVISIBLE.items():
            lines = [i + 1 for i in text.lines_with((char,))]
            if not lines:
                continue
            severity, effect = _EFFECTS[kind]
            findings.append(
                Finding(
                    CODE,
                    severity,  # type: ignore[arg-type]
                    "certain",
                    f"{name} holds a {words} on {len(lines)} line{'s' if len(lines) > 1 else ''}",
                    effect,
                    "remove it (save as UTF-8 without BOM, Unix line ends, ordinary spaces) on every side",
                    tuple(lines[:3]),
                    {"name": name, "character": words, "count": len(lines), "kind": kind},
                )
            )
    return findings
