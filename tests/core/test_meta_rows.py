"""The meta-evaluation's rows on generated systems (issue 38): sentence BLEU, chrF and TER are sacreBLEU 2.6's
sentence scores with their defaults; the agreement rows are a direct count of same-sign sentence differences; the
correlations with a human judgement equal scipy's ``pearsonr`` and ``kendalltau`` and a direct count of pairs, lower-
is-better values negated first; soft pairwise accuracy and acc_eq equal their formulas written out
(``tests/meta_formulas.py``) on the same oriented segment scores; a bad ``human`` is a typed error; the disagreement
examples carry what a page draws."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
import sacrebleu
from scipy import stats

from bleucore.meta_evaluation import (
    MIN_SYSTEMS,
    DisagreementExample,
    TooFewSystems,
    UnknownHuman,
    agreement_rows,
    difference_scale,
    disagreement_examples,
    human_rows,
    metric_values,
    sentence_metric,
)
from bleucore.meta_evaluation.evaluate import evaluate_metrics
from bleucore.metrics import get_metric, imported_metric
from bleucore.metrics.bleu.options import BleuOptions
from bleucore.metrics.imported import ErrorSpan, SegmentScores
from tests import meta_formulas
from tests.generators import perturb, random_corpus

EPSILON = 1e-9
BUILTIN = ("bleu", "chrf", "ter")


def corpus(seed: int, systems: int, segments: int) -> tuple[dict[str, list[str]], list[list[str]]]:
    """``systems`` outputs of one reference stream, each line a perturbed copy (some lines left equal to the
    baseline's, so that a difference is sometimes zero)."""
    _hyps, refs = random_corpus(seed, segments, 1)
    rng = random.Random(seed)
    out: dict[str, list[str]] = {"base": [perturb(rng, r) for r in refs[0]]}
    for k in range(1, systems):
        out[f"sys{k}"] = [b if rng.random() < 0.2 else perturb(rng, r) for b, r in zip(out["base"], refs[0])]
    return out, refs


def scores(rng: random.Random, systems: dict[str, list[str]], levels: int | None = None) -> dict[str, list[float]]:
    """A made-up imported metric: continuous, or ``levels`` distinct values (ties)."""
    return {
        name: [float(rng.randrange(levels)) if levels else rng.random() for _ in lines]
        for name, lines in systems.items()
    }


def sacrebleu_sentences(name: str, hyps: list[str], refs: list[list[str]]) -> list[float]:
    function = {"bleu": sacrebleu.sentence_bleu, "chrf": sacrebleu.sentence_chrf, "ter": sacrebleu.sentence_ter}[name]
    return [function(h, [stream[i] for stream in refs]).score for i, h in enumerate(hyps)]


def sacrebleu_corpus(name: str, hyps: list[str], refs: list[list[str]]) -> float:
    function = {"bleu": sacrebleu.corpus_bleu, "chrf": sacrebleu.corpus_chrf, "ter": sacrebleu.corpus_ter}[name]
    return float(function(hyps, refs).score)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("name", BUILTIN)
def test_sentence_values_are_sacrebleus_sentence_scores(seed: int, name: str) -> None:
    systems, refs = corpus(seed, 2, 60)
    values = metric_values(get_metric(name), systems, refs)
    for system, hyps in systems.items():
        assert values.segments[system] == pytest.approx(sacrebleu_sentences(name, hyps, refs), abs=EPSILON)
        assert values.corpus[system] == pytest.approx(sacrebleu_corpus(name, hyps, refs), abs=EPSILON)


def test_sentence_bleu_uses_sacrebleus_sentence_bleu_defaults() -> None:
    sentence = sentence_metric(get_metric("bleu", BleuOptions(tokenize="intl")))
    assert (sentence.options.smooth_method, sentence.options.effective_order) == ("exp", True)
    assert sentence.options.tokenize == "intl"  # what the statistics were counted with
    # an NLTK smoothing (method 6 cannot score a line without a trigram match) gives way to sentence_bleu's
    nltk = sentence_metric(get_metric("bleu", BleuOptions(smooth_method="nltk-method6")))
    assert (nltk.options.smooth_method, nltk.options.smooth_value, nltk.options.effective_order) == ("exp", None, True)
    chrf = get_metric("chrf")
    assert sentence_metric(chrf) is chrf
    systems = {"base": ["a b", "the cat sat on the mat"], "sys": ["a c", "the cat sat on a mat"]}
    refs = ["a b", "the cat sat on the mat"]  # line 1 has no trigram: NLTK's method 6 cannot score it alone
    values = metric_values(get_metric("bleu", BleuOptions(smooth_method="nltk-method6")), systems, [refs])
    assert values.segments["base"].tolist() == [
        sacrebleu.sentence_bleu(h, [r]).score for h, r in zip(systems["base"], refs)
    ]


@pytest.mark.parametrize("seed", range(6))
def test_agreement_is_a_direct_count_on_sacrebleus_sentence_scores(seed: int) -> None:
    systems, refs = corpus(seed, 4, 80)
    rng = random.Random(100 + seed)
    lower = seed % 2 == 1  # every other seed the imported metric is an error score (MetricX)
    comet = imported_metric("COMET", scores(rng, systems, levels=4), higher_is_better=not lower)
    metrics = [get_metric(name) for name in BUILTIN] + [comet]
    values = [metric_values(m, systems, refs) for m in metrics]
    rows = agreement_rows(values, "base")
    assert [(r.metric, r.versus, r.system) for r in rows] == [
        ("COMET", label, system) for label in ("BLEU", "chrF2", "TER") for system in ("sys1", "sys2", "sys3")
    ]
    for row in rows:
        name = {"BLEU": "bleu", "chrF2": "chrf", "TER": "ter"}[row.versus]
        ours = sacrebleu_sentences(name, systems[row.system], refs)
        theirs = sacrebleu_sentences(name, systems["base"], refs)
        lexical = [(a - b) * (-1 if name == "ter" else 1) for a, b in zip(ours, theirs)]
        learned = [
            (a - b) * (-1 if lower else 1) for a, b in zip(comet.scores[row.system].values, comet.scores["base"].values)
        ]
        both = [(x, y) for x, y in zip(lexical, learned) if x != 0 and y != 0]
        assert row.size == len(both)
        assert row.value == (sum((x > 0) == (y > 0) for x, y in both) / len(both) if both else None)
        assert row.to_dict() == {
            "analysis": "agreement",
            "bucket": "all",
            "system": row.system,
            "metric": "COMET",
            "versus": row.versus,
            "value": row.value,
            "size": row.size,
        }


def _pairwise(metric: list[float], human: list[float]) -> float:
    pairs = list(itertools.combinations(range(len(human)), 2))

    def order(v: list[float], i: int, j: int) -> int:
        return (v[i] > v[j]) - (v[i] < v[j])

    return sum(order(metric, i, j) == order(human, i, j) for i, j in pairs) / len(pairs)


@pytest.mark.parametrize("seed", range(6))
def test_correlations_with_people_equal_scipys_and_a_direct_count(seed: int) -> None:
    systems, refs = corpus(seed, 3 + seed, 40)
    rng = random.Random(200 + seed)
    human_lower = seed % 3 == 2  # an MQM-like error score
    human = imported_metric("MQM", scores(rng, systems, levels=None if seed % 2 else 6), not human_lower)
    comet = imported_metric("COMET", scores(rng, systems))
    metrics = [get_metric(name) for name in BUILTIN] + [comet, human]
    rows = human_rows([metric_values(m, systems, refs) for m in metrics], "MQM")
    names = list(systems)
    sign = -1.0 if human_lower else 1.0
    people_corpus = [sign * float(np.mean(human.scores[s].values)) for s in names]
    people_segments = [sign * v for s in names for v in human.scores[s].values.tolist()]
    assert [(r.metric, r.level) for r in rows] == [
        (label, level) for label in ("BLEU", "chrF2", "TER", "COMET") for level in ("system", "segment")
    ]
    for row in rows:
        if row.metric == "COMET":
            corpus_values = [float(np.mean(comet.scores[s].values)) for s in names]
            segment_values = [v for s in names for v in comet.scores[s].values.tolist()]
        else:
            name = {"BLEU": "bleu", "chrF2": "chrf", "TER": "ter"}[row.metric]
            flip = -1.0 if name == "ter" else 1.0
            corpus_values = [flip * sacrebleu_corpus(name, systems[s], refs) for s in names]
            segment_values = [flip * v for s in names for v in sacrebleu_sentences(name, systems[s], refs)]
        per_system = [segment_values[k * 40 : (k + 1) * 40] for k in range(len(names))]
        people = [people_segments[k * 40 : (k + 1) * 40] for k in range(len(names))]
        if row.level == "system":
            assert row.size == len(names)
            assert row.pearson == pytest.approx(stats.pearsonr(corpus_values, people_corpus).statistic, abs=EPSILON)
            assert row.kendall == pytest.approx(stats.kendalltau(corpus_values, people_corpus).statistic, abs=EPSILON)
            assert row.pairwise_accuracy == pytest.approx(_pairwise(corpus_values, people_corpus), abs=EPSILON)
            assert set(row.to_dict()) == {
                "analysis",
                "metric",
                "versus",
                "level",
                "pearson",
                "kendall",
                "pairwise_accuracy",
                "soft_pairwise_accuracy",
                "size",
            }
            assert row.spa is not None and row.spa.systems == tuple(names)
            # float32 sums of sentence scores may round a permuted difference to the observed one either way
            assert row.spa.value == pytest.approx(meta_formulas.soft_pairwise(people, per_system), abs=2e-3)
            assert row.to_dict()["soft_pairwise_accuracy"] == row.spa.value
        else:
            assert row.size == len(people_segments) == len(names) * 40
            expected = stats.kendalltau(segment_values, people_segments).statistic
            assert row.kendall == pytest.approx(expected, abs=EPSILON)
            assert row.pearson is None and row.pairwise_accuracy is None
            keys = {"analysis", "metric", "versus", "level", "kendall", "acc_eq", "tie_threshold", "acc_eq_untied"}
            assert set(row.to_dict()) == keys | {"size"}
            assert row.acc_eq is not None and row.acc_eq.items == 40
            best, maximisers = meta_formulas.acc_eq(people, per_system)
            assert row.acc_eq.value == pytest.approx(float(best), abs=EPSILON)
            assert row.acc_eq.epsilon in maximisers
            assert row.acc_eq.untied == pytest.approx(
                float(meta_formulas.acc_eq_at(people, per_system, 0.0)), abs=EPSILON
            )


def test_a_human_name_that_is_no_imported_metric_is_a_typed_error() -> None:
    systems, refs = corpus(0, 3, 10)
    comet = imported_metric("COMET", scores(random.Random(0), systems))
    values = [metric_values(m, systems, refs) for m in (get_metric("bleu"), comet)]
    with pytest.raises(UnknownHuman) as caught:
        human_rows(values, "DA")
    assert (caught.value.name, caught.value.given) == ("DA", ("COMET",))
    with pytest.raises(UnknownHuman):
        human_rows(values, "BLEU")  # a built-in metric is not a human judgement
    with pytest.raises(UnknownHuman, match="one of the --scores entries"):
        evaluate_metrics([get_metric("bleu"), comet], systems, refs, baseline="base", human="DA")


def test_fewer_than_three_systems_is_a_typed_error() -> None:
    systems, refs = corpus(0, MIN_SYSTEMS - 1, 10)
    people = imported_metric("DA", scores(random.Random(0), systems))
    with pytest.raises(TooFewSystems) as caught:
        evaluate_metrics([get_metric("bleu"), people], systems, refs, baseline="base", human="DA")
    assert (caught.value.name, caught.value.systems, caught.value.needed) == ("DA", 2, 3)
    assert "at least 3 systems, got 2" in str(caught.value)


def test_no_imported_metric_computes_nothing() -> None:
    systems, refs = corpus(0, 3, 10)
    evaluation = evaluate_metrics([get_metric("bleu")], systems, refs, baseline="base")
    assert (evaluation.agreements, evaluation.examples, evaluation.meta) == ((), (), ())


SPAN = ErrorSpan("sat on", 0.7, "major", 8, 14)


def test_disagreement_examples_are_the_strongest_opposite_moves_with_what_a_page_draws() -> None:
    systems = {"base": ["a b c", "the cat sat", "x y", "p q r"], "sys": ["a b d", "the cat sat on", "x y", "p q s"]}
    refs = [["a b c", "the cat sat on", "x y", "p q r"]]
    spans = (None, (SPAN,), None, None)
    comet = imported_metric(
        "COMET",
        {
            "base": [0.2, 0.9, 0.5, 0.4],
            "sys": SegmentScores(np.array([0.8, 0.1, 0.5, 0.3]), tuple(s or () for s in spans)),
        },
    )
    bleu, learned = metric_values(get_metric("bleu"), systems, refs), metric_values(comet, systems, refs)
    found = disagreement_examples(learned, bleu, "sys", "base", systems, refs)
    assert all(isinstance(e, DisagreementExample) for e in found)
    b, c = bleu.segments, learned.segments
    # opposite moves: line 1 (COMET up, BLEU down), line 2 (COMET down, BLEU up); line 4 both down (agree)
    strength = {
        i: min(
            abs(c["sys"][i] - c["base"][i]) / difference_scale(learned, "sys", "base"),
            abs(b["sys"][i] - b["base"][i]) / difference_scale(bleu, "sys", "base"),
        )
        for i in (0, 1)
    }
    assert [e.segment for e in found] == sorted(strength, key=lambda i: -strength[i])
    second = next(e for e in found if e.line == 2)
    assert (second.hypothesis, second.baseline_hypothesis, second.references) == (
        "the cat sat on",
        "the cat sat",
        ("the cat sat on",),
    )
    assert second.scores == (0.9, 0.1) and second.versus_scores == (b["base"][1], b["sys"][1])
    assert (second.metric, second.versus, second.better) == ("COMET", "BLEU", False)
    assert second.spans == (SPAN,) and second.baseline_spans is None  # the baseline's file had no spans
    assert second.to_dict()["spans"] == [SPAN.to_dict()]
    assert second.strength == pytest.approx(strength[1])
    assert disagreement_examples(learned, bleu, "base", "base", systems, refs) == ()
    assert len(disagreement_examples(learned, bleu, "sys", "base", systems, refs, limit=1)) == 1


def test_the_scale_is_the_standard_deviation_of_the_differences() -> None:
    systems = {"base": ["a"] * 4, "sys": ["a"] * 4}
    comet = metric_values(
        imported_metric("C", {"base": [0.0, 0.0, 0.0, 0.0], "sys": [1.0, -1.0, 1.0, -1.0]}), systems, [["a"] * 4]
    )
    assert difference_scale(comet, "sys", "base") == 1.0
    still = metric_values(imported_metric("C", {"base": [0.5] * 4, "sys": [0.5] * 4}), systems, [["a"] * 4])
    assert difference_scale(still, "sys", "base") == 1.0  # nothing moves: no example, no division by zero


@pytest.mark.parametrize(
    ("text", "span", "expected"),
    [
        ("The cat sat on the mat.", ErrorSpan("sat on", 0.5, "minor", 8, 14), (8, 14)),
        # xCOMET's offsets often take in the space before the word (its tokenizer's word marker)
        ("Can I receive my food in time?", ErrorSpan("my food", 0.4, "minor", 13, 21), (14, 21)),
        # offsets that do not fit the line: the span's text is searched for
        ("He reads like books.", ErrorSpan("reads like", 0.6, "major", 0, 3), (3, 13)),
        # neither: not placed (the page and the report list it beside)
        ("He reads.", ErrorSpan("writes", 0.6, "critical", 3, 9), None),
        ("short", ErrorSpan("", 0.6, "minor", 40, 50), None),
    ],
)
def test_a_span_is_located_in_its_line(text: str, span: ErrorSpan, expected: tuple[int, int] | None) -> None:
    from bleucore.meta_evaluation.examples import locate_span

    assert locate_span(text, span) == expected


def test_marked_pieces_cut_the_line_at_the_spans_in_order() -> None:
    from bleucore.meta_evaluation import marked_pieces

    text = "The train has ten minutes delay."
    late = ErrorSpan("delay", 0.9, "critical", 26, 31)
    has = ErrorSpan("has", 0.3, "minor", 10, 13)
    overlapping = ErrorSpan("has ten", 0.3, "major", 10, 17)
    pieces = marked_pieces(text, [late, has, overlapping])
    assert "".join(piece for piece, _ in pieces) == text
    assert [(piece, span.severity if span else None) for piece, span in pieces] == [
        ("The train ", None),
        ("has", "minor"),
        (" ten minutes ", None),
        ("delay", "critical"),
        (".", None),
    ]
    assert marked_pieces("", []) == [("", None)]


def test_a_metric_that_cannot_score_a_system_has_no_system_level_numbers() -> None:
    from bleucore.meta_evaluation import MetricValues

    segments = {s: np.array([1.0, 2.0, 3.0]) for s in ("a", "b", "c")}
    people = MetricValues("DA", True, True, {"a": 1.0, "b": 2.0, "c": 3.0}, segments)
    bleu = MetricValues("BLEU", True, False, {"a": 1.0, "b": None, "c": 3.0}, segments)
    system, segment = human_rows([bleu, people], "DA")
    assert (system.level, system.pearson, system.kendall, system.pairwise_accuracy, system.size) == (
        "system",
        None,
        None,
        None,
        3,
    )
    assert segment.kendall == pytest.approx(1.0)
