"""TER against sacreBLEU 2.6: every tokenizer option, corpus and sentence level, 1-3 references,
English, Korean and Chinese; sacreBLEU's own test cases; the edit distance, alignment and streaming."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import numpy as np
import pytest
from sacrebleu.metrics import TER as SacreTER
from sacrebleu.metrics.lib_ter import BeamEditDistance, translation_edit_rate
from sacrebleu.tokenizers.tokenizer_ter import TercomTokenizer

from bleucore.metrics import get_metric
from bleucore.metrics.ter import TER, TerOptions
from bleucore.metrics.ter.edit_distance import EditDistance
from bleucore.metrics.ter.explanation import explain_ter
from bleucore.metrics.ter.normalize import tercom_tokenize
from bleucore.metrics.ter.shifts import align, edits
from bleucore.stream import iter_statistics, sum_statistics
from tests.generators import language_corpus

TOLERANCE = 1e-9
LANGUAGES = ("en", "ko", "zh")
FLAGS = ("normalized", "no_punct", "asian_support", "case_sensitive")
OPTIONS = [dict(zip(FLAGS, values)) for values in itertools.product((False, True), repeat=4)]


def _id(kwargs: dict[str, bool]) -> str:
    return "+".join(k for k, v in kwargs.items() if v) or "default"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kwargs", OPTIONS, ids=_id)
def test_corpus_and_sentence_ter_equal_sacrebleu(language: str, kwargs: dict[str, bool]) -> None:
    nrefs = 1 + sum(kwargs.values()) % 3
    hyps, refs = language_corpus(len(_id(kwargs)) + nrefs, language, 40, nrefs)
    ours, theirs = TER(TerOptions(**kwargs)), SacreTER(**kwargs)
    # sacreBLEU's sentence_score is _aggregate_and_compute of the segment's statistics: one pass
    their_stats = theirs._extract_corpus_statistics(hyps, refs)
    assert abs(ours.corpus_score(hyps, refs).score - theirs._aggregate_and_compute(their_stats).score) <= TOLERANCE
    sentence = ours.sentence_scores(ours.statistics(hyps, refs), nrefs)
    for i, hyp in enumerate(hyps):
        expected = theirs._aggregate_and_compute([their_stats[i]])
        assert abs(sentence[i].score - expected.score) <= TOLERANCE, (i, hyp)
        assert sentence[i].num_edits == expected.num_edits
    k = len(hyps) // 2  # and one through the public sentence_score
    assert abs(sentence[k].score - theirs.sentence_score(hyps[k], [r[k] for r in refs]).score) <= TOLERANCE


#: Lines of nothing but one kana block each (Hiragana, Katakana, Katakana Phonetic Extensions): what
#: sacreBLEU's kana rules would split if their "^[...]" could match after the western padding
KANA_LINES = ["ひらがな", "カタカナ", "ㇰㇱ", "ㇰㇱ 漢字"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kwargs", OPTIONS, ids=_id)
def test_tokenizer_equals_tercom_tokenizer(language: str, kwargs: dict[str, bool]) -> None:
    hyps, refs = language_corpus(17, language, 100, 1)
    theirs = TercomTokenizer(**kwargs)
    for line in (
        hyps + refs[0] + ["A &amp; B &quot;x&quot; &lt;y&gt; it's Jim's 4.2 1,000 3-4 end.", "x\n-y\nz", *KANA_LINES]
    ):
        assert tercom_tokenize(line, TerOptions(**kwargs)) == theirs(line.rstrip()), line


def _random_words(rng: random.Random, n: int, vocabulary: int) -> list[str]:
    return [f"w{rng.randrange(vocabulary)}" for _ in range(n)]


def test_edits_and_traces_equal_sacrebleu_on_long_and_uneven_sentences() -> None:
    """Long sentences, very different lengths and tiny vocabularies reach sacreBLEU's beam."""
    rng = random.Random(11)
    for _ in range(150):
        ref = _random_words(rng, rng.choice([0, 1, 5, 20, 26, 40, 60]), rng.choice([2, 5, 30]))
        hyp = list(ref)
        for _ in range(rng.randint(0, 6)):
            i, j = sorted(rng.sample(range(len(hyp) + 2), 2))
            hyp = (
                hyp[:i] + hyp[j:] + hyp[i:j]
                if rng.random() < 0.5
                else hyp[:i] + _random_words(rng, j - i, 40) + hyp[j:]
            )
        if rng.random() < 0.2:
            hyp = _random_words(rng, rng.choice([1, 3, 60, 90]), 5)
        ids = {w: k for k, w in enumerate(sorted(set(hyp + ref)))}
        h, r = [ids[w] for w in hyp], [ids[w] for w in ref]
        assert edits(h, r) == translation_edit_rate(hyp, ref)[0], (hyp, ref)
        if ref:
            engine = EditDistance(r, len(h))
            engine.keep(h)
            assert engine.trace() == BeamEditDistance(ref)(hyp), (hyp, ref)


# --- sacreBLEU's own cases (its test/test_ter.py and test_tokenizer_ter.py) ---------------------

EPSILON = 1e-3
WMT_HYPS = [
    'wählen Sie " Bild neu berechnen , " um beim Ändern der Bildgröße Pixel hinzuzufügen oder zu entfernen , damit '
    "das Bild ungefähr dieselbe Größe aufweist wie die andere Größe .",
    "wenn Sie alle Aufgaben im aktuellen Dokument aktualisieren möchten , wählen Sie im Menü des Aufgabenbedienfelds "
    'die Option " Alle Aufgaben aktualisieren . "',
    'klicken Sie auf der Registerkarte " Optionen " auf die Schaltfläche " Benutzerdefiniert " und geben Sie Werte '
    'für " Fehlerkorrektur-Level " und " Y / X-Verhältnis " ein .',
    "Sie können beispielsweise ein Dokument erstellen , das ein Auto über die Bühne enthält .",
    'wählen Sie im Dialogfeld " Neu aus Vorlage " eine Vorlage aus und klicken Sie auf " Neu . "',
]
WMT_REFS = [
    'wählen Sie " Bild neu berechnen , " um beim Ändern der Bildgröße Pixel hinzuzufügen oder zu entfernen , damit '
    "die Darstellung des Bildes in einer anderen Größe beibehalten wird .",
    "wenn Sie alle Aufgaben im aktuellen Dokument aktualisieren möchten , wählen Sie im Menü des Aufgabenbedienfelds "
    'die Option " Alle Aufgaben aktualisieren . "',
    'klicken Sie auf der Registerkarte " Optionen " auf die Schaltfläche " Benutzerdefiniert " und geben Sie für " '
    'Fehlerkorrektur-Level " und " Y / X-Verhältnis " niedrigere Werte ein .',
    "Sie können beispielsweise ein Dokument erstellen , das ein Auto enthalt , das sich über die Bühne bewegt .",
    'wählen Sie im Dialogfeld " Neu aus Vorlage " eine Vorlage aus und klicken Sie auf " Neu . "',
]
SACREBLEU_CASES = [
    (["aaaa bbbb cccc dddd"], ["aaaa bbbb cccc dddd"], 0),
    (["dddd eeee ffff"], ["aaaa bbbb cccc"], 1),
    ([""], ["a"], 1),
    (["d e f g h a b c"], ["a b c d e f g h"], 1 / 8),
    (WMT_HYPS, WMT_REFS, 0.136),
]
TOKENIZER_CASES = [
    ({}, "a b c d", "a b c d"),
    ({}, "", ""),
    ({}, "A B C D.", "a b c d."),
    ({"no_punct": True}, "A ; B ) C : D.", "a b c d"),
    ({"normalized": True}, "a b (c) d.", "a b ( c ) d ."),
    ({"normalized": True}, "Jim's car.", "jim 's car ."),
    ({"normalized": True}, "4.2", "4.2"),
    ({"normalized": True, "asian_support": True}, "美众院公布对特", "美 众 院 公 布 对 特"),
    ({"normalized": True, "asian_support": True}, "りの拳銃を持", "りの 拳 銃 を 持"),
]


@pytest.mark.parametrize("hyps, refs, expected", SACREBLEU_CASES)
def test_sacrebleu_cases(hyps: list[str], refs: list[str], expected: float) -> None:
    assert abs(TER().corpus_score(hyps, [refs]).score - 100 * expected) < EPSILON


@pytest.mark.parametrize("kwargs, line, expected", TOKENIZER_CASES)
def test_sacrebleu_tokenizer_cases(kwargs: dict[str, bool], line: str, expected: str) -> None:
    assert tercom_tokenize(line, TerOptions(**kwargs)) == expected


# --- explanation, float32, streaming ----------------------------------------------------------------


def test_alignment_marks_the_shift_and_each_edit() -> None:
    e = explain_ter("d e f g h a b c", ["a b c d e f g h"])
    assert e.score.num_edits == 1 and e.score.score == 100 / 8
    assert [(m.words, m.hyp_indices) for m in e.moves] == [(("a", "b", "c"), (5, 6, 7))]
    assert [s.hyp for s in e.steps] == list("abcdefgh") and all(s.op == "keep" for s in e.steps)
    assert [s.shifted for s in e.steps] == [True] * 3 + [False] * 5

    e = explain_ter("the big cat sat mat", ["the cat sat on the mat", "a dog"])
    assert e.reference_index == 0
    assert e.counts == {"shift": 0, "sub": 0, "ins": 1, "del": 2, "keep": 4}
    assert [(s.op, s.hyp, s.ref) for s in e.steps] == [
        ("keep", "the", "the"),
        ("ins", "big", None),
        ("keep", "cat", "cat"),
        ("keep", "sat", "sat"),
        ("del", None, "on"),
        ("del", None, "the"),
        ("keep", "mat", "mat"),
    ]
    assert e.score.ref_length == (6 + 2) / 2 and e.score.score == 100 * 3 / 4
    theirs = SacreTER().sentence_score("the big cat sat mat", ["the cat sat on the mat", "a dog"])
    assert e.score.score == theirs.score


def test_alignment_edits_equal_statistics_on_a_corpus() -> None:
    hyps, refs = language_corpus(23, "en", 200, 2)
    metric = TER()
    stats = metric.statistics(hyps, refs).rows
    for i, hyp in enumerate(hyps):
        e = explain_ter(hyp, [r[i] for r in refs])
        counts = e.counts
        assert counts["shift"] + counts["sub"] + counts["ins"] + counts["del"] == e.score.num_edits == stats[i, 0]
        assert sorted(s.hyp_index for s in e.steps if s.hyp_index is not None) == list(range(len(e.hyp_words)))


def test_float32_row_scores_are_sacrebleus_bootstrap_arithmetic() -> None:
    hyps, refs = language_corpus(3, "zh", 80, 2)
    metric = TER()
    rows = metric.columns(metric.statistics(hyps, refs))
    got = metric.row_scores(rows, float32=True)
    expected = [SacreTER()._compute_score_from_stats(row).score for row in rows.astype(np.float32)]
    assert got.dtype == np.float32 and got.tolist() == [float(x) for x in expected]


def test_chunked_file_gives_the_whole_corpus_score(tmp_path: Path) -> None:
    hyps, refs = language_corpus(8, "en", 50, 1)
    (tmp_path / "hyp.txt").write_text("".join(h + "\n" for h in hyps), encoding="utf-8")
    (tmp_path / "ref.txt").write_text("".join(r + "\n" for r in refs[0]), encoding="utf-8")
    metric = get_metric("ter", TerOptions(normalized=True))
    chunks = list(iter_statistics(tmp_path / "hyp.txt", [tmp_path / "ref.txt"], metric, chunk_lines=20))
    assert len(chunks) == 3
    expected = SacreTER(normalized=True).corpus_score(hyps, refs).score
    assert abs(metric.score_from_statistics(sum_statistics(chunks)).score - expected) <= TOLERANCE


def test_alignment_of_an_empty_reference() -> None:
    a = align([1, 2], [])
    assert (a.trace, a.edits, a.ref_length) == ("ii", 2, 0)
    assert TER().sentence_score("a b", [""]).score == 100.0
    assert TER().sentence_score("", [""]).score == 0.0
