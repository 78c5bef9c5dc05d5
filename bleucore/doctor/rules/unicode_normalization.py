"""Unicode normalization that differs between sides: Korean typed in NFC and saved in NFD (as some file systems do)
has no character in common with it, and scores 0."""

from __future__ import annotations

import unicodedata

from ..finding import Finding, Setup

CODE = "unicode-normalization"


def _form(lines: list[str]) -> str | None:
    text = "".join(lines)
    if unicodedata.is_normalized("NFC", text):
        return "NFC"
    return "NFD" if unicodedata.is_normalized("NFD", text) else "mixed"


def check(setup: Setup) -> list[Finding]:
    sides = setup.sides()
    forms = {name: _form(lines) for name, lines in sides}
    if len(set(forms.values())) <= 1:
        return []
    odd = [name for name, form in forms.items() if form != "NFC"]
    lines = [i + 1 for i, line in enumerate(dict(sides)[odd[0]]) if not unicodedata.is_normalized("NFC", line)][:3]
    return [
        Finding(
            CODE,
            "error",
            "certain",
            "the files use different Unicode normalizations: " + ", ".join(f"{n} {f}" for n, f in forms.items()),
            "the same letters are different characters on each side (Korean in NFD against NFC matches nothing)",
            'normalize every file to NFC (e.g. python -c "import unicodedata,sys; '
            "sys.stdout.write(unicodedata.normalize('NFC', sys.stdin.read()))\")",
            tuple(lines),
            {"forms": forms},
        )
    ]
