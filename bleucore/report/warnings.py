"""What the report warns of before its numbers: the setup check's findings of every system (``bleucore.doctor``: lines
shifted by a segment, the wrong file, text prepared differently, ...), each said once with the systems it was found
for (a finding of the references is found for every system), and an imported metric whose direction looks wrong
(``bleucore.meta_evaluation.direction``: a forgotten ``--lower-better``). The command line prints the errors and
warnings on standard error (``warning_lines``); the HTML report shows every one (``warnings_html``) and the JSON holds
a record of each (``warning_records``: analysis ``warning``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from ..doctor import Finding
from ..meta_evaluation import DirectionWarning

__all__ = ["SetupWarning", "setup_warnings", "warning_lines", "warning_records", "warnings_html"]

_ORDER = {"error": 0, "warning": 1, "note": 2}


@dataclass(frozen=True)
class SetupWarning:
    """One finding of the setup check and the systems it was found for, in the order of the systems."""

    finding: Finding
    systems: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The JSON record: the finding's code, severity, lines, message and fix, and the systems."""
        found = self.finding.to_dict()
        return {
            "analysis": "warning",
            "code": found["code"],
            "severity": found["severity"],
            "metric": None,
            "systems": list(self.systems),
            "lines": found["lines"],
            "message": found["message"],
            "fix": found["fix"],
        }


def setup_warnings(findings: Sequence[tuple[str, Finding]]) -> list[SetupWarning]:
    """Each distinct finding once (the same words for several systems: a finding of the references), worst first."""
    merged: dict[str, tuple[Finding, list[str]]] = {}
    for system, finding in findings:
        merged.setdefault(finding.text(), (finding, []))[1].append(system)
    ordered = sorted(merged.values(), key=lambda item: _ORDER[item[0].severity])
    return [SetupWarning(finding, tuple(dict.fromkeys(systems))) for finding, systems in ordered]


def _systems_words(systems: Sequence[str], every: int) -> str:
    return "every system" if len(systems) == every > 1 else ", ".join(systems)


def warning_lines(setup: Sequence[SetupWarning], directions: Sequence[DirectionWarning], systems: int) -> list[str]:
    """The errors and warnings, one line each, for standard error, each ``warning:`` (the report goes on: an error
    of the setup check is a finding, not the command's error; its notes are left to the HTML and the JSON)."""
    out = [
        f"warning: {_systems_words(w.systems, systems)}: setup check {w.finding.severity}: {w.finding.text()}"
        for w in setup
        if w.finding.severity != "note"
    ]
    return out + [f"warning: {d.text()}" for d in directions]


def warning_records(setup: Sequence[SetupWarning], directions: Sequence[DirectionWarning]) -> list[dict[str, Any]]:
    """A JSON record per warning: the setup check's, then the metrics' directions."""
    return [w.to_dict() for w in setup] + [d.to_dict() for d in directions]


def warnings_html(setup: Sequence[SetupWarning], directions: Sequence[DirectionWarning], systems: int) -> list[str]:
    """The report's section of warnings (nothing when there is none): each with its severity in words."""
    if not setup and not directions:
        return []
    items = [
        f'<li class="{escape(w.finding.severity)}"><b>{escape(w.finding.severity)}</b> '
        f"({escape(_systems_words(w.systems, systems))}): {escape(w.finding.text())}</li>"
        for w in setup
    ]
    items += [f'<li class="warning"><b>warning</b> ({escape(d.metric)}): {escape(d.text())}.</li>' for d in directions]
    return [
        "<h2>Warnings</h2>",
        '<p class="note">Read these before the numbers: the setup check of every system (bleucore.doctor) and the '
        "direction of each imported metric. A warning is not an error: the numbers below are computed as given.</p>",
        f'<ul class="warnings">{"".join(items)}</ul>',
    ]
