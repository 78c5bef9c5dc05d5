"""Several references concatenated in one file: its line count is a multiple k >= 2 of the hypothesis'."""

from __future__ import annotations

from ..finding import Finding, Setup

CODE = "refs-concatenated"
#: Before the other rules' findings of its severity: said right after the line counts.
ORDER = 1


def check(setup: Setup) -> list[Finding]:
    n = len(setup.hypotheses)
    findings = []
    for j, stream in setup.paired_references():
        if n and len(stream) > n and len(stream) % n == 0:
            k = len(stream) // n
            findings.append(
                Finding(
                    CODE,
                    "error",
                    "likely",
                    f"{setup.reference_name(j)} has {len(stream)} lines, {k} times the {n} of {setup.hypothesis_name}: "
                    f"it looks like {k} references written one after another",
                    "read as one file, its lines do not pair with the hypothesis lines and the score is meaningless",
                    f"split it into {k} files of {n} lines and give each as a reference",
                    (n, n + 1),
                    {"reference": setup.reference_name(j), "k": k, "lines": n},
                )
            )
    return findings
