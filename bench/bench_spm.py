"""Whole-process spBLEU (``-tok flores200``): ``python -m bleucore`` against the ``sacrebleu`` command on the same
files, flags and SentencePiece model, alternating runs.

    python bench/bench_spm.py                      # 100k lines, corpus BLEU, 3 repeats
    python bench/bench_spm.py --sentence-level     # -sl
    python bench/bench_spm.py --lines 20000 --repeats 1

The real FLORES-200 model cannot be fetched here, so the model is trained on the benchmark's own references (unigram,
16,000 pieces, as the FLORES models are unigram models) and both tools read it where sacreBLEU looks (``SACREBLEU``
set to bench/data/spm-*/). The lines are ``devtools.corpora.MIXED_SCRIPTS``: a long tail of line lengths, mixed
scripts, empty lines and odd spaces. Data and model are written once to bench/data/ (git-ignored); both outputs must
agree before a time counts. Prints wall and CPU time (user + system, the forked copy included) and the load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from devtools.corpora import MIXED_SCRIPTS, corpus_shaped_like  # noqa: E402
from devtools.timing import timed_cpu  # noqa: E402

PIECES = 16_000


def ensure_data(lines: int) -> Path:
    """The folder holding ref.txt, hyp.txt and models/flores200sacrebleuspm."""
    folder = ROOT / "bench" / "data" / f"spm-{lines}"
    if not (folder / "models" / "flores200sacrebleuspm").exists():
        import io

        import sentencepiece

        (folder / "models").mkdir(parents=True, exist_ok=True)
        corpus = corpus_shaped_like(MIXED_SCRIPTS, 2026, lines)
        refs, hyps = corpus.references[0], corpus.systems[0]
        (folder / "ref.txt").write_text("\n".join(refs) + "\n", encoding="utf-8")
        (folder / "hyp.txt").write_text("\n".join(hyps) + "\n", encoding="utf-8")
        model = io.BytesIO()
        sentencepiece.SentencePieceTrainer.train(
            sentence_iterator=iter([r for r in refs[:50_000] if r.strip()]),
            model_writer=model,
            model_type="unigram",
            vocab_size=PIECES,
            character_coverage=0.9995,
            hard_vocab_limit=False,
            minloglevel=2,
        )
        (folder / "models" / "flores200sacrebleuspm").write_bytes(model.getvalue())
    return folder


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--sentence-level", action="store_true", help="-sl: every line's BLEU")
    args = parser.parse_args()
    folder = ensure_data(args.lines)
    os.environ["SACREBLEU"] = str(folder)  # inherited by both commands
    flags = [str(folder / "ref.txt"), "-i", str(folder / "hyp.txt"), "-tok", "flores200", "-b", "-w", "6"]
    flags += ["-sl"] if args.sentence_level else []
    tools = {
        "bleucore": [sys.executable, "-m", "bleucore", *flags],
        "sacreBLEU": [sys.executable, "-m", "sacrebleu", *flags],
    }
    outputs = {}
    for name, command in tools.items():  # the outputs, checked once
        outputs[name] = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    if outputs["bleucore"] != outputs["sacreBLEU"]:
        print("the two tools' scores differ", file=sys.stderr)
        return 1
    walls: dict[str, list[float]] = {name: [] for name in tools}
    cpus: dict[str, list[float]] = {name: [] for name in tools}
    for repeat in range(args.repeats):
        for name in tools if repeat % 2 == 0 else reversed(tools):
            wall, cpu = timed_cpu(tools[name])
            walls[name].append(wall)
            cpus[name].append(cpu)
        print(f"run {repeat + 1}: " + ", ".join(f"{n} {walls[n][-1]:.2f} s ({cpus[n][-1]:.2f} s CPU)" for n in tools))
    wall = {n: statistics.median(v) for n, v in walls.items()}
    cpu = {n: statistics.median(v) for n, v in cpus.items()}
    case = "sentence BLEU (`-sl`)" if args.sentence_level else "corpus BLEU"
    print("| case | data | bleucore | sacreBLEU | ratio | CPU bleucore | CPU sacreBLEU | CPU ratio |")
    print(
        f"| {case}, flores200 | {args.lines:,} mixed-script lines, 1 ref | {wall['bleucore']:.2f} s | "
        f"{wall['sacreBLEU']:.2f} s | {wall['sacreBLEU'] / wall['bleucore']:.1f}× | {cpu['bleucore']:.2f} s | "
        f"{cpu['sacreBLEU']:.2f} s | {cpu['sacreBLEU'] / cpu['bleucore']:.1f}× |"
    )
    print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
