"""The report's fast paths give the numbers of the plain ones: statistics shared with a forked copy equal those
computed in one process (a copy that fails is replaced by this process), and the charts drawn as SVG hold every
bar, interval, mark and "no data" of the analysis with every user text escaped."""

from __future__ import annotations

import re
import subprocess
import sys

import numpy as np
import pytest

from bleucore.buckets import BucketSettings, length_buckets
from bleucore.metrics import get_metric, imported_metric
from bleucore.report.svg import bucket_svg, nice_ticks
from devtools.corpora import tokenized_corpus
from tests.conftest import ROOT


def _corpus() -> tuple[dict[str, list[str]], list[list[str]]]:
    outs, ref = tokenized_corpus(3, 600, 4)
    return {f"s{k}": out for k, out in enumerate(outs)}, [ref]


@pytest.fixture(scope="module")
def corpus() -> tuple[dict[str, list[str]], list[list[str]]]:
    return _corpus()


def _metrics(systems: dict[str, list[str]]) -> list:
    comet = imported_metric("COMET", {name: np.linspace(0, 1, 600) + k for k, name in enumerate(systems)})
    return [get_metric("bleu"), get_metric("chrf"), get_metric("ter"), comet]


_SHARED_CHECK = """
import numpy as np
from bleucore.report import statistics as module
from bleucore.report.statistics import report_statistics
from tests.core.test_report_statistics import _metrics, _corpus

forked = []
Worker = module.ChunkWorker


class Counting(Worker):
    def __init__(self, score):
        forked.append(1)
        super().__init__(score)


module.ChunkWorker = Counting
systems, refs = _corpus()
metrics = _metrics(systems)
alone = report_statistics(metrics, systems, refs, processes=1)
assert forked == [], forked
shared = report_statistics(metrics, systems, refs, processes=2)
assert forked == [1], "one copy, for every text metric and system"
for metric in metrics:
    for a, b in zip(alone[metric.printed_label], shared[metric.printed_label]):
        assert np.array_equal(metric.columns(a), metric.columns(b)), metric.printed_label


class Failing(Worker):  # a copy that sends nothing back: this process computes its half
    def result(self):
        super().result()
        return None


module.ChunkWorker = Failing
again = report_statistics(metrics, systems, refs, processes=2)
for metric in metrics:
    for a, b in zip(alone[metric.printed_label], again[metric.printed_label]):
        assert np.array_equal(metric.columns(a), metric.columns(b)), metric.printed_label
print("equal")
"""


def test_statistics_shared_with_a_copy_equal_one_process() -> None:
    """In a process of its own (a copy is forked only where no other thread runs, and pytest's may have some): the
    statistics equal one process's, and a copy that fails is replaced by this process."""
    done = subprocess.run(
        [sys.executable, "-c", _SHARED_CHECK], cwd=ROOT, capture_output=True, text=True, timeout=240, check=False
    )
    assert done.returncode == 0 and done.stdout == "equal\n", done.stderr


def test_nice_ticks_cover_the_values_in_round_steps() -> None:
    assert nice_ticks(0, 97.3) == [0, 20, 40, 60, 80, 100]
    assert nice_ticks(0, 0.86) == [0, 0.2, 0.4, 0.6, 0.8, 1.0]
    assert nice_ticks(-2.4, 3.1) == [-4, -2, 0, 2, 4]
    assert nice_ticks(0, 0) == [0, 0.2, 0.4, 0.6, 0.8, 1.0]


def test_the_svg_chart_holds_every_bar_interval_mark_and_empty_bucket() -> None:
    systems = {"<b>A</b>": ["a b c d", "x y"], "B & co": ["a b c", "x y z"]}
    refs = [["a b c d", "x y z"]]
    analysis = length_buckets(systems, refs, [get_metric("bleu")], settings=BucketSettings(50, 1))
    svg = bucket_svg(analysis, "BLEU")
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert "&lt;b&gt;A&lt;/b&gt;" in svg and "B &amp; co" in svg and "<b>" not in svg
    filled = [v for v in analysis.values if v.value is not None]
    assert svg.count("<rect") == len(filled) + len(systems), "a bar per value, a legend swatch per system"
    assert svg.count(">no data</text>") == sum(1 for b in analysis.buckets if b.size == 0)
    assert svg.count('stroke="#333"') == len(filled), "an interval per bar"
    assert svg.count(">*</text>") == sum(v.significant() for v in filled)


def test_negative_values_are_drawn_below_zero() -> None:
    metric = imported_metric("z-DA", {"a": [-1.5, -0.5, 0.25], "b": [-0.2, 0.1, 0.4]})
    systems = {"a": ["x", "y", "z"], "b": ["x", "y", "z"]}
    analysis = length_buckets(systems, [["x", "y", "z"]], [metric], settings=BucketSettings(30, 2))
    svg = bucket_svg(analysis, "z-DA")
    labels = [float(t) for t in re.findall(r'text-anchor="end" fill="#333">(-?[\d.]+)<', svg)]
    assert min(labels) < -0.5 and max(labels) >= 0.1


def test_the_reports_tables_from_shared_resamples_equal_each_pairs_own_bootstrap(corpus) -> None:
    """The report resamples every system once per metric and takes each pair's test from those scores: the table
    is the one each pair's own paired bootstrap gives (sacreBLEU's draws: same seed, same resamples), to the bit."""
    from bleucore.report import build_report
    from bleucore.significance import significance_table

    systems, refs = corpus
    metrics = _metrics(systems)
    report = build_report(systems, refs, metrics, settings=BucketSettings(200, 5))
    for metric, table in zip(metrics, report.tables):
        stats = {name: metric.statistics_for(name, lines, refs) for name, lines in systems.items()}
        alone = significance_table(metric, stats, "s0", 1, 200, None, 5)
        assert table == alone, metric.printed_label
