"""chrF's and TER's tools in bleucore.tools against the tools' own code: sacreBLEU 2.6 (chrF2, chrF2++, TER) and
NLTK 3.10 (corpus_chrf, sentence_chrf) as installed, to 1e-9; Hugging Face evaluate's chrf is sacreBLEU's CHRF called
as its chrf.py calls it. torchmetrics needs torch (scripts/check_torch_tools.py checks it where installed); here its
rules are checked on the cases that show them, with the numbers torchmetrics 1.9's own code gives."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
import sacrebleu
from nltk.translate.chrf_score import corpus_chrf, sentence_chrf

from bleucore.tools import CHRF_TOOLS, FAMILIES, TER_TOOLS, family
from bleucore.tools.chrf_scoring import ChrfScorer
from bleucore.tools.ter_scoring import TerScorer
from devtools.realistic import realistic_corpus
from tests.generators import language_corpus, random_corpus

EPSILON = 1e-9


def corpora(count: int) -> list[tuple[list[str], list[list[str]]]]:
    """English with odd spacing, Korean, Chinese and realistic lines (no-break spaces, empty lines); 1-3
    references."""
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        segments, nrefs = rng.choice([1, 2, 5, 20]), rng.randint(1, 3)
        kind = seed % 4
        if kind == 0:
            out.append(random_corpus(seed, segments, nrefs))
        elif kind == 3:
            _, hyps, ref = realistic_corpus(seed, segments)
            out.append((hyps, [ref] + [realistic_corpus(seed + 100, segments)[2] for _ in range(nrefs - 1)]))
        else:
            out.append(language_corpus(seed, "ko" if kind == 1 else "zh", segments, nrefs))
    return out


CORPORA = corpora(48)


def values(tools: tuple, scorer: object) -> dict[str, float]:  # type: ignore[type-arg]
    return {t.key: scorer.score(t.conventions) * t.scale / 100 for t in tools}  # type: ignore[attr-defined]


@pytest.mark.parametrize("index", range(len(CORPORA)))
def test_chrf_equals_sacrebleu_nltk_and_evaluate(index: int) -> None:
    hyps, refs = CORPORA[index]
    ours = values(CHRF_TOOLS, ChrfScorer(hyps, refs))
    assert ours["sacrebleu"] == pytest.approx(sacrebleu.corpus_chrf(hyps, refs).score, abs=EPSILON)
    assert ours["sacrebleu-chrf++"] == pytest.approx(sacrebleu.corpus_chrf(hyps, refs, word_order=2).score, abs=EPSILON)
    assert ours["nltk-corpus"] == pytest.approx(corpus_chrf(refs[0], hyps), abs=EPSILON)  # one reference
    mean = sum(sentence_chrf(r, h) for r, h in zip(refs[0], hyps)) / len(hyps)
    assert ours["nltk-sentence-mean"] == pytest.approx(mean, abs=EPSILON)
    # evaluate's chrf.py: references per prediction, transposed into sacreBLEU's streams, CHRF's defaults.
    per_prediction = [list(segment) for segment in zip(*refs)]
    streams = [[r[i] for r in per_prediction] for i in range(len(per_prediction[0]))]
    assert ours["hf-evaluate"] == pytest.approx(sacrebleu.CHRF().corpus_score(hyps, streams).score, abs=EPSILON)


@pytest.mark.parametrize("index", range(0, len(CORPORA), 3))
def test_ter_equals_sacrebleu(index: int) -> None:
    hyps, refs = CORPORA[index]
    ours = values(TER_TOOLS, TerScorer(hyps, refs))
    assert ours["sacrebleu"] == pytest.approx(sacrebleu.corpus_ter(hyps, refs).score, abs=EPSILON)


def test_torchmetrics_chrf_drops_the_references_of_lines_that_match_nothing() -> None:
    """Lightning-AI/torchmetrics#3480: a line sharing no n-gram with its reference adds its hypothesis n-grams but
    not its reference's, so replacing a partly right line with garbage raises CHRFScore (torchmetrics 1.9 gives
    0.4012 and 0.6697 here) while sacreBLEU's chrF falls."""
    refs = [["The cat sat on the mat.", "It was raining all day long."]]
    partial, garbage = ["The cat sat on a mat.", "It rains."], ["The cat sat on a mat.", "xqzv"]
    torchmetrics = family("chrf").tool("torchmetrics")
    scores = [ChrfScorer(hyps, refs).score(torchmetrics.conventions) / 100 for hyps in (partial, garbage)]
    assert scores == [pytest.approx(0.4012089967727661, abs=1e-6), pytest.approx(0.6696919798851013, abs=1e-6)]
    assert sacrebleu.corpus_chrf(garbage, refs).score < sacrebleu.corpus_chrf(partial, refs).score
    fixed = ChrfScorer(garbage, refs).score(replace(torchmetrics.conventions, zero_overlap="kept"))
    assert fixed / 100 < scores[0]  # with the references kept, garbage scores lower again
    steps = family("chrf").waterfall(torchmetrics, family("chrf").tool("sacrebleu-chrf++"), ChrfScorer(garbage, refs))
    assert "zero_overlap" in [s.field for s in steps.steps]


def test_torchmetrics_ter_shifts_the_reference_and_at_most_nine_words() -> None:
    """TranslationEditRate calls its edit-rate function with reference and hypothesis swapped, tries shifts of
    range(1, 10) words, and charges an empty hypothesis nothing (torchmetrics 1.9: 0.0952 and 0.0)."""
    a, b = "a b c d e f g h i j", "p q r s t u v w x y"
    torchmetrics = family("ter").tool("torchmetrics")
    scorer = TerScorer([f"{b} {a} k"], [[f"{a} {b} k"]])  # two 10-word blocks swapped: one shift in Tercom
    assert scorer.score(TER_TOOLS[0].conventions) == pytest.approx(
        sacrebleu.corpus_ter([f"{b} {a} k"], [[f"{a} {b} k"]]).score
    )
    assert scorer.score(torchmetrics.conventions) / 100 == pytest.approx(0.095238097012043, abs=1e-6)
    empty = TerScorer(["", "a b"], [["a b c", "a b"]])
    assert empty.score(TER_TOOLS[0].conventions) == pytest.approx(60.0) and empty.score(torchmetrics.conventions) == 0
    assert "lowercase=True" in torchmetrics.quirks[0]  # as sacreBLEU's TER, by default


@pytest.mark.parametrize("metric", sorted(FAMILIES))
@pytest.mark.parametrize("index", [0, 3, 7])
def test_every_waterfall_adds_up(metric: str, index: int) -> None:
    hyps, refs = CORPORA[index]
    tools = family(metric)
    scorer = tools.scorer(hyps, refs)
    for start in tools.tools:
        for end in tools.tools:
            steps = tools.waterfall(start, end, scorer)
            assert steps.start_score == pytest.approx(scorer.score(start.conventions))
            assert steps.end_score == pytest.approx(scorer.score(end.conventions))
            assert sum(s.delta for s in steps.steps) == pytest.approx(steps.end_score - steps.start_score)
            printed = Decimal(f"{steps.end_score:.2f}") - Decimal(f"{steps.start_score:.2f}")
            assert sum((s.printed_delta() for s in steps.steps), Decimal(0)) == printed


@pytest.mark.parametrize("metric", ["chrf", "ter"])
def test_the_command_line_scores_the_metrics_tools_and_their_waterfall(metric: str, tmp_path: Path) -> None:
    hyps, refs = CORPORA[3]
    (tmp_path / "hyp.txt").write_text("\n".join(hyps) + "\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text("\n".join(refs[0]) + "\n", encoding="utf-8")
    argv = [str(tmp_path / "ref.txt"), "-i", str(tmp_path / "hyp.txt"), "--metric", metric, "--json"]
    run = subprocess.run(
        [sys.executable, "-m", "bleucore.doctor", *argv, "--waterfall", "torchmetrics"], capture_output=True, text=True
    )
    report = json.loads(run.stdout)
    keys = [s["implementation"] for s in report["scores"]]
    assert keys == [t.key for t in family(metric).tools]
    expected = (
        sacrebleu.corpus_chrf(hyps, refs[:1]).score if metric == "chrf" else sacrebleu.corpus_ter(hyps, refs[:1]).score
    )
    assert report["scores"][0]["score"] == pytest.approx(expected, abs=EPSILON)
    waterfall = report["waterfall"]
    assert (waterfall["from"], waterfall["to"]) == ("torchmetrics", "sacrebleu")
    assert sum(s["delta"] for s in waterfall["steps"]) == pytest.approx(waterfall["end"] - waterfall["start"])
    assert all({"field", "before", "after", "delta", "why"} <= set(s) for s in waterfall["steps"])
    bad = subprocess.run(
        [sys.executable, "-m", "bleucore.doctor", *argv, "--waterfall", "multi-bleu"], capture_output=True, text=True
    )
    assert bad.returncode == 2 and f"unknown {metric} tool 'multi-bleu'" in bad.stderr
