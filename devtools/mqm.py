"""Google's MQM ratings of WMT systems (google/wmt-mqm-human-evaluation, Apache-2.0; Freitag et al. 2021, "Experts,
Errors, and Context"), read from a fetched copy of the repository for ``scripts/check_mt_metrics_eval.py`` and
``scripts/make_mqm_slice.py``: each system's translations (the rated TSV's ``target``, error marks ``<v>...</v>``
removed), each segment's MQM score (``*.avg_seg_scores.tsv``: minus the weighted errors, 0 is perfect, higher is
better) and a human translation as the reference.

A segment is kept when every system has a score for it (the unrated segments are the same for every system in the
TED sets: 77 of 606 in en-de); the system whose translation is the reference is left out of the systems."""

from __future__ import annotations

import csv
import io
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

__all__ = ["REFERENCES", "MqmSet", "read_mqm"]

_MARK = re.compile(r"</?v>")


@dataclass(frozen=True)
class MqmSet:
    """Segment ids kept (ascending), the reference's lines, and per system its lines and MQM scores."""

    segments: tuple[int, ...]
    reference: tuple[str, ...]
    lines: dict[str, tuple[str, ...]]
    scores: dict[str, tuple[float, ...]]


def _show(repo: Path, path: str) -> str:
    """A file of the repository: from the work tree when there is one, else from the git directory's HEAD."""
    if (repo / path).is_file():
        return (repo / path).read_text(encoding="utf-8")
    done = subprocess.run(["git", "-C", str(repo), "show", f"HEAD:{path}"], capture_output=True, check=True)
    return done.stdout.decode("utf-8")


#: The human translation each TED set is scored against: (its name in the rated TSV, in the scores), and the other
#: human translations left out of the systems. In zh-en ref-A is the worst "system" by MQM, ref-B the best.
REFERENCES = {"ende": ("ref", "ref-A", ()), "zhen": ("refB", "ref-B", ("ref-A",))}


def read_mqm(repo: Path, test_set: str = "ted", pair: str = "ende") -> MqmSet:
    """The rated systems of ``test_set``/``pair`` (e.g. ted/ende), with a human translation as the reference
    (``REFERENCES``)."""
    reference, reference_scores, others = REFERENCES[pair]
    stem = f"{test_set}/{pair}/mqm_{test_set}_{pair}"
    rated = csv.reader(io.StringIO(_show(repo, f"{stem}.tsv")), delimiter="\t", quoting=csv.QUOTE_NONE)
    next(rated)
    targets: dict[tuple[str, int], str] = {}
    for row in rated:
        system, segment, target = row[0], int(row[3]), _MARK.sub("", row[6])
        previous = targets.setdefault((system, segment), target)
        if previous != target:
            raise ValueError(f"{system} segment {segment} has two targets in {stem}.tsv")
    scores: dict[str, dict[int, float]] = {}
    for line in _show(repo, f"{stem}.avg_seg_scores.tsv").splitlines()[1:]:
        system, value, segment = line.split()
        if value != "None":
            scores.setdefault(system, {})[int(segment)] = float(value)
    for name in (reference_scores, *others):
        scores.pop(name, None)
    systems = sorted(scores)
    kept = sorted(set.intersection(*(set(by_segment) for by_segment in scores.values())))
    kept = [k for k in kept if (reference, k) in targets and all((s, k) in targets for s in systems)]
    return MqmSet(
        tuple(kept),
        tuple(targets[(reference, k)] for k in kept),
        {s: tuple(targets[(s, k)] for k in kept) for s in systems},
        {s: tuple(scores[s][k] for k in kept) for s in systems},
    )
