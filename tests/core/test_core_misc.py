"""Signature, statistics arithmetic, corpus vs sentence BLEU, variants, diagnosis and input checks."""

import subprocess
import sys

import numpy as np
import pytest

from bleucore import (
    BleuOptions,
    __version__,
    corpus_bleu,
    corpus_statistics,
    explain,
    score_statistics,
    sentence_bleu,
    sentence_bleus,
)
from bleucore.metrics.bleu import messages as msg
from bleucore.metrics.bleu.stats import Statistics
from tests.conftest import ROOT
from tests.generators import random_corpus
from tests.golden_examples import CA1, CA2, REFS_1
from ui.metrics.bleu.wording import describe


def test_bleucore_imports_no_ui_library():
    code = (
        "import importlib, pkgutil, sys, bleucore\n"
        "for m in pkgutil.iter_modules(bleucore.__path__):\n"
        "    if m.name != '__main__': importlib.import_module('bleucore.' + m.name)\n"
        "print(sorted(m for m in ('streamlit', 'pandas', 'altair') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_signature_names_every_option_that_changes_the_number():
    options = BleuOptions(
        tokenize="none",
        lowercase=True,
        weights=(0.5, 0.3, 0.2),
        smooth_method="floor",
        smooth_value=0.2,
        effective_order=True,
        ref_length="shortest",
        variant="simplified",
    )
    sig = sentence_bleu("a b c", ["a b c"], options).signature
    for part in (
        "nrefs:1",
        "case:lc",
        "eff:yes",
        "tok:none",
        "smooth:floor-0.2",
        "order:3",
        "weights:0.5,0.3,0.2",
        "reflen:shortest",
        "variant:simplified",
        f"version:{__version__}",
    ):
        assert part in sig.split("|"), (part, sig)


def test_corpus_bleu_sums_statistics_and_is_not_the_mean_of_sentence_bleu():
    hyps, refs = random_corpus(3, segments=50, nrefs=2)
    options = BleuOptions()
    stats = corpus_statistics(hyps, refs, options)
    total = stats.total()
    assert total.matches[0].tolist() == stats.matches.sum(axis=0).tolist()
    corpus = corpus_bleu(hyps, refs, options)
    assert corpus.counts == tuple(total.matches[0].tolist())
    mean_sentence = np.mean([s.score for s in sentence_bleus(hyps, refs, options)])
    assert abs(corpus.score - mean_sentence) > 0.1


def test_chunks_combine_by_summing():
    hyps, refs = random_corpus(4, segments=60, nrefs=1)
    options = BleuOptions()
    whole = corpus_statistics(hyps, refs, options)
    parts = [corpus_statistics(hyps[i : i + 25], [r[i : i + 25] for r in refs], options) for i in range(0, 60, 25)]
    joined = Statistics.concatenate(parts)
    assert score_statistics(joined, options, 1) == score_statistics(whole, options, 1)
    assert score_statistics(whole.take([3, 3, 7]), options).sys_len == 2 * whole.hyp_len[3] + whole.hyp_len[7]


def test_lower_n_reuses_a_prefix_of_the_statistics():
    stats = corpus_statistics([CA1], [[r] for r in REFS_1], BleuOptions(tokenize="none"))
    two = stats.orders(2)
    assert two.matches.tolist() == [[17, 10]]
    with pytest.raises(ValueError, match=r"orders 1\.\.4"):
        stats.orders(5)


def test_reference_length_rules():
    refs = ["a b", "a b c d e f", "a b c d"]
    rules = {
        rule: sentence_bleu("a b c", refs, BleuOptions(tokenize="none", ref_length=rule)).ref_len
        for rule in ("closest", "shortest", "average")
    }
    assert rules == {"closest": 2.0, "shortest": 2.0, "average": 4.0}
    assert sentence_bleu("a b c d e", refs, BleuOptions(tokenize="none")).ref_len == 4.0


@pytest.mark.parametrize(
    "hyps, refs, message",
    [
        (["a", "b"], [["a"]], "2 hypotheses but 1 lines in reference 1"),
        (["a"], [["a"], ["a", "b"]], "1 hypotheses but 2 lines in reference 2"),
        (["a"], [], "at least 1 reference"),
        ("a", [["a"]], "one string"),
    ],
)
def test_corpus_input_errors_name_the_counts(hyps, refs, message):
    with pytest.raises(ValueError, match=message):
        corpus_bleu(hyps, refs)


def test_sentence_needs_a_reference():
    with pytest.raises(ValueError, match="at least 1 reference"):
        sentence_bleu("a", [])
    with pytest.raises(ValueError, match="one string"):
        explain("a", "a")


def test_variants_explain_the_ca2_contrast():
    result = explain(CA2, REFS_1, BleuOptions(tokenize="none", smooth_method="none"))
    rows = {v.label: v for v in result.variants()}
    assert rows["standard"].score == 0.0 == result.score.score
    assert abs(rows["tutorial"].score - 39.692877231857493) < 1e-9
    assert isinstance(rows["tutorial"].note, msg.SkipsZeroPrecisions) and rows["tutorial"].note.orders == (3, 4)
    assert "(order 3, 4)" in describe(rows["tutorial"].note)
    assert rows["exp"].score > 0 and rows["nltk-method6"].score is None
    assert rows["nltk-method6"].note == msg.NotDefined(msg.Method6NeedsTrigramMatch())
    assert describe(rows["nltk-method6"].note).startswith("Not defined here: nltk-method6 needs")
    assert len([v for v in rows.values() if v.family == "smoothing"]) == 12
    assert len(result.totals) == 5  # NLTK's method 5 reads p_5 even for N = 4


def test_score_to_dict_has_sacrebleu_keys_and_format_line():
    score = sentence_bleu(CA1, REFS_1, BleuOptions(tokenize="none", smooth_method="none"))
    d = score.to_dict()
    for key in ("score", "counts", "totals", "precisions", "bp", "sys_len", "ref_len", "signature"):
        assert key in d
    assert d["ref_len"] == 18 and isinstance(d["ref_len"], int)
    assert score.format() == "BLEU = 50.46 94.4/58.8/43.8/26.7 (BP = 1.000 ratio = 1.000 hyp_len = 18 ref_len = 18)"
