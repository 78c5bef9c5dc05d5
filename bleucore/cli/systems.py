"""Several systems without a paired test (``bleucore REF -i SYS1 SYS2 ... -m bleu chrf ter``), as sacreBLEU 2.6
prints them: one column per metric, named as sacreBLEU names them (``BLEU``, ``chrF2``, ``chrF2++``, ``TER``), in
``-f text`` (tabulate's fancy_grid), ``-f latex`` (latex_booktabs) or JSON (a list of ``{"system", NAME: "<score>"}``),
then the ``Metric signatures`` block.

Where bleucore differs on purpose (docs/command-line.md; tests/cli/test_cli_systems_table.py compares the rest byte
for byte with the ``sacrebleu`` command): the block holds bleucore's signatures (its version, and every BLEU option
that changes the number), and under it, as for one system, a comment line per metric with the signature sacreBLEU 2.6
prints for the same settings (``# sacreBLEU 2.6: chrF2|nrefs:1|...|version:2.6.0``); the JSON adds ``"scores"``: per
metric every number at full precision, with ``sacrebleu_signature``.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence

from ..metrics import Metric, Score
from ..reading.lines import STDIN
from .formats import latex_table, score_dict, short_signature, signatures_block, text_table
from .usage import UsageError

__all__ = ["run_systems", "sacrebleu_pair_line"]


def sacrebleu_pair_line(metric: Metric, nrefs: int) -> str:
    """The text output's second signature, a comment line under sacreBLEU's lines: the one sacreBLEU 2.6 prints
    for these settings (``# sacreBLEU 2.6: BLEU|nrefs:1|...|version:2.6.0``), or the settings it lacks."""
    equivalent = metric.sacrebleu_equivalent(nrefs)
    if equivalent.signature is None:
        return f"# sacreBLEU 2.6 has no equivalent for {metric.printed_label}: {', '.join(equivalent.missing)}\n"
    return f"# sacreBLEU 2.6: {metric.printed_label}|{equivalent.signature}\n"


def run_systems(
    args: argparse.Namespace,
    hypothesis_paths: list[str],
    metrics: Sequence[Metric],
    corpus_score: Callable[[str, Metric], Score],
    nrefs: int,
) -> str:
    """The table of every system (rows, in the order of -i) under every metric (columns, in sacreBLEU's order),
    each score ``corpus_score(path, metric)``."""
    if len(set(hypothesis_paths)) != len(hypothesis_paths):
        twice = next(p for p in hypothesis_paths if hypothesis_paths.count(p) > 1)
        raise UsageError(f"{twice!r} is given twice with -i: each system needs its own file")
    scores = [[corpus_score(path, metric) for metric in metrics] for path in hypothesis_paths]
    names = ["<stdin>" if p == STDIN else p for p in hypothesis_paths]
    labels, width = [metric.printed_label for metric in metrics], args.width
    cells = [[f"{score.score:.{width}f}" for score in row] for row in scores]
    if args.format in (None, "json"):
        equivalents = [metric.sacrebleu_equivalent(nrefs).signature for metric in metrics]
        rows = []
        for name, row_cells, row_scores in zip(names, cells, scores):
            details = {
                label: {**score_dict(score, width), "sacrebleu_signature": equivalent}
                for label, score, equivalent in zip(labels, row_scores, equivalents)
            }
            rows.append({"system": name, **dict(zip(labels, row_cells)), "scores": details})
        return json.dumps(rows, indent=4) + "\n"
    signatures = {}
    for label, metric, score in zip(labels, metrics, scores[0]):
        signatures[label] = short_signature(score.signature, metric.label) if args.short else score.signature
    tabulate = latex_table if args.format == "latex" else text_table
    table = tabulate(["System", *labels], [[name, *row] for name, row in zip(names, cells)])
    pairs = "".join(sacrebleu_pair_line(metric, nrefs) for metric in metrics)
    return f"{table}\n\n{signatures_block(signatures)}\n{pairs}"
