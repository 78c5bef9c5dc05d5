"""``check_setup``: every rule of ``rules/`` on one setup, errors first."""

from __future__ import annotations

from importlib import import_module

from .finding import Finding, Setup
from .rules import RULES

__all__ = ["check_setup"]

_ORDER = {"error": 0, "warning": 1, "note": 2}
#: Where a rule's findings come among those of the same severity when its module sets no ``ORDER`` (the rules
#: about which lines pair with which set lower numbers: nothing else is right while they are wrong).
LATER = 10


def check_setup(setup: Setup) -> list[Finding]:
    """Every rule's findings on this setup, errors first, then by the rules' ``ORDER`` and names."""
    findings: list[tuple[int, Finding]] = []
    for rule in RULES:
        module = import_module(f"{__package__}.rules.{rule}")
        findings += [(getattr(module, "ORDER", LATER), f) for f in module.check(setup)]
    return [f for _, f in sorted(findings, key=lambda item: (_ORDER[item[1].severity], item[0]))]
