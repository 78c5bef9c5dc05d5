"""Score files as the tools that compute learned metrics write them, read into ``SegmentScores`` per system.

Three formats, told apart by their content (``parse_scores``):

* ``plain``: one number per line, one system (any tool: MetricX's scores, human scores, a column of a sheet);
* ``comet``: what ``comet-score`` prints (Unbabel/COMET ``comet/cli/score.py``): a line
  ``PATH<TAB>Segment I<TAB>score: X`` per system and segment (I from 0, X with 4 decimals), then a line
  ``PATH<TAB>score: X`` per system; a line without a tab (``Predictions saved in: FILE.``, a log line of a run
  whose standard error went to the same file) is ignored;
* ``comet-json``: ``comet-score --to_json FILE``: ``{PATH: [{"src", "mt", "ref", "COMET": X, "errors": [...]}]}``,
  a list per system in segment order; ``errors`` (xCOMET only, and only on segments where it found some) holds
  ``{"text", "confidence", "severity", "start", "end"}`` spans, kept as ``ErrorSpan``. The score is the entry's
  value under the metric's own name when it has one, else under ``COMET`` (the key comet-score always writes).

A file is decoded by bleucore's file rules (UTF-8, a byte-order mark dropped, NUL bytes and UTF-16 refused); a bad
number or line is a typed error (``errors``) naming the file and the line. ``nan`` and ``inf`` are not scores.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from ...reading.decode import BOM, TextRules, decode_block, decode_lines
from ...reading.errors import BinaryInput, WideEncoding
from .errors import BadScoreFile, NotAScore, SegmentMissing
from .scores import ErrorSpan, SegmentScores

__all__ = ["COMET_KEY", "ScoreFile", "ScoreFormat", "parse_number", "parse_scores"]

ScoreFormat = Literal["plain", "comet", "comet-json"]
#: The key of the score in comet-score's JSON (whatever the model).
COMET_KEY = "COMET"
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")
_SEGMENT = re.compile(r"(.*)\tSegment (\d+)\tscore: (\S*)")
_SYSTEM = re.compile(r"(.*)\tscore: (\S*)")
_PRINTED = "COMET's printed output"
_JSON = "COMET's JSON output (--to_json)"
_SPAN_FIELDS = (("text", str), ("confidence", float), ("severity", str), ("start", int), ("end", int))


@dataclass(frozen=True)
class ScoreFile:
    """One score file read: its ``name``, its ``format``, and the systems it holds, keyed by the path COMET was given
    for each (``""``: a plain file's one system), in the file's order."""

    name: str
    format: ScoreFormat
    systems: dict[str, SegmentScores]


def parse_number(text: str, name: str, line: int) -> float:
    """``text`` as one finite decimal number (spaces around it allowed); NotAScore naming the file and the line."""
    stripped = text.strip()
    if _NUMBER.fullmatch(stripped):
        value = float(stripped)
        if math.isfinite(value):
            return value
    raise NotAScore(name, line, text)


def parse_scores(data: bytes, name: str, metric: str = COMET_KEY) -> ScoreFile:
    """The scores of the file ``name`` (its bytes ``data``), in whichever of the three formats it is."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise WideEncoding(name)
    nul = data.find(b"\x00")
    if nul >= 0:
        raise BinaryInput(name, data.count(b"\n", 0, nul) + 1)
    body = data[len(BOM) :] if data.startswith(BOM) else data
    if body.lstrip()[:1] in (b"{", b"["):
        return _parse_json(decode_block(body, name), name, metric)
    lines = decode_lines(body, name, TextRules())
    if any("\tscore: " in line for line in lines[:1000]):
        return _parse_printed(lines, name)
    values = np.array([parse_number(line, name, number) for number, line in enumerate(lines, start=1)])
    return ScoreFile(name, "plain", {"": SegmentScores(values.astype(np.float64).reshape(-1), None, name)})


def _parse_printed(lines: list[str], name: str) -> ScoreFile:
    segments: dict[str, dict[int, float]] = {}
    summaries: set[str] = set()
    for number, line in enumerate(lines, start=1):
        if found := _SEGMENT.fullmatch(line):
            path, index = found.group(1), int(found.group(2))
            scores = segments.setdefault(path, {})
            if index in scores:
                raise SegmentMissing(name, path, index, twice=True)
            scores[index] = parse_number(found.group(3), name, number)
        elif found := _SYSTEM.fullmatch(line):
            parse_number(found.group(2), name, number)
            summaries.add(found.group(1))
        elif "\t" in line:
            detail = f"line {number:,} is neither 'PATH<TAB>Segment I<TAB>score: X' nor 'PATH<TAB>score: X'"
            raise BadScoreFile(name, _PRINTED, detail)
    if not segments:
        detail = "it has system scores only (comet-score --only_system): run comet-score without it"
        raise BadScoreFile(name, _PRINTED, detail if summaries else "it has no score")
    systems = {}
    for path, scores in segments.items():
        missing = next((i for i in range(len(scores)) if i not in scores), None)
        if missing is not None:
            raise SegmentMissing(name, path, missing)
        values = np.array([scores[i] for i in range(len(scores))], dtype=np.float64)
        systems[path] = SegmentScores(values, None, f"{name} ({path})")
    return ScoreFile(name, "comet", systems)


def _parse_json(text: str, name: str, metric: str) -> ScoreFile:
    def refuse(constant: str) -> Any:
        raise BadScoreFile(name, _JSON, f"it holds {constant}, not a score")

    try:
        data = json.loads(text, parse_constant=refuse)
    except json.JSONDecodeError as err:
        raise BadScoreFile(name, _JSON, f"line {err.lineno:,}: {err.msg}") from None
    if not isinstance(data, dict) or not data:
        raise BadScoreFile(name, _JSON, "it is not an object of systems (path: list of segments)")
    systems = {}
    for path, entries in data.items():
        if not isinstance(entries, list) or not entries:
            raise BadScoreFile(name, _JSON, f"the value of {path!r} is not a list of segments")
        key = metric if isinstance(entries[0], dict) and metric in entries[0] else COMET_KEY
        values = np.empty(len(entries), dtype=np.float64)
        errors: list[tuple[ErrorSpan, ...]] = []
        any_errors = False
        for index, entry in enumerate(entries):
            where = f"segment {index} of {path}"
            if not isinstance(entry, dict) or key not in entry:
                raise BadScoreFile(name, _JSON, f"{where} has no {key!r} score")
            value = entry[key]
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise BadScoreFile(name, _JSON, f"{where} has the score {value!r}, not a finite number")
            values[index] = value
            spans = entry.get("errors")
            any_errors = any_errors or spans is not None
            errors.append(_spans(spans, name, where) if spans is not None else ())
        systems[path] = SegmentScores(values, tuple(errors) if any_errors else None, f"{name} ({path})")
    return ScoreFile(name, "comet-json", systems)


def _spans(spans: object, name: str, where: str) -> tuple[ErrorSpan, ...]:
    """xCOMET's error spans of one segment, each field of its type (an int confidence is a float)."""
    if not isinstance(spans, list):
        raise BadScoreFile(name, _JSON, f"the errors of {where} are not a list of spans")
    out = []
    for span in spans:
        fields: dict[str, Any] = {}
        for field, kind in _SPAN_FIELDS:
            value = span.get(field) if isinstance(span, dict) else None
            if kind is float and isinstance(value, int) and not isinstance(value, bool):
                value = float(value)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise BadScoreFile(name, _JSON, f"an error span of {where} has no {kind.__name__} {field!r}")
            fields[field] = value
        out.append(ErrorSpan(**fields))
    return tuple(out)
