"""Score files as the tools that compute learned metrics write them, read into ``SegmentScores`` per system.

Four formats, told apart by their content (``parse_scores``):

* ``plain``: one number per line, one system (any tool: human scores, a column of a sheet);
* ``comet``: what ``comet-score`` prints (Unbabel/COMET ``comet/cli/score.py``): a line
  ``PATH<TAB>Segment I<TAB>score: X`` per system and segment (I from 0, X with 4 decimals), then a line
  ``PATH<TAB>score: X`` per system; a line without a tab (``Predictions saved in: FILE.``, a log line of a run
  whose standard error went to the same file) is ignored;
* ``comet-json``: ``comet-score --to_json FILE`` (``comet_json``), with xCOMET's error spans;
* ``metricx``: MetricX-23's and -24's JSONL (``metricx``): a JSON object with a ``prediction`` per line, lower is
  better (``ScoreFile.higher_is_better`` is False, the one format that says its direction).

Every file is checked before any arithmetic, in ``bleucore.reading``: its bytes by the file rules (UTF-8, a
byte-order mark dropped, NUL bytes and UTF-16 refused), its JSON bounded before it is decoded (``json_bounds``:
nesting, values, long numbers), every score finite and within ``limits.MAX_SCORE_MAGNITUDE`` (``scores``, which
also checks xCOMET's spans). Each problem is a typed error naming the file and, where it is known, the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

import numpy as np

from ...reading.decode import BOM, TextRules, decode_block, decode_lines
from ...reading.errors import BinaryInput, WideEncoding
from ...reading.json_bounds import check_json
from ...reading.scores import score_of_text
from . import metricx
from . import problems as p
from .comet_json import COMET_KEY, comet_systems
from .errors import BadScoreFile, SegmentMissing
from .scores import SegmentScores

__all__ = ["COMET_KEY", "ScoreFile", "ScoreFormat", "parse_scores"]

ScoreFormat = Literal["plain", "comet", "comet-json", "metricx"]
_SEGMENT = re.compile(r"(.*)\tSegment ([0-9]+)\tscore: (\S*)")
_SYSTEM = re.compile(r"(.*)\tscore: (\S*)")
_PRINTED = "COMET's printed output"


@dataclass(frozen=True)
class ScoreFile:
    """One score file read: its ``name``, its ``format``, and the systems it holds, keyed by the path COMET was given
    for each (MetricX's ``system_id``; ``""``: the one system of a file that names none), in the file's order;
    ``named``: the name the file gives its metric (the JSON key its scores were read under, ``MetricX`` for MetricX's
    JSONL; None for plain numbers and COMET's printed output)."""

    name: str
    format: ScoreFormat
    systems: dict[str, SegmentScores]
    named: str | None = None

    @property
    def higher_is_better(self) -> bool | None:
        """The direction the format says: False for MetricX (an error score), None where it says none."""
        return False if self.format == "metricx" else None


def parse_scores(data: bytes, name: str, metric: str | None = COMET_KEY) -> ScoreFile:
    """The scores of the file ``name`` (its bytes ``data``), in whichever of the four formats it is. A COMET JSON's
    scores are read under ``metric`` where its entries have that key, else under ``COMET``; with ``metric`` None,
    under ``COMET`` or else the entries' one other number (``ScoreFile.named`` says which)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise WideEncoding(name)
    nul = data.find(b"\x00")
    if nul >= 0:
        raise BinaryInput(name, data.count(b"\n", 0, nul) + 1)
    body = data[len(BOM) :] if data.startswith(BOM) else data
    if body.lstrip()[:1] in (b"{", b"["):
        check_json(body, name)
        return _parse_json(decode_block(body, name), name, metric)
    lines = decode_lines(body, name, TextRules())
    if any("\tscore: " in line for line in lines[:1000]):
        return _parse_printed(lines, name)
    values = np.array([score_of_text(line, name, number) for number, line in enumerate(lines, start=1)])
    return ScoreFile(name, "plain", {"": SegmentScores(values.astype(np.float64).reshape(-1), None, name)})


def _parse_json(text: str, name: str, metric: str | None) -> ScoreFile:
    """MetricX's JSONL when its first line is a MetricX line, else COMET's JSON."""
    start = len(text) - len(text.lstrip())
    end = text.find("\n", start)
    if metricx.looks_like(text[start : end if end >= 0 else len(text)].strip()):
        systems = metricx.metricx_systems(text, name)
        if systems is not None:
            return ScoreFile(name, "metricx", systems, metricx.NAME)
    comet, key = comet_systems(text, name, metric)
    return ScoreFile(name, "comet-json", comet, key)


def _parse_printed(lines: list[str], name: str) -> ScoreFile:
    segments: dict[str, dict[int, float]] = {}
    summaries: set[str] = set()
    for number, line in enumerate(lines, start=1):
        if found := _SEGMENT.fullmatch(line):
            path, digits = found.group(1), found.group(2)
            if len(digits) > len(str(len(lines))) or int(digits) >= len(lines):  # never a huge int: its digits first
                raise BadScoreFile(name, _PRINTED, p.SegmentPastLines(number, len(lines)))
            index = int(digits)
            scores = segments.setdefault(path, {})
            if index in scores:
                raise SegmentMissing(name, path, index, twice=True)
            scores[index] = score_of_text(found.group(3), name, number)
        elif found := _SYSTEM.fullmatch(line):
            score_of_text(found.group(2), name, number)
            summaries.add(found.group(1))
        elif "\t" in line:
            raise BadScoreFile(name, _PRINTED, p.NotPrintedLine(number))
    if not segments:
        raise BadScoreFile(name, _PRINTED, p.OnlySystemScores() if summaries else p.NoScore())
    systems = {}
    for path, scores in segments.items():
        missing = next((i for i in range(len(scores)) if i not in scores), None)
        if missing is not None:
            raise SegmentMissing(name, path, missing)
        values = np.array([scores[i] for i in range(len(scores))], dtype=np.float64)
        systems[path] = SegmentScores(values, None, f"{name} ({path})")
    return ScoreFile(name, "comet", systems)
