"""``check_setup``: every rule of ``rules/`` on one setup, errors first."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from importlib import import_module

from .finding import Finding, Setup
from .rules import RULES

__all__ = ["check_setup"]

_ORDER = {"error": 0, "warning": 1, "note": 2}


def check_setup(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    hypothesis_name: str = "hypothesis",
    reference_names: Sequence[str] = (),
    tokenize: str = "13a",
    unread: Collection[int] = (),
) -> list[Finding]:
    """Every rule's findings on this setup, errors first (``references[j][i]``: reference j of line i); ``unread``:
    the files that could not be read (0: the hypothesis, j + 1: reference j), which no rule compares."""
    if isinstance(hypotheses, str) or any(isinstance(stream, str) for stream in references):
        raise ValueError("give the hypotheses and each reference stream as sequences of lines, not one string")
    setup = Setup(list(hypotheses), [list(s) for s in references], hypothesis_name, list(reference_names), tokenize,
                  frozenset(unread))  # fmt: skip
    findings: list[Finding] = []
    for rule in RULES:
        findings += import_module(f"{__package__}.rules.{rule}").check(setup)
    return sorted(findings, key=lambda f: _ORDER[f.severity])
