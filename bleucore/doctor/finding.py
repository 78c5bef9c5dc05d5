"""One finding of the setup check: a rule's code, how sure it is, the lines concerned and the values its words
use; ``text`` words it in English for the command line (the app words the same fields in its language)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass, field
from typing import Any, Literal

Severity = Literal["error", "warning", "note"]
Confidence = Literal["certain", "likely"]


def _as_list(lines: Sequence[str]) -> list[str]:
    return lines if isinstance(lines, list) else list(lines)


@dataclass(frozen=True)
class Setup:
    """What is checked: hypothesis lines, reference streams (``references[j][i]``: reference j of line i),
    the file names, the tokenizer the score will use, and the files that could not be read (``unread``: 0 for the
    hypothesis, j + 1 for reference j), which no rule compares: their reading finding says what is wrong; and,
    when given, the source lines the hypothesis translates (``source``: only compared, never scored).
    ``ValueError`` when the hypotheses, a reference stream or the source is one string instead of its lines.

    ``memo`` holds what several rules compute from the same lines (``overlap.LineWords``), made on first use."""

    hypotheses: Sequence[str]
    references: Sequence[Sequence[str]]
    hypothesis_name: str = "hypothesis"
    reference_names: Sequence[str] = ()
    tokenize: str = "13a"
    unread: Set[int] = frozenset()
    source: Sequence[str] | None = None
    source_name: str = "source"
    memo: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        streams = [self.hypotheses, *self.references, *([] if self.source is None else [self.source])]
        if any(isinstance(stream, str) for stream in streams):
            raise ValueError("give the hypotheses and each reference stream as sequences of lines, not one string")
        if self.source is not None:
            object.__setattr__(self, "source", _as_list(self.source))
        # Lists whatever sequences were given (a numpy array, a pandas Series), so that a rule may test and slice them;
        # a list is kept as it is (no copy of every line when diagnose adds the unread files).
        object.__setattr__(self, "hypotheses", _as_list(self.hypotheses))
        object.__setattr__(self, "references", [_as_list(stream) for stream in self.references])
        object.__setattr__(self, "reference_names", list(self.reference_names))
        object.__setattr__(self, "unread", frozenset(self.unread))

    def reference_name(self, j: int) -> str:
        return self.reference_names[j] if j < len(self.reference_names) else f"reference {j + 1}"

    def read_references(self) -> list[tuple[int, Sequence[str]]]:
        """(j, lines) of each reference stream that was read."""
        return [(j, s) for j, s in enumerate(self.references) if j + 1 not in self.unread]

    def paired_references(self) -> list[tuple[int, Sequence[str]]]:
        """The references read, when the hypothesis was read too (none otherwise): the pairs a rule may compare."""
        return [] if 0 in self.unread else self.read_references()

    def paired_source(self) -> list[str] | None:
        """The source lines when they pair with the hypothesis lines (as many, both read); None otherwise."""
        if self.source is None or 0 in self.unread or len(self.source) != len(self.hypotheses):
            return None
        return list(self.source) if not isinstance(self.source, list) else self.source

    def sides(self) -> list[tuple[str, list[str]]]:
        """(name, lines) of the hypothesis, then of each reference stream, for the files that were read."""
        hypothesis = [] if 0 in self.unread else [(self.hypothesis_name, list(self.hypotheses))]
        return [*hypothesis, *((self.reference_name(j), list(s)) for j, s in self.read_references())]


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
        """The finding in English, one paragraph: ``[code] problem (lines ...): effect. Fix: fix.``"""
        where = f" (line{'s' if len(self.lines) > 1 else ''} {', '.join(map(str, self.lines))})" if self.lines else ""
        return f"[{self.code}] {self.problem}{where}: {self.effect}. Fix: {self.fix}."

    def to_dict(self) -> dict[str, Any]:
        """The finding for JSON: ``code``, ``severity``, ``lines``, ``message`` (problem and effect), ``fix``, and
        ``confidence``, ``values``."""
        return {
            "code": self.code,
            "severity": self.severity,
            "lines": list(self.lines),
            "message": f"{self.problem}: {self.effect}",
            "fix": self.fix,
            "confidence": self.confidence,
            "values": dict(self.values),
        }
