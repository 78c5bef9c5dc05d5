"""The doctor's speed paths (issue 47) give what their definitions give, on the bench's test-set-shaped lines
(``devtools.doctor_set``) and on lines made to trip them; and the bench's data has the shape issue 47 names and the
noise the doctor should find in it."""

from __future__ import annotations

import itertools
import statistics

import numpy as np
import pytest

from bleucore.doctor import Setup, check_setup
from bleucore.doctor.overlap import LineWords
from bleucore.tokenizers import TokenEncoder
from devtools.corpora import shape_of
from devtools.doctor_set import DoctorSet, doctor_set, script_mix

TRICKY = [
    "",
    "   ",
    "½ ² ³ 42 3.5 -- ... “”",
    "a b c",
    "東京 서울에서 Москва Αθήνα",
    "word\u00a0joined\u200bby spaces\tand\ttabs",
    "x1 2y _ __init__ ʻokina",
    "The THE the tHe",
]


@pytest.fixture(scope="module")
def made() -> DoctorSet:
    return doctor_set(47, 6000)


def test_the_vocabulary_since_an_id_is_the_vocabulary_from_it(made: DoctorSet) -> None:
    encoder = TokenEncoder("none")
    encoder.encode(made.references)
    first = len(encoder.vocabulary)
    encoder.encode([*made.hypotheses, *TRICKY])
    vocabulary = encoder.vocabulary
    assert len(vocabulary) > first > 0
    for start in (0, 1, first, len(vocabulary) - 1, len(vocabulary), len(vocabulary) + 5):
        assert encoder.vocabulary_since(start) == vocabulary[start:]


def _lettered(line: str) -> int:
    return sum(any(c.isalpha() for c in word) for word in line.split())


@pytest.mark.parametrize("tokenizer", ["none", "char"])
def test_words_with_a_letter_are_counted_as_str_isalpha_counts_them(made: DoctorSet, tokenizer: str) -> None:
    words = LineWords(tokenizer)
    lines = [*made.hypotheses, *TRICKY]
    words.encoded(made.references)  # a vocabulary that grows between the calls
    assert words.lettered(lines).tolist() == [_lettered(line) for line in lines]
    assert words.lettered(made.sources).tolist() == [_lettered(line) for line in made.sources]


def test_lowercased_ids_are_one_per_lowercased_word_however_the_vocabulary_grew(made: DoctorSet) -> None:
    words = LineWords()
    a, b = made.references, [*made.hypotheses, *TRICKY]
    ids_a, _ = words.lowered(a)
    ids_b, lengths_b = words.lowered(b)
    assert words.lowered(a)[0] is ids_a  # made once
    flat = [w.lower() for line in b for w in line.split()]
    assert lengths_b.tolist() == [len(line.split()) for line in b]
    first: dict[str, int] = {}
    for word, i in zip(flat, ids_b.tolist()):
        assert first.setdefault(word, i) == i
    assert len(set(first.values())) == len(first)
    shared = {w.lower() for line in a for w in line.split()} & set(first)
    lowered_a = dict(zip((w.lower() for line in a for w in line.split()), ids_a.tolist()))
    assert all(lowered_a[w] == first[w] for w in shared)


def test_the_bench_data_has_issue_47s_shape(made: DoctorSet) -> None:
    ref, hyp = shape_of(made.references), shape_of(made.hypotheses)
    assert 19 <= ref.median_tokens <= 21 and 19 <= hyp.median_tokens <= 21  # a median of about 20 words
    assert 0.07 <= ref.at_most_3_tokens <= 0.09  # 8 % of lines of 0-3 words
    assert ref.p99_tokens >= 3 * ref.median_tokens  # a long tail
    lengths = np.log([len(line.split()) for line in made.references if len(line.split()) >= 4])
    assert abs(statistics.mean(lengths) - statistics.median(lengths)) < 0.05  # log-normal: symmetric in the log
    mix = script_mix(made.references)
    assert mix["lines with two scripts"] > 0.1 and {"Hangul", "Cyrillic", "Han", "Greek"} <= set(mix)
    assert sum(map(len, made.hypotheses)) / len(made.hypotheses) < 120  # 100,000 lines fit the doctor's 12M characters


def test_the_doctor_finds_what_was_planted_in_the_bench_data(made: DoctorSet) -> None:
    setup = Setup(made.hypotheses, [made.references], source=made.sources)
    found = {f.code: f for f in check_setup(setup)}
    planted = {kind: set(lines) for kind, lines in made.planted.items()}
    copies = found["source-copy"].values["count"]
    assert len(planted["source-copy"]) <= copies <= 1.5 * len(planted["source-copy"])
    other = found["wrong-language"].values["languages"]
    german, korean = len(planted["german"]), len(planted["korean"])
    assert other["ko"] == pytest.approx(korean, rel=0.1) and other["de"] == pytest.approx(german, rel=0.35)
    assert sum(other.values()) < 1.2 * (german + korean)  # few English lines said to be in another language
    hyp_empty = sum(1 for line in made.hypotheses if not line)
    assert any(f.values.get("count") == hyp_empty for f in check_setup(setup) if f.code == "empty-lines")
    assert "invisible-characters" in found and "merged-lines" not in found and "swapped-files" not in found


CHAT = [
    "Here is the translation: Bonjour tout le monde.",
    "Sure! Here you go: the cat sat on the mat.",
    "“A quoted sentence of several words”",
    " a leading space",
    "\u00a0a leading no-break space",
    "\u3000a leading ideographic space",
    "'single quotes around words here'",
    "The cat sat. I HOPE THIS HELPS",
    "다음은 번역입니다: 안녕하세요",
    "참고: 설명이 필요합니다",
    "The cat sat (Note: a literal translation).",
    "I'm sorry, but I can't help with that request.",
    "Translation：全角のコロン",
    "ΣΑΣ note: ΟΔΟΣ",
    "time 23:41 and nothing else",
    "ıi hope this helps",
    "",
    "「日本語の引用です、言葉がいくつか」",
]


def _old_wrapper(line: str) -> tuple[str, str] | None:
    from bleucore.doctor import chat

    for kind, pattern in (("before", chat.BEFORE), ("after", chat.AFTER)):
        found = pattern.search(line)
        if found:
            return kind, found.group().strip()
    return ("quoted", line.strip()[0] + "…" + line.strip()[-1]) if chat._quoted(line) else None


def _old_wrapped_lines(lines: list[str]) -> list[int]:
    """What ``chat.wrapped_lines`` found before issue 47: keyword candidates of the lowered lines, then each pattern."""
    from bleucore.doctor import chat

    def having(keys: tuple[str, ...]) -> set[int]:
        return {i for i, line in enumerate(lines) if any(k in line.lower() for k in keys)}

    quoted = {i for i, line in enumerate(lines) if line[:1] in chat.QUOTES or line[:1].isspace()}
    candidates = sorted(having(chat._BEFORE_KEYS) | having(chat._AFTER_KEYS) | quoted)
    return [i for i in candidates if _old_wrapper(lines[i])]


#: Lines that make LowerText lower the text as str (İ, the Kelvin sign) or line by line (a line break).
SPECIAL = {
    "utf-8": [],
    "str": ["The cat sat. İ hope this helps!", "Note: the \u212a sign. Let me \u212anow if you need more."],
    "lines": ["a line\nwith a break: Note: here"],
}


@pytest.mark.parametrize("path", sorted(SPECIAL))
def test_chat_wrappers_are_found_as_before(made: DoctorSet, path: str) -> None:
    from bleucore.doctor.chat import LowerText, refusal_lines, wrapped_lines, wrapper

    lines = [*CHAT, *made.hypotheses[:3000], *made.references[:3000], *SPECIAL[path]]
    text = LowerText(lines)
    assert {"utf-8": bytes, "str": str, "lines": type(None)}[path] is type(text.text)
    assert [wrapper(line) for line in lines] == [_old_wrapper(line) for line in lines]
    assert wrapped_lines(text) == _old_wrapped_lines(lines)
    keys = ("note", "참고", ":", "i hope", "@@", "\u2581", "sorry", "드릴 수 없", "ai 언어", "σ")
    assert text.lines_with(keys) == sorted(i for i, line in enumerate(lines) if any(k in line.lower() for k in keys))
    assert refusal_lines(text) == [CHAT.index("I'm sorry, but I can't help with that request.")]


@pytest.mark.parametrize("tokenizer", ["13a", "char", "intl"])
def test_a_word_local_tokenizers_ids_from_the_words_are_its_ids_of_the_lines(made: DoctorSet, tokenizer: str) -> None:
    from bleucore.tokenizers import tokenize_lines
    from bleucore.tokenizers.by_words import encode_by_words

    lines = [*made.hypotheses[:3000], *TRICKY, *CHAT, "a&quot;b&amp;c <skipped> 3.5, x.y 10-20 “q”", "ok\ud800bad"]
    words = TokenEncoder("none")
    streams = [words.encode(lines), words.encode(made.references[:3000])]
    encoder = TokenEncoder(tokenizer)
    derived = encode_by_words(encoder, words, streams)
    if not encoder.word_local:
        assert derived is None
        return
    assert derived is None  # a lone surrogate: not UTF-8 words, the caller encodes the lines
    words = TokenEncoder("none")
    streams = [words.encode(lines[:-1]), words.encode(made.references[:3000])]
    derived = encode_by_words(encoder, words, streams)
    assert derived is not None
    vocabulary = encoder.vocabulary
    for (ids, lengths), text in zip(derived, [lines[:-1], made.references[:3000]]):
        bounds = np.concatenate([[0], np.cumsum(lengths)])
        tokens = [tuple(vocabulary[i] for i in ids[a:b].tolist()) for a, b in itertools.pairwise(bounds)]
        assert tokens == tokenize_lines(text, tokenizer)


@pytest.mark.parametrize("broken", [False, True])
def test_every_tools_score_is_the_same_from_the_rules_words(made: DoctorSet, broken: bool) -> None:
    from bleucore.tools import TOOLS, ConventionScorer, score_as_tools

    hyps, refs = list(made.hypotheses[:4000]), [list(made.references[:4000])]
    if broken:  # a word broken by "-\\n": 13a joins it, str.split() does not: the lines are tokenized again
        hyps[5] = "a hyphen-\nated word"
    plain = score_as_tools(hyps, refs, TOOLS, ConventionScorer(hyps, refs))
    words = LineWords()
    setup = Setup(hyps, refs)
    setup.memo["line_words"] = words
    for stream in (setup.hypotheses, *setup.references):
        words.encoded(stream)
    adopted = words.adopted_by([setup.hypotheses, *setup.references])
    assert adopted is not None
    scorer = ConventionScorer(hyps, refs)
    scorer.adopt(*adopted)
    assert score_as_tools(hyps, refs, TOOLS, scorer) == plain


def _old_script_of(lines: list[str]) -> str | None:
    from bleucore.doctor.rules import cjk_with_13a as rule

    text = "".join(lines)[: rule.SAMPLE_CHARS]
    counts = {script: rule._count(pattern, text) for script, pattern in rule._SCRIPT_CHARS.items()}
    if not any(counts.values()):
        return None
    letters = rule._count(rule._LETTER, text)
    if counts["Japanese"] and counts["Japanese"] + counts["Chinese"] >= letters / 5:
        return "Japanese"
    best = max(counts, key=lambda s: counts[s])
    return best if letters and counts[best] >= letters / 5 else None


def test_the_cjk_script_is_told_as_before(made: DoctorSet) -> None:
    import random

    from bleucore.doctor.rules.cjk_with_13a import _head, script_of

    rng = random.Random(47)
    pieces = ["東京", "서울에서", "ひらがな", "カタカナ", "・", "\u3130", "abc"]
    pieces += ["12", "_", "½", "é", " ", "\ud800", "Ωμ"]
    cases = [made.hypotheses[:2000], [], [""], ["・・"], ["\u3130"], ["12 _"], ["東京 abc"] * 3]
    for _ in range(400):
        cases.append(["".join(rng.choices(pieces, k=rng.randint(1, 12))) for _ in range(rng.randint(1, 5))])
    for lines in cases:
        assert script_of(lines) == _old_script_of(lines), lines
    lines = made.references[:500]
    for chars in (0, 1, 57, 5000, 10**9):
        assert _head(lines, chars) == "".join(lines)[:chars]


def test_numbered_words_have_one_id_each_kept_from_the_table() -> None:
    from bleucore.tokenizers.vocabulary import numbered

    ids, table = numbered(["b", "a", "b", "c", "a"], {}, 10)
    assert ids.tolist() == [10, 11, 10, 13, 11] and table == {"b": 10, "a": 11, "c": 13}
    more, table = numbered(["c", "d", "b", "d"], table, 15)
    assert more.tolist() == [13, 16, 10, 16] and table["d"] == 16 and len(table) == 4
    assert numbered([], table, 20)[0].size == 0
