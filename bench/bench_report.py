"""The comparison report's speed, whole processes (start-up included), beside compare-mt 0.2.10 on the same files.

    python bench/bench_report.py                      # every case, median of 3 runs each, tools alternating
    python bench/bench_report.py --runs 1 --only goal
    python bench/bench_report.py --ted DIR            # add compare-mt's TED example (DIR: compare-mt's example/)
    python bench/bench_report.py --split              # also: the report's own CPU and its forked copy's, apart

Cases:

* ``goal`` (issue 37): 8 systems x 3,000 lines with BLEU, chrF, TER and one imported metric (COMET-like scores, one
  plain file per system), ``--rank``, ``--html`` and ``--json``: at most 10 s.
* ``human`` (issue 46): the goal's 8 systems x 3,000 lines and COMET-like scores, plus MQM-like human scores (one
  plain file per system, error counts weighted 1 and 5 as Google's MQM) as ``--human MQM`` (every metric's SPA over
  the 28 pairs of systems and acc_eq over 84,000 pairs of segments) and ``--rank`` (clusters and AutoRank),
  ``--html`` and ``--json``: at most 10 s.
* ``3x3000`` (issue 24): 3 systems x 3,000 lines with labels, every output, beside ``compare-mt REF S1 S2 S3``.
* ``ted`` (issue 37, with ``--ted``): compare-mt's own example, ``ted.ref.eng`` and ``ted.sys{1,2}.eng`` (2 systems x
  2,445 lines), the report with its default metrics and every output and with BLEU only, beside ``compare-mt REF S1
  S2`` (its default analyses: BLEU, length and word-frequency buckets, no intervals, text).

Wall time is the goals' measure; the CPU time (user + system of the process and the processes it waited for: the
report shares its statistics with one forked copy) moves less when other jobs share the machine.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from devtools.corpora import tokenized_corpus  # noqa: E402
from devtools.timing import timed_cpu  # noqa: E402

REPORT = [sys.executable, "-m", "bleucore.report"]
#: The report run in one process that then prints its own CPU time and its forked copy's (``--split``).
SPLIT = (
    "import resource, sys\n"
    "from bleucore.cli.report import main\n"
    "status = main(sys.argv[1:])\n"
    "own, copy = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(status, own.ru_utime + own.ru_stime, copy.ru_utime + copy.ru_stime)\n"
)
COMPARE_MT = [sys.executable, "-m", "compare_mt.compare_mt_main"]


def write(path: Path, lines: list[str]) -> str:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def goal_case(folder: Path, lines: int) -> dict[str, list[str]]:
    """8 systems of one seeded corpus, and a COMET-like score per segment and system (quality rising with the
    system's number, noise per segment)."""
    outs, ref = tokenized_corpus(1, lines, 8)
    systems = [write(folder / f"goal{k + 1}.txt", out) for k, out in enumerate(outs)]
    rng = random.Random(37)
    base = [rng.uniform(0.4, 0.9) for _ in ref]
    scores = [
        write(
            folder / f"goal{k + 1}.comet",
            [f"{min(1.0, max(0.0, b + 0.01 * k + rng.gauss(0, 0.05))):.4f}" for b in base],
        )
        for k in range(8)
    ]
    ref_path = write(folder / "goal.ref", ref)
    outputs = ["--html", str(folder / "goal.html"), "--json", str(folder / "goal.json")]
    return {"bleucore.report": [*REPORT, ref_path, "-i", *systems, "--scores", "COMET", *scores, "--rank", *outputs]}


def human_case(folder: Path, lines: int) -> dict[str, list[str]]:
    """The goal's case with MQM-like human scores of each segment: fewer errors as the system's number rises."""
    (command,) = goal_case(folder, lines).values()
    rng = random.Random(46)
    mqm = []
    for k in range(8):
        scores = []
        for _ in range(lines):
            minor = sum(rng.random() < 0.5 - 0.03 * k for _ in range(3))
            major = sum(rng.random() < 0.2 - 0.015 * k for _ in range(2))
            scores.append(f"{-(minor + 5 * major)}")
        mqm.append(write(folder / f"goal{k + 1}.mqm", scores))
    return {"bleucore.report --human": [*command, "--scores", "MQM", *mqm, "--human", "MQM"]}


def three_case(folder: Path, lines: int) -> dict[str, list[str]]:
    outs, ref = tokenized_corpus(1, lines, 3)
    systems = [write(folder / f"sys{k + 1}.txt", out) for k, out in enumerate(outs)]
    ref_path = write(folder / "ref.txt", ref)
    rng = random.Random(0)
    labels = write(folder / "labels.txt", [rng.choice(["news", "talks", "web"]) for _ in ref])
    outputs = ["--html", f"{folder}/r.html", "--latex", f"{folder}/t.tex", "--json", f"{folder}/r.json"]
    return {
        "bleucore.report": [*REPORT, ref_path, "-i", *systems, "--labels", labels, *outputs],
        "compare-mt": [*COMPARE_MT, ref_path, *systems],
    }


def ted_case(folder: Path, ted: Path) -> dict[str, list[str]]:
    ref, systems = str(ted / "ted.ref.eng"), [str(ted / "ted.sys1.eng"), str(ted / "ted.sys2.eng")]
    outputs = ["--html", f"{folder}/ted.html", "--latex", f"{folder}/ted.tex", "--json", f"{folder}/ted.json"]
    return {
        "bleucore.report": [*REPORT, ref, "-i", *systems, *outputs],
        "bleucore.report -m bleu": [*REPORT, ref, "-i", *systems, "-m", "bleu", *outputs],
        "compare-mt": [*COMPARE_MT, ref, *systems],
    }


def measure(commands: dict[str, list[str]], runs: int) -> dict[str, tuple[float, float]]:
    """Median wall and CPU seconds of each command, the commands alternating who goes first."""
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    order = list(commands)
    for run in range(runs):
        for name in order if run % 2 == 0 else reversed(order):
            wall, cpu = timed_cpu(commands[name])
            walls[name].append(wall)
            cpus[name].append(cpu)
    return {name: (statistics.median(walls[name]), statistics.median(cpus[name])) for name in commands}


def split(command: list[str]) -> str:
    """The report's CPU seconds in its own process and in its forked copy, with one process and with the copy: on an
    idle machine of 2 CPUs the wall time is about the larger of the two."""
    out = []
    for processes in ("2", "1"):
        env = {**os.environ, "BLEUCORE_PROCESSES": processes, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, "-c", SPLIT, *command[3:]], cwd=ROOT, capture_output=True, text=True, env=env, check=True
        )
        status, own, copy = done.stdout.split()
        if status != "0":
            sys.exit(f"the report failed ({status}): {done.stderr.strip()[-300:]}")
        out.append(f"BLEUCORE_PROCESSES={processes}: {float(own):.2f} s CPU here, {float(copy):.2f} s in the copy")
    return "; ".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lines", type=int, default=3000)
    parser.add_argument("--ted", type=Path, help="compare-mt's example/ folder (ted.ref.eng, ted.sys1.eng, ...)")
    parser.add_argument("--only", action="append", default=[], help="cases whose name contains this")
    parser.add_argument("--split", action="store_true", help="the report's CPU in its process and its copy, apart")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        cases = {
            "goal": goal_case(folder, args.lines),
            "human": human_case(folder, args.lines),
            "3x3000": three_case(folder, args.lines),
        }
        if args.ted:
            cases["ted"] = ted_case(folder, args.ted)
        cases = {case: commands for case, commands in cases.items() if all(o in case for o in args.only)}
        print(
            f"median of {args.runs} whole-process runs; load average {os.getloadavg()[0]:.1f} before; "
            f"{os.cpu_count()} CPUs"
        )
        for case, commands in cases.items():
            results = measure(commands, args.runs)
            print(f"{case}:")
            for tool, (wall, cpu) in results.items():
                goal = "   goal <= 10 s: " + ("met" if wall <= 10 else "NOT met") if case in ("goal", "human") else ""
                print(f"  {tool:<26} {wall:6.2f} s wall {cpu:6.2f} s CPU{goal}")
            if args.split:
                print(f"  bleucore.report's CPU apart: {split(next(iter(commands.values())))}")
            if "compare-mt" in results:
                theirs = results["compare-mt"]
                for tool, (wall, cpu) in results.items():
                    if tool != "compare-mt":
                        print(f"  compare-mt / {tool}: {theirs[0] / wall:.2f}x wall, {theirs[1] / cpu:.2f}x CPU")
    print(f"load average {os.getloadavg()[0]:.1f} after")


if __name__ == "__main__":
    main()
