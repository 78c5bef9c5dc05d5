"""Check bleucore's soft pairwise accuracy and acc_eq against mt-metrics-eval itself, on generated systems with
near-ties and on Google's MQM ratings of the WMT21 TED talks, and print the MQM table of docs/report.md.

    python scripts/check_mt_metrics_eval.py --mtme DIR [--mqm DIR] [--trials 200]

DIR: a clone of google-research/mt-metrics-eval (or its bare git directory, whose ``mt_metrics_eval`` package is then
unpacked into a temporary folder) and of google/wmt-mqm-human-evaluation. mt-metrics-eval is not on PyPI (the name
``mt-metrics-eval`` there is an unrelated package: never pip install it), so the test suite cannot import it; this
script runs the fetched copy (it needs numpy and scipy) and prints every difference:

* SPA: ``stats.PairwiseConfidenceError`` (1,000 permutations, seed 4) against
  ``bleucore.meta_evaluation.soft_pairwise_accuracy``;
* acc_eq and its tie threshold: ``stats.KendallWithTiesOpt(variant="acc23", average_by="item", sample_rate=1.0)``
  (WMT25's) against ``tie_calibrated_accuracy``.

The tolerance is 0: the values must be equal to the last bit, and so must the thresholds. Exit 1 on a difference.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bleucore.meta_evaluation import metric_values, soft_pairwise_accuracy, tie_calibrated_accuracy
from bleucore.metrics import get_metric
from bleucore.metrics.chrf import ChrfOptions
from devtools.mqm import REFERENCES, read_mqm


def load_stats(path: Path, scratch: Path) -> ModuleType:
    """mt-metrics-eval's ``stats`` module from a checkout or a bare git directory."""
    if not (path / "mt_metrics_eval").is_dir():
        archive = subprocess.run(["git", "-C", str(path), "archive", "HEAD", "mt_metrics_eval"], capture_output=True)
        if archive.returncode != 0:
            sys.exit(f"{path} is neither a checkout nor a git directory of mt-metrics-eval")
        subprocess.run(["tar", "-x", "-C", str(scratch)], input=archive.stdout, check=True)
        path = scratch
    sys.path.insert(0, str(path))
    from mt_metrics_eval import stats

    return stats


def theirs(stats: ModuleType, human: np.ndarray[Any, Any], metric: np.ndarray[Any, Any]) -> tuple[float, float, float]:
    """mt-metrics-eval's (SPA, acc_eq, tie threshold) of systems x segments matrices, as WMT25 calls them."""
    count = human.shape[0]
    gold, scores = list(human.ravel()), list(metric.ravel())
    spa = stats.PairwiseConfidenceError(gold, scores, num_sys=count)[0]
    acc, epsilon, _ = stats.KendallWithTiesOpt(
        gold, scores, variant="acc23", num_sys=count, average_by="item", sample_rate=1.0
    )
    return float(spa), float(acc), float(epsilon)


def ours(human: np.ndarray[Any, Any], metric: np.ndarray[Any, Any]) -> tuple[float, float, float]:
    """bleucore's (SPA, acc_eq, tie threshold) of the same matrices."""
    people = {str(k): human[k] for k in range(human.shape[0])}
    machine = {str(k): metric[k] for k in range(metric.shape[0])}
    ties = tie_calibrated_accuracy(people, machine)
    return soft_pairwise_accuracy(people, machine).value, ties.value, ties.epsilon


def generated(trial: int) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """Systems whose qualities differ by little (near-ties), MQM-like integer or continuous human scores, metric
    scores continuous, rounded to 2 decimals (many exact ties) or on a 0-100 scale."""
    rng = np.random.default_rng(trial)
    count, segments = int(rng.integers(3, 17)), int(rng.integers(10, 1500))
    quality = rng.normal(scale=0.05, size=count)  # near-ties
    difficulty = rng.normal(size=segments)
    human = difficulty + quality[:, None] + rng.normal(scale=0.7, size=(count, segments))
    if trial % 2 == 0:
        human = -np.clip(np.round(-human * 3), 0, 25)  # MQM-like: 0, -1, -2, ... -25
    metric = difficulty + quality[:, None] + rng.normal(scale=0.5, size=(count, segments))
    if trial % 3 == 1:
        metric = np.round(metric, 2)
    elif trial % 3 == 2:
        metric = 100 / (1 + np.exp(-metric))
    return human, metric


def mqm_table(stats: ModuleType, repo: Path, pair: str) -> tuple[list[str], int]:
    """The docs' table of BLEU, chrF, chrF++ and TER against MQM on a TED set, and the differences found."""
    data = read_mqm(repo, "ted", pair)
    reference = REFERENCES[pair][1]
    systems = {name: list(lines) for name, lines in data.lines.items()}
    human = np.array([data.scores[name] for name in systems])
    metrics = [get_metric("bleu"), get_metric("chrf"), get_metric("chrf", ChrfOptions(word_order=2)), get_metric("ter")]
    rows = [
        f"TED talks {pair[:2]}-{pair[2:]} (WMT21), {len(systems)} systems, {len(data.segments)} rated segments, "
        f"reference: the human translation {reference}",
        "",
        "| metric | SPA | PCE | acc_eq | tie threshold | acc_eq, no new ties |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    differences = 0
    for metric in metrics:
        values = metric_values(metric, systems, [list(data.reference)])
        scores = np.array([values.oriented(values.segments[name]) for name in systems])
        mine, reference = ours(human, scores), theirs(stats, human, scores)
        if mine != reference:
            differences += 1
            print(f"MQM {values.label}: bleucore {mine}, mt-metrics-eval {reference}")
        people = {name: human[k] for k, name in enumerate(systems)}
        machine = {name: scores[k] for k, name in enumerate(systems)}
        ties = tie_calibrated_accuracy(people, machine)
        spa = soft_pairwise_accuracy(people, machine).value
        cells = [f"{spa:.4f}", f"{1 - spa:.4f}", f"{ties.value:.4f}", f"{ties.epsilon:.4g}", f"{ties.untied:.4f}"]
        rows.append(f"| {values.label} | {' | '.join(cells)} |")
    return rows, differences


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mtme", type=Path, required=True, help="google-research/mt-metrics-eval (clone or git dir)")
    parser.add_argument("--mqm", type=Path, help="google/wmt-mqm-human-evaluation (clone or git dir)")
    parser.add_argument("--pair", action="append", choices=sorted(REFERENCES), help="TED sets (default: both)")
    parser.add_argument("--trials", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        stats = load_stats(args.mtme, Path(scratch))
        differences, start = 0, time.perf_counter()
        for trial in range(args.trials):
            human, metric = generated(trial)
            mine, reference = ours(human, metric), theirs(stats, human, metric)
            if mine != reference:
                differences += 1
                print(f"trial {trial} {human.shape}: bleucore {mine}, mt-metrics-eval {reference}")
        print(
            f"{args.trials} generated sets (3-16 systems of near-equal quality, 10-1,499 segments): {differences} "
            f"differ in SPA, acc_eq or its tie threshold ({time.perf_counter() - start:.0f} s)"
        )
        for pair in args.pair or sorted(REFERENCES) if args.mqm is not None else []:
            rows, found = mqm_table(stats, args.mqm, pair)
            differences += found
            print("\n".join(["", *rows]))
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
