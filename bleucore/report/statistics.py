"""Every metric's statistics of every system, the report's one expensive step (TER's shift search: 4.3 of the 5.6 s
of CPU a report of 8 systems x 3,000 lines with BLEU, chrF, TER and COMET took), shared with a forked copy.

Statistics are additive per segment (Post 2018), so the segments are cut in two: a forked copy of this process
(``forking.ChunkWorker``) computes the first half of every system under every metric computed from text while this
process computes the second half, and the halves are joined (``concatenate``). A copy that fails sends nothing and its
half is computed here, so errors are reported as without it. ``processes`` 1 (the API's default; a multi-threaded
process such as the app's server never forks, ``forking.can_fork``) computes everything here. An imported metric's
statistics are looked up by system (``Metric.statistics_for``) and never shared out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..forking import ChunkWorker, can_fork
from ..metrics import Metric

__all__ = ["MIN_SHARED_LINES", "report_statistics"]

#: Lines (segments x systems) below which a copy is not worth forking.
MIN_SHARED_LINES = 2_000


def _from_text(metric: Metric) -> bool:
    """True for a metric that computes its statistics from the text (not looked up by system)."""
    return type(metric).statistics_for is Metric.statistics_for


def report_statistics(
    metrics: Sequence[Metric],
    systems: Mapping[str, Sequence[str]],
    references: Sequence[Sequence[str]],
    processes: int = 1,
) -> dict[str, list[Any]]:
    """Per metric label, each system's statistics (in the order of ``systems``)."""
    names = list(systems)
    segments = len(references[0]) if references else 0
    shared = [m for m in metrics if _from_text(m)]

    def part(start: int, end: int) -> list[list[Any]]:
        refs = [stream[start:end] for stream in references]
        return [[m.statistics(systems[name][start:end], refs) for name in names] for m in shared]

    middle = segments // 2
    worker = None
    if shared and middle and segments * len(names) >= MIN_SHARED_LINES and can_fork(processes):
        worker = ChunkWorker(lambda task: part(*task))
    try:
        if worker is not None and worker.submit((0, middle)):
            second = part(middle, segments)
            first = worker.result() or part(0, middle)
            joined = [
                [type(a).concatenate([a, b]) for a, b in zip(firsts, seconds)] for firsts, seconds in zip(first, second)
            ]
        else:
            joined = part(0, segments)
    finally:
        if worker is not None:
            worker.close()
    computed = dict(zip((m.printed_label for m in shared), joined))
    return {
        m.printed_label: computed[m.printed_label]
        if _from_text(m)
        else [m.statistics_for(name, systems[name], references) for name in names]
        for m in metrics
    }
