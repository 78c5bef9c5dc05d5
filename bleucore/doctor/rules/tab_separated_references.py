"""Several references per line separated by tabs, read as one reference."""

from __future__ import annotations

from ..finding import Finding, Setup

CODE = "refs-tab-separated"
#: Before the other rules' findings of its severity: the last of the rules about which lines pair.
ORDER = 2


def check(setup: Setup) -> list[Finding]:
    findings = []
    for j, stream in setup.read_references():
        tabbed = [i + 1 for i, line in enumerate(stream) if "\t" in line]
        if stream and len(tabbed) >= max(1, len(stream) // 2):
            fields = max(stream[i - 1].count("\t") + 1 for i in tabbed)
            findings.append(
                Finding(
                    CODE,
                    "warning",
                    "likely",
                    f"{len(tabbed)} of the {len(stream)} lines of {setup.reference_name(j)} hold tabs: "
                    f"up to {fields} references per line",
                    "read as one reference, each line is one long sentence and the n-grams across the tab match "
                    "nothing",
                    f"give the file with -nr {fields} (the command line), or split the fields into {fields} files",
                    tuple(tabbed[:3]),
                    {"reference": setup.reference_name(j), "fields": fields, "tabbed": len(tabbed)},
                )
            )
    return findings
