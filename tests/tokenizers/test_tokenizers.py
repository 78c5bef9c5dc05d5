"""bleucore.tokenizers against sacreBLEU 2.6.0's own tokenizers and BLEU pre-processing.

The reference pipeline is sacreBLEU's: ``BLEU._preprocess_segment`` (lowercase if asked,
``rstrip``, tokenizer) then ``extract_all_word_ngrams``' ``str.split()``.
"""

from __future__ import annotations

import random
import sys
import unicodedata
from collections.abc import Callable
from functools import cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sacrebleu = pytest.importorskip("sacrebleu")
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a as SacreTokenizer13a  # noqa: E402
from sacrebleu.tokenizers.tokenizer_char import TokenizerChar as SacreTokenizerChar  # noqa: E402
from sacrebleu.tokenizers.tokenizer_intl import TokenizerV14International as SacreTokenizerIntl  # noqa: E402
from sacrebleu.tokenizers.tokenizer_ja_mecab import TokenizerJaMecab as SacreTokenizerJaMecab  # noqa: E402
from sacrebleu.tokenizers.tokenizer_ko_mecab import TokenizerKoMecab as SacreTokenizerKoMecab  # noqa: E402
from sacrebleu.tokenizers.tokenizer_none import NoneTokenizer as SacreTokenizerNone  # noqa: E402
from sacrebleu.tokenizers.tokenizer_spm import SPM_MODELS, TokenizerSPM  # noqa: E402
from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh as SacreTokenizerZh  # noqa: E402

from bleucore import tokenizers as tk  # noqa: E402
from bleucore.tokenizers import TOKENIZERS, get_tokenizer, tokenize, tokenize_lines  # noqa: E402


class SacreSPM:
    """sacreBLEU's SentencePiece tokenizer ``key``, made at its first use: the tests' models are trained for the run
    (``tests/conftest.py``'s ``spm_home``), after this module is imported."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.made: TokenizerSPM | None = None

    def tokenizer(self) -> TokenizerSPM:
        if self.made is None:
            self.made = TokenizerSPM(self.key)
        return self.made

    def __call__(self, line: str) -> str:
        return str(self.tokenizer()(line))

    def signature(self) -> str:
        return str(self.tokenizer().signature())


SACRE: dict[str, Callable[[str], str]] = {
    "none": SacreTokenizerNone(),
    "13a": SacreTokenizer13a(),
    "intl": SacreTokenizerIntl(),
    "char": SacreTokenizerChar(),
    "zh": SacreTokenizerZh(),
    "ja-mecab": SacreTokenizerJaMecab(),
    "ko-mecab": SacreTokenizerKoMecab(),
    **{key: SacreSPM(key) for key in SPM_MODELS if key != "spm"},  # spm: sacreBLEU's old name of flores101
}
#: Tokenizers that analyse whole lines and reject a lone surrogate (sacreBLEU: the analyser's own error).
SURROGATE_ERRORS = {"ja-mecab": TypeError, "ko-mecab": TypeError, **dict.fromkeys(SPM_MODELS, RuntimeError)}
NAMES = tuple(TOKENIZERS)
N_LINES = 20_000


def sacre_tokens(line: str, name: str, lowercase: bool) -> tuple[str, ...]:
    """sacreBLEU 2.6.0: BLEU._preprocess_segment, then extract_all_word_ngrams' split."""
    if lowercase:
        line = line.lower()
    return tuple(SACRE[name](line.rstrip()).split())


# --- a generator of awkward lines -----------------------------------------------------------

FRAGMENTS = [
    # ASCII punctuation, alone and in runs, around digits
    ".",
    ",",
    "..",
    "...",
    ",,",
    ".,",
    ",.",
    ".,.",
    "....",
    "-",
    "--",
    "'",
    '"',
    "''",
    "``",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "!",
    "?",
    "?!",
    ":",
    ";",
    "/",
    "\\",
    "@",
    "#",
    "$",
    "%",
    "^",
    "*",
    "+",
    "=",
    "~",
    "`",
    "|",
    "_",
    "<",
    ">",
    "&",
    "3.5",
    "1,000",
    "1,000.50",
    "2-3",
    "10-",
    "-5",
    "5.",
    ".5",
    ",5",
    "5,",
    "1.2.3",
    "1..2",
    "1.,2",
    "4,.",
    "9-9-9",
    "0.",
    "0,",
    "a.b",
    "a,b",
    "e.g.",
    "U.S.A.",
    "Mr.",
    "etc..",
    "1-",
    "x-",
    "-x",
    # quotes and entities
    "&amp;",
    "&quot;",
    "&lt;",
    "&gt;",
    "&amp;quot;",
    "&amp;lt;",
    "&amp;amp;",
    "&apos;",
    "&#39;",
    "&",
    "&quot",
    "AT&amp;T",
    "&lt;skipped&gt;",
    "“",
    "”",
    "‘",
    "’",
    "«",
    "»",
    "„",
    # sacreBLEU 13a's special strings
    "<skipped>",
    "<skip<skipped>ped>",
    "<skipped",
    "skipped>",
    # words, cased letters, final sigma, expanding lower()
    "the",
    "The",
    "CAT",
    "Hello",
    "ΣΑΣ",
    "ΟΔΟΣ",
    "İstanbul",
    "ǅ",
    "ß",
    "ﬁ",
    "Ⅻ",
    # CJK, Korean, emoji, combining marks, other scripts
    "中文",
    "日本語です。",
    "、",
    "。",
    "「引用」",
    "한국어",
    "안녕하세요.",
    "😀",
    "👍🏽",
    "🇫🇷",
    "e\u0301",
    "\u0301",
    "a\u0308",
    "ÿ",
    "١٢٣",
    "٫",
    "٬",
    "१२",
    "१.२",
    "፩",
    "١.٢",
    "٣,٤",
    # non-ASCII digits, punctuation and symbols
    "１２",
    "１.２",
    "²",
    "½",
    "Ⅷ",
    "…",
    "‐",
    "–",
    "—",
    "·",
    "•",
    "†",
    "§",
    "¶",
    "€",
    "£",
    "¥",
    "©",
    "®",
    "™",
    "°",
    "±",
    "×",
    "÷",
    "√",
    "∞",
    "≤",
    "→",
    "♥",
    "¿",
    "¡",
    "‰",
    "′",
    "″",
    "※",
    "〃",
    "〜",
    "\U00010d6e",
    "\U00011b00",
    "\U0001cc00",
    "\U00010d40",  # newer than unicodedata 14.0
    # whitespace and controls str.split() knows (and str.splitlines() would split on)
    "\t",
    "\x0b",
    "\x0c",
    "\r",
    "\x1c",
    "\x1d",
    "\x1e",
    "\x1f",
    "\x85",
    "\xa0",
    "\u2028",
    "\u2029",
    "\u3000",
    "\u200b",
    "\ufeff",
    "\x00",
    "\x7f",
    "\u180e",
]
SEPARATORS = [" ", " ", " ", " ", "", "", "  ", "\t", "\xa0", "\u2028", "\x85", "\x1f", "\u3000"]


def awkward_lines(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    lines: list[str] = []
    for _ in range(count):
        kind = rng.random()
        if kind < 0.03:
            lines.append(rng.choice(["", " ", "\t", "  \x85", "\u2028", "\x00"]))
            continue
        if kind < 0.08:  # one-token lines
            lines.append(rng.choice(FRAGMENTS))
            continue
        parts: list[str] = []
        for _ in range(rng.randint(1, 14)):
            parts.append(rng.choice(FRAGMENTS))
            parts.append(rng.choice(SEPARATORS))
        line = "".join(parts)
        roll = rng.random()
        if roll < 0.15:
            line = rng.choice([" ", "  ", "\t", "\u2028 "]) + line
        if roll > 0.8:
            line += rng.choice(["-", " -", "- ", "--", ".", "5.", "\u2028", " \x85", "\x1c"])
        lines.append(line)
    return lines


LINES = awkward_lines(N_LINES, seed=20240613)


@pytest.mark.parametrize("lowercase", [False, True], ids=["cased", "lowercase"])
@pytest.mark.parametrize("name", NAMES)
def test_tokenize_lines_matches_sacrebleu_on_awkward_lines(name: str, lowercase: bool) -> None:
    expected = [sacre_tokens(line, name, lowercase) for line in LINES]
    got = tokenize_lines(LINES, name, lowercase)
    mismatches = [(line, e, g) for line, e, g in zip(LINES, expected, got) if e != g]
    assert not mismatches[:5]
    assert len(got) == len(LINES)


@pytest.mark.parametrize("lowercase", [False, True], ids=["cased", "lowercase"])
@pytest.mark.parametrize("name", NAMES)
def test_tokenize_matches_sacrebleu_per_line(name: str, lowercase: bool) -> None:
    lines = LINES[: N_LINES // 4]
    mismatches = [line for line in lines if tokenize(line, name, lowercase) != sacre_tokens(line, name, lowercase)]
    assert not mismatches[:5]


@pytest.mark.parametrize("name", NAMES)
def test_call_and_signature_match_sacrebleu_objects(name: str) -> None:
    """``__call__`` returns sacreBLEU's string, also on raw lines with "\\n" inside or at the end."""
    ours, theirs = get_tokenizer(name), SACRE[name]
    rng = random.Random(7)
    lines = LINES[:3000] + [line.replace(" ", rng.choice(["\n", "-\n", " \n"]), 2) + "\n" for line in LINES[3000:4000]]
    assert [ours(line) for line in lines] == [theirs(line) for line in lines]
    assert ours.signature() == theirs.signature()  # type: ignore[attr-defined]
    assert ours.name == name


@pytest.mark.parametrize("name", NAMES)
def test_tokenize_lines_with_newlines_inside_lines(name: str) -> None:
    """Lines that hold "\\n" (not expected, but possible) take the line-by-line path."""
    lines = ["a-\nb 1.\n.5", "x\n", "-\n", "\n.", ".\n5", "", "ok ."]
    for lowercase in (False, True):
        expected = [sacre_tokens(line, name, lowercase) for line in lines]
        assert tokenize_lines(lines, name, lowercase) == expected
        assert [tokenize(line, name, lowercase) for line in lines] == expected


@pytest.mark.parametrize("name", NAMES)
def test_edge_cases(name: str) -> None:
    assert tokenize_lines([], name) == []
    for lines in ([""], ["", ""], [" "], ["\u2028"], ["a"], ["-", "."], [".", "5"], ["5", "."]):
        assert tokenize_lines(lines, name) == [sacre_tokens(line, name, False) for line in lines]


def test_known_tokenizations() -> None:
    assert tokenize("Hello, world. It costs $3.50-4 (approx.)") == (
        "Hello",
        ",",
        "world",
        ".",
        "It",
        "costs",
        "$",
        "3.50",
        "-",
        "4",
        "(",
        "approx",
        ".",
        ")",
    )
    assert tokenize("AT&amp;T &lt;skipped&gt; <skipped> 1990.", "13a") == (
        "AT",
        "&",
        "T",
        "<",
        "skipped",
        ">",
        "1990",
        ".",
    )
    assert tokenize("Year 1990.", "intl") == ("Year", "1990.")  # mteval-v14's documented quirk
    assert tokenize("한국어 문장입니다.", "none") == ("한국어", "문장입니다.")
    assert tokenize("한국 어", "char") == ("한", "국", "어")
    assert tokenize("ΟΔΟΣ", "none", lowercase=True) == ("οδος",)


def test_unknown_tokenizer_raises_value_error_naming_choices() -> None:
    with pytest.raises(
        ValueError,
        match=r"unknown tokenizer 'moses'.*none, 13a, intl, char, zh, ja-mecab, ko-mecab, flores101, flores200, spBLEU",
    ):
        get_tokenizer("moses")
    with pytest.raises(ValueError, match="13a"):
        tokenize("a b", "spm")
    with pytest.raises(ValueError, match="intl"):
        tokenize_lines(["a b"], "13A")


def test_registry_and_cached_instances() -> None:
    assert set(TOKENIZERS) == {"none", "13a", "intl", "char", "zh", "ja-mecab", "ko-mecab"} | set(SPM_MODELS) - {"spm"}
    for name, cls in TOKENIZERS.items():
        assert get_tokenizer(name) is get_tokenizer(name)
        assert isinstance(get_tokenizer(name), cls)
        assert cls.name == name


# --- hypothesis: arbitrary Unicode text without "\n" -----------------------------------------

# No lone surrogates: MeCab rejects them on both sides (test_property_call_equals_sacrebleu asserts that).
no_newline = st.characters(blacklist_characters="\n", blacklist_categories=("Cs",))
awkward_char = st.sampled_from(sorted({c for fragment in FRAGMENTS + SEPARATORS for c in fragment} | set("0123456789")))
line_text = st.text(st.one_of(no_newline, awkward_char, awkward_char), max_size=40)
HYPOTHESIS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@HYPOTHESIS
@given(lines=st.lists(line_text, max_size=8), lowercase=st.booleans())
def test_property_tokenize_lines_equals_sacrebleu(lines: list[str], lowercase: bool) -> None:
    for name in NAMES:
        expected = [sacre_tokens(line, name, lowercase) for line in lines]
        assert tokenize_lines(lines, name, lowercase) == expected
        assert [tokenize(line, name, lowercase) for line in lines] == expected


@HYPOTHESIS
@given(line=st.text(st.one_of(st.characters(), awkward_char), max_size=30))
def test_property_call_equals_sacrebleu(line: str) -> None:
    """The tokenizer objects themselves, on any text (also with "\\n"). A lone surrogate has no UTF-8 bytes
    for MeCab or SentencePiece: both sides reject it (sacreBLEU with the analyser's TypeError or RuntimeError,
    bleucore with a ValueError naming it)."""
    for name in NAMES:
        if name in SURROGATE_ERRORS and any("\ud800" <= c <= "\udfff" for c in line):
            with pytest.raises(ValueError, match="lone surrogate"):
                get_tokenizer(name)(line)
            with pytest.raises(SURROGATE_ERRORS[name]):
                SACRE[name](line)
            continue
        assert get_tokenizer(name)(line) == SACRE[name](line)


@pytest.mark.parametrize("name", ["ja-mecab", "ko-mecab", "flores101", "flores200", "spBLEU-1K"])
def test_mecab_names_a_lone_surrogate(name: str) -> None:
    """Regression: '\\ud800' reached MeCab and raised its TypeError (issue 25); now one ValueError naming it.
    SentencePiece's RuntimeError likewise."""
    with pytest.raises(ValueError, match=r"U\+D800 at character 2"):
        get_tokenizer(name)("a\ud800b")
    assert get_tokenizer(name)("a b") == SACRE[name]("a b")  # the tokenizer still works afterwards


# --- intl without the regex module ----------------------------------------------------------

regex = pytest.importorskip("regex")
FALLBACK = tk.TokenizerIntl(use_regex=False)


@cache
def disagreeing_code_points() -> frozenset[str]:
    every = "".join(chr(code) for code in range(0x110000) if not 0xD800 <= code <= 0xDFFF)
    out: set[str] = set()
    for major in "PSN":
        theirs = set(regex.findall(rf"\p{{{major}}}", every))
        ours = {c for c in every if unicodedata.category(c)[0] == major}
        out |= theirs ^ ours
    return frozenset(out)


def test_intl_class_disagreement() -> None:
    """The module docstring's figure: 1046 code points (Python 3.11 / Unicode 14.0.0, regex 2026.5.9)."""
    counts = tk.intl_class_disagreement()
    assert counts["all"] == len(disagreeing_code_points())
    assert counts["all"] == counts["P"] + counts["S"] + counts["N"]  # the classes are disjoint
    if unicodedata.unidata_version == "14.0.0" and regex.__version__ == "2026.5.9":
        assert counts == {"P": 37, "S": 876, "N": 133, "all": 1046}


def test_intl_fallback_signature_and_import_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    assert get_tokenizer("intl").signature() == "intl"
    assert FALLBACK.signature() == f"intl-ucd{unicodedata.unidata_version}"
    monkeypatch.setitem(sys.modules, "regex", None)  # makes `import regex` fail
    auto = tk.TokenizerIntl()
    assert not auto.uses_regex
    assert auto.signature() == f"intl-ucd{unicodedata.unidata_version}"
    with pytest.raises(ImportError):
        tk.TokenizerIntl(use_regex=True)


def test_intl_fallback_matches_sacrebleu_where_classes_agree() -> None:
    differing = disagreeing_code_points()
    lines = [line for line in LINES[:8000] if not differing.intersection(line)]
    assert len(lines) > 6000
    for lowercase in (False, True):
        prepared = [(line.lower() if lowercase else line).rstrip() for line in lines]
        expected = [sacre_tokens(line, "intl", lowercase) for line in lines]
        assert FALLBACK.tokenize_batch(prepared) == expected
        assert [tuple(FALLBACK(line).split()) for line in prepared] == expected
    symbol = min(c for c in differing if regex.match(r"\p{S}", c))  # unassigned to unicodedata
    assert SACRE["intl"](f"x{symbol}y") == f"x {symbol} y" != FALLBACK(f"x{symbol}y")


@HYPOTHESIS
@given(lines=st.lists(line_text, max_size=6))
def test_property_intl_fallback(lines: list[str]) -> None:
    differing = disagreeing_code_points()
    lines = [line.rstrip() for line in lines if not differing.intersection(line)]
    assert FALLBACK.tokenize_batch(lines) == [tuple(SACRE["intl"](line).split()) for line in lines]


# --- flat tokens and token ids (tokenize_flat, TokenEncoder) ----------------------------------


def tokens_of_ids(encoder: tk.TokenEncoder, ids: object, lengths: object) -> list[tuple[str, ...]]:
    vocabulary = encoder.vocabulary
    flat = [vocabulary[i] for i in ids.tolist()]  # type: ignore[attr-defined]
    out, at = [], 0
    for n in lengths.tolist():  # type: ignore[attr-defined]
        out.append(tuple(flat[at : at + n]))
        at += n
    return out


@pytest.mark.parametrize("lowercase", [False, True], ids=["cased", "lowercase"])
@pytest.mark.parametrize("name", NAMES)
def test_tokenize_flat_matches_sacrebleu_on_awkward_lines(name: str, lowercase: bool) -> None:
    lines = LINES[: N_LINES // 2]
    tokens, offsets = tk.tokenize_flat(lines, name, lowercase)
    assert offsets.tolist()[0] == 0 and offsets.size == len(lines) + 1 and offsets[-1] == len(tokens)
    got = [tuple(tokens[offsets[i] : offsets[i + 1]]) for i in range(len(lines))]
    mismatches = [
        (line, e, g) for line, e, g in zip(lines, (sacre_tokens(x, name, lowercase) for x in lines), got) if e != g
    ]
    assert not mismatches[:5]


@pytest.mark.parametrize("name", NAMES)
def test_token_encoder_shares_ids_across_calls(name: str) -> None:
    # several streams through one encoder, as hypotheses and references; "\x00" and "\x01" (the
    # first separators tried) as lines and words, a 13a line holding "\n" (line-by-line path)
    encoder = tk.TokenEncoder(name)
    streams = [
        LINES[:3000],
        LINES[3000:5000],
        ["\x00", "a \x00 b", "\x01"],
        ["x-\ny 1,5", "the cat"],
        [""],
        [],
        LINES[:50],
    ]
    seen: dict[str, int] = {}
    for lines in streams:
        ids, lengths = encoder.encode(lines)
        assert ids.dtype == lengths.dtype == np.int64 and lengths.shape == (len(lines),)
        expected = tokenize_lines(lines, name)
        assert tokens_of_ids(encoder, ids, lengths) == expected
        for token, i in zip([t for seg in expected for t in seg], ids.tolist()):
            assert seen.setdefault(token, i) == i  # one id per token, whatever the call
    assert len(set(encoder.vocabulary)) == len(encoder.vocabulary)


def test_token_encoder_tokenizes_each_distinct_word_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    from bleucore.tokenizers import tokenizer_13a

    real = tokenizer_13a._13a_core
    monkeypatch.setattr(tokenizer_13a, "_13a_core", lambda text: calls.append(text) or real(text))
    encoder = tk.TokenEncoder("13a")
    encoder.encode(["a. b, a.", "b, c. plain"])
    encoder.encode(["c. a. d! plain", "other"])
    # a word without ASCII punctuation (Tokenizer13a.rule_bytes) is its own token: never tokenized
    assert [sorted(text.split()) for text in calls] == [["a.", "b,", "c."], ["d!"]]
    assert encoder.words == 6
    assert tokens_of_ids(encoder, *encoder.encode(["other plain d!"])) == [("other", "plain", "d", "!")]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    lines=st.lists(
        st.lists(st.sampled_from(FRAGMENTS + SEPARATORS + ["\n", "-\n", "\x00", "\x01"]), max_size=12).map("".join),
        max_size=8,
    ),
    name=st.sampled_from(NAMES),
    lowercase=st.booleans(),
)
def test_property_tokenize_flat_equals_tokenize(lines: list[str], name: str, lowercase: bool) -> None:
    tokens, offsets = tk.tokenize_flat(lines, name, lowercase)
    assert [tuple(tokens[offsets[i] : offsets[i + 1]]) for i in range(len(lines))] == [
        tokenize(line, name, lowercase) for line in lines
    ]
