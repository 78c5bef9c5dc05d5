"""bleucore.buckets against compare-mt 0.2.10 (bucket names, members, word counts and measures, its BLEU) and
against sacreBLEU 2.6 (each bucket's score), on generated corpora; the bootstrap against a plain loop."""

from __future__ import annotations

import math

import numpy as np
import pytest
import sacrebleu
from compare_mt import bucketers, scorers

from bleucore.buckets import (
    FREQUENCY_CUTOFFS,
    LENGTH_CUTOFFS,
    MIN_TESTED_LINES,
    BucketSettings,
    bucket_index,
    bucket_names,
    frequency_buckets,
    id_word_statistics,
    label_buckets,
    length_buckets,
    word_counts,
    word_statistics,
)
from bleucore.metrics import get_metric
from bleucore.metrics.chrf import ChrfOptions
from bleucore.tokenizers import TokenEncoder, tokenize_lines
from bleucore.tools import compare_mt_bleu
from devtools.corpora import tokenized_corpus

SEEDS = range(4)
EPSILON = 1e-9


def _tokens(lines: list[str]) -> list[list[str]]:
    return [line.strip().split(" ") for line in lines]  # compare-mt's corpus_utils.load_tokens


def _metrics() -> list:
    return [get_metric("bleu"), get_metric("chrf"), get_metric("chrf", ChrfOptions(word_order=2)), get_metric("ter")]


def _sacrebleu_score(label: str, hyps: list[str], refs: list[str]) -> float:
    scorer = {
        "BLEU": sacrebleu.BLEU(),
        "chrF2": sacrebleu.CHRF(),
        "chrF2++": sacrebleu.CHRF(word_order=2),
        "TER": sacrebleu.TER(),
    }
    return scorer[label].corpus_score(hyps, [refs]).score


def test_bucket_names_are_compare_mts() -> None:
    assert bucket_names(LENGTH_CUTOFFS) == tuple(bucketers.LengthSentenceBucketer().bucket_strs)
    assert bucket_names(FREQUENCY_CUTOFFS) == tuple(bucketers.FreqWordBucketer(freq_counts={"x": 1}).bucket_strs)
    assert bucket_names((2, 3, 7)) == ("<2", "2", "[3,7)", ">=7")
    with pytest.raises(ValueError, match="increasing"):
        bucket_names((3, 3))


@pytest.mark.parametrize("seed", SEEDS)
def test_length_buckets_hold_compare_mts_segments_and_sacrebleus_scores(seed: int) -> None:
    outs, ref = tokenized_corpus(seed, 120, 2)
    systems = {"A": outs[0], "B": outs[1]}
    analysis = length_buckets(systems, [ref], _metrics(), settings=BucketSettings(100, tokenize="none"))
    bucketer = bucketers.LengthSentenceBucketer()
    assert [b.name for b in analysis.buckets] == bucketer.bucket_strs
    bleu_scorer = scorers.BleuScorer()
    for k, name in enumerate(systems):
        corpus = bucketer.create_bucketed_corpus(_tokens(outs[k]), ref=_tokens(ref))
        for bucket, (their_outs, their_refs, _) in zip(analysis.buckets, corpus):
            members = list(bucket.segments)
            assert [_tokens([outs[k][i]])[0] for i in members] == their_outs
            assert bucket.size == len(their_refs)
            # compare-mt's own BLEU of the bucket, reproduced by bleucore.tools
            ours_cmt = compare_mt_bleu(_tokens([ref[i] for i in members]), _tokens([outs[k][i] for i in members]))
            assert math.isclose(ours_cmt, bleu_scorer.score_corpus(their_refs, their_outs)[0], abs_tol=EPSILON)
            for label in analysis.metrics:
                value = analysis.value(bucket.name, name, label).value
                if not members:
                    assert value is None
                    continue
                expected = _sacrebleu_score(label, [outs[k][i] for i in members], [ref[i] for i in members])
                assert value == pytest.approx(expected, abs=EPSILON), (bucket.name, name, label)
    assert analysis.metrics == ("BLEU", "chrF2", "chrF2++", "TER"), "chrF++ is bucketed on its own"
    assert any(b.size for b in analysis.buckets[-1:]), "the generator reaches the last length bucket"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("training", [False, True])
def test_word_frequency_buckets_equal_compare_mts(seed: int, training: bool, tmp_path) -> None:
    outs, ref = tokenized_corpus(seed, 150, 3)
    systems = {f"sys{k + 1}": out for k, out in enumerate(outs)}
    train_lines = tokenized_corpus(seed + 100, 300, 0)[1] if training else None
    analysis = frequency_buckets(systems, [ref], training=train_lines, settings=BucketSettings(50, tokenize="none"))
    if training:
        path = tmp_path / "train.txt"
        path.write_text("\n".join(train_lines) + "\n", encoding="utf-8")
        bucketer = bucketers.FreqWordBucketer(freq_corpus_file=str(path))
    else:
        bucketer = bucketers.FreqWordBucketer(freq_data=_tokens(ref))
    statistics, *_ = bucketer.calc_statistics(_tokens(ref), [_tokens(o) for o in outs])
    assert [b.name for b in analysis.buckets] == bucketer.bucket_strs
    filled = 0
    for k, name in enumerate(systems):
        for bucket, (_, ref_total, _, rec, prec, fmeas) in zip(analysis.buckets, statistics[k]):
            assert bucket.size == ref_total
            if ref_total == 0:  # no reference word of this frequency: no data (compare-mt prints 0.0000)
                assert analysis.value(bucket.name, name, "fmeas").value is None
                continue
            filled += 1
            assert analysis.value(bucket.name, name, "rec").value == pytest.approx(rec, abs=1e-12)
            assert analysis.value(bucket.name, name, "prec").value == pytest.approx(prec, abs=1e-12)
            assert analysis.value(bucket.name, name, "fmeas").value == pytest.approx(fmeas, abs=1e-12)
    assert filled >= 3 * 6, "most frequency buckets have words"


@pytest.mark.parametrize("seed", SEEDS)
def test_label_buckets_hold_compare_mts_segments(seed: int) -> None:
    outs, ref = tokenized_corpus(seed, 90, 2)
    rng = np.random.default_rng(seed)
    labels = [str(rng.choice(["news", "talks", "사용자", ""])) for _ in ref]
    analysis = label_buckets({"A": outs[0], "B": outs[1]}, [ref], labels, _metrics(), settings=BucketSettings(40))
    names = [b.name for b in analysis.buckets]
    assert set(names) <= {"news", "talks", "사용자", "other"}
    label_set = [n for n in names if n != "other"]
    bucketer = bucketers.LabelSentenceBucketer(label_set=label_set)
    corpus = bucketer.create_bucketed_corpus(_tokens(outs[0]), ref=_tokens(ref), ref_labels=[[x] for x in labels])
    by_name = dict(zip(bucketer.bucket_strs, corpus))
    for bucket in analysis.buckets:
        assert [_tokens([outs[0][i]])[0] for i in bucket.segments] == by_name[bucket.name][0]
        hyps = [outs[0][i] for i in bucket.segments]
        for label in analysis.metrics:
            expected = _sacrebleu_score(label, hyps, [ref[i] for i in bucket.segments])
            assert analysis.value(bucket.name, "A", label).value == pytest.approx(expected, abs=EPSILON), label
        assert bucket.size == len(bucket.segments)


def test_bucket_bootstrap_is_the_paired_draw_of_the_whole_test_set() -> None:
    """Interval and p-value recomputed with a plain loop over the same draws (sacreBLEU's stream)."""
    outs, ref = tokenized_corpus(7, 120, 2)
    n = 60
    metric = get_metric("bleu")
    analysis = length_buckets({"A": outs[0], "B": outs[1]}, [ref], [metric], settings=BucketSettings(n, 3, "none"))
    draws = np.random.default_rng(3).choice(len(ref), size=(n, len(ref)), replace=True)
    for bucket in analysis.buckets:
        members = set(bucket.segments)
        if not members:
            continue
        per_system = []
        for out in outs:
            scores = []
            for row in draws:
                picked = [i for i in row if i in members]
                scores.append(
                    sacrebleu.corpus_bleu([out[i] for i in picked], [[ref[i] for i in picked]]).score if picked else 0.0
                )
            per_system.append(np.array(scores))
        a_value, b_value = analysis.value(bucket.name, "A", "BLEU"), analysis.value(bucket.name, "B", "BLEU")
        ordered = np.sort(per_system[1])
        assert b_value.ci == pytest.approx((ordered[int(n * 0.025)], ordered[int(n * 0.975)]), abs=1e-6)
        diffs = np.abs(per_system[1] - per_system[0])
        observed = abs(b_value.value - a_value.value)
        expected_p = (np.sum(diffs - diffs.mean() > observed) + 1) / (n + 1)
        if len(members) < MIN_TESTED_LINES:  # the numbers, but no test
            assert b_value.p_value is None and not b_value.tested and not b_value.significant()
            assert b_value.to_dict()["tested"] is False and b_value.delta is not None
        else:
            assert b_value.p_value == pytest.approx(expected_p) if observed else b_value.p_value == 1.0
            assert b_value.tested and b_value.to_dict()["tested"] is True
        assert a_value.p_value is None and a_value.delta is None
    sizes = [len(b.segments) for b in analysis.buckets]
    assert min(sizes) < MIN_TESTED_LINES <= max(sizes)  # both kinds of bucket were checked


def test_a_system_identical_to_the_baseline_differs_nowhere() -> None:
    outs, ref = tokenized_corpus(2, 150, 1)
    analysis = length_buckets(
        {"A": outs[0], "copy": list(outs[0])}, [ref], _metrics(), settings=BucketSettings(80, tokenize="none")
    )
    copies = [v for v in analysis.values if v.system == "copy" and v.value is not None]
    assert copies and all(v.delta == 0.0 and not v.significant() for v in copies)
    assert all(v.p_value == (1.0 if v.tested else None) for v in copies) and any(v.tested for v in copies)
    words = frequency_buckets(
        {"A": outs[0], "copy": list(outs[0])}, [ref], settings=BucketSettings(30, tokenize="none")
    )
    assert all(not v.significant() for v in words.values)


def test_empty_buckets_are_no_data_records() -> None:
    analysis = length_buckets(
        {"A": ["a b c"], "B": ["a b"]}, [["a b c"]], [get_metric("bleu")], settings=BucketSettings(20)
    )
    records = {r["bucket"]: r for r in analysis.records() if r["system"] == "B"}
    assert records["<10"]["value"] == pytest.approx(sacrebleu.corpus_bleu(["a b"], [["a b c"]]).score)
    assert records[">=60"] == {
        "analysis": "length",
        "bucket": ">=60",
        "system": "B",
        "metric": "BLEU",
        "value": None,
        "ci": None,
        "p_value": None,
        "delta": None,
        "tested": False,
        "size": 0,
    }
    assert list(records[">=60"])[:6] == ["analysis", "bucket", "system", "metric", "value", "ci"]
    assert records["<10"]["size"] == 1


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: label_buckets({"A": ["x", "y"]}, [["x", "y"]], ["a"], [get_metric("bleu")]), "labels file has 1 line"),
        (
            lambda: label_buckets(
                {"A": ["x"] * 300}, [["x"] * 300], [str(i) for i in range(300)], [get_metric("bleu")]
            ),
            "300 distinct labels; at most 200",
        ),
        (lambda: length_buckets({"A": ["x"]}, [["x", "y"]], [get_metric("bleu")]), "system A has 1 line but"),
        (lambda: length_buckets({}, [["x"]], [get_metric("bleu")]), "no system"),
        (lambda: length_buckets({"A": ["x"]}, [["x"]], [get_metric("bleu")], baseline="Z"), "baseline 'Z'"),
        (lambda: length_buckets({"A": ["x"]}, [["x"]], [get_metric("bleu")], settings=BucketSettings(0)), "resamples"),
        (lambda: frequency_buckets({"A": ["x"]}, [["x"]], training=["y" * 1_000_001]), "training corpus"),
        (lambda: frequency_buckets({"A": []}, [[]]), "at least 1 segment"),
        (
            lambda: frequency_buckets({"A": ["x"]}, [["x"]], training=["ok", "\x00\x01\x02"]),
            r"the training corpus looks like a binary file \(a NUL character on line 2\)",
        ),
        (
            lambda: label_buckets({"A": ["x"]}, [["x"]], ["a\x00b"], [get_metric("bleu")]),
            r"the labels file looks like a binary file \(a NUL character on line 1\)",
        ),
    ],
)
def test_bad_input_is_a_value_error_naming_it(call, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize(("tokenize", "lowercase"), [("13a", False), ("13a", True), ("none", False)])
def test_word_statistics_of_token_ids_equal_the_rules_written_per_sentence(tokenize: str, lowercase: bool) -> None:
    """``id_word_statistics`` (numpy sorts over token ids, what the report runs) counts what ``word_statistics``
    counts a sentence at a time, empty lines and repeated words included."""
    outs, ref = tokenized_corpus(9, 200, 3)
    ref[3], outs[0][5], outs[1][7] = "", "", "The the THE the ."
    encoder = TokenEncoder(tokenize, lowercase)
    reference = encoder.encode(ref)
    encoded = [encoder.encode(out) for out in outs]
    ref_words = tokenize_lines(ref, tokenize, lowercase)
    counts = word_counts(ref_words)
    word_bucket = bucket_index([counts.get(w, 0) for w in encoder.vocabulary], FREQUENCY_CUTOFFS)
    for out, ids in zip(outs, encoded):
        expected = word_statistics(ref_words, tokenize_lines(out, tokenize, lowercase), counts, FREQUENCY_CUTOFFS)
        got = id_word_statistics(reference, ids, np.asarray(word_bucket, dtype=np.int64), len(FREQUENCY_CUTOFFS) + 1)
        assert got.dtype == np.int64 and np.array_equal(got, expected)
