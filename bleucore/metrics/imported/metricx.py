"""MetricX-23's and MetricX-24's JSONL (google-research/metricx, ``metricx23/predict.py`` and ``metricx24/predict.py``):
the input file's JSON objects, one a line (``hypothesis``, ``reference`` and, for MetricX-24 and the QE models,
``source``, with any other field the input had), each written back with the model's score added as ``prediction``,
a float from 0 (a perfect translation) to 25: lower is better. Lines that carry a ``system_id`` (the field MetricX's
own ``evaluate.py`` groups them by) hold several systems, each system's lines in segment order; without it the file
is one system's. Every value is checked by ``bleucore.reading.scores``, the JSON bounded before it was decoded
(``bleucore.reading.json_bounds``)."""

from __future__ import annotations

import json
from itertools import chain
from typing import Any

import numpy as np

from ...reading.json_bounds import json_values
from ...reading.scores import check_score, is_number
from . import problems as p
from .errors import BadScoreFile, shown
from .problems import PREDICTION, SYSTEM
from .scores import SegmentScores

__all__ = ["FORMAT", "NAME", "PREDICTION", "SYSTEM", "is_record", "looks_like", "metricx_systems"]

#: The format's name in messages (``BadScoreFile.format``).
FORMAT = 'MetricX\'s JSONL (one JSON object with a "prediction" a line)'
#: The metric's name where none is given.
NAME = "MetricX"


def looks_like(first_line: str) -> bool:
    """True when a file's first line (stripped) is a JSON object naming a ``prediction``: MetricX's JSONL (a COMET
    JSON starts with ``{`` alone on its line, or holds every system on one line: ``metricx_systems`` tells)."""
    return first_line.startswith("{") and first_line.endswith("}") and f'"{PREDICTION}"' in first_line


def is_record(value: object) -> bool:
    """A line of MetricX's output: an object with a ``prediction`` (not a COMET JSON whose system is so named)."""
    return isinstance(value, dict) and PREDICTION in value and not isinstance(value[PREDICTION], list)


def metricx_systems(text: str, name: str) -> dict[str, SegmentScores] | None:
    """The systems of MetricX's JSONL ``text`` (its ``system_id`` -> scores; ``""`` for a file of one system), or
    None when its first value is not a MetricX line (COMET's JSON on one line)."""
    scores: dict[str, list[float]] = {}
    try:
        values = json_values(text, name, one_a_line=True)
        first = next(values)
        if not is_record(first[1]):
            return None
        keyed = SYSTEM in first[1]
        for line, record in chain([first], values):
            system = _system(record, line, name, keyed)
            scores.setdefault(system, []).append(_prediction(record, line, name))
    except json.JSONDecodeError as err:
        raise BadScoreFile(name, FORMAT, p.JsonSyntax(err.lineno, err.colno, err.msg)) from None
    return {
        system: SegmentScores(np.array(values, dtype=np.float64), None, f"{name} ({system})" if system else name)
        for system, values in scores.items()
    }


def _system(record: Any, line: int, name: str, keyed: bool) -> str:
    """The line's system: its ``system_id`` (a name or a number) when the first line has one, else ``""``."""
    if not isinstance(record, dict):
        raise BadScoreFile(name, FORMAT, p.NotAnObject(line))
    if keyed != (SYSTEM in record):
        raise BadScoreFile(name, FORMAT, p.SystemIdMismatch(line, missing=keyed))
    if not keyed:
        return ""
    system = record[SYSTEM]
    if not isinstance(system, (str, int)) or isinstance(system, bool):
        raise BadScoreFile(name, FORMAT, p.SystemIdNotName(line, shown(system)))
    return str(system)


def _prediction(record: dict[str, Any], line: int, name: str) -> float:
    if PREDICTION not in record:
        raise BadScoreFile(name, FORMAT, p.NoPrediction(line))
    value = record[PREDICTION]
    if not is_number(value):
        raise BadScoreFile(name, FORMAT, p.PredictionNotNumber(line, shown(value)))
    return check_score(float(value), name, line=line)
