"""``intl``: mteval-v14.pl international tokenization as in sacreBLEU 2.6 ``TokenizerV14International``."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import cast

from .base import Tokenizer
from .punct_runs import Pattern, PunctRuns
from .unicode_classes import import_regex, ucd_item

__all__ = ["TokenizerIntl"]


class TokenizerIntl(Tokenizer):
    """mteval-v14.pl international tokenization as in sacreBLEU 2.6 ``TokenizerV14International``.

    ``use_regex=None`` uses the ``regex`` module if importable (signature ``intl``), else stdlib
    ``re`` with ``unicodedata`` classes (signature ``intl-ucd<unidata_version>``).
    """

    name = "intl"

    def __init__(self, use_regex: bool | None = None) -> None:
        module = import_regex() if use_regex is not False else None
        if use_regex and module is None:
            raise ImportError("the regex module is not installed")
        if module is not None:
            # regex's compiled patterns and matches offer the re API used here.
            compile_ = cast(Callable[[str], Pattern], getattr(module, "compile"))  # noqa: B009 - typed as object
            punct, num, not_num, other, symbol = r"\p{P}", r"\p{N}", r"\P{N}", r"[^\p{N}\n]", r"\p{S}"
            self._signature = "intl"
        else:
            compile_ = re.compile
            punct, num, symbol = ucd_item("P"), ucd_item("N"), ucd_item("S")
            not_num, other = rf"(?:(?!{num})[\s\S])", f"(?!{num})."
            self._signature = f"intl-ucd{unicodedata.unidata_version}"
        self.uses_regex = module is not None
        self._punct = PunctRuns(compile_, punct, num, not_num, other)
        self._symbol = compile_(f"({symbol})")

    def signature(self) -> str:
        return self._signature

    def _core(self, text: str) -> str:
        return " ".join(self._symbol.split(self._punct.fast(text)))

    def __call__(self, line: str) -> str:
        if "\n" in line:  # an ordinary non-digit character to mteval-v14, not a line edge
            line = self._symbol.sub(r" \1 ", self._punct.exact(line))
        else:
            line = self._core(line)
        return " ".join(line.split())

    def tokenize_batch(self, lines: Sequence[str]) -> list[tuple[str, ...]]:
        if not lines:
            return []
        body = "\n".join(lines)
        if body.count("\n") != len(lines) - 1:
            return super().tokenize_batch(lines)
        return [tuple(segment.split()) for segment in self._core(body).split("\n")]

    def tokenize_texts(self, lines: Sequence[str]) -> list[str]:
        body = "\n".join(lines)
        if not lines or body.count("\n") != len(lines) - 1:
            return super().tokenize_texts(lines)
        return self._core(body).split("\n")
