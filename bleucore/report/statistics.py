"""Each system read once, what the report keeps of it (``SystemPass``): every metric's statistics, its word-frequency
rows, a digest of its lines and the setup check's findings (``bleucore.doctor``), so that the report holds per-line
statistics, never every system's text at once (issue 49: 40 systems x 2,500 lines). A system whose lines are read
from a file (``bleucore.reading.HeldFile``) is read here, and again only for the lines its examples show.

The statistics are the report's one expensive step (TER's shift search: 4.3 of the 5.6 s of CPU a report of 8 systems
x 3,000 lines with BLEU, chrF, TER and COMET took), and a system's are independent of the others' (Post 2018), so a
forked copy of this process (``forking.ChunkWorker``) reads and counts every other system while this process does the
rest. A copy that fails sends nothing and its system is read here, so errors are reported as without it (the first
system's error first). ``processes`` 1 (the API's default; a multi-threaded process such as the app's server never
forks, ``forking.can_fork``) does everything here. An imported metric's statistics are looked up by system
(``Metric.statistics_for``) and never shared out."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..buckets.frequency import WordCounter
from ..doctor import Finding, Setup, check_setup
from ..forking import ChunkWorker, can_fork
from ..metrics import Metric
from ..reading.checks import check_line_lengths

__all__ = [
    "CHECK_SETUP",
    "MIN_SHARED_LINES",
    "SetupCheck",
    "SystemPass",
    "line_digest",
    "report_statistics",
    "system_passes",
]

#: Lines (segments x systems) below which a copy is not worth forking.
MIN_SHARED_LINES = 2_000


@dataclass(frozen=True)
class SetupCheck:
    """What the setup check of every system needs besides its lines: the references' names and the tokenizer."""

    reference_names: tuple[str, ...] = ()
    tokenize: str = "13a"


#: The setup check with the references named ``reference 1``, ... and the 13a tokenizer (``build_report``'s default).
CHECK_SETUP = SetupCheck()


@dataclass(frozen=True)
class SystemPass:
    """One system once read: each metric's statistics (in the order of the metrics), its word-frequency rows (None
    without a ``WordCounter``), the digest of its lines (``line_digest``) and its setup check's findings."""

    statistics: tuple[Any, ...]
    words: Any
    digest: bytes
    findings: tuple[Finding, ...] = ()


def _from_text(metric: Metric) -> bool:
    """True for a metric that computes its statistics from the text (not looked up by system)."""
    return type(metric).statistics_for is Metric.statistics_for


def line_digest(lines: Sequence[str]) -> bytes:
    """A digest of ``lines``: equal for equal lists of lines (each line's length and text count)."""
    digest = hashlib.blake2b(digest_size=32)
    for line in lines:
        data = line.encode("utf-8", "surrogatepass")
        digest.update(len(data).to_bytes(8, "little") + data)
    return digest.digest()


def system_passes(
    metrics: Sequence[Metric],
    systems: Mapping[str, Sequence[str]],
    references: Sequence[Sequence[str]],
    *,
    words: WordCounter | None = None,
    setup: SetupCheck | None = None,
    processes: int = 1,
) -> list[SystemPass]:
    """Every system's ``SystemPass``, in the order of ``systems`` (each system's lines read once here, or in a
    forked copy); a ValueError naming a line too long. ``setup``: run the setup check too."""
    names = list(systems)
    segments = len(references[0]) if references else 0

    def text_part(k: int) -> tuple[list[Any], Any, bytes, tuple[Finding, ...]]:
        name = names[k]
        lines = list(systems[name])
        check_line_lengths(lines, f"system {name}")
        stats = [m.statistics(lines, references) for m in metrics if _from_text(m)]
        rows = words.rows(lines) if words is not None else None
        findings: tuple[Finding, ...] = ()
        if setup is not None:
            found = Setup(lines, references, name, setup.reference_names, setup.tokenize)
            findings = tuple(check_setup(found))
        return stats, rows, line_digest(lines), findings

    parts: list[tuple[list[Any], Any, bytes, tuple[Finding, ...]] | None] = [None] * len(names)
    worker = None
    if len(names) > 1 and segments * len(names) >= MIN_SHARED_LINES and can_fork(processes):
        worker = ChunkWorker(text_part)
    try:
        for k in range(len(names)):
            if parts[k] is not None:
                continue
            if worker is None or not worker.alive or k + 1 >= len(names) or not worker.submit(k):
                parts[k] = text_part(k)
                continue
            try:
                parts[k + 1] = text_part(k + 1)
            except ValueError:
                worker.result() or text_part(k)  # system k's error comes first, as without the copy
                raise
            parts[k] = worker.result() or text_part(k)
    finally:
        if worker is not None:
            worker.close()
    out = []
    for name, part in zip(names, parts):
        assert part is not None
        shared, rows, digest, findings = iter(part[0]), part[1], part[2], part[3]
        stats = tuple(
            next(shared) if _from_text(m) else m.statistics_for(name, systems[name], references) for m in metrics
        )
        out.append(SystemPass(stats, rows, digest, findings))
    return out


def report_statistics(
    metrics: Sequence[Metric],
    systems: Mapping[str, Sequence[str]],
    references: Sequence[Sequence[str]],
    processes: int = 1,
) -> dict[str, list[Any]]:
    """Per metric label, each system's statistics (in the order of ``systems``)."""
    passes = system_passes(metrics, systems, references, processes=processes)
    return {m.printed_label: [p.statistics[i] for p in passes] for i, m in enumerate(metrics)}
