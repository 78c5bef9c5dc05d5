"""Seeded generators of awkward corpora for comparing bleucore with sacreBLEU and NLTK."""

from __future__ import annotations

import random

WORDS = [
    "the", "The", "cat", "sat", "on", "mat", "a", "is", "it", "It's", "don't", "U.S.", "e.g.", "3.14", "1,000",
    "10-20", "-5", "$5", "100%", "(see)", "[x]", "{y}", "\"quoted\"", "'single'", "&amp;", "&quot;", "&lt;b&gt;",
    "<skipped>", "end.", "end,", "well-known", "co-op", "...", "?!", "naïve", "café", "e\u0301", "Straße",
    "猫", "日本語", "中文。", "빛이", "사람은", "어둠에서", "높았다", "😀", "👍🏽", "—", "–", "«a»", "„b“", "¿qué?",
    "x\u2028y", "a\u0085b", "tab\there", "@user", "#tag", "http://x.org/a?b=c", "a/b", "c\\d", "~", "^", "|", "`",
]


def random_line(rng: random.Random, max_tokens: int = 14) -> str:
    """A line of 0..max_tokens words drawn from WORDS, sometimes with odd spacing or punctuation."""
    length = rng.choice([0, 1, 2, 3] + list(range(4, max_tokens + 1)))
    words = [rng.choice(WORDS) for _ in range(length)]
    line = " ".join(words)
    if rng.random() < 0.1:
        line = "  " + line + " \t"
    if rng.random() < 0.1:
        line = line + rng.choice([".", ",", "!", "?", " .", "-"])
    return line


def perturb(rng: random.Random, line: str) -> str:
    """A hypothesis made from a reference: words dropped, swapped, replaced or repeated."""
    words = line.split(" ")
    out = []
    for w in words:
        r = rng.random()
        if r < 0.1:
            continue
        if r < 0.2:
            out.append(rng.choice(WORDS))
        elif r < 0.25:
            out.extend([w, w])
        else:
            out.append(w)
    if len(out) > 2 and rng.random() < 0.3:
        i = rng.randrange(len(out) - 1)
        out[i], out[i + 1] = out[i + 1], out[i]
    return " ".join(out)


def random_corpus(seed: int, segments: int, nrefs: int) -> tuple[list[str], list[list[str]]]:
    """(hypotheses, reference streams): streams[j][i] is reference j of segment i."""
    rng = random.Random(seed)
    streams: list[list[str]] = [[] for _ in range(nrefs)]
    hyps = []
    for _ in range(segments):
        base = random_line(rng)
        for j in range(nrefs):
            streams[j].append(base if j == 0 else perturb(rng, base))
        hyps.append(perturb(rng, base) if rng.random() < 0.85 else random_line(rng))
    return hyps, streams
