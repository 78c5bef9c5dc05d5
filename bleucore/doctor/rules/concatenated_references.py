"""Several references concatenated in one file: its line count is a multiple k >= 2 of the hypothesis', and each of
its k parts pairs with the hypothesis line for line (``aligned_parts``). A multiple alone is not enough: a hypothesis
cut short at a third of the reference's lines, or holding half of them, is a line-count mismatch, and splitting the
reference as if it held copies would score the wrong lines."""

from __future__ import annotations

from collections.abc import Sequence

from ..finding import Finding, Setup
from ..overlap import Resemblance

CODE = "refs-concatenated"
#: Before the other rules' findings of its severity: said right after the line counts.
ORDER = 1
#: References one file may plausibly hold one after another.
MAX_PARTS = 20
#: Lines of each part compared with the hypothesis (evenly spaced).
SAMPLE = 60
#: Share of the compared lines that must resemble their own hypothesis line more than its neighbours'.
ALIGNED = 0.6


def aligned_parts(hypotheses: Sequence[str], stream: Sequence[str]) -> int | None:
    """k when ``stream`` holds k >= 2 parts of ``len(hypotheses)`` lines, each pairing with the hypothesis line for
    line (line i of a part resembles hypothesis line i more than lines i - 1 and i + 1 do); None otherwise."""
    n = len(hypotheses)
    if not n or len(stream) <= n or len(stream) % n or len(stream) // n > MAX_PARTS:
        return None
    k = len(stream) // n
    step = max(1, n // SAMPLE)
    lines = range(0, n, step)
    for part in range(k):
        similar = Resemblance(hypotheses, stream[part * n : (part + 1) * n])
        if n == 1:
            if similar(0, 0) < 0.3:
                return None
            continue
        aligned = sum(
            similar(i, i) > max(similar(j, i) for j in (i - 1, i + 1) if 0 <= j < n) and similar(i, i) > 0
            for i in lines
        )
        if aligned < ALIGNED * len(lines):
            return None
    return k


def check(setup: Setup) -> list[Finding]:
    n = len(setup.hypotheses)
    findings = []
    for j, stream in setup.paired_references():
        k = aligned_parts(setup.hypotheses, stream)
        if k is not None:
            findings.append(
                Finding(
                    CODE,
                    "error",
                    "likely",
                    f"{setup.reference_name(j)} has {len(stream)} lines, {k} times the {n} of {setup.hypothesis_name}, "
                    f"and each {n}-line part pairs with it line for line: {k} references written one after another",
                    "read as one file, its lines do not pair with the hypothesis lines and the score is meaningless",
                    f"split it into {k} files of {n} lines and give each as a reference",
                    (n, n + 1),
                    {"reference": setup.reference_name(j), "k": k, "lines": n},
                )
            )
    return findings
