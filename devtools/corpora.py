"""Seeded corpora shared by the tests and the benchmarks (bench/ never imports tests/)."""

from __future__ import annotations

import random


def tokenized_corpus(seed: int, segments: int, systems: int) -> tuple[list[list[str]], list[str]]:
    """(system outputs, reference) as compare-mt reads them: pre-tokenized, single spaces, no empty line.

    Words are drawn from a Zipf-like vocabulary (English, Korean, punctuation) so that every word-frequency
    bucket of compare-mt (1 .. >=1000) and every reference-length bucket (<10 .. >=60) gets members.
    """
    rng = random.Random(seed)
    vocabulary = [f"w{i}" for i in range(1500)] + ["학생이", "학교에서", "갔다", ".", ",", "'s", "U.S.", "(", ")"]
    weights = [1.0 / (rank + 1) for rank in range(len(vocabulary))]
    reference = []
    for _ in range(segments):
        length = rng.choice([rng.randint(1, 9), rng.randint(10, 39), rng.randint(40, 75)])
        reference.append(rng.choices(vocabulary, weights, k=length))
    outputs: list[list[str]] = []
    for k in range(systems):
        out = []
        for words in reference:
            hyp = [w if rng.random() < 0.6 + 0.1 * k else rng.choices(vocabulary, weights)[0] for w in words]
            if len(hyp) > 1 and rng.random() < 0.3:
                del hyp[rng.randrange(len(hyp))]
            if rng.random() < 0.2:
                hyp.insert(rng.randrange(len(hyp) + 1), rng.choice(vocabulary))
            out.append(" ".join(hyp))
        outputs.append(out)
    return outputs, [" ".join(words) for words in reference]
