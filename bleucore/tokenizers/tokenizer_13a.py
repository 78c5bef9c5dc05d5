"""``13a``: mteval-v13a.pl tokenization as in sacreBLEU 2.6 ``tokenizer_13a.Tokenizer13a``.

13a wraps every line as ``f" {line} "`` (mteval-v13a.pl's ``" $norm_text "``), so in the joined
text of a corpus every "\\n" has a space on both sides and no rule can reach across it (see
``punct_runs``). 13a removes "-\\n" and maps "\\n" to a space, so a line holding "\\n" is
tokenized on its own.
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence

from .base import Tokenizer
from .punct_runs import PunctRuns

__all__ = ["Tokenizer13a"]

# sacreBLEU's first TokenizerRegexp rule, ([\{-\~\[-\` -\&\(-\+\:-\@\/]) -> r' \1 ', minus the
# space it also contains: spaces padded with spaces change no token and no later rule.
_13A_SYMBOLS = re.compile(r"([!-&(-+/:-@\[-`{-~])")
_13A_DIGIT_DASH = re.compile(r"-(?<=[0-9]-)")  # ([0-9])(-) -> r'\1 \2 '
_13A_PUNCT = PunctRuns(re.compile, r"[.,]", r"[0-9]", r"[^0-9]", r"[^0-9\n]")


def _13a_core(text: str) -> str:
    """TokenizerRegexp's rules on ``" line "`` (or such lines joined on "\\n"); spacing may differ."""
    text = " ".join(_13A_SYMBOLS.split(text))
    text = _13A_PUNCT.fast(text)
    return _13A_DIGIT_DASH.sub(" - ", text)


def _13a_entities(text: str) -> str:
    if "&" in text:
        text = text.replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    return text


def _13a_joined(body: str) -> str:
    """The tokenized text of lines joined on " \\n " that hold no "\\n" themselves (one pass)."""
    return _13a_core(_13a_entities(" " + body.replace("<skipped>", "") + " "))


class Tokenizer13a(Tokenizer):
    """mteval-v13a.pl tokenization as in sacreBLEU 2.6 ``tokenizer_13a.Tokenizer13a``."""

    name = "13a"
    # Every line is wrapped in spaces, so a word's neighbours are whitespace (a non-digit, never
    # part of a rule's class) whether it is at a line edge or not; "<skipped>" and the entities
    # hold no whitespace. Lines holding "\n" ("-\n" joins words) are encoded line by line.
    word_local = True
    # Every rule acts on ASCII punctuation (the symbol class, ".", ",", "-", the entities' "&" and "<skipped>"'s
    # "<"): a word with none is left as it is. The apostrophe, which no rule names, is included all the same.
    rule_bytes = string.punctuation.encode()

    def __call__(self, line: str) -> str:
        line = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
        return " ".join(_13a_core(_13a_entities(f" {line} ")).split())

    def tokenize_batch(self, lines: Sequence[str]) -> list[tuple[str, ...]]:
        if not lines:
            return []
        body = " \n ".join(lines)
        if body.count("\n") != len(lines) - 1:  # a line of its own holds "\n"
            return super().tokenize_batch(lines)
        return [tuple(segment.split()) for segment in _13a_joined(body).split("\n")]

    def words_are_local(self, text: str) -> bool:
        return "\n" not in text

    def tokenize_words(self, words: Sequence[str]) -> str:
        # the words as lines of the joined text, whose "\n" no rule reaches across
        return _13a_joined(" \n ".join(words))
