"""The hypothesis is (almost) a reference: the score is about 100 and says nothing about the system."""

from __future__ import annotations

from ..finding import Finding, Setup

CODE = "hyp-equals-ref"


def check(setup: Setup) -> list[Finding]:
    findings = []
    n = len(setup.hypotheses)
    for j, stream in setup.paired_references():
        same = sum(h.strip() == r.strip() for h, r in zip(setup.hypotheses, stream))
        if n and len(stream) == n and same >= 0.9 * n:
            findings.append(
                Finding(
                    CODE,
                    "error",
                    "certain",
                    f"{same} of the {n} lines of {setup.hypothesis_name} are identical to {setup.reference_name(j)}",
                    "the score compares a reference with itself",
                    "check that the system output, not a reference, is given as the hypothesis (-i)",
                    (),
                    {
                        "hypothesis": setup.hypothesis_name,
                        "reference": setup.reference_name(j),
                        "same": same,
                        "lines": n,
                    },
                )
            )
    return findings
