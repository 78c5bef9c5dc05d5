"""Where a whole ``python -m bleucore`` run spends its CPU time, stage by stage (issue 25's profile).

    python bench/profile_stages.py                       # corpus BLEU, 13a, on 100k-mixed (bench.py's data)
    python bench/profile_stages.py -- -sl -f text        # extra flags after --
    python bench/profile_stages.py --data 100k-wmt22 --repeats 9    # issue 41's data; every run prints the floor
    BLEUCORE_MECAB_PROCESSES=1 python bench/profile_stages.py --data cjk-ko-mecab-100000 --repeats 1 -- -tok ko-mecab

Interpreter start-up and imports are timed as separate processes (``python -c pass``, then the same
interpreter importing every module the run imports), the minimum CPU time (user + system) of ``--repeats`` runs.
The run itself is timed in one process with named functions wrapped by a timer, each stage's CPU time net of
the stages it calls (the functions may not all exist in every version of bleucore: a missing one is skipped).
CPU time, not wall time: the shared machine's load moves wall times by a factor of several. One process
(``BLEUCORE_PROCESSES=1``, set here): a forked copy's stages would not be seen.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import io
import os
import subprocess
import sys
import time
from collections.abc import Callable
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: (stage, module, attribute path): the functions timed, each charged to its stage net of wrapped callees.
STAGES = [
    ("read", "bleucore.reading.lines", "LineReader._fill"),
    ("read", "bleucore.reading.lines", "LineReader.take"),
    ("read", "bleucore.reading.lines", "LineReader.take_bytes"),
    ("read", "bleucore.reading.lines", "LineReader.take_raw"),
    ("read", "bleucore.reading.lines", "LineReader.decode_raw"),
    ("words: split", "bleucore.tokenizers.utf8_words", "split_words"),
    ("words: group", "bleucore.tokenizers.utf8_words", "group_words"),
    ("words: look up", "bleucore.tokenizers.encoder", "TokenEncoder._group_word_ids"),
    ("words: look up", "bleucore.tokenizers.encoder", "TokenEncoder._ids"),
    ("words: look up", "bleucore.tokenizers.encoder", "TokenEncoder._word_entries"),
    ("tokenize new words", "bleucore.tokenizers.encoder", "TokenEncoder._tokenize_words"),
    ("tokenize new words", "bleucore.tokenizers.encoder", "TokenEncoder._tokenize"),
    ("MeCab's analysis (C++)", "bleucore.tokenizers.mecab", "_parse_with"),
    ("MeCab: cache, checks", "bleucore.tokenizers.mecab", "MecabTokenizer._analyse"),
    ("token ids", "bleucore.tokenizers.encoder", "TokenEncoder.encode"),
    ("token ids", "bleucore.tokenizers.encoder", "TokenEncoder.encode_utf8"),
    ("count n-grams", "bleucore.metrics.bleu.fast", "ids_statistics"),
    ("score", "bleucore.metrics.bleu.score", "score_statistics"),
    ("score", "bleucore.metrics.bleu.sentence_rows", "sentence_rows"),
    ("format output", "bleucore.metrics.bleu.sentence_rows", "SentenceRows.lines"),
    ("format output", "bleucore.cli.command", "_write"),
]


class Timer:
    """Net CPU time per stage: a wrapped call's time minus that of the wrapped calls inside it."""

    def __init__(self) -> None:
        self.net: dict[str, float] = {}
        self._stack: list[float] = []

    def wrap(self, stage: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.process_time()
            self._stack.append(0.0)
            try:
                return function(*args, **kwargs)
            finally:
                inner = self._stack.pop()
                spent = time.process_time() - start
                self.net[stage] = self.net.get(stage, 0.0) + spent - inner
                if self._stack:
                    self._stack[-1] += spent

        return timed


def install(timer: Timer) -> None:
    install_stages(timer, STAGES)


def install_stages(timer: Timer, stages: list[tuple[str, str, str]]) -> None:
    """Wrap each (stage, module, attribute path) of ``stages`` with ``timer`` (a missing one is skipped)."""
    for stage, module_name, path in stages:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        *owners, name = path.split(".")
        owner: Any = module
        for part in owners:
            owner = getattr(owner, part, None)
        if owner is None or not hasattr(owner, name):
            continue
        wrapped = timer.wrap(stage, getattr(owner, name))
        static = isinstance(inspect.getattr_static(owner, name), staticmethod)
        setattr(owner, name, staticmethod(wrapped) if static else wrapped)


def cpu_of(command: list[str], repeats: int) -> float:
    """The least CPU time (user + system) of ``repeats`` runs of ``command``."""
    return wall_and_cpu_of(command, repeats)[1]


def wall_and_cpu_of(command: list[str], repeats: int) -> tuple[float, float]:
    """The least wall time and the least CPU time (user + system, with the processes it waited for) of ``repeats``
    runs of ``command``."""
    wall = cpu = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
            os.chdir(ROOT)
            os.execvp(command[0], command)
        _, _, usage = os.wait4(pid, 0)
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, usage.ru_utime + usage.ru_stime)
    return wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", default="100k-mixed", help="a data set of bench/bench.py (default 100k-mixed)")
    parser.add_argument("--repeats", type=int, default=5, help="runs per timing, the least kept (default 5)")
    parser.add_argument("flags", nargs="*", help="extra flags for python -m bleucore (after --)")
    args = parser.parse_args()
    os.environ["BLEUCORE_PROCESSES"] = "1"  # every stage in the one process timed (bleucore.forking)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # as the command line starts numpy (cli/own_process.py)
    folder = ROOT / "bench" / "data" / args.data
    if not folder.exists():  # bench.py's data sets (bench_cjk.py writes its own)
        subprocess.run([sys.executable, str(ROOT / "bench" / "bench.py"), "--generate", args.data], check=True)
    argv = [*(str(p) for p in sorted(folder.glob("ref*.txt"))), "-i", str(folder / "hyp.txt"), *args.flags]

    best: dict[str, float] = {}
    for _ in range(args.repeats):
        code = "import sys; sys.path.insert(0, sys.argv[1]); import bench.profile_stages as p; p.run_once(sys.argv[2:])"
        done = subprocess.run(
            [sys.executable, "-c", code, str(ROOT), *argv], capture_output=True, text=True, check=True
        )
        for line in done.stdout.strip().splitlines():
            stage, seconds = line.rsplit("\t", 1)
            best[stage] = min(best.get(stage, float("inf")), float(seconds))
    listed = subprocess.run(
        [sys.executable, "-c", _LIST_MODULES, *argv], capture_output=True, text=True, check=True, cwd=ROOT
    )
    importer = (
        "import importlib, sys\nfor name in sys.argv[1:]:\n    try: importlib.import_module(name)\n    except "
        "Exception: pass"
    )
    interpreter = cpu_of([sys.executable, "-c", "pass"], args.repeats)
    imported = cpu_of([sys.executable, "-c", importer, *listed.stderr.split()], args.repeats) - interpreter
    whole = cpu_of([sys.executable, "-m", "bleucore", *argv], args.repeats)
    rows = [("interpreter (python -c pass)", interpreter), ("imports (every module the run imports)", imported)]
    rows += sorted(((s, v) for s, v in best.items() if s != "run"), key=lambda r: -r[1])
    staged = sum(v for s, v in best.items() if s != "run")
    rows.append(("the rest of the run (parser, checks, glue)", max(0.0, best.get("run", 0.0) - staged)))
    print(f"python -m bleucore {' '.join(args.flags)} on {args.data}: least CPU seconds of {args.repeats} runs\n")
    print("| stage | CPU s | share |\n|---|---:|---:|")
    total = sum(v for _, v in rows)
    for stage, seconds in rows:
        print(f"| {stage} | {seconds:.3f} | {100 * seconds / total:.0f}% |")
    print(f"| **sum of stages** | **{total:.3f}** | |\n| whole process, timed alone | {whole:.3f} | |")
    files = [str(p) for p in (*sorted(folder.glob("ref*.txt")), folder / "hyp.txt")]
    floor = wall_and_cpu_of([sys.executable, "-c", _FLOOR, *files], args.repeats)
    os.environ.pop("BLEUCORE_PROCESSES")  # the command as it runs, forked copy included
    forked = wall_and_cpu_of([sys.executable, "-m", "bleucore", *argv], args.repeats)
    print(f"\n| the floor and the command (least of {args.repeats}) | wall s | CPU s |\n|---|---:|---:|")
    print(f"| floor: interpreter, import numpy, read the files' bytes | {floor[0]:.3f} | {floor[1]:.3f} |")
    print(f"| python -m bleucore {' '.join(args.flags)} (forked copy included) | {forked[0]:.3f} | {forked[1]:.3f} |")
    return 0


def run_once(argv: list[str]) -> None:
    """Run the command line in this process with the stages timed; print each stage's net CPU seconds."""
    from bleucore.cli import main as cli_main

    timer = Timer()
    install(timer)
    start = time.process_time()
    with redirect_stdout(io.StringIO()):
        cli_main(argv)
    run = time.process_time() - start
    for stage, seconds in timer.net.items():
        print(f"{stage}\t{seconds:.6f}")
    print(f"run\t{run:.6f}")


#: The floor of any Python scorer of these files: the interpreter, numpy (one OpenBLAS thread, as the command line
#: starts it) and every byte of the files read.
_FLOOR = """
import os, sys
os.environ["OPENBLAS_NUM_THREADS"] = "1"
import numpy
for path in sys.argv[1:]:
    with open(path, "rb") as file:
        while file.read(1 << 20):
            pass
"""

#: Runs the command line (output to /dev/null) and writes the modules it imported beyond a bare interpreter's.
_LIST_MODULES = """
import os, sys
before = set(sys.modules)
sys.stdout = open(os.devnull, "w")
from bleucore.cli import main
main(sys.argv[1:])
sys.stderr.write(" ".join(sorted(set(sys.modules) - before - {"__main__"})))
"""


if __name__ == "__main__":
    raise SystemExit(main())
