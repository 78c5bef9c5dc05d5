"""Peak resident memory of ``python -m bleucore`` at 1M lines (issue 41: at most 150 MB in corpus and ``-sl`` modes).

    python bench/bench_memory.py                    # corpus BLEU, -sl text, -sl JSON on 1m-wmt22 (bench.py's data)
    python bench/bench_memory.py --data 100k-wmt22

Each mode runs in a fresh process; the table gives the peak resident memory of the process (``VmHWM``) and of its
forked copy (the children's ``ru_maxrss``, read when the copy has been waited for), each the most of ``--repeats``
runs, with wall and CPU time (user + system of both). tests/cli/test_cli_memory.py checks the same two peaks on
160,000 generated lines.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = """
import resource, sys
from bleucore.cli import main
code = main(sys.argv[1:])
own = next(line for line in open("/proc/self/status") if line.startswith("VmHWM:")).split()[1]
sys.stderr.write(f"peak_kb={own} copy_kb={resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}\\n")
raise SystemExit(code)
"""
MODES = {"corpus BLEU": [], "-sl text lines": ["-sl", "-f", "text"], "-sl JSON lines": ["-sl", "-f", "json"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", default="1m-wmt22", help="a data set of bench/bench.py (default 1m-wmt22)")
    parser.add_argument("--repeats", type=int, default=1)
    args = parser.parse_args()
    folder = ROOT / "bench" / "data" / args.data
    subprocess.run([sys.executable, str(ROOT / "bench" / "bench.py"), "--generate", args.data], check=True)
    files = [str(folder / "ref1.txt"), "-i", str(folder / "hyp.txt")]
    print(f"{args.data}: most of {args.repeats} run(s), load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}\n")
    print("| mode | peak MB (process) | peak MB (forked copy) | wall s | CPU s |\n|---|---:|---:|---:|---:|")
    for mode, flags in MODES.items():
        own = copy = wall = cpu = 0.0
        for _ in range(args.repeats):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-c", SCRIPT, *files, *flags],
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
                check=True,
            )
            wall = max(wall, time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = max(cpu, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            peaks = dict(part.split("=") for part in done.stderr.split())
            own, copy = max(own, int(peaks["peak_kb"]) / 1024), max(copy, int(peaks["copy_kb"]) / 1024)
        print(f"| {mode} | {own:.0f} | {copy:.0f} | {wall:.2f} | {cpu:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
