"""chrF and chrF++ against sacreBLEU 2.6: every option, corpus and sentence level, 1-3 references,
English, Korean and Chinese; sacreBLEU's own test cases; explanation and streaming."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest
from sacrebleu.metrics import CHRF as SacreCHRF

from bleucore.metrics import get_metric
from bleucore.metrics.chrf import CHRF, ChrfOptions
from bleucore.metrics.chrf.explanation import char_occurrences, explain_chrf, word_occurrences
from bleucore.stream import iter_statistics, sum_statistics
from tests.generators import language_corpus

TOLERANCE = 1e-9
LANGUAGES = ("en", "ko", "zh")
OPTIONS = [
    {"word_order": w, "lowercase": lc, "whitespace": ws, "beta": b, "eps_smoothing": eps}
    for w, lc, ws, b, eps in itertools.product((0, 2), (False, True), (False, True), (2, 1), (False, True))
    if b == 2 or (not lc and not ws)
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("nrefs", (1, 2, 3))
@pytest.mark.parametrize("kwargs", OPTIONS, ids=lambda k: "-".join(f"{a}={b}" for a, b in k.items()))
def test_corpus_and_sentence_chrf_equal_sacrebleu(language: str, nrefs: int, kwargs: dict[str, object]) -> None:
    hyps, refs = language_corpus(hash((language, nrefs)) % 1000, language, 120, nrefs)
    ours = CHRF(ChrfOptions(**kwargs))  # type: ignore[arg-type]
    theirs = SacreCHRF(**kwargs)  # type: ignore[arg-type]
    assert abs(ours.corpus_score(hyps, refs).score - theirs.corpus_score(hyps, refs).score) <= TOLERANCE
    sentence = ours.sentence_scores(ours.statistics(hyps, refs), nrefs)
    for i, hyp in enumerate(hyps):
        expected = theirs.sentence_score(hyp, [r[i] for r in refs]).score
        assert abs(sentence[i].score - expected) <= TOLERANCE, (i, hyp)


def test_other_orders_equal_sacrebleu() -> None:
    hyps, refs = language_corpus(5, "ko", 200, 2)
    for char_order, word_order in ((1, 0), (3, 1), (8, 3), (0, 2)):
        ours = CHRF(ChrfOptions(char_order=char_order, word_order=word_order)).corpus_score(hyps, refs).score
        assert (
            abs(ours - SacreCHRF(char_order=char_order, word_order=word_order).corpus_score(hyps, refs).score)
            <= TOLERANCE
        )


def test_statistics_are_sacrebleus_best_reference_rows() -> None:
    hyps, refs = language_corpus(9, "en", 150, 3)
    for kwargs in ({}, {"word_order": 2}):
        ours = CHRF(ChrfOptions(**kwargs)).statistics(hyps, refs).rows.tolist()  # type: ignore[arg-type]
        assert ours == SacreCHRF(**kwargs)._extract_corpus_statistics(hyps, refs)  # type: ignore[arg-type]


# --- sacreBLEU's own cases (its test/test_chrf.py), expected numbers as published there ----------

EPSILON = 1e-4
EPS_SMOOTHING_CASES = [
    (["abcdefg"], ["hijklmnop"], 0.0),
    (["a"], ["b"], 0.0),
    ([""], ["b"], 0.0),
    ([""], ["ref"], 0.0),
    ([""], ["reference"], 0.0),
    (["aa"], ["ab"], 8.3333),
    (["a", "b"], ["a", "c"], 8.3333),
    (["a"], ["a"], 16.6667),
    (["a b c"], ["a b c"], 50.0),
    (["a b c"], ["abc"], 50.0),
    (
        [
            " risk assessment must be made of those who are qualified and expertise in the sector - these are the "
            "scientists ."
        ],
        [
            "risk assessment has to be undertaken by those who are qualified and expert in that area - that is the "
            "scientists ."
        ],
        63.361730,
    ),
    (
        [" Die    Beziehung zwischen  Obama und Netanjahu ist nicht gerade  freundlich. "],
        ["Das Verhältnis zwischen Obama und Netanyahu ist nicht gerade freundschaftlich."],
        64.1302698,
    ),
    (["Niemand hat die Absicht, eine Mauer zu errichten"], ["Niemand hat die Absicht, eine Mauer zu errichten"], 100.0),
]
EFFECTIVE_ORDER_CASES = [
    (["a"], ["a"], 100.0),
    ([""], ["reference"], 0.0),
    (["a b c"], ["a b c"], 100.0),
    (["a b c"], ["abc"], 100.0),
    ([""], ["c"], 0.0),
    (["a", "b"], ["a", "c"], 50.0),
    (["aa"], ["ab"], 25.0),
]
SENTENCE_CASES = [
    (
        "Co nás nejvíc trápí, protože lékaři si vybírají, kdo bude žít a kdo zemře.",
        ["Nejvíce smutní jsme z toho, že musíme rozhodovat o tom, kdo bude žít a kdo zemře."],
        39.14078509,
    ),
    (
        "Nebo prostě nemají vybavení, které by jim pomohlo, uvedli lékaři.",
        ["A někdy nemáme ani potřebný materiál, abychom jim pomohli, popsali lékaři."],
        31.22557079,
    ),
    (
        "Lapali po dechu, jejich životy skončily dřív, než skutečně začaly.",
        ["Lapali po dechu a pak jejich život skončil - dřív, než skutečně mohl začít, připomněli."],
        57.15704367,
    ),
]


@pytest.mark.parametrize("hyps, refs, expected", EPS_SMOOTHING_CASES)
def test_sacrebleu_eps_smoothing_cases(hyps: list[str], refs: list[str], expected: float) -> None:
    metric = CHRF(ChrfOptions(beta=3, eps_smoothing=True))
    assert abs(metric.corpus_score(hyps, [refs]).score - expected) < EPSILON


@pytest.mark.parametrize("hyps, refs, expected", EFFECTIVE_ORDER_CASES)
def test_sacrebleu_effective_order_cases(hyps: list[str], refs: list[str], expected: float) -> None:
    assert abs(CHRF(ChrfOptions(beta=3)).corpus_score(hyps, [refs]).score - expected) < EPSILON


@pytest.mark.parametrize("hyp, refs, expected", SENTENCE_CASES)
def test_sacrebleu_sentence_cases(hyp: str, refs: list[str], expected: float) -> None:
    assert abs(CHRF(ChrfOptions(eps_smoothing=True)).sentence_score(hyp, refs).score - expected) < EPSILON


# --- the rest: float32 scores, streaming, explanation ---------------------------------------------


def test_float32_row_scores_are_sacrebleus_bootstrap_arithmetic() -> None:
    hyps, refs = language_corpus(3, "en", 80, 1)
    metric = CHRF(ChrfOptions(word_order=2))
    rows = metric.columns(metric.statistics(hyps, refs))
    sacre = SacreCHRF(word_order=2)
    got = metric.row_scores(rows, float32=True)
    assert got.dtype == np.float32
    expected = [sacre._compute_score_from_stats(row).score for row in rows.astype(np.float32)]
    assert got.tolist() == [float(x) for x in expected]


def test_chunked_file_gives_the_whole_corpus_score(tmp_path: Path) -> None:
    hyps, refs = language_corpus(4, "ko", 300, 2)
    paths = []
    for name, lines in [("hyp", hyps), ("ref1", refs[0]), ("ref2", refs[1])]:
        path = tmp_path / f"{name}.txt"
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        paths.append(path)
    metric = get_metric("chrf", ChrfOptions(word_order=2))
    chunks = list(iter_statistics(paths[0], paths[1:], metric, chunk_lines=37))
    assert len(chunks) == 9
    total = metric.score_from_statistics(sum_statistics(chunks), 2).score
    assert abs(total - SacreCHRF(word_order=2).corpus_score(hyps, refs).score) <= TOLERANCE


def test_explanation_gives_orders_reference_and_occurrences() -> None:
    hyp, refs = "The cat sat on teh mat.", ["the cat is on the mat", "A cat sat on the mat."]
    options = ChrfOptions(word_order=2)
    e = explain_chrf(hyp, refs, options)
    sacre = SacreCHRF(word_order=2)
    per_ref = [sacre.sentence_score(hyp, [r]).score for r in refs]
    assert e.reference_index == per_ref.index(max(per_ref)) == 1
    assert e.reference_scores == pytest.approx(per_ref, abs=TOLERANCE)
    assert abs(e.score.score - sacre.sentence_score(hyp, refs).score) <= TOLERANCE
    unigrams = e.order("char", 1)
    assert (unigrams.hyp_total, unigrams.ref_total) == (len("Thecatsatontehmat."), len("Acatsatonthemat."))
    assert unigrams.precision == unigrams.matched / unigrams.hyp_total
    word2 = e.order("word", 2)
    assert word2.matched == 3  # "cat sat", "sat on", "mat ." of "A cat sat on the mat ."
    occurrences = char_occurrences(hyp, refs[1], 3, options)
    assert len(occurrences) == len("Thecatsatontehmat.") - 2
    assert [o.text for o in occurrences if not o.matched] == ["The", "hec", "eca", "nte", "teh", "ehm", "hma"]
    assert hyp[occurrences[2].start : occurrences[2].end] == "e ca"  # a gram across a removed space
    words = word_occurrences(hyp, refs[1], 1, options)
    assert [w.text for w in words if not w.matched] == ["The", "teh"]


def test_bad_options_are_clear() -> None:
    with pytest.raises(ValueError, match="char_order"):
        ChrfOptions(char_order=-1)
    with pytest.raises(ValueError, match="at least one"):
        ChrfOptions(char_order=0, word_order=0)
    with pytest.raises(ValueError, match="2 hypotheses but 1 lines in reference 1"):
        CHRF().statistics(["a", "b"], [["a"]])


def test_counts_in_small_blocks_equal_one_block(monkeypatch: pytest.MonkeyPatch) -> None:
    """The n-grams of a chunk are sorted a block of segments at a time: any block size, same counts."""
    import bleucore.metrics.chrf.ngrams as ngrams

    hyps, refs = language_corpus(12, "zh", 300, 2)
    whole = CHRF(ChrfOptions(word_order=2)).statistics(hyps, refs).rows
    monkeypatch.setattr(ngrams, "BLOCK", 64)
    blocks = CHRF(ChrfOptions(word_order=2)).statistics(hyps, refs).rows
    assert np.array_equal(whole, blocks)
    assert blocks.tolist() == SacreCHRF(word_order=2)._extract_corpus_statistics(hyps, refs)


def test_large_alphabets_take_the_renumbering_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Thousands of distinct characters do not fit six to an int64: n-grams are renumbered."""
    import random

    import bleucore.metrics.chrf.ngrams as ngrams

    rng = random.Random(8)
    chars = [chr(0xAC00 + k) for k in range(3000)] + list("abc ")

    def line() -> str:
        return "".join(rng.choice(chars[:40] if rng.random() < 0.6 else chars) for _ in range(rng.randint(0, 40)))

    hyps = [line() for _ in range(200)]
    refs = [[h[: len(h) // 2] + line() for h in hyps], [line() for _ in hyps]]
    monkeypatch.setattr(ngrams, "BLOCK", 256)
    ours = CHRF(ChrfOptions(word_order=2, whitespace=True)).statistics(hyps, refs).rows.tolist()
    assert ours == SacreCHRF(word_order=2, whitespace=True)._extract_corpus_statistics(hyps, refs)


@pytest.mark.parametrize("sorted_chars", [0, 10**9], ids=["table of code points", "sorted characters"])
def test_both_ways_of_numbering_characters_give_sacrebleus_counts(
    sorted_chars: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A few characters (a sentence) are numbered by sorting them, many (a corpus) through a table of every code point
    (issue 40: the table took 40% of an Explore edit); either way on any input, sacreBLEU's statistics."""
    import bleucore.metrics.chrf.ngrams as ngrams

    monkeypatch.setattr(ngrams, "_SORTED_CHARS", sorted_chars)
    for language in LANGUAGES:
        hyps, refs = language_corpus(5, language, 40, 2)
        ours = CHRF(ChrfOptions(word_order=2)).statistics(hyps, refs).rows.tolist()
        assert ours == SacreCHRF(word_order=2)._extract_corpus_statistics(hyps, refs), language
    assert CHRF().statistics(["🙂 a"], [["🙂 b"]]).rows.tolist() == SacreCHRF()._extract_corpus_statistics(
        ["🙂 a"], [["🙂 b"]]
    )
