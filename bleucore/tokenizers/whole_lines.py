"""Tokenizers whose analysis spans the whole line (MeCab's Viterbi search, SentencePiece's segmentation): only a
whole line can be remembered exactly, so each distinct line is analysed once, in one batch per call, and remembered
across calls (references and systems share lines; a file's chunks repeat them)."""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence

from .base import Tokenizer

__all__ = ["CACHE_LINES", "WholeLineTokenizer"]

#: Distinct lines remembered per tokenizer; past this the memory is cleared and refilled.
CACHE_LINES = 1 << 17  # a chunk of references and its hypotheses (bleucore.stream reads 50,000 lines)

_SURROGATE = re.compile("[\ud800-\udfff]")


class WholeLineTokenizer(Tokenizer):
    """A tokenizer that analyses whole lines: a subclass's ``_analyse_new`` gives the tokens of new distinct lines
    (one string each, tokens separated by whitespace); this class remembers them. Its analysis is most of a score's
    time, so the command line's forked copy takes half the chunks (``analyser_bound``)."""

    analyser_bound = True

    def __init__(self) -> None:
        self._lock = threading.Lock()  # the app's sessions (threads) share it; a MeCab tagger is not thread-safe
        self._cache: dict[str, str] = {}

    def __call__(self, line: str) -> str:
        return self._analyse([line])[0]

    def tokenize_batch(self, lines: Sequence[str]) -> list[tuple[str, ...]]:
        return [tuple(text.split()) for text in self._analyse(lines)]

    def tokenize_texts(self, lines: Sequence[str]) -> list[str]:
        return self._analyse(lines)

    def _analyse_new(self, lines: list[str]) -> list[str]:
        """The tokens of each of ``lines`` (distinct, none remembered yet), in order."""
        raise NotImplementedError

    def _analyse(self, lines: Sequence[str]) -> list[str]:
        """The tokens of each line, each distinct line analysed once."""
        with self._lock:
            cache = self._cache
            new = [line for line in dict.fromkeys(lines) if line not in cache]
            self._reject_surrogates(new)
            if len(cache) + len(new) > CACHE_LINES:
                cache.clear()
                new = list(dict.fromkeys(lines))
            if new:
                cache.update(zip(new, self._analyse_new(new)))
            return [cache[line] for line in lines]

    def _reject_surrogates(self, lines: Sequence[str]) -> None:
        """MeCab and SentencePiece take UTF-8 bytes, which a lone surrogate (U+D800-U+DFFF) has none of: sacreBLEU's
        tokenizers raise the analyser's TypeError or RuntimeError there; bleucore names the code point instead (a
        ValueError)."""
        for line in lines:
            match = _SURROGATE.search(line)
            if match is not None:
                raise ValueError(
                    f"{self.name} cannot analyse a lone surrogate (U+{ord(match.group()):04X} at character "
                    f"{match.start() + 1} of a line): it is not Unicode text; decode the input as UTF-8"
                )
