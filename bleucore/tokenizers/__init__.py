"""sacreBLEU 2.6.0's word tokenizers ``none``, ``13a``, ``intl`` and ``char``, reimplemented.

``tokenize(line, tokenizer, lowercase)`` gives exactly the tokens sacreBLEU's BLEU counts:
``BLEU._preprocess_segment`` (``line.lower()`` if lowercase, then ``.rstrip()``, then the
tokenizer) followed by the ``str.split()`` of ``helpers.extract_all_word_ngrams``.
``tokenize_lines`` gives the same tokens for a whole corpus at once (``Tokenizer.tokenize_batch``;
``punct_runs`` says why one pass over the joined lines is exact for 13a and intl).

One module per tokenizer family (``whitespace``, ``tokenizer_13a``, ``intl`` with
``unicode_classes``, ``char``, ``tokenizer_zh``, ``mecab`` for ``ja-mecab`` and ``ko-mecab``, ``spm`` for
sacreBLEU's SentencePiece tokenizers ``flores101``, ``flores200`` and ``spBLEU-1K``, whose analysers are imported on
first use; ``whole_lines``: the memory of analysed lines MeCab and SentencePiece share; ``model_files``: where their
models are found), ``languages`` (sacreBLEU's tokenizer for a target language,
``-l``), one ``registry`` that every list of names derives from, the
``encoder`` of the vectorized statistics and a ``diagnostic`` of intl's fallback classes. A new
tokenizer is a module with a ``Tokenizer`` subclass plus one registry line (or
``register_tokenizer``). Only the registry is imported with this package; a tokenizer's module
is imported when the tokenizer is first used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..lazy import lazy_attributes
from .base import Tokenizer
from .registry import (
    TOKENIZER_NAMES,
    TOKENIZERS,
    available_tokenizers,
    get_tokenizer,
    missing_model,
    missing_package,
    register_tokenizer,
    unregister_tokenizer,
    use_model_file,
)

if TYPE_CHECKING:
    from .char import TokenizerChar
    from .diagnostic import intl_class_disagreement
    from .encoder import TokenEncoder, tokenize_flat
    from .intl import TokenizerIntl
    from .languages import tokenizer_for_language
    from .mecab import TokenizerJaMecab, TokenizerKoMecab
    from .model_files import MissingModel
    from .spm import TokenizerFlores101, TokenizerFlores200, TokenizerSpBLEU1K
    from .tokenizer_13a import Tokenizer13a
    from .tokenizer_zh import TokenizerZh
    from .unicode_classes import ucd_item
    from .whitespace import TokenizerNone

__all__ = [
    "LANGUAGE_TOKENIZERS",
    "TOKENIZERS",
    "TOKENIZER_NAMES",
    "MissingModel",
    "TokenEncoder",
    "Tokenizer",
    "Tokenizer13a",
    "TokenizerChar",
    "TokenizerFlores101",
    "TokenizerFlores200",
    "TokenizerIntl",
    "TokenizerJaMecab",
    "TokenizerKoMecab",
    "TokenizerNone",
    "TokenizerSpBLEU1K",
    "TokenizerZh",
    "available_tokenizers",
    "get_tokenizer",
    "intl_class_disagreement",
    "missing_model",
    "missing_package",
    "register_tokenizer",
    "tokenize",
    "tokenize_flat",
    "tokenize_lines",
    "tokenize_texts",
    "tokenizer_for_language",
    "ucd_item",
    "unregister_tokenizer",
    "use_model_file",
]

#: Module -> its public names, imported on first access (PEP 562).
_LAZY: dict[str, tuple[str, ...]] = {
    "char": ("TokenizerChar",),
    "diagnostic": ("intl_class_disagreement",),
    "encoder": ("TokenEncoder", "tokenize_flat"),
    "intl": ("TokenizerIntl",),
    "languages": ("tokenizer_for_language", "LANGUAGE_TOKENIZERS"),
    "mecab": ("TokenizerJaMecab", "TokenizerKoMecab"),
    "model_files": ("MissingModel",),
    "spm": ("TokenizerFlores101", "TokenizerFlores200", "TokenizerSpBLEU1K"),
    "tokenizer_13a": ("Tokenizer13a",),
    "tokenizer_zh": ("TokenizerZh",),
    "unicode_classes": ("ucd_item",),
    "whitespace": ("TokenizerNone",),
}


__getattr__ = lazy_attributes(__name__, _LAZY, globals())


def tokenize(line: str, tokenizer: str = "13a", lowercase: bool = False) -> tuple[str, ...]:
    """Tokens of one segment exactly as sacreBLEU 2.6.0's BLEU counts them: lowercase (optional),
    ``rstrip``, tokenizer, ``str.split`` (``_preprocess_segment`` + ``extract_all_word_ngrams``)."""
    tok = get_tokenizer(tokenizer)
    if lowercase:
        line = line.lower()
    return tuple(tok(line.rstrip()).split())


def _prepared(lines: Sequence[str], lowercase: bool) -> list[str]:
    """sacreBLEU's ``_preprocess_segment`` before the tokenizer: lowercase if asked, then ``rstrip``."""
    return [line.lower().rstrip() for line in lines] if lowercase else [line.rstrip() for line in lines]


def tokenize_lines(lines: Sequence[str], tokenizer: str = "13a", lowercase: bool = False) -> list[tuple[str, ...]]:
    """``[tokenize(line, tokenizer, lowercase) for line in lines]``, computed corpus-wide."""
    return get_tokenizer(tokenizer).tokenize_batch(_prepared(lines, lowercase))


def tokenize_texts(lines: Sequence[str], tokenizer: str = "13a", lowercase: bool = False) -> list[str]:
    """Each line's tokens as one whitespace-separated string: ``text.split()`` is ``tokenize_lines``' tuple."""
    return get_tokenizer(tokenizer).tokenize_texts(_prepared(lines, lowercase))
