"""Whole-process corpus BLEU with ``-tok ko-mecab`` on 100k Korean lines: ``python -m bleucore``
against the ``sacrebleu`` command line (same files, same flags), median of alternating runs.

    python bench/bench_cjk.py                 # 100k lines, 3 repeats
    python bench/bench_cjk.py --lines 10000 --repeats 1 --tokenizer ja-mecab
    python bench/bench_cjk.py --sentence-level   # -sl

The corpus is seeded (devtools/cjk_generators.py: everyday sentences, two per line, the
hypothesis with wrong particles, spacing errors and dropped words) and written once to
bench/data/ (git-ignored). Both outputs must agree at 6 decimals before a time counts.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from devtools.cjk_generators import LANGUAGES  # noqa: E402


def ensure_data(tokenizer: str, lines: int) -> tuple[Path, Path]:
    folder = ROOT / "bench" / "data" / f"cjk-{tokenizer}-{lines}"
    hyp, ref = folder / "hyp.txt", folder / "ref.txt"
    if not hyp.exists():
        folder.mkdir(parents=True, exist_ok=True)
        make_line, errors = LANGUAGES[tokenizer]
        rng = random.Random(2026)
        refs = [" ".join(make_line(rng) for _ in range(2)).strip() for _ in range(lines)]
        hyps = [errors(rng, r) if rng.random() < 0.95 else r for r in refs]
        ref.write_text("\n".join(refs) + "\n", encoding="utf-8")
        hyp.write_text("\n".join(hyps) + "\n", encoding="utf-8")
    return hyp, ref


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str]) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (the process and the processes it waited for), stdout."""
    start, cpu = time.perf_counter(), _children_cpu()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    return time.perf_counter() - start, _children_cpu() - cpu, done.stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--tokenizer", default="ko-mecab", choices=sorted(LANGUAGES))
    parser.add_argument("--sentence-level", action="store_true", help="-sl: every line's BLEU")
    args = parser.parse_args()
    hyp, ref = ensure_data(args.tokenizer, args.lines)
    flags = [
        str(ref),
        "-i",
        str(hyp),
        "-tok",
        args.tokenizer,
        "-b",
        "-w",
        "6",
        *(["-sl"] if args.sentence_level else []),
    ]
    tools = {
        "bleucore": [sys.executable, "-m", "bleucore", *flags],
        "sacreBLEU": [sys.executable, "-m", "sacrebleu", *flags],
    }
    times: dict[str, list[float]] = {name: [] for name in tools}
    cpu: dict[str, list[float]] = {name: [] for name in tools}
    for repeat in range(args.repeats):
        order = list(tools) if repeat % 2 == 0 else list(reversed(tools))
        outputs = {}
        for name in order:
            seconds, cpu_seconds, outputs[name] = timed(tools[name])
            times[name].append(seconds)
            cpu[name].append(cpu_seconds)
        if outputs["bleucore"] != outputs["sacreBLEU"]:
            print(f"scores differ: bleucore {outputs['bleucore']} sacreBLEU {outputs['sacreBLEU']}", file=sys.stderr)
            return 1
        print(
            f"run {repeat + 1}: BLEU {outputs['bleucore'].splitlines()[0]}..., "
            + ", ".join(f"{n} {times[n][-1]:.2f} s ({cpu[n][-1]:.2f} s CPU)" for n in tools),
            flush=True,
        )
    ours, theirs = statistics.median(times["bleucore"]), statistics.median(times["sacreBLEU"])
    ours_cpu, theirs_cpu = statistics.median(cpu["bleucore"]), statistics.median(cpu["sacreBLEU"])
    print("| case | data | bleucore | sacreBLEU | ratio | CPU bleucore | CPU sacreBLEU | CPU ratio |")
    case = "sentence BLEU (`-sl`)" if args.sentence_level else "corpus BLEU"
    print(
        f"| {case}, {args.tokenizer} | {args.lines:,} lines, 1 ref | {ours:.2f} s | {theirs:.2f} s | "
        f"{theirs / ours:.1f}× "
        f"| {ours_cpu:.2f} s | {theirs_cpu:.2f} s | {theirs_cpu / ours_cpu:.1f}× |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
