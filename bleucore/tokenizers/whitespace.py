"""``none``: no tokenization, as sacreBLEU 2.6 ``NoneTokenizer`` (tokens are the whitespace-separated words)."""

from __future__ import annotations

from collections.abc import Sequence

from .base import Tokenizer

__all__ = ["TokenizerNone"]


class TokenizerNone(Tokenizer):
    """No tokenization: sacreBLEU 2.6 ``NoneTokenizer``."""

    name = "none"
    word_local = True
    rule_bytes = b""

    def __call__(self, line: str) -> str:
        return line

    def tokenize_batch(self, lines: Sequence[str]) -> list[tuple[str, ...]]:
        return [tuple(line.split()) for line in lines]

    def tokenize_words(self, words: Sequence[str]) -> str:
        return "\n".join(words)
