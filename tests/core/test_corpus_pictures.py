"""The numbers behind Corpus's chrF and TER pictures: per-order P, R and F from the corpus totals, and the edits
by type, agree with sacreBLEU 2.6's corpus scores on generated corpora (one to three references, Korean too)."""

from __future__ import annotations

import random

import pytest
from sacrebleu.metrics import CHRF as SacreCHRF
from sacrebleu.metrics import TER as SacreTER

from bleucore.metrics import get_metric
from bleucore.metrics.chrf import ChrfOptions, chrf_orders
from bleucore.metrics.ter import TerOptions, ter_edit_counts

WORDS = ["the", "cat", "sat", "on", "a", "mat", ".", "나는", "학교에", "갔다", "오늘", "Dog", "dog", ","]


def corpus(seed: int, lines: int, nrefs: int) -> tuple[list[str], list[list[str]]]:
    rng = random.Random(seed)

    def line() -> str:
        return " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 9)))

    return [line() for _ in range(lines)], [[line() for _ in range(lines)] for _ in range(nrefs)]


@pytest.mark.parametrize("seed", range(12))
def test_chrf_orders_average_to_sacrebleus_corpus_chrf(seed: int) -> None:
    hyps, refs = corpus(seed, 25, 1 + seed % 3)
    options = ChrfOptions(char_order=6, word_order=seed % 3, beta=2)
    score = get_metric("chrf", options).corpus_score(hyps, refs)
    orders = chrf_orders(score.statistics, options)
    assert len(orders) == options.char_order + options.word_order
    sacre = SacreCHRF(word_order=options.word_order).corpus_score(hyps, refs).score
    assert score.score == pytest.approx(sacre, abs=1e-9)
    for row in orders:
        assert row.precision == pytest.approx(row.matched / row.hyp_total if row.hyp_total else 0.0)
        assert row.recall == pytest.approx(row.matched / row.ref_total if row.ref_total else 0.0)
    totals = [sum(score.statistics[3 * i + k] for i in range(len(orders))) for k in range(3)]
    assert totals == [
        sum(r.hyp_total for r in orders),
        sum(r.ref_total for r in orders),
        sum(r.matched for r in orders),
    ]


@pytest.mark.parametrize("seed", range(12))
def test_ter_edits_by_type_sum_to_sacrebleus_corpus_ter(seed: int) -> None:
    hyps, refs = corpus(100 + seed, 25, 1 + seed % 3)
    options = TerOptions(normalized=seed % 2 == 0, case_sensitive=seed % 3 == 0)
    counts = ter_edit_counts(hyps, refs, options)
    sacre = SacreTER(normalized=options.normalized, case_sensitive=options.case_sensitive).corpus_score(hyps, refs)
    assert counts.edits == pytest.approx(sacre.num_edits) and counts.ref_length == pytest.approx(sacre.ref_length)
    assert counts.score == pytest.approx(sacre.score, abs=1e-9)
    assert min(counts.insertions, counts.deletions, counts.substitutions, counts.shifts) >= 0
    assert get_metric("ter", options).corpus_score(hyps, refs).score == pytest.approx(counts.score, abs=1e-9)


def test_ter_edit_counts_reject_streams_of_another_length() -> None:
    with pytest.raises(ValueError, match="as many lines"):
        ter_edit_counts(["a b"], [["a b", "c"]])
