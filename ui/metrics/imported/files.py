"""Score files on the pages, read by bleucore's readers (``bleucore.metrics.imported``: plain numbers, COMET's printed
output or its ``--to_json`` file, told apart by their content).

An upload is checked as it arrives (``ui.metrics.imported.section.decode_scores``: a file that is no score file is
refused with a message naming it and the line, and nothing else is lost) and kept as its text, like every other
upload; each run reads it again (cached) and gives each system its scores (``metric_of_files``: one file per system
in the order of the systems, or one file holding every system, matched by path then file name). Nothing here imports
Streamlit or the rest of the app.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from bleucore.metrics.imported import ImportedMetric, ScoreFile, assign_scores, imported_metric, parse_scores

if TYPE_CHECKING:
    from ui.inputs.uploads import TextFile

#: The name of an imported metric whose file does not say it (COMET's printed output, plain numbers).
DEFAULT_NAME = "COMET"
#: The keys of a COMET JSON entry that are not its score.
_TEXT_KEYS = frozenset({"src", "mt", "ref", "errors"})


def as_bytes(file: TextFile) -> bytes:
    """A kept score file's text as the bytes bleucore's readers take."""
    return ("\n".join(file.lines) + "\n").encode("utf-8")


def name_in(text: str) -> str | None:
    """The metric a COMET-style JSON names its scores by: ``COMET`` where its first entry has it (what comet-score
    always writes), else the entry's one other numeric key (a file another tool wrote: ``MetricX-24``); None for
    another format or no such key."""
    if not text.lstrip().startswith("{"):
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    entries = next(iter(data.values()), None) if isinstance(data, dict) else None
    first = entries[0] if isinstance(entries, list) and entries else None
    if not isinstance(first, dict):
        return None
    numeric = [
        key
        for key, value in first.items()
        if key not in _TEXT_KEYS and isinstance(value, (int, float)) and not isinstance(value, bool)
    ]
    if DEFAULT_NAME in numeric:
        return DEFAULT_NAME
    return numeric[0] if len(numeric) == 1 else None


def default_name(files: Sequence[TextFile]) -> str:
    """An imported metric's name when none is typed: its first file's JSON key, else ``COMET``."""
    return (name_in("\n".join(files[0].lines)) if files else None) or DEFAULT_NAME


def read_score_file(file: TextFile, metric: str) -> ScoreFile:
    """A kept file's scores, the JSON's read under ``metric`` where its entries have that key (else ``COMET``)."""
    return parse_scores(as_bytes(file), file.name, metric)


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
