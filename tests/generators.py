"""Seeded generators of awkward corpora for comparing bleucore with sacreBLEU and NLTK."""

from __future__ import annotations

import random

WORDS = [
    "the",
    "The",
    "cat",
    "sat",
    "on",
    "mat",
    "a",
    "is",
    "it",
    "It's",
    "don't",
    "U.S.",
    "e.g.",
    "3.14",
    "1,000",
    "10-20",
    "-5",
    "$5",
    "100%",
    "(see)",
    "[x]",
    "{y}",
    '"quoted"',
    "'single'",
    "&amp;",
    "&quot;",
    "&lt;b&gt;",
    "<skipped>",
    "end.",
    "end,",
    "well-known",
    "co-op",
    "...",
    "?!",
    "naïve",
    "café",
    "e\u0301",
    "Straße",
    "猫",
    "日本語",
    "中文。",
    "빛이",
    "사람은",
    "어둠에서",
    "높았다",
    "😀",
    "👍🏽",
    "—",
    "–",
    "«a»",
    "„b“",
    "¿qué?",
    "x\u2028y",
    "a\u0085b",
    "tab\there",
    "@user",
    "#tag",
    "http://x.org/a?b=c",
    "a/b",
    "c\\d",
    "~",
    "^",
    "|",
    "`",
]


def random_line(rng: random.Random, max_tokens: int = 14) -> str:
    """A line of 0..max_tokens words drawn from WORDS, sometimes with odd spacing or punctuation."""
    length = rng.choice([0, 1, 2, 3, *list(range(4, max_tokens + 1))])
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


#: Words per language for the chrF/TER parity corpora: mixed case, punctuation, particles that
#: change a Korean word by one syllable, Chinese without spaces, kana for TER's Asian rules.
LANGUAGE_WORDS = {
    "en": [
        "The",
        "the",
        "cat",
        "Cat",
        "sat",
        "on",
        "mat.",
        "a",
        "dog,",
        "(see)",
        "it's",
        "U.S.",
        "3.14",
        "1,000",
        "well-known",
        "&amp;",
        '"quoted"',
        "end!",
        "?",
        "-",
        "naïve",
        "Straße",
        "ΟΔΟΣ",
    ],
    "ko": [
        "학생이",
        "학생은",
        "학생을",
        "학교에",
        "학교에서",
        "갔다.",
        "갔습니다.",
        "책을",
        "책이",
        "읽었다,",
        "빛이",
        "어둠에서",
        "높았다",
        "사람은",
        "“인용”",
        "(괄호)",
        "KAIST",
        "AI",
        "3.5%",
        "…",
        "？",
    ],
    "zh": [
        "我们",
        "今天",
        "去",
        "学校",
        "。",
        "，",
        "他说：",
        "“你好”",
        "中文",
        "美众院公布对特",
        "りの拳銃を持",
        "カタカナ",
        "ｘ",
        "（注）",
        "AI",
        "2024年",
        "！",
        "㈱",
        "⺀",
    ],
}


def language_line(rng: random.Random, language: str, max_tokens: int = 30) -> str:
    """A line of 0..max_tokens words of ``language`` (Chinese words mostly without spaces)."""
    words = LANGUAGE_WORDS[language]
    length = rng.choice([0, 0, 1, 2, *list(range(3, max_tokens + 1))])
    picked = [rng.choice(words) for _ in range(length)]
    sep = "" if language == "zh" and rng.random() < 0.7 else " "
    line = sep.join(picked)
    if rng.random() < 0.1:
        line = " " + line.upper() + "  "
    return line


def language_corpus(seed: int, language: str, segments: int, nrefs: int) -> tuple[list[str], list[list[str]]]:
    """(hypotheses, reference streams) in ``language``: references perturbed from a common line,
    hypotheses perturbed from it or with a span moved (TER shifts), some unrelated or empty."""
    rng = random.Random(seed)
    streams: list[list[str]] = [[] for _ in range(nrefs)]
    hyps = []
    for _ in range(segments):
        base = language_line(rng, language)
        for j in range(nrefs):
            streams[j].append(base if j == 0 else perturb(rng, base))
        r = rng.random()
        if r < 0.1:
            hyps.append(language_line(rng, language))
        elif r < 0.4 and base:
            words = base.split(" ")
            i, k = sorted(rng.sample(range(len(words) + 1), 2)) if len(words) > 1 else (0, 1)
            hyps.append(" ".join(words[k:] + words[i:k] + words[:i]))
        else:
            hyps.append(perturb(rng, base))
    return hyps, streams


def cut_off(lines: list[str], seed: int, low: float = 0.5, high: float = 0.75) -> list[str]:
    """Each line of four words or more cut to a share of its words drawn from [low, high], as a length limit where
    the output was made cuts it (mid-sentence: its last word and full stop are gone)."""
    rng = random.Random(seed)
    out = []
    for line in lines:
        words = line.split()
        keep = len(words) if len(words) < 4 else max(1, round(len(words) * rng.uniform(low, high)))
        out.append(" ".join(words[:keep]))
    return out


def terse(lines: list[str], seed: int, keep: float = 0.6) -> list[str]:
    """Each line of four words or more with only a share of its inner words, its first and last (its full stop)
    kept: a system that says less, in whole sentences."""
    rng = random.Random(seed)
    out = []
    for line in lines:
        words = line.split()
        if len(words) < 4:
            out.append(line)
            continue
        inner = [w for w in words[1:-1] if rng.random() < keep]
        out.append(" ".join([words[0], *inner, words[-1]]))
    return out
