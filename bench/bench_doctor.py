"""The score doctor's speed (issue 23's goal: 100,000 lines answered in under 5 s), beside one sacreBLEU corpus
score of the same files, in one run. The doctor holds at most ``bleucore.MAX_DOCTOR_LINES`` lines and
``MAX_DOCTOR_CHARS`` characters of a file (100,000 lines and 12,000,000 characters): by default the files have
100,000 lines.

    python bench/bench_doctor.py             # median of 3 runs of each whole process
    python bench/bench_doctor.py --runs 1 --lines 2000

Both are whole processes, start-up included: ``python -m bleucore.doctor REF -i HYP --source SRC --json`` (every
setup rule, the source-copy rule included, then the files scored as BLEU's tools of ``bleucore.tools``, by a forked
copy on two CPUs) and ``sacrebleu REF -i HYP`` (one score).
The text is ``devtools.realistic.realistic_corpus``: English lines shaped like a real test set's (a median of 18
tokens with a long tail, about 12% of the tokens not ASCII: accents, CJK words, emoji, curly quotes, numbers with
no-break spaces, zero-width spaces; about 8% of the lines empty or under 4 tokens). Wall time is the goal's
measure; CPU time (user + system) and the load average are printed beside it, since on a shared machine the wall
time of a 1-CPU job grows with the load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bleucore import MAX_DOCTOR_CHARS, MAX_DOCTOR_LINES  # noqa: E402
from bleucore.doctor import RULES  # noqa: E402
from bleucore.tools import TOOLS  # noqa: E402
from devtools.realistic import realistic_corpus  # noqa: E402
from devtools.timing import timed_cpu  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lines", type=int, default=MAX_DOCTOR_LINES, help="at most this many (default: the limit)")
    args = parser.parse_args()
    sources, hyps, refs = realistic_corpus(7, args.lines)
    if max(sum(map(len, lines)) for lines in (sources, hyps, refs)) > MAX_DOCTOR_CHARS:
        sys.exit("the text is past the doctor's character limit: fewer lines")
    with tempfile.TemporaryDirectory() as tmp:
        ref, hyp, src = Path(tmp, "ref.txt"), Path(tmp, "hyp.txt"), Path(tmp, "src.txt")
        ref.write_text("\n".join(refs) + "\n", encoding="utf-8")
        hyp.write_text("\n".join(hyps) + "\n", encoding="utf-8")
        src.write_text("\n".join(sources) + "\n", encoding="utf-8")
        doctor = [sys.executable, "-m", "bleucore.doctor", str(ref), "-i", str(hyp), "--source", str(src), "--json"]
        sacre = [sys.executable, "-m", "sacrebleu", str(ref), "-i", str(hyp), "-b"]
        load = os.getloadavg()[0]
        runs = [(timed_cpu(doctor, ok=(0, 1)), timed_cpu(sacre)) for _ in range(args.runs)]  # 1: a finding is an error
        load = max(load, os.getloadavg()[0])
    ours, theirs = (statistics.median(run[i][0] for run in runs) for i in (0, 1))
    our_cpu, their_cpu = (statistics.median(run[i][1] for run in runs) for i in (0, 1))
    print(
        f"{args.lines:,} lines, median of {args.runs} runs (whole processes); load average up to {load:.1f} "
        f"on {os.cpu_count()} CPUs"
    )
    print(
        f"  bleucore.doctor ({len(RULES)} rules + {len(TOOLS)} tools): {ours:6.2f} s wall, {our_cpu:6.2f} s CPU   "
        f"(issues 23 and 39: 100,000 lines in < 5 s)"
    )
    print(
        f"  sacrebleu (one score):                 {theirs:6.2f} s wall, {their_cpu:6.2f} s CPU   "
        f"ratio doctor / sacrebleu: {ours / theirs:.2f} wall, {our_cpu / their_cpu:.2f} CPU"
    )


if __name__ == "__main__":
    main()
