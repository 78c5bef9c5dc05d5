"""COMET's ``--to_json`` file (Unbabel/COMET ``comet/cli/score.py``): ``{PATH: [{"src", "mt", "ref", "COMET": X,
"errors": [...]}, ...]}``, a list per system in segment order. ``errors`` (xCOMET only, and only on segments where it
found some) holds ``{"text", "confidence", "severity", "start", "end"}`` spans, kept as ``ErrorSpan``. The score is
the entry's value under the metric's own name when it has one, else under ``COMET`` (the key comet-score always
writes); with no name asked (``None``), under ``COMET`` or else the entries' one other number (a file another tool
wrote: ``MetricX-24``). Every value is checked by ``bleucore.reading.scores`` and the JSON was bounded before it was
decoded (``bleucore.reading.json_bounds``)."""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from ...reading.json_bounds import json_values
from ...reading.scores import check_score, is_number, segment_spans
from . import problems as p
from .errors import BadScoreFile, shown
from .scores import ErrorSpan, SegmentScores

__all__ = ["COMET_KEY", "FORMAT", "TEXT_KEYS", "comet_systems", "score_key"]

#: The key of the score in comet-score's JSON (whatever the model).
COMET_KEY = "COMET"
#: The format's name in messages (``BadScoreFile.format``).
FORMAT = "COMET's JSON output (--to_json)"
#: The keys of a COMET JSON entry that are not its score.
TEXT_KEYS = frozenset({"src", "mt", "ref", "errors"})


def score_key(first: object, metric: str | None) -> str:
    """The key a system's entries hold their score under (``first``: its first entry): ``metric`` where the entry has
    it; with ``metric`` None, ``COMET`` where it has it, else its one other numeric key; else ``COMET``."""
    if not isinstance(first, dict):
        return COMET_KEY
    if metric is not None:
        return metric if metric in first else COMET_KEY
    numeric = [key for key, value in first.items() if key not in TEXT_KEYS and is_number(value)]
    return COMET_KEY if COMET_KEY in first or len(numeric) != 1 else numeric[0]


def comet_systems(text: str, name: str, metric: str | None) -> tuple[dict[str, SegmentScores], str]:
    """The systems of COMET's JSON ``text`` (path -> scores) and the key their scores were read under."""
    try:
        values = json_values(text, name)
        _, data = next(values)
        second = next(values, None)
    except json.JSONDecodeError as err:
        raise BadScoreFile(name, FORMAT, p.JsonSyntax(err.lineno, err.colno, err.msg)) from None
    if second is not None:
        raise BadScoreFile(name, FORMAT, p.SecondJsonValue(second[0]))
    if not isinstance(data, dict) or not data:
        raise BadScoreFile(name, FORMAT, p.NotSystems())
    systems = {}
    keys = []
    for path, entries in data.items():
        if not isinstance(entries, list) or not entries:
            raise BadScoreFile(name, FORMAT, p.NotSegments(path, shown(path)))
        key = score_key(entries[0], metric)
        keys.append(key)
        systems[path] = _system(entries, key, name, path)
    return systems, keys[0]


def _system(entries: list[Any], key: str, name: str, path: str) -> SegmentScores:
    values = np.empty(len(entries), dtype=np.float64)
    errors: list[tuple[ErrorSpan, ...]] = []
    any_errors = False
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict) or key not in entry:
            raise BadScoreFile(name, FORMAT, p.NoScoreKey(index, path, key))
        value = entry[key]
        if not is_number(value):
            raise BadScoreFile(name, FORMAT, p.ScoreNotNumber(index, path, shown(value)))
        values[index] = check_score(float(value), name, segment=index, system=path)
        spans = entry.get("errors")
        any_errors = any_errors or spans is not None
        errors.append(_spans(spans, name, index, path) if spans is not None else ())
    return SegmentScores(values, tuple(errors) if any_errors else None, f"{name} ({path})")


def _spans(spans: object, name: str, segment: int, path: str) -> tuple[ErrorSpan, ...]:
    """xCOMET's error spans of one segment, checked (``bleucore.reading.scores.segment_spans``)."""
    return tuple(ErrorSpan(*fields) for fields in segment_spans(spans, name, segment, path))
