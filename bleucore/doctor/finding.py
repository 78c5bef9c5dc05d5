"""One finding of the setup check: a rule's code, how sure it is, the lines concerned and the values its words
use; ``text`` words it in English for the command line (the app words the same fields in its language)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

Severity = Literal["error", "warning", "note"]
Confidence = Literal["certain", "likely"]


@dataclass(frozen=True)
class Setup:
    """What is checked: hypothesis lines, reference streams (``references[j][i]``: reference j of line i),
    the file names, and the tokenizer the score will use."""

    hypotheses: Sequence[str]
    references: Sequence[Sequence[str]]
    hypothesis_name: str = "hypothesis"
    reference_names: Sequence[str] = ()
    tokenize: str = "13a"

    def reference_name(self, j: int) -> str:
        return self.reference_names[j] if j < len(self.reference_names) else f"reference {j + 1}"

    def sides(self) -> list[tuple[str, list[str]]]:
        """(name, lines) of the hypothesis, then of each reference stream."""
        return [(self.hypothesis_name, list(self.hypotheses)),
                *((self.reference_name(j), list(s)) for j, s in enumerate(self.references))]  # fmt: skip


@dataclass(frozen=True)
class Finding:
    """``code`` names the rule; ``lines`` are 1-based line numbers (at most a few, as examples); ``values`` fill
    the rule's words: what is wrong, what it does to the score, and the fix."""

    code: str
    severity: Severity
    confidence: Confidence
    problem: str
    effect: str
    fix: str
    lines: tuple[int, ...] = ()
    values: Mapping[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        """The finding in English, one paragraph: ``[code] problem (lines ...). effect. Fix: fix.``"""
        where = f" (lines {', '.join(map(str, self.lines))})" if self.lines else ""
        return f"[{self.code}] {self.problem}{where}. {self.effect[:1].upper()}{self.effect[1:]}. Fix: {self.fix}."

    def to_dict(self) -> dict[str, Any]:
        """The finding for JSON: ``code``, ``severity``, ``lines``, ``message`` (problem and effect), ``fix``, and
        ``confidence``, ``values``."""
        return {"code": self.code, "severity": self.severity, "lines": list(self.lines),
                "message": f"{self.problem}: {self.effect}", "fix": self.fix, "confidence": self.confidence,
                "values": dict(self.values)}  # fmt: skip
