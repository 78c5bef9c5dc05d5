"""Score files given to systems: one file per system in the order of the systems, or one file holding every system
(COMET's printed output or its JSON, MetricX's JSONL with a ``system_id`` a line), matched to each system by its
path, then by its name, then by its file name.

``assign_scores`` takes files already read (``readers.parse_scores``: the app reads uploads) and
``read_score_files`` reads them from paths first (the report's ``--scores NAME FILE [FILE ...]``; ``load_score_files``
reads them only), every limit checked before the bytes are read. ``format_direction`` is the direction the files'
format says (MetricX's JSONL: lower is better)."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

from ... import limits
from ...reading.errors import LineCountMismatch
from .errors import MissingSystem, ScoreFileCount, ScoreFileTooLarge, TooManySystems
from .readers import COMET_KEY, ScoreFile, parse_scores
from .scores import SegmentScores

__all__ = ["assign_scores", "format_direction", "load_score_files", "match_system", "read_score_files"]


def match_system(file: ScoreFile, system: str, path: str) -> SegmentScores:
    """The scores in ``file`` of the system called ``system`` whose output is the file ``path``: the entry of the
    same path, else of the system's name (MetricX's ``system_id``), else the one entry with the same file name;
    MissingSystem when there is none."""
    entries = file.systems
    if path in entries:
        return entries[path]
    if system in entries:
        return entries[system]
    wanted = os.path.normpath(path)
    same = [key for key in entries if os.path.normpath(key) == wanted]
    if not same:
        base = os.path.basename(wanted)
        same = [key for key in entries if os.path.basename(os.path.normpath(key)) == base]
    if len(same) != 1:
        raise MissingSystem(file.name, system, path, tuple(entries))
    return entries[same[0]]


def check_file_count(metric: str, files: int, systems: int) -> None:
    """ScoreFileCount unless there is one file, or one per system; TooManySystems past ``limits.MAX_SYSTEMS``."""
    if systems > limits.MAX_SYSTEMS:
        raise TooManySystems(systems, limits.MAX_SYSTEMS)
    if files not in (1, systems):
        raise ScoreFileCount(metric, files, systems)


def assign_scores(
    metric: str, files: Sequence[ScoreFile], systems: Mapping[str, str], segments: int, reference: str
) -> dict[str, SegmentScores]:
    """Each system's scores (system name -> scores), ``systems`` mapping each name to its output's path (or an
    upload's file name). With one file per system the k-th file is the k-th system's (a file holding several
    systems is searched for it); with one file for several systems, each is matched by path, then file name.
    Each system needs one score per segment: LineCountMismatch names the file and ``reference``, which has
    ``segments`` lines."""
    check_file_count(metric, len(files), len(systems))
    out: dict[str, SegmentScores] = {}
    for k, (system, path) in enumerate(systems.items()):
        file = files[k] if len(files) == len(systems) else files[0]
        if len(file.systems) == 1 and len(files) == len(systems):
            (scores,) = file.systems.values()
        elif len(file.systems) == 1 and len(systems) > 1:
            raise ScoreFileCount(metric, len(files), len(systems), single=True)
        else:
            scores = match_system(file, system, path)
        if scores.segments != segments:
            raise LineCountMismatch(scores.source or file.name, scores.segments, reference, segments)
        out[system] = scores
    return out


def format_direction(files: Sequence[ScoreFile]) -> bool | None:
    """Whether higher is better as the files' format says (False: every file is MetricX's JSONL), None where it says
    nothing (plain numbers, COMET's files: higher is better unless the user says otherwise)."""
    directions = {file.higher_is_better for file in files}
    return directions.pop() if len(directions) == 1 else None


def read_score_files(
    metric: str, paths: Sequence[str], systems: Mapping[str, str], segments: int, reference: str
) -> dict[str, SegmentScores]:
    """``assign_scores`` of the files at ``paths`` (``load_score_files``)."""
    check_file_count(metric, len(paths), len(systems))
    return assign_scores(metric, load_score_files(metric, paths), systems, segments, reference)


def load_score_files(metric: str, paths: Sequence[str]) -> list[ScoreFile]:
    """The files at ``paths`` read, each checked against ``limits.MAX_SCORE_FILE_BYTES`` before it is read; the JSON
    score key is ``metric`` where the entries have it, else ``COMET``."""
    files = []
    for path in paths:
        size = os.path.getsize(path) if os.path.isfile(path) else 0
        if size > limits.MAX_SCORE_FILE_BYTES:
            raise ScoreFileTooLarge(path, size, limits.MAX_SCORE_FILE_BYTES)
        with open(path, "rb") as handle:
            data = handle.read(limits.MAX_SCORE_FILE_BYTES + 1)
        if len(data) > limits.MAX_SCORE_FILE_BYTES:  # a pipe or a device: no size before reading
            raise ScoreFileTooLarge(path, len(data), limits.MAX_SCORE_FILE_BYTES)
        files.append(parse_scores(data, path, metric or COMET_KEY))
    return files
