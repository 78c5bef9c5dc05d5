"""One candidate under every tokenizer: its tokens, modified precisions p_n and BLEU (Explore's
tokenizer view), and for Korean, Japanese or Chinese text the comparison that matters: whitespace
(``none``), ``char`` and the language's own tokenizer (sacreBLEU's choice for ``-l xx-ko`` etc.).

Pure functions of bleucore (no Streamlit); ``ui.explore.cache.tokenizer_rows`` caches them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bleucore import BleuOptions, sentence_bleu, statistics_from_tokens, tokenize
from bleucore.tokenizers import LANGUAGE_TOKENIZERS, TOKENIZER_NAMES, TOKENIZERS, available_tokenizers
from ui.shell.i18n import N_, _

#: Language codes (sacreBLEU's targets) -> their names in the interface.
LANGUAGE_NAMES = {"ko": N_("Korean"), "ja": N_("Japanese"), "zh": N_("Chinese")}
#: Tokenizers that split text poorly without spaces between words.
WHITESPACE_LIKE = ("none", "13a")
#: Share of a text's letters (a word of other letters counts once) that must be Hangul, kana or Han.
CJK_SHARE = 0.3

WHY_THEY_DIFFER = {
    "ko": N_(
        "Under whitespace a Korean word (eojeol) carries its particles and endings, so one wrong particle "
        "makes the whole eojeol unmatched; `ko-mecab` splits particles and endings off, so the same error costs "
        "one morpheme, and `char` matches single syllables even where the words differ."
    ),
    "ja": N_(
        "Japanese is written without spaces, so under whitespace a sentence is one or a few long words that "
        "rarely match; `ja-mecab` splits it into words, particles and endings as MeCab does, and `char` matches "
        "single characters."
    ),
    "zh": N_(
        "Chinese is written without spaces, so under whitespace a sentence is one long word that rarely "
        "matches; `zh` makes every Chinese character a token (the usual unit of Chinese BLEU) and tokenizes "
        "Latin words and numbers as `13a` does, while `char` also splits Latin words into letters."
    ),
}


@dataclass(frozen=True)
class TokenizerRow:
    """One tokenizer's tokens of the candidate, its modified precisions p_1..p_N and BLEU (0-100,
    the page's other options; None where these options leave BLEU undefined)."""

    tokenizer: str
    tokens: tuple[str, ...]
    precisions: tuple[Fraction, ...]
    counts: tuple[tuple[int, int], ...]
    bleu: float | None = None


def tokenizer_row(candidate: str, references: Sequence[str], options: BleuOptions, name: str) -> TokenizerRow:
    """The candidate under tokenizer ``name`` with the other ``options``."""
    cand = tokenize(candidate, name, options.lowercase)
    refs = tuple(tokenize(r, name, options.lowercase) for r in references)
    stats = statistics_from_tokens([cand], [refs], options.max_order)
    counts = tuple(zip(stats.matches[0].tolist(), stats.totals[0].tolist()))
    precisions = tuple(Fraction(m, t) if t else Fraction(0) for m, t in counts)
    try:
        bleu: float | None = sentence_bleu(candidate, list(references), options.with_changes(tokenize=name)).score
    except ValueError:  # e.g. NLTK's method 6 without trigram matches
        bleu = None
    return TokenizerRow(name, cand, precisions, counts, bleu)


def all_tokenizer_rows(candidate: str, references: Sequence[str], options: BleuOptions) -> tuple[TokenizerRow, ...]:
    """The candidate under every tokenizer of the registry whose analyser is installed, in order."""
    return tuple(tokenizer_row(candidate, references, options, name) for name in available_tokenizers())


def cjk_language(text: str) -> str | None:
    """``ko``, ``ja`` or ``zh`` if ``text`` is mostly Korean, Japanese or Chinese, else None.

    Counts Hangul, kana and Han characters against words of other letters (a Latin word counts
    once, like one CJK character): Hangul makes Korean, kana Japanese, Han characters alone Chinese.
    """
    hangul = kana = han = other_words = 0
    in_word = False
    for ch in text:
        code = ord(ch)
        if 0xAC00 <= code <= 0xD7A3 or 0x1100 <= code <= 0x11FF or 0x3130 <= code <= 0x318F:
            hangul += 1
        elif 0x3040 <= code <= 0x30FF or 0x31F0 <= code <= 0x31FF or 0xFF66 <= code <= 0xFF9F:
            kana += 1
        elif (
            0x4E00 <= code <= 0x9FFF
            or 0x3400 <= code <= 0x4DBF
            or 0xF900 <= code <= 0xFAFF
            or 0x20000 <= code <= 0x2FA1F
        ):
            han += 1
        elif ch.isalpha():
            other_words += not in_word
            in_word = True
            continue
        in_word = False
    cjk = hangul + kana + han
    if not cjk or cjk < CJK_SHARE * (cjk + other_words):
        return None
    if hangul and hangul >= kana:
        return "ko"
    return "ja" if kana else "zh"


def language_tokenizer(language: str) -> str:
    """The tokenizer sacreBLEU uses for target ``language`` (``-l xx-ko`` gives ko-mecab)."""
    return str(LANGUAGE_TOKENIZERS[language])


def comparison_tokenizers(language: str | None) -> tuple[str, ...]:
    """The tokenizers Explore sets side by side: for CJK text whitespace, char and the language's
    own; otherwise every tokenizer that is not for one language and reads no model (SentencePiece's are in the
    table below, where their model is on disk)."""
    if language is not None:
        return ("none", "char", language_tokenizer(language))
    own = set(LANGUAGE_TOKENIZERS.values())
    return tuple(name for name in TOKENIZER_NAMES if name not in own and TOKENIZERS[name].model is None)


def advice(language: str | None, tokenizer: str) -> str | None:
    """What to say when CJK text is scored with a whitespace tokenizer, else None."""
    if language is None or tokenizer not in WHITESPACE_LIKE:
        return None
    better = language_tokenizer(language)
    where = _("only at spaces and punctuation") if tokenizer == "13a" else _("only at spaces")
    return _(
        "The candidate is {language}, and `{tokenizer}` splits it {where}. sacreBLEU scores {language} with "
        "`{better}` (its choice for `-l xx-{code}`), the score {language} MT papers report."
    ).format(language=_(LANGUAGE_NAMES[language]), tokenizer=tokenizer, where=where, better=better, code=language)
