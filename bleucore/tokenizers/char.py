"""``char``: every character a token, as sacreBLEU 2.6 ``TokenizerChar`` (whitespace dropped by the split)."""

from __future__ import annotations

from collections.abc import Sequence

from .base import Tokenizer

__all__ = ["TokenizerChar"]


class TokenizerChar(Tokenizer):
    """Every character a token: sacreBLEU 2.6 ``TokenizerChar``."""

    name = "char"
    word_local = True

    def __call__(self, line: str) -> str:
        return " ".join(line)

    def tokenize_batch(self, lines: Sequence[str]) -> list[tuple[str, ...]]:
        # The characters that str.split() does not treat as whitespace, in order.
        return [tuple("".join(line.split())) for line in lines]

    def tokenize_words(self, words: Sequence[str]) -> str:
        return "\n".join(map(" ".join, words))
