"""``check_setup``: every rule of ``rules/`` on one setup, errors first."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from importlib import import_module

from .finding import Finding, Setup
from .rules import RULES

__all__ = ["check_setup"]

_ORDER = {"error": 0, "warning": 1, "note": 2}
#: Where a rule's findings come among those of the same severity when its module sets no ``ORDER`` (the rules
#: about which lines pair with which set lower numbers: nothing else is right while they are wrong).
LATER = 10


def check_setup(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    hypothesis_name: str = "hypothesis",
    reference_names: Sequence[str] = (),
    tokenize: str = "13a",
    unread: Collection[int] = (),
) -> list[Finding]:
    """Every rule's findings on this setup, errors first, then by the rules' ``ORDER`` and names (``references[j][i]``:
    reference j of line i); ``unread``:
    the files that could not be read (0: the hypothesis, j + 1: reference j), which no rule compares."""
    if isinstance(hypotheses, str) or any(isinstance(stream, str) for stream in references):
        raise ValueError("give the hypotheses and each reference stream as sequences of lines, not one string")
    setup = Setup(list(hypotheses), [list(s) for s in references], hypothesis_name, list(reference_names), tokenize,
                  frozenset(unread))  # fmt: skip
    findings: list[tuple[int, Finding]] = []
    for rule in RULES:
        module = import_module(f"{__package__}.rules.{rule}")
        findings += [(getattr(module, "ORDER", LATER), f) for f in module.check(setup)]
    return [f for _, f in sorted(findings, key=lambda item: (_ORDER[item[1].severity], item[0]))]
