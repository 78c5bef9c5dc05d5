"""Check bleucore's torchmetrics and torchtext conventions against the real tools, where torch is installed: BLEU
(torchmetrics BLEUScore, torchtext bleu_score), chrF (torchmetrics CHRFScore, chrF++ by default, with its dropped
references of Lightning-AI/torchmetrics#3480) and TER (torchmetrics TranslationEditRate).

    pip install torch --index-url https://download.pytorch.org/whl/cpu   # CPU wheel, about 200 MB
    pip install torchmetrics torchtext
    python scripts/check_torch_tools.py [--corpora 200]

torch is not a CI dependency (the index's default wheel brings about 5 GB of CUDA libraries), so this script, not
the test suite, checks the tools (README, "Other tools' numbers"). They compute in 32-bit floats: each BLEU must equal
bleucore's to the 4 decimals a tensor prints (and to 1e-6), each chrF and TER to 1e-3 on the 0-100 scale (their
counts are float32 sums). Exit 1 on a difference, 2 if torch is missing.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bleucore.tools import family, score_as_tools, score_metric_tools, tool
from devtools.cjk_generators import cjk_corpus

WORDS = ["the", "The", "cat", "sat", "on", "mat", "a", "mat.", "dog", ",", "it's", "café", "Straße", "빛이", "사람은"]


def english_corpus(seed: int) -> tuple[list[str], list[list[str]]]:
    """Short and long lines, empty ones, 1-3 references; the references drawn from one base line."""
    rng = random.Random(seed)
    segments, nrefs = rng.choice([1, 3, 10]), rng.randint(1, 3)

    def line(base: list[str] | None = None) -> str:
        words = [w for w in (base or []) if rng.random() > 0.2] + [rng.choice(WORDS) for _ in range(rng.randint(0, 4))]
        return " ".join(words if base else [rng.choice(WORDS) for _ in range(rng.randint(0, 15))])

    bases = [line() for _ in range(segments)]
    return [line(b.split()) for b in bases], [[line(b.split()) for b in bases] for _ in range(nrefs)]


def torchtext_bleu_score():  # type: ignore[no-untyped-def]
    """torchtext's own ``bleu_score``. Its last release (0.18) ships a C++ extension built for torch 2.3 that newer
    torch cannot load; ``data/metrics.py`` is pure Python, so it is then loaded from the installed files alone."""
    try:
        from torchtext.data.metrics import bleu_score

        return bleu_score
    except OSError:
        spec = importlib.util.find_spec("torchtext")
        if spec is None or spec.submodule_search_locations is None:
            raise
        root = Path(next(iter(spec.submodule_search_locations)))
        for name in ("torchtext", "torchtext.data"):
            sys.modules[name] = types.ModuleType(name)
        modules = {}
        for name in ("utils", "metrics"):
            file_spec = importlib.util.spec_from_file_location(f"torchtext.data.{name}", root / "data" / f"{name}.py")
            assert file_spec is not None and file_spec.loader is not None
            modules[name] = sys.modules[f"torchtext.data.{name}"] = importlib.util.module_from_spec(file_spec)
            file_spec.loader.exec_module(modules[name])
        return modules["metrics"].bleu_score


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpora", type=int, default=200)
    args = parser.parse_args()
    try:
        from torchmetrics.functional.text import bleu_score as torchmetrics_bleu
        from torchmetrics.functional.text import chrf_score, translation_edit_rate

        torchtext_bleu = torchtext_bleu_score()
    except ImportError as exc:
        print(
            f"check_torch_tools: {exc}; install torch, torchmetrics and torchtext (see the docstring)", file=sys.stderr
        )
        return 2
    worst = 0.0
    worst_other = {"chrf": 0.0, "ter": 0.0}
    tools = [tool("torchmetrics"), tool("torchtext")]
    for seed in range(args.corpora):
        hyps, refs = english_corpus(seed) if seed % 2 else cjk_corpus("ko-mecab", seed, 5, 2)
        per_line = [list(segment) for segment in zip(*refs)]
        ours = {s.tool.key: s.value for s in score_as_tools(hyps, refs, tools)}
        theirs = {
            "torchmetrics": float(torchmetrics_bleu(hyps, per_line)),
            "torchtext": float(
                torchtext_bleu([h.split() for h in hyps], [[r.split() for r in seg] for seg in per_line])
            ),
        }
        for key, value in theirs.items():
            diff = abs((ours[key] or 0.0) - value)
            worst = max(worst, diff)
            if diff > 1e-6:
                print(f"corpus {seed}: {key} gives {value!r}, bleucore {ours[key]!r}")
                return 1
        for metric, function in (("chrf", chrf_score), ("ter", translation_edit_rate)):
            tools_of = family(metric)
            scores = score_metric_tools([tools_of.tool("torchmetrics")], tools_of.scorer(hyps, refs))
            points = 100 * float(function(hyps, per_line))
            diff = abs((scores[0].points or 0.0) - points)
            worst_other[metric] = max(worst_other[metric], diff)
            if diff > 1e-3:
                print(f"corpus {seed}: torchmetrics {metric} gives {points!r} points, bleucore {scores[0].points!r}")
                return 1
    print(
        f"{args.corpora} corpora: torchmetrics and torchtext equal bleucore's reproduction (BLEU: largest difference "
        f"{worst:.2e}; chrF: {worst_other['chrf']:.2e} points; TER: {worst_other['ter']:.2e} points)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
