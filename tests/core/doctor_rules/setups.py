"""What the rule tests share: a clean English setup of 30 lines with two references, a Korean pair, and ``found``:
one rule's findings on a setup (by its code). The bundled sample's lines: ``tests.conftest.sample_lines``."""

from __future__ import annotations

from typing import Any

from bleucore.doctor import Finding, Setup, check_setup

HYPS = [f"The cat number {i} sat on the mat today." for i in range(30)]
REF = [f"The cat number {i} sat on a mat today." for i in range(30)]
REF2 = [f"A cat, number {i}, was sitting on the mat." for i in range(30)]
KO_HYP = ["나는 오늘 아침에 학교에 갔다", "그는 어제 집에 왔다"] * 5
KO_REF = ["나는 오늘 아침 학교에 갔다", "그는 어제 집으로 왔다"] * 5


def found(code: str, hyps: list[str], refs: list[list[str]], **kwargs: Any) -> list[Finding]:
    """The findings of rule ``code`` on this setup (the other rules' left out)."""
    return [f for f in check_setup(Setup(hyps, refs, **kwargs)) if f.code == code]


def one(code: str, hyps: list[str], refs: list[list[str]], **kwargs: Any) -> Finding:
    """The one finding of rule ``code`` on this setup."""
    (finding,) = found(code, hyps, refs, **kwargs)
    return finding
