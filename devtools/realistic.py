"""English lines shaped like a real test set for the doctor's tests and ``bench/bench_doctor.py``, with the German
sources they translate and perturbed hypotheses (``realistic_corpus``). The speed benchmarks draw their lines from
``devtools.corpora.corpus_shaped_like`` instead, whose shape is measured on WMT22; these lines came first, and the
doctor's tests and numbers are pinned to their seeds."""

from __future__ import annotations

import random


def _words(text: str) -> list[str]:
    return text.split()


#: Common English words, most frequent first (the head of a Zipfian vocabulary).
_ENGLISH = _words(
    "the of and to a in is that for it was on with as he be by at are this from his or have an they which not "
    "had but one were all we their been has she there more when will would who so no if out its about them up "
    "what can some time these into only other could new than two then first also after most over years many "
    "people may year should did state government world city report country week company minister president "
    "police school market money health water police children public family group party support system program "
    "number house night council team season game election economy percent million billion official national "
    "said says told added announced expected reported according during between before under against while "
    "because where since through around without however another several important international local "
    "increase decision result problem research service industry security development community region"
)
#: Stems and endings that make the rarer words English-looking (the long tail of a test set's vocabulary).
_STEMS = _words(
    "report govern develop manage employ establish improve announce consider protect inform organize "
    "produce construct invest negotiate regulate educate communicate celebrate transport perform measure "
    "predict describe recover observe restrict prepare strengthen publish examine require"
)
_ENDINGS = ("", "s", "ed", "ing", "er", "ers", "ment", "ments", "ion", "ions", "ive", "ly", "able")
#: Tokens that are not ASCII, the way they turn up in news text: accents, CJK names, emoji, curly quotes,
#: numbers with a no-break or thin space, dashes, currency and units.
_NON_ASCII = (
    "café",
    "naïve",
    "Zürich",
    "São",
    "Müller",
    "Málaga",
    "résumé",
    "Dvořák",
    "Łódź",
    "東京",
    "寿司",
    "北京",
    "서울",
    "김치",
    "🙂",
    "👍",
    "🍜",
    "🎉",
    "“{w}”",
    "‘{w}’",
    "{w}’s",
    "10\u00a0000",
    "3\u202f500",
    "–",
    "—",
    "€20",
    "25\u00b0C",
    "…",
)
#: German words for the source side (what the English lines translate).
_GERMAN = _words(
    "der die das und zu den von mit sich des auf für ist im dem nicht ein eine als auch es an werden aus er hat "
    "dass sie nach wird bei einer um am sind noch wie einem über einen so zum war haben nur oder aber vor zur bis "
    "mehr durch man sein wurde sei Regierung Bericht Stadt Jahr Jahre Prozent Menschen Polizei Schule Markt Geld "
    "Gesundheit Wasser Kinder Familie Gruppe Partei Minister Präsident Wahl Wirtschaft Millionen Milliarden "
    "sagte erklärte berichtete wichtig international Entwicklung Gemeinschaft Sicherheit"
)


def _zipf_weights(size: int) -> list[float]:
    cumulative, total = [], 0.0
    for rank in range(size):
        total += 1.0 / (rank + 1)
        cumulative.append(total)
    return cumulative


class RealisticText:
    """English lines shaped like a real test set's: lengths with a median of about 18 tokens and a long tail,
    about 12% of the tokens not ASCII (``_NON_ASCII``), about 8% of the lines empty or under 4 tokens; and their
    German sources and perturbed hypotheses. Seeded: the same seed gives the same text."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        rare = {stem + ending for stem in _STEMS for ending in _ENDINGS}
        rare |= {f"{a}{b}" for a in _STEMS[:20] for b in ("ville", "berg", "ton", "field", "wood")}
        words = list(dict.fromkeys([*_ENGLISH, *sorted(rare)]))
        numbers = [str(n) for n in range(1, 2030, 7)] + [f"{n}.{d}" for n in range(10) for d in range(10)]
        self.words = words + numbers
        self.cumulative = _zipf_weights(len(self.words))

    def length(self) -> int:
        """Tokens in a line: 8% empty or 1-3, else log-normal around 19 (a tail past 60): a median of 18."""
        rng = self.rng
        if rng.random() < 0.08:
            return rng.choice((0, 0, 1, 2, 3))
        return max(4, min(250, round(19 * 2.718281828 ** rng.gauss(0.0, 0.55))))

    def token(self) -> str:
        rng = self.rng
        word = rng.choices(self.words, cum_weights=self.cumulative)[0]
        if rng.random() < 0.13:
            return rng.choice(_NON_ASCII).format(w=word)
        if rng.random() < 0.0003:  # a zero-width space inside a word, on about one line in 200
            return f"{word}\u200b{word}"
        roll = rng.random()
        return word + "," if roll < 0.06 else f"({word})" if roll < 0.07 else word

    def line(self, length: int) -> list[str]:
        tokens = [self.token() for _ in range(length)]
        if tokens:
            tokens[0] = tokens[0][:1].upper() + tokens[0][1:]
            if length > 3:
                tokens[-1] += "."
        return tokens

    def hypothesis(self, tokens: list[str]) -> list[str]:
        """A system's output for a reference: about 10% of the tokens dropped, 10% replaced, a pair swapped."""
        rng = self.rng
        out = []
        for token in tokens:
            roll = rng.random()
            if roll < 0.1:
                continue
            out.append(self.token() if roll < 0.2 else token)
        if len(out) > 3 and rng.random() < 0.3:
            i = rng.randrange(len(out) - 1)
            out[i], out[i + 1] = out[i + 1], out[i]
        return out if out or not tokens else tokens[:1]

    def source(self, tokens: list[str]) -> list[str]:
        """A German line the reference translates: German words, the same numbers, names, emoji and CJK words."""
        rng = self.rng
        return [t if not t.isascii() or t[:1].isdigit() else rng.choice(_GERMAN) for t in tokens]


def realistic_corpus(seed: int, lines: int) -> tuple[list[str], list[str], list[str]]:
    """(sources, hypotheses, references) of ``lines`` lines of ``RealisticText``."""
    maker = RealisticText(seed)
    sources, hyps, refs = [], [], []
    for _ in range(lines):
        tokens = maker.line(maker.length())
        refs.append(" ".join(tokens))
        hyps.append(" ".join(maker.hypothesis(tokens)))
        sources.append(" ".join(maker.source(tokens)))
    return sources, hyps, refs
