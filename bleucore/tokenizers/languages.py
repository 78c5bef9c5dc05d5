"""The tokenizer sacreBLEU 2.6 chooses for a target language (``BLEU._TOKENIZER_MAP``).

sacreBLEU's command line takes the target from ``-l SRC-TRG`` as ``langpair.split('-')[1]``;
``BLEU(trg_lang=...)`` then uses ``zh`` for ``zh``, ``ja-mecab`` for ``ja``, ``ko-mecab`` for
``ko`` and ``13a`` for anything else (codes compared as given, lower case), unless a tokenizer
is named explicitly.
"""

from __future__ import annotations

__all__ = ["DEFAULT_TOKENIZER", "LANGUAGE_TOKENIZERS", "target_language", "tokenizer_for_language"]

DEFAULT_TOKENIZER = "13a"
#: sacreBLEU 2.6's ``BLEU._TOKENIZER_MAP``: target language -> tokenizer.
LANGUAGE_TOKENIZERS: dict[str, str] = {"zh": "zh", "ja": "ja-mecab", "ko": "ko-mecab"}


def target_language(language_pair: str) -> str:
    """The target of ``SRC-TRG`` as sacreBLEU reads it (the second ``-``-separated field);
    ``ValueError`` if there is none."""
    parts = language_pair.split("-")
    if len(parts) < 2:
        raise ValueError(f"a language pair is SRC-TRG, such as en-ko, got {language_pair!r}")
    return parts[1]


def tokenizer_for_language(trg_lang: str = "", tokenize: str | None = None) -> str:
    """The tokenizer sacreBLEU uses: ``tokenize`` if given, else the target language's."""
    if tokenize is not None:
        return tokenize
    return LANGUAGE_TOKENIZERS.get(trg_lang, DEFAULT_TOKENIZER)
