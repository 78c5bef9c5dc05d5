"""A None reference (a variable number of references per segment) is skipped per segment, as sacreBLEU 2.6."""

from __future__ import annotations

import random

import pytest
from sacrebleu.metrics import BLEU, CHRF, TER

from bleucore import BleuOptions, corpus_bleu, sentence_bleus
from bleucore.metrics import get_metric
from bleucore.metrics.chrf import ChrfOptions
from tests.generators import random_corpus


def _holes(streams: list[list[str]], seed: int) -> list[list[str | None]]:
    """Replace about a third of the lines of every stream but the first by None (each segment keeps one)."""
    rng = random.Random(seed)
    return [list(streams[0]), *[[None if rng.random() < 0.35 else line for line in s] for s in streams[1:]]]


@pytest.mark.parametrize("tokenize", ["13a", "none", "char"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_corpus_bleu_with_none_references_equals_sacrebleu(tokenize, seed):
    hyps, streams = random_corpus(seed, 120, 3)
    refs = _holes(streams, seed)
    theirs = BLEU(tokenize=tokenize)
    expected = theirs.corpus_score(hyps, refs)
    ours = corpus_bleu(hyps, refs, BleuOptions(tokenize=tokenize))  # type: ignore[arg-type]
    assert ours.score == pytest.approx(expected.score, abs=1e-9)
    assert list(ours.counts) == expected.counts and list(ours.totals) == expected.totals
    assert ours.ref_len == expected.ref_len
    assert ours.signature.startswith("nrefs:var|")
    assert str(theirs.get_signature()).startswith("nrefs:var|")


def test_sentence_bleus_skip_none_per_segment():
    hyps = ["the cat sat on the mat", "a dog runs", "hello world there"]
    r1: list[str | None] = ["the cat sat on a mat", None, "hello world"]
    r2: list[str | None] = ["a cat sat on the mat", "the dog runs fast", "hello there world"]
    ours = [s.score for s in sentence_bleus(hyps, [r1, r2])]  # type: ignore[list-item]
    theirs = [
        BLEU(effective_order=True).sentence_score(h, [r for r in (a, b) if r is not None]).score
        for h, a, b in zip(hyps, r1, r2)
    ]
    assert ours == pytest.approx(theirs, abs=1e-9)


def test_none_in_every_stream_of_a_segment_is_an_error():
    with pytest.raises(ValueError, match="segment 2 has no reference"):
        corpus_bleu(["a b", "c d"], [["a b", None], ["a c", None]])  # type: ignore[list-item]


def test_same_count_everywhere_gives_that_count():
    hyps = ["a b c d e", "f g h i j"]
    score = corpus_bleu(hyps, [[hyps[0], None], [None, hyps[1]]])  # type: ignore[list-item]
    assert score.signature.startswith("nrefs:1|") and score.score == 100.0


@pytest.mark.parametrize(
    ("name", "options", "theirs"),
    [("chrf", None, CHRF()), ("chrf", ChrfOptions(word_order=2), CHRF(word_order=2)), ("ter", None, TER())],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_chrf_and_ter_skip_none_references_as_sacrebleu(name, options, theirs, seed):
    """chrF picks each segment's best reference and TER its fewest edits among the references given (sacreBLEU
    2.6 skips a None one); the signature says nrefs:var."""
    hyps, streams = random_corpus(seed, 60, 3)
    refs = _holes(streams, seed)
    assert any(None in stream for stream in refs)
    ours = get_metric(name, options).corpus_score(hyps, refs)
    assert ours.score == pytest.approx(theirs.corpus_score(hyps, refs).score, abs=1e-9)
    assert "nrefs:var" in theirs.get_signature().format() and "nrefs:var" in ours.signature


@pytest.mark.parametrize("name", ["bleu", "chrf", "ter"])
def test_a_segment_whose_every_reference_is_none_is_named(name):
    """sacreBLEU 2.6 fails there with an IndexError, a ZeroDivisionError or a TypeError; bleucore names the segment."""
    with pytest.raises(ValueError, match="segment 2 has no reference: every reference line of it is None"):
        get_metric(name).corpus_score(["a b c", "d e"], [["a b c", None], ["a b", None]])
