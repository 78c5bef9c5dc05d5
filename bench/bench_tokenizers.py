"""How much faster bleucore's corpus-wide ``tokenize_lines`` is than sacreBLEU's per-line tokenizers.

    python bench/bench_tokenizers.py [--lines 50000] [--repeat 3]

Every line is distinct, so the ``lru_cache`` on sacreBLEU's ``__call__`` never hits. The
sacreBLEU side is its BLEU pipeline (``rstrip``, tokenizer object, ``str.split``) line by line;
both sides' tokens are checked to be identical. Prints one ratio per tokenizer (not a test).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a
from sacrebleu.tokenizers.tokenizer_char import TokenizerChar
from sacrebleu.tokenizers.tokenizer_intl import TokenizerV14International
from sacrebleu.tokenizers.tokenizer_none import NoneTokenizer

from bleucore.tokenizers import TokenizerIntl, tokenize_lines


def corpus(count: int, seed: int = 0) -> list[str]:
    """Distinct news-like lines: words, capitals after full stops, numbers, quotes, brackets."""
    rng = random.Random(seed)
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = ["".join(rng.choice(letters) for _ in range(rng.randint(1, 9))) for _ in range(5000)]
    extras = [",", ".", '"', "'s", "(", ")", ":", ";", "?", "!", "-", "&amp;", "3.5", "1,000", "2-3", "$", "%"]
    lines = []
    for index in range(count):
        tokens: list[str] = []
        for _ in range(rng.randint(5, 40)):
            roll = rng.random()
            if roll < 0.12:
                tokens.append(rng.choice(extras))
            elif roll < 0.2 and tokens:
                tokens[-1] += rng.choice(",.")
                tokens.append(rng.choice(words).capitalize())
            else:
                tokens.append(rng.choice(words))
        lines.append(" ".join(tokens) + f" {index}.")
    return lines


def best_time(function: Callable[[], object], repeat: int) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--lines", type=int, default=50_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    lines = corpus(args.lines)
    print(f"{len(lines)} distinct lines, {sum(map(len, lines)) / len(lines):.0f} characters on average")
    references: dict[str, Callable[[], Callable[[str], str]]] = {
        "13a": Tokenizer13a,
        "intl": TokenizerV14International,
        "char": TokenizerChar,
        "none": NoneTokenizer,
    }
    for name, make in references.items():
        # A fresh sacreBLEU object per repeat (its lru_cache is keyed by the object too).
        def sacre(make: Any = make) -> list[tuple[str, ...]]:
            tokenizer = make()
            return [tuple(tokenizer(line.rstrip()).split()) for line in lines]

        theirs_s, theirs = best_time(sacre, args.repeat)
        ours_s, ours = best_time(lambda name=name: tokenize_lines(lines, name), args.repeat)
        assert ours == theirs, f"{name}: tokens differ from sacreBLEU"
        print(
            f"{name:>5}: sacreBLEU per line {theirs_s:7.3f} s, bleucore tokenize_lines {ours_s:7.3f} s,"
            f" ratio {theirs_s / ours_s:5.2f}x"
        )
    fallback = TokenizerIntl(use_regex=False)
    prepared = [line.rstrip() for line in lines]
    fallback_s, _ = best_time(lambda: fallback.tokenize_batch(prepared), args.repeat)
    print(f"intl without the regex module ({fallback.signature()}): {fallback_s:7.3f} s")


if __name__ == "__main__":
    main()
