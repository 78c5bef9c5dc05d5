"""Reference files whose line count differs from the hypothesis': every score after the first difference pairs the
wrong lines. The first line where the alignment visibly breaks is the first with no word in common with its
reference while the next line's reference shares words with it."""

from __future__ import annotations

from ..finding import Finding, Setup

CODE = "line-count-mismatch"


def _shares(a: str, b: str) -> bool:
    return bool(set(a.lower().split()) & set(b.lower().split()))


def check(setup: Setup) -> list[Finding]:
    findings = []
    n = len(setup.hypotheses)
    for j, stream in enumerate(setup.references):
        if len(stream) == n:
            continue
        if n and len(stream) > n and len(stream) % n == 0:
            continue  # concatenated references: their own rule says more
        shifted = [
            i + 1 for i in range(min(n, len(stream)) - 1)
            if not _shares(setup.hypotheses[i], stream[i]) and _shares(setup.hypotheses[i], stream[i + 1])
        ][:1]  # fmt: skip
        findings.append(Finding(
            CODE, "error", "certain",
            f"{setup.hypothesis_name} has {n} lines but {setup.reference_name(j)} has {len(stream)}",
            "every line after the first missing or extra one is scored against another sentence's reference",
            "make both files one segment per line, in the same order (a blank line at the end or a line with an "
            "embedded newline is the usual cause)",
            tuple(shifted), {"hypothesis": setup.hypothesis_name, "reference": setup.reference_name(j),
                             "hyp_lines": n, "ref_lines": len(stream)},
        ))  # fmt: skip
    return findings
