"""The tokenizer protocol: ``__call__``, ``signature()``, the batch and word hooks, availability."""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from .model_files import MissingModel, ModelFile

__all__ = ["Tokenizer"]


class Tokenizer:
    """Base of the tokenizers: ``__call__`` returns the tokenized line, tokens joined by one space.

    A subclass sets ``name`` (its registry name) and overrides ``__call__``; the other methods
    have correct, slower defaults that a tokenizer may override for speed.
    """

    name: ClassVar[str] = ""
    #: True if a line's tokens are the concatenation of the tokens of its whitespace-separated
    #: words, each tokenized as a line of its own (``TokenEncoder`` then tokenizes each distinct
    #: word once, through ``tokenize_words``).
    word_local: ClassVar[bool] = False
    #: True if analysing the lines is most of a score's time (MeCab): the command line then scores half of each two
    #: chunks in a forked copy (``bleucore.stream``), which decodes them, as it does for a word-local tokenizer.
    analyser_bound: ClassVar[bool] = False
    #: ASCII bytes that the tokenizer's rules act on: a word (no whitespace) that holds none of them is one
    #: token, itself (lowercased if asked), so ``TokenEncoder`` need not tokenize it. None: no such promise.
    rule_bytes: ClassVar[bytes | None] = None
    #: An optional analyser: the module it imports and the package that provides it (pip name).
    #: ``None``: nothing beyond bleucore's own requirements.
    requires_module: ClassVar[str | None] = None
    requires_package: ClassVar[str | None] = None
    #: A model file the tokenizer reads (SentencePiece's, ``model_files``), or None.
    model: ClassVar[ModelFile | None] = None

    @classmethod
    def missing_package(cls) -> str | None:
        """The package to install before this tokenizer can run, or None if it can run.

        Looks the module up without importing it, so listing the choices stays cheap.
        """
        if cls.requires_module is None or importlib.util.find_spec(cls.requires_module) is not None:
            return None
        return cls.requires_package or cls.requires_module

    @classmethod
    def missing_model(cls) -> MissingModel | None:
        """The model file this tokenizer reads and that is not on disk (where it was looked for, where sacreBLEU
        downloads it), or None."""
        return None if cls.model is None else cls.model.missing(cls.name)

    @classmethod
    def available(cls) -> bool:
        """True if the tokenizer can run here (its optional analyser, if any, is installed, and its model is there)."""
        return cls.missing_package() is None and cls.missing_model() is None

    def current(self) -> bool:
        """False if this instance no longer answers for its name (it read a model file other than the one its name
        now reads): the registry then makes a new one."""
        return True

    def __call__(self, line: str) -> str:
        raise NotImplementedError

    def signature(self) -> str:
        """The name sacreBLEU prints in its signature (``tok:...``)."""
        return self.name

    def tokenize_batch(self, lines: Sequence[str]) -> list[tuple[str, ...]]:
        """Tokens of each line; ``lines`` are already lowercased (if asked) and right-stripped."""
        return [tuple(self(line).split()) for line in lines]

    def tokenize_texts(self, lines: Sequence[str]) -> list[str]:
        """Each line's tokens in one string, separated by whitespace of any kind and length: ``text.split()`` is
        ``tokenize_batch``'s tuple (``TokenEncoder`` reads these strings as UTF-8 instead of one token at a time)."""
        return [self(line) for line in lines]

    def words_are_local(self, text: str) -> bool:
        """True if ``text`` (lines joined by whitespace) may be tokenized word by word
        (``word_local``, unless the text holds something that joins words)."""
        return self.word_local

    def tokenize_words(self, words: Sequence[str]) -> str:
        """The tokens of each word, tokenized as a line of its own, in one text: a word's tokens separated by
        whitespace, each word's on a line of its own (``TokenEncoder``'s hook; a word is never empty and holds no
        whitespace)."""
        return "\n".join(map(self, words))
