"""Score files on the pages, read by bleucore's readers (``bleucore.metrics.imported``: plain numbers, COMET's printed
output or its ``--to_json`` file, MetricX's JSONL, told apart by their content and checked before any arithmetic).

An upload is checked as it arrives (``ui.metrics.imported.section.decode_scores``: a file that is no score file is
refused with a message naming it and the line, and nothing else is lost) and kept as its text, like every other
upload; each run reads it again (cached) and gives each system its scores (``metric_of_files``: one file per system
in the order of the systems, or one file holding every system, matched by path then file name). Nothing here imports
Streamlit or the rest of the app.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from bleucore.metrics.imported import (
    ImportedMetric,
    ScoreFile,
    assign_scores,
    format_direction,
    imported_metric,
    parse_scores,
)
from bleucore.reading import ReadingError

if TYPE_CHECKING:
    from ui.inputs.uploads import TextFile

#: The name of an imported metric whose file does not say it (COMET's printed output, plain numbers).
DEFAULT_NAME = "COMET"


def as_bytes(file: TextFile) -> bytes:
    """A kept score file's text as the bytes bleucore's readers take."""
    return ("\n".join(file.lines) + "\n").encode("utf-8")


def name_in(text: str) -> str | None:
    """The metric a score file names its scores by (bleucore's ``ScoreFile.named``): ``COMET`` where a COMET JSON's
    first entry has it (what comet-score always writes), else the entry's one other numeric key (a file another tool
    wrote: ``MetricX-24``), ``MetricX`` for MetricX's JSONL; None for another format or a file that is no score
    file."""
    try:
        return parse_scores(text.encode("utf-8"), "", None).named
    except ReadingError:
        return None


def default_name(files: Sequence[TextFile]) -> str:
    """An imported metric's name when none is typed: its first file's JSON key, else ``COMET``."""
    return (name_in("\n".join(files[0].lines)) if files else None) or DEFAULT_NAME


def read_score_file(file: TextFile, metric: str | None) -> ScoreFile:
    """A kept file's scores, the JSON's read under ``metric`` where its entries have that key (else ``COMET``; None:
    the file's own name for them)."""
    return parse_scores(as_bytes(file), file.name, metric)


def said_direction(files: Sequence[TextFile]) -> bool | None:
    """Whether higher is better as the files' format says: False when they are MetricX's JSONL (an error score),
    None where the format says nothing or a file cannot be read."""
    try:
        return format_direction([read_score_file(file, None) for file in files])
    except ReadingError:
        return None


def metric_of_files(
    name: str,
    higher_is_better: bool,
    files: Sequence[ScoreFile],
    systems: Mapping[str, TextFile],
    references: Sequence[TextFile],
) -> ImportedMetric:
    """The imported metric ``name`` of the systems (name -> its output; an upload's name is its file name, which a
    file of several systems is matched to) from their score files; bleucore's typed errors (``ReadingError``) when
    the files do not give every system one score per segment, ValueError for a name that cannot be a metric's."""
    paths = {system: system for system in systems}
    reference = references[0]
    scores = assign_scores(name, files, paths, len(reference), reference.name)
    return imported_metric(name, scores, higher_is_better)


def scores_digest(metric: ImportedMetric) -> str:
    """A digest of every system's scores (the caches' key of an imported metric beside its name and direction)."""
    h = hashlib.blake2b(digest_size=16)
    for system, scores in metric.scores.items():
        h.update(system.encode("utf-8", "surrogatepass") + b"\x00")
        h.update(scores.values.tobytes())
    return h.hexdigest()
