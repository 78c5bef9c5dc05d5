"""Two reference files with the same lines: one reference counted twice."""

from __future__ import annotations

from ..finding import Finding, Setup

CODE = "duplicate-refs"


def check(setup: Setup) -> list[Finding]:
    findings = []
    refs = setup.read_references()
    for x, (a, first) in enumerate(refs):
        for b, second in refs[x + 1 :]:
            if len(first) and list(first) == list(second):
                findings.append(
                    Finding(
                        CODE,
                        "warning",
                        "certain",
                        f"{setup.reference_name(a)} and {setup.reference_name(b)} are identical",
                        "the same reference counts twice: nrefs in the signature is wrong and scores are not "
                        "comparable "
                        "with other multi-reference results",
                        "give each reference file once",
                        (),
                        {"first": setup.reference_name(a), "second": setup.reference_name(b)},
                    )
                )
    return findings
