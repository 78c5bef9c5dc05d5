"""Where an imported metric (COMET) and a built-in one (BLEU, chrF, TER) part ways: the segments of a system where
the two move most in opposite directions from the baseline, each with what a page needs to show why (both
hypotheses, the references, both metrics' two scores, and xCOMET's error spans where the file had them).

The scale (``difference_scale``): a COMET point and a BLEU point are not alike, so each metric's sentence-level
differences (system minus baseline, turned so that positive is better) are divided by their standard deviation over
the system's segments: a difference of 1 is one typical change of that metric on that system. A segment's strength
is the smaller of its two scaled differences (``agreement.disagreements``): the strongest disagreements are those
where both metrics move far, in opposite directions, not those where one moves far and the other barely.

``marked_pieces`` cuts a hypothesis into plain text and error spans (offsets as xCOMET gives them, located in the
text the way ``locate_span`` says), for the HTML report and the page to mark in words and colour."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from .agreement import disagreements
from .values import MetricValues

if TYPE_CHECKING:
    from ..metrics.imported.scores import ErrorSpan

__all__ = [
    "SEVERITIES",
    "DisagreementExample",
    "difference_scale",
    "disagreement_examples",
    "locate_span",
    "marked_pieces",
]

#: xCOMET's severities, mildest first.
SEVERITIES = ("minor", "major", "critical")


@dataclass(frozen=True)
class DisagreementExample:
    """Segment ``segment`` (0-based; ``line`` 1-based) of ``system``, where the imported ``metric`` and the built-in
    ``versus`` move in opposite directions from ``baseline``. ``scores`` and ``versus_scores``: each metric's
    (baseline, system) sentence scores; ``better``: the imported metric rates the system's line better than the
    baseline's (and the built-in one worse), by each metric's direction; ``strength``: the smaller of the two scaled
    differences; ``spans`` and ``baseline_spans``: the error spans of each hypothesis (None where the metric's file
    had none)."""

    system: str
    baseline: str
    segment: int
    metric: str
    versus: str
    hypothesis: str
    baseline_hypothesis: str
    references: tuple[str, ...]
    scores: tuple[float, float]
    versus_scores: tuple[float, float]
    better: bool
    strength: float
    spans: tuple[ErrorSpan, ...] | None = None
    baseline_spans: tuple[ErrorSpan, ...] | None = None

    @property
    def line(self) -> int:
        return self.segment + 1

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: every field, spans as COMET's objects."""

        def spans(found: tuple[ErrorSpan, ...] | None) -> list[dict[str, Any]] | None:
            return None if found is None else [span.to_dict() for span in found]

        return {
            "system": self.system,
            "baseline": self.baseline,
            "line": self.line,
            "metric": self.metric,
            "versus": self.versus,
            "hypothesis": self.hypothesis,
            "baseline_hypothesis": self.baseline_hypothesis,
            "references": list(self.references),
            "scores": list(self.scores),
            "versus_scores": list(self.versus_scores),
            "better": self.better,
            "strength": self.strength,
            "spans": spans(self.spans),
            "baseline_spans": spans(self.baseline_spans),
        }


def difference_scale(values: MetricValues, system: str, baseline: str) -> float:
    """The standard deviation of ``values``' sentence-level differences of ``system`` from ``baseline`` (1 where
    they are all equal: no segment then moves, and none is listed)."""
    spread = float(np.std(values.segments[system] - values.segments[baseline]))
    return spread if spread > 0 else 1.0


def disagreement_examples(
    imported: MetricValues,
    builtin: MetricValues,
    system: str,
    baseline: str,
    systems: Mapping[str, Sequence[str]],
    references: Sequence[Sequence[str]],
    limit: int = 10,
) -> tuple[DisagreementExample, ...]:
    """The ``limit`` segments of ``system`` where ``imported`` and ``builtin`` disagree most (strongest first), from
    both metrics' ``MetricValues`` and the systems' lines (name -> lines) and reference streams they were scored on."""
    if system == baseline:
        return ()
    scales = (difference_scale(imported, system, baseline), difference_scale(builtin, system, baseline))
    a, a0 = imported.segments[system], imported.segments[baseline]
    b, b0 = builtin.segments[system], builtin.segments[baseline]
    order = disagreements((a, a0, imported.higher_is_better), (b, b0, builtin.higher_is_better), scales)
    errors, base_errors = imported.errors.get(system), imported.errors.get(baseline)
    out = []
    for i in order[: max(0, limit)]:
        strength = min(abs(float(a[i] - a0[i])) / scales[0], abs(float(b[i] - b0[i])) / scales[1])
        out.append(
            DisagreementExample(
                system,
                baseline,
                i,
                imported.label,
                builtin.label,
                systems[system][i],
                systems[baseline][i],
                tuple(stream[i] for stream in references),
                (float(a0[i]), float(a[i])),
                (float(b0[i]), float(b[i])),
                bool((a[i] > a0[i]) == imported.higher_is_better),
                strength,
                None if errors is None else errors[i],
                None if base_errors is None else base_errors[i],
            )
        )
    return tuple(out)


def locate_span(text: str, span: ErrorSpan) -> tuple[int, int] | None:
    """Where ``span`` lies in ``text`` (character offsets, surrounding spaces left out): at its offsets when the text
    there is the span's (xCOMET's offsets often take in the space before a word), else at the first place the span's
    text occurs; None where it is not in the text."""
    start, end = max(0, min(span.start, len(text))), max(0, min(span.end, len(text)))
    wanted = span.text.strip()
    if start < end:
        piece = text[start:end]
        start, end = start + len(piece) - len(piece.lstrip()), end - len(piece) + len(piece.rstrip())
        if wanted in ("", text[start:end]):
            return (start, end) if start < end else None
    if not wanted:
        return None
    found = text.find(wanted)
    return None if found < 0 else (found, found + len(wanted))


def marked_pieces(text: str, spans: Sequence[ErrorSpan]) -> list[tuple[str, ErrorSpan | None]]:
    """``text`` cut into pieces in order, each with the error span it lies in (None: outside every span); a span
    that overlaps an earlier one, or is not found in the text, is left out (the caller lists it beside)."""
    located = sorted(
        ((bounds, span) for span in spans if (bounds := locate_span(text, span)) is not None), key=lambda x: x[0]
    )
    pieces: list[tuple[str, ErrorSpan | None]] = []
    position = 0
    for (start, end), span in located:
        if start < position:
            continue
        if start > position:
            pieces.append((text[position:start], None))
        pieces.append((text[start:end], span))
        position = end
    if position < len(text) or not pieces:
        pieces.append((text[position:], None))
    return pieces
