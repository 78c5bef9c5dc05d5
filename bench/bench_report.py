"""The comparison report's speed (issue 24's goal: 3 systems x 3,000 lines x 3 metrics with 1,000 bootstrap
resamples in under 10 s), beside compare-mt 0.2.10's own analyses of the same files, in one run.

    python bench/bench_report.py            # median of 3 runs of each whole process
    python bench/bench_report.py --runs 1

Both are whole processes, start-up included: ``python -m bleucore.report REF -i S1 S2 S3 --html --latex
--json`` (corpus tables with paired bootstrap; length, frequency and label buckets with intervals; every
chart rendered) and ``compare-mt REF S1 S2 S3`` with its default analyses (it prints text; no figures asked).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from devtools.corpora import tokenized_corpus  # noqa: E402
from devtools.timing import timed_cpu  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lines", type=int, default=3000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        outs, ref = tokenized_corpus(1, args.lines, 3)
        paths = [Path(folder) / f"sys{k + 1}.txt" for k in range(3)]
        for path, out in zip(paths, outs):
            path.write_text("\n".join(out) + "\n", encoding="utf-8")
        ref_path = Path(folder) / "ref.txt"
        ref_path.write_text("\n".join(ref) + "\n", encoding="utf-8")
        labels = Path(folder) / "labels.txt"
        rng = random.Random(0)
        labels.write_text("\n".join(rng.choice(["news", "talks", "web"]) for _ in ref) + "\n", encoding="utf-8")
        systems = [str(p) for p in paths]
        ours = [
            sys.executable,
            "-m",
            "bleucore.report",
            str(ref_path),
            "-i",
            *systems,
            "--labels",
            str(labels),
            "--html",
            f"{folder}/r.html",
            "--latex",
            f"{folder}/t.tex",
            "--json",
            f"{folder}/r.json",
        ]
        theirs = [sys.executable, "-m", "compare_mt.compare_mt_main", str(ref_path), *systems]
        times: dict[str, list[float]] = {"bleucore.report": [], "compare-mt": []}
        cpu: dict[str, list[float]] = {"bleucore.report": [], "compare-mt": []}
        load = os.getloadavg()[0]
        for run in range(args.runs):
            pair = [("bleucore.report", ours), ("compare-mt", theirs)]
            for name, command in pair if run % 2 == 0 else reversed(pair):
                wall, cpu_s = timed_cpu(command)
                times[name].append(wall)
                cpu[name].append(cpu_s)
    ours_s, theirs_s = statistics.median(times["bleucore.report"]), statistics.median(times["compare-mt"])
    ours_c, theirs_c = statistics.median(cpu["bleucore.report"]), statistics.median(cpu["compare-mt"])
    print(
        f"3 systems x {args.lines:,} lines, median of {args.runs} whole-process runs; "
        f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after, {os.cpu_count()} CPUs"
    )
    print(
        f"  bleucore.report (3 metrics, 1,000 resamples, 3 bucket analyses, HTML+LaTeX+JSON): {ours_s:6.2f} s wall, "
        f"{ours_c:6.2f} s CPU   goal < 10 s: {'met' if ours_s < 10 else 'NOT met'} by wall time"
    )
    print(
        f"  compare-mt 0.2.10 default analyses (BLEU only, no intervals, text):            {theirs_s:6.2f} s wall, "
        f"{theirs_c:6.2f} s CPU"
    )
    print(f"  ratio compare-mt / bleucore.report: {theirs_s / ours_s:.2f}x wall, {theirs_c / ours_c:.2f}x CPU")


if __name__ == "__main__":
    main()
