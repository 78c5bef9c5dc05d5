"""Two reference files with the same lines: one reference counted twice."""

from __future__ import annotations

from ..finding import Finding, Setup

CODE = "duplicate-refs"


def check(setup: Setup) -> list[Finding]:
    findings = []
    refs = setup.references
    for a in range(len(refs)):
        for b in range(a + 1, len(refs)):
            if len(refs[a]) and list(refs[a]) == list(refs[b]):
                findings.append(Finding(
                    CODE, "warning", "certain",
                    f"{setup.reference_name(a)} and {setup.reference_name(b)} are identical",
                    "the same reference counts twice: nrefs in the signature is wrong and scores are not comparable "
                    "with other multi-reference results",
                    "give each reference file once",
                    (), {"first": setup.reference_name(a), "second": setup.reference_name(b)},
                ))  # fmt: skip
    return findings
