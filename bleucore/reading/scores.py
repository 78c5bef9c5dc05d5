"""Score files' values checked before any arithmetic, the one place every score reader calls (plain numbers, COMET's
printed output and JSON, MetricX's JSONL, the Python API's arrays): each value a finite number within
``limits.MAX_SCORE_MAGNITUDE`` (so that no sum, mean, square or difference of a file's values overflows), ``-0``
read as 0, and xCOMET's error spans' fields of their type and size. A file's JSON is bounded before it is decoded
(``json_bounds``)."""

from __future__ import annotations

import math
import re
from typing import Any

from .. import limits
from .score_errors import BadSpan, NotAScore, NumberTooLong, ScoreOutOfRange, TooManySpans

__all__ = ["check_score", "is_number", "score_of_text", "segment_spans", "span_fields"]

#: A decimal number as a score file writes it: ASCII digits only (``float`` also takes "1_000", "١٢٣", "0x1p3"'s
#: hex with ``float.fromhex``, "nan" and "inf"; none of them is a score).
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?", re.ASCII)
#: Characters that cannot be in a number: a longer line with none of them is refused as a long number.
_NOT_NUMBER = re.compile(r"[^0-9+\-.eE]", re.ASCII)


def is_number(value: object) -> bool:
    """True for a JSON number (an int or a float, not a bool)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def check_score(
    value: float,
    name: str,
    line: int | None = None,
    segment: int | None = None,
    system: str | None = None,
    text: str | None = None,
) -> float:
    """``value`` (written ``text`` in the file, where it was read from text) as a score: ScoreOutOfRange naming its
    place unless it is finite and within ``limits.MAX_SCORE_MAGNITUDE``; ``-0.0`` becomes ``0.0`` (a mean of them
    printed ``-0.0000``)."""
    most = limits.MAX_SCORE_MAGNITUDE
    if not abs(value) <= most:  # also NaN
        raise ScoreOutOfRange(name, text or repr(value), most, line, segment, system)
    return value + 0.0


def score_of_text(text: str, name: str, line: int) -> float:
    """``text`` (a plain file's line, COMET's printed ``score: X``) as one score: NumberTooLong past
    ``limits.MAX_NUMBER_CHARS`` characters, NotAScore unless it is one finite decimal number (spaces around it
    allowed), ScoreOutOfRange past the range."""
    stripped = text.strip()
    if len(stripped) > limits.MAX_NUMBER_CHARS and not _NOT_NUMBER.search(stripped):
        raise NumberTooLong(name, line, limits.MAX_NUMBER_CHARS)
    if len(stripped) > limits.MAX_NUMBER_CHARS or not _NUMBER.fullmatch(stripped):
        raise NotAScore(name, line, text)
    value = float(stripped)
    if not math.isfinite(value):
        raise NotAScore(name, line, text)
    return check_score(value, name, line, text=stripped)


def _whole(value: object, most: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


def span_fields(span: object, name: str, segment: int, system: str) -> tuple[str, float, str, int, int]:
    """xCOMET's error span ``span`` of segment ``segment`` of ``system`` as (text, confidence, severity, start, end),
    each of its type and size (BadSpan naming the field): a text within ``limits.MAX_LINE_CHARS`` characters, a
    confidence from 0 to 1 (an average of probabilities: Unbabel/COMET's ``decode``), a severity within
    ``limits.MAX_SEVERITY_CHARS`` and character offsets from 0 to ``limits.MAX_LINE_CHARS``."""
    if not isinstance(span, dict):
        raise BadSpan(name, segment, system, "span")
    fields: dict[str, Any] = {}
    for field in ("text", "confidence", "severity", "start", "end"):
        value: Any = span.get(field)
        if field in ("text", "severity"):
            most = limits.MAX_LINE_CHARS if field == "text" else limits.MAX_SEVERITY_CHARS
            good = isinstance(value, str) and len(value) <= most
        elif field == "confidence":
            # compared before it is converted: an int of 400 digits overflows a float
            good = isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1
            value = float(value) + 0.0 if good else value
        else:
            good = _whole(value, limits.MAX_LINE_CHARS)
        if not good:
            raise BadSpan(name, segment, system, field)
        fields[field] = value
    return fields["text"], fields["confidence"], fields["severity"], fields["start"], fields["end"]


def segment_spans(spans: object, name: str, segment: int, system: str) -> list[tuple[str, float, str, int, int]]:
    """xCOMET's ``errors`` of segment ``segment`` of ``system``: a list (BadSpan) of at most
    ``limits.MAX_SEGMENT_SPANS`` spans (TooManySpans), each checked by ``span_fields``."""
    if not isinstance(spans, list):
        raise BadSpan(name, segment, system, "")
    if len(spans) > limits.MAX_SEGMENT_SPANS:
        raise TooManySpans(name, segment, system, len(spans), limits.MAX_SEGMENT_SPANS)
    return [span_fields(span, name, segment, system) for span in spans]
