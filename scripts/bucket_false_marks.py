"""How often the bucket test marks two systems of the same quality as different, by bucket size: the measurement
behind ``bleucore.buckets.MIN_TESTED_LINES`` (docs/limits.md, "Buckets too small to test").

    python scripts/bucket_false_marks.py [--corpora 200]

Each corpus: 600 reference lines of 5-30 words from 300 words; two systems, each every reference word replaced with
probability 0.35 by a random word (the same process: any difference is chance); labels that cut the lines into
buckets of 2, 3, 5, 10, 20, 30, 50 and 100 lines and the rest. Each bucket is tested as the report tests it (1,000 of
sacreBLEU's paired-bootstrap resamples of the whole test set, p < 0.05) with the tests switched on for every size
(``MIN_TESTED_LINES`` set to 1 here), and the share of corpora where the second system is marked is printed per size
and metric. Takes about 90 s of CPU for 200 corpora.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bleucore.buckets import BucketSettings, analyses, label_buckets
from bleucore.metrics import get_metric

SIZES = (2, 3, 5, 10, 20, 30, 50, 100)
WORDS = [f"w{i}" for i in range(300)]


def corpus(seed: int, lines: int = 600) -> tuple[list[str], list[str], list[str], list[str]]:
    """A reference, two same-quality systems and the labels of the buckets."""
    rng = random.Random(seed)
    reference = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(5, 30))) for _ in range(lines)]

    def system() -> list[str]:
        return [" ".join(w if rng.random() > 0.35 else rng.choice(WORDS) for w in line.split()) for line in reference]

    labels = [f"n{size}" for size in SIZES for _ in range(size)]
    labels += ["rest"] * (lines - len(labels))
    rng.shuffle(labels)
    return reference, system(), system(), labels


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpora", type=int, default=200)
    args = parser.parse_args()
    analyses.MIN_TESTED_LINES = 1  # test every bucket, whatever its size
    marked: collections.Counter[tuple[str, str]] = collections.Counter()
    metrics = [get_metric("bleu"), get_metric("chrf")]
    for seed in range(args.corpora):
        reference, first, second, labels = corpus(seed)
        analysis = label_buckets(
            {"a": first, "b": second}, [reference], labels, metrics, settings=BucketSettings(n_samples=1000)
        )
        for value in analysis.values:
            if value.system == "b" and value.bucket != "rest":
                marked[(value.metric, value.bucket)] += value.significant()
    for metric in (m.printed_label for m in metrics):
        shares = ", ".join(f"{size}: {marked[(metric, f'n{size}')] / args.corpora:.3f}" for size in SIZES)
        print(f"{metric} (lines: share marked) {shares}")


if __name__ == "__main__":
    main()
