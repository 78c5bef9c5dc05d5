"""Where one ``python -m bleucore.doctor`` run spends its CPU time on ``bench_doctor.py``'s data (issue 47): reading,
each rule, the words the rules share, language identification, the ten tools' tokenizations and counts.

    python bench/profile_doctor.py                 # 100,000 lines (bench_doctor.py's files), least of 3 runs
    python bench/profile_doctor.py --repeats 1 --lines 20000

The run is timed in one process (``BLEUCORE_PROCESSES=1``: the tools' forked copy would hide its stages), with
named functions wrapped by ``profile_stages.Timer``, each stage's CPU time net of the wrapped stages it calls; the
interpreter and the imports are timed as separate processes. CPU time, not wall time: the machine is shared.
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
import time
from contextlib import redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from bench_doctor import data_files  # noqa: E402
from profile_stages import Timer, cpu_of, install_stages  # noqa: E402

#: (stage, module, attribute path), as ``profile_stages.STAGES``; every rule's ``check`` is added by its name.
STAGES = [
    ("reading the files", "bleucore.cli.doctor", "read_path"),
    ("the rules' shared words: encoding", "bleucore.doctor.overlap", "LineWords.encoded"),
    ("the rules' shared words: lowercasing", "bleucore.doctor.overlap", "LineWords.lowered"),
    ("the rules' shared words: dice", "bleucore.doctor.overlap", "dice"),
    ("language id: py3langid's model loaded", "bleucore.doctor.language", "_identifier"),
    ("language id: py3langid on lines", "bleucore.doctor.language", "classify"),
    ("language id: scripts", "bleucore.doctor.language", "script"),
    ("tools: tokenizing (13a, str.split)", "bleucore.tools.scoring", "ConventionScorer._encoded"),
    ("tools: the split rules' lines", "bleucore.tools.scoring", "ConventionScorer._differing"),
    ("tools: the split rules' tokens", "bleucore.tools.scoring", "ConventionScorer._split_ids"),
    ("tools: the shortcuts' text", "bleucore.tools.scoring", "ConventionScorer._same_as"),
    ("tools: counting n-grams", "bleucore.tools.scoring", "ids_statistics"),
    ("the rules' shared words: dice", "bleucore.doctor.overlap", "ids_statistics"),
    ("tools: scoring", "bleucore.tools.scoring", "ConventionScorer.score"),
    ("JSON out", "bleucore.doctor.report", "Report.to_dict"),
]


def run_once(argv: list[str]) -> None:
    """The doctor's command line in this process, its stages timed; prints each stage's net CPU seconds."""
    from bleucore.cli.doctor import main
    from bleucore.doctor import RULES

    timer = Timer()
    rules = [(f"rule {rule}", f"bleucore.doctor.rules.{rule}", "check") for rule in RULES]
    install_stages(timer, [*STAGES, *rules])
    start = time.process_time()
    with redirect_stdout(io.StringIO()):
        main(argv)
    run = time.process_time() - start
    for stage, seconds in timer.net.items():
        print(f"{stage}\t{seconds:.6f}")
    print(f"run\t{run:.6f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="runs, the least CPU time of each stage kept")
    parser.add_argument("--lines", type=int, default=100_000)
    args = parser.parse_args()
    ref, hyp, src = data_files(args.lines)
    argv = [str(ref), "-i", str(hyp), "--source", str(src), "--json"]
    os.environ["BLEUCORE_PROCESSES"] = "1"
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    best: dict[str, float] = {}
    code = "import sys; sys.path.insert(0, sys.argv[1]); import profile_doctor as p; p.run_once(sys.argv[2:])"
    for _ in range(args.repeats):
        done = subprocess.run(
            [sys.executable, "-c", code, str(ROOT / "bench"), *argv], capture_output=True, text=True, cwd=ROOT
        )
        if done.returncode:
            sys.exit(done.stderr[-2000:])
        for line in done.stdout.strip().splitlines():
            stage, seconds = line.rsplit("\t", 1)
            best[stage] = min(best.get(stage, float("inf")), float(seconds))
    interpreter = cpu_of([sys.executable, "-c", "pass"], args.repeats)
    imports = cpu_of([sys.executable, "-c", "import bleucore.cli.doctor, bleucore.doctor.report"], args.repeats)
    rows = [("interpreter (python -c pass)", interpreter), ("imports", imports - interpreter)]
    rows += sorted(((s, v) for s, v in best.items() if s != "run"), key=lambda r: -r[1])
    staged = sum(v for s, v in best.items() if s != "run")
    rows.append(("the rest (checks, sorting, glue)", max(0.0, best.get("run", 0.0) - staged)))
    total = sum(v for _, v in rows)
    print(
        f"python -m bleucore.doctor on {args.lines:,} lines, one process: least CPU s of {args.repeats} runs; "
        f"load average {os.getloadavg()[0]:.1f}\n"
    )
    print("| stage | CPU s | share |\n|---|---:|---:|")
    for stage, seconds in rows:
        print(f"| {stage} | {seconds:.3f} | {100 * seconds / total:.0f}% |")
    print(f"| **sum** | **{total:.3f}** | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
