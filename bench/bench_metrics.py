"""Whole-process chrF and TER: ``python -m bleucore -m chrf|ter`` against ``python -m sacrebleu``.

    python bench/bench_metrics.py [--repeats 3] [--quick]

Uses bench.py's seeded 100k-line corpus (``bench/data/100k-1ref``, generated on first use) for
chrF and chrF++, and its first 10,000 lines for TER. Each run is a fresh process, the two tools
alternate who goes first, and the table shows medians of wall time, CPU time (user + system,
less sensitive to a busy machine) and peak memory (``wait4``). Both tools must print the same
score at 6 decimals, else the run ends with status 1. Targets (issue 15): chrF >= 10x, TER >= 3x.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / "data"


@dataclass
class Run:
    wall: float
    cpu: float
    peak_mb: float
    out: str


def run_measured(command: list[str]) -> Run:
    """Run ``command`` to the end: wall time, its own CPU time and peak RSS (os.wait4)."""
    start = time.perf_counter()
    with (
        open(os.devnull, "wb") as devnull,
        subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=devnull, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}
        ) as process,
    ):
        assert process.stdout is not None
        out = process.stdout.read()
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    if process.returncode != 0:
        raise SystemExit(f"FAILED ({process.returncode}): {' '.join(command)}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out.decode())


def ensure_data() -> tuple[Path, Path, Path, Path]:
    full = DATA / "100k-1ref"
    if not (full / "hyp.txt").exists():
        subprocess.run(
            [sys.executable, str(ROOT / "bench" / "bench.py"), "--generate", "100k-1ref"], check=True, cwd=ROOT
        )
    small = DATA / "10k-ter"
    small.mkdir(parents=True, exist_ok=True)
    for name in ("hyp.txt", "ref1.txt"):
        lines = (full / name).read_text(encoding="utf-8").split("\n")[:10_000]
        (small / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return full / "hyp.txt", full / "ref1.txt", small / "hyp.txt", small / "ref1.txt"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="1 run per case")
    args = parser.parse_args(argv)
    repeats = 1 if args.quick else args.repeats
    hyp, ref, hyp10k, ref10k = ensure_data()
    cases = [
        ("chrF, 100k lines", [str(ref), "-i", str(hyp), "-m", "chrf"], 10.0),
        ("chrF++, 100k lines", [str(ref), "-i", str(hyp), "-m", "chrf", "--chrf-word-order", "2"], None),
        ("TER, 10k lines", [str(ref10k), "-i", str(hyp10k), "-m", "ter"], 3.0),
    ]
    print(f"Median of {repeats} alternating run(s); Python {platform.python_version()}, {os.cpu_count()} CPUs\n")
    print(
        "| case | bleucore wall / CPU s | sacreBLEU wall / CPU s | speed-up wall / CPU | target | peak MB (bleucore / "
        "sacreBLEU) |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    failed = False
    for label, flags, target in cases:
        runs: dict[str, list[Run]] = {"bleucore": [], "sacrebleu": []}
        for k in range(repeats):
            order = ["bleucore", "sacrebleu"] if k % 2 == 0 else ["sacrebleu", "bleucore"]
            for tool in order:
                runs[tool].append(run_measured([sys.executable, "-m", tool, *flags, "-b", "-w", "6"]))
        mine, theirs = runs["bleucore"][0].out.strip(), runs["sacrebleu"][0].out.strip()
        if mine != theirs:
            print(f"MISMATCH {label}: bleucore {mine} sacreBLEU {theirs}")
            failed = True
        med = {
            tool: (
                statistics.median(r.wall for r in rs),
                statistics.median(r.cpu for r in rs),
                max(r.peak_mb for r in rs),
            )
            for tool, rs in runs.items()
        }
        (bw, bc, bm), (sw, sc, sm) = med["bleucore"], med["sacrebleu"]
        met = "" if target is None else f"{target:g}x: {'met' if sw / bw >= target else 'NOT met'} (wall)"
        print(
            f"| {label} | {bw:.2f} / {bc:.2f} | {sw:.2f} / {sc:.2f} | {sw / bw:.1f}x / {sc / bc:.1f}x | {met} | "
            f"{bm:.0f} / {sm:.0f} |"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
