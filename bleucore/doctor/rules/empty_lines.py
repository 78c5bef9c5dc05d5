"""Empty lines: an empty hypothesis scores 0 on its line; an empty reference cannot be matched."""

from __future__ import annotations

from ..finding import Finding, Setup

CODE = "empty-lines"


def check(setup: Setup) -> list[Finding]:
    findings = []
    for name, stream in setup.sides():
        empty = [i + 1 for i, line in enumerate(stream) if not line.strip()]
        if empty:
            findings.append(
                Finding(
                    CODE,
                    "warning" if len(empty) * 20 >= len(stream) else "note",
                    "certain",
                    f"{name} has {len(empty)} empty lines",
                    "an empty line has no n-grams: it lowers the corpus score (and shortens the total length)",
                    "check that the lines are not missing output or a misalignment; keep them only if they are real",
                    tuple(empty[:3]),
                    {"name": name, "count": len(empty)},
                )
            )
    return findings
