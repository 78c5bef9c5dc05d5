"""Each tool in bleucore.tools against the tool's own code on generated corpora (English, Korean, short lines,
one to three references): sacreBLEU 2.6 and NLTK 3.10 as installed; Hugging Face evaluate's bleu through the two
files it runs (tensorflow/nmt's compute_bleu, its copy of 13a); Moses multi-bleu.perl run by perl; the two
tutorials' code. torchmetrics and torchtext need torch: scripts/check_torch_tools.py checks them where installed.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import warnings
from pathlib import Path

import pytest
import sacrebleu
from nltk.translate.bleu_score import corpus_bleu, sentence_bleu

from bleucore.tools import FIELD_ORDER, TOOLS, Conventions, ConventionScorer, score_as_tools, tool, waterfall
from tests.generators import language_corpus, random_corpus
from tests.third_party import tutorials
from tests.third_party.hf_tokenizer_13a import Tokenizer13a
from tests.third_party.nmt_bleu import compute_bleu

MULTI_BLEU = Path(__file__).parents[1] / "third_party" / "multi-bleu.perl"
EPSILON = 1e-9


def corpora(count: int, first_seed: int = 0) -> list[tuple[list[str], list[list[str]]]]:
    """English with odd spacing and Unicode separators, Korean, Chinese; short and long lines; 1-3 references."""
    out = []
    for seed in range(first_seed, first_seed + count):
        rng = random.Random(seed)
        segments, nrefs = rng.choice([1, 2, 5, 20]), rng.randint(1, 3)
        kind = seed % 3
        if kind == 0:
            out.append(random_corpus(seed, segments, nrefs))
        else:
            out.append(language_corpus(seed, "ko" if kind == 1 else "zh", segments, nrefs))
    return out


CORPORA = corpora(90)


def by_key(hyps: list[str], refs: list[list[str]]):  # type: ignore[no-untyped-def]
    return {s.tool.key: s for s in score_as_tools(hyps, refs)}


def per_line(refs: list[list[str]]) -> list[list[str]]:
    return [list(segment) for segment in zip(*refs)]


@pytest.mark.parametrize("index", range(len(CORPORA)))
def test_sacrebleu_and_nltk_equal_the_libraries(index: int) -> None:
    hyps, refs = CORPORA[index]
    got = by_key(hyps, refs)
    assert got["sacrebleu"].value == pytest.approx(sacrebleu.corpus_bleu(hyps, refs).score, abs=EPSILON)
    split_refs = [[r.split() for r in segment] for segment in per_line(refs)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NLTK warns on every zero precision
        corpus = corpus_bleu(split_refs, [h.split() for h in hyps])
        mean = sum(sentence_bleu(r, h.split()) for r, h in zip(split_refs, hyps)) / len(hyps)
    assert got["nltk-corpus"].value == pytest.approx(corpus, abs=EPSILON)
    assert got["nltk-sentence-mean"].value == pytest.approx(mean, abs=EPSILON)


@pytest.mark.parametrize("index", range(len(CORPORA)))
def test_hugging_face_evaluate_equals_its_code(index: int) -> None:
    hyps, refs = CORPORA[index]
    tokenizer = Tokenizer13a()
    got = by_key(hyps, refs)["hf-evaluate"]
    try:
        expected = compute_bleu([[tokenizer(r) for r in seg] for seg in per_line(refs)], [tokenizer(h) for h in hyps])[0]
    except ZeroDivisionError:
        assert got.value is None and got.failure and "ZeroDivisionError" in got.failure
        return
    assert got.value == pytest.approx(expected, abs=EPSILON)


def test_hugging_face_evaluate_fails_where_its_code_fails() -> None:
    got = by_key(["", ""], [["a b", "c"]])["hf-evaluate"]
    with pytest.raises(ZeroDivisionError):
        compute_bleu([[["a", "b"]], [["c"]]], [[], []])
    assert got.value is None and got.points is None


@pytest.mark.skipif(shutil.which("perl") is None, reason="perl is not installed")
@pytest.mark.parametrize("index", range(0, len(CORPORA), 2))
def test_multi_bleu_perl_prints_the_same_number(index: int, tmp_path: Path) -> None:
    hyps, refs = CORPORA[index]
    for j, stream in enumerate(refs):
        (tmp_path / f"ref{j}").write_bytes(("\n".join(stream) + "\n").encode())
    got = by_key(hyps, refs)
    for key, flags in (("multi-bleu", []), ("multi-bleu-lc", ["-lc"])):
        run = subprocess.run(["perl", str(MULTI_BLEU), *flags, str(tmp_path / "ref")], capture_output=True,
                             input=("\n".join(hyps) + "\n").encode(), timeout=60)  # fmt: skip
        out = run.stdout.decode()
        if run.returncode != 0 or not out.startswith("BLEU = "):
            assert got[key].value is None, (out, run.stderr.decode()[-200:])
            continue
        assert out.split(",")[0] == f"BLEU = {got[key].printed}"


def test_multi_bleu_lc_lowercases_ascii_only() -> None:
    refs = [["É Tout va bien Ça"]]
    got = by_key(["é tout va bien ça"], refs)
    assert got["multi-bleu-lc"].result.counts[0] == 3  # tout va bien: É and Ç stay upper under Perl's lc on bytes
    assert ConventionScorer(["é tout va bien ça"], refs).score(Conventions(case="lower", tokenize="whitespace")).counts[0] == 5


@pytest.mark.parametrize("index", range(len(CORPORA)))
def test_the_wikidocs_tutorial_equals_its_code(index: int) -> None:
    hyps, refs = CORPORA[index]
    expected = sum(tutorials.bleu_score(h.split(), [r.split() for r in seg]) for h, seg in zip(hyps, per_line(refs))) / len(hyps)
    assert by_key(hyps, refs)["tutorial"].value == pytest.approx(expected, abs=EPSILON)


@pytest.mark.parametrize("index", range(len(CORPORA)))
def test_the_simplified_formula_equals_its_code(index: int) -> None:
    hyps, refs = CORPORA[index]
    # The tutorial's code returns ROUGE values, not a score, for a reference under 4 words: keep lines it scores.
    kept = [i for i, r in enumerate(refs[0]) if len(r.split(" ")) >= 4]
    if not kept:
        pytest.skip("every reference is under 4 words")
    hyps, refs = [hyps[i] for i in kept], [[s[i] for i in kept] for s in refs]
    expected = sum(tutorials.n_gram_precision(h, r) for h, r in zip(hyps, refs[0])) / len(hyps)
    assert by_key(hyps, refs)["tutorial-simplified"].value == pytest.approx(expected, abs=EPSILON)


def test_torch_tools_take_the_first_of_two_equally_close_references() -> None:
    # c = 3; references of 2 and 4 tokens are equally close: the first listed (4) for torchmetrics and torchtext,
    # the shorter (2) for sacreBLEU, NLTK and multi-bleu.perl.
    hyps, refs = ["a b c"], [["a b c d"], ["a b"]]
    got = by_key(hyps, refs)
    assert got["torchmetrics"].result.ref_len == got["torchtext"].result.ref_len == 4
    assert got["nltk-corpus"].result.ref_len == got["multi-bleu"].result.ref_len == 2
    assert got["torchmetrics"].printed == f"{got['torchmetrics'].value:.4f}"  # a tensor prints 4 decimals


@pytest.mark.parametrize("index", range(0, len(CORPORA), 3))
def test_every_waterfall_adds_up_from_one_tool_to_the_other(index: int) -> None:
    hyps, refs = CORPORA[index]
    scorer = ConventionScorer(hyps, refs)
    scores = {s.tool.key: s.result.score for s in score_as_tools(hyps, refs, scorer=scorer)}
    for start in TOOLS:
        for end in TOOLS:
            steps = waterfall(start, end, scorer=scorer)
            assert steps.start_score.score == scores[start.key] and steps.end_score.score == scores[end.key]
            assert [s.field for s in steps.steps] == start.conventions.differences(end.conventions)
            assert all(a.score_after == b.score_before for a, b in zip(steps.steps, steps.steps[1:]))
            total = sum(s.delta for s in steps.steps)
            assert total == pytest.approx(scores[end.key] - scores[start.key], abs=1e-9)


def test_a_waterfall_names_each_rule_and_its_change() -> None:
    hyps = ["The cat sat on the mat.", "It is raining"]
    refs = [["The cat sat on the mat .", "it rains"]]
    steps = waterfall(tool("nltk-corpus"), tool("sacrebleu"), hyps, refs)
    assert [s.field for s in steps.steps] == ["tokenize", "phantom_ngrams", "zero_precision"]
    text = steps.text()
    assert text.startswith("NLTK 3.10 corpus_bleu: ") and "whitespace tokens (str.split) -> 13a tokens" in text
    assert f"{steps.steps[0].delta:+.2f}" in text and text.endswith(f"sacreBLEU 2.6: {sacrebleu.corpus_bleu(hyps, refs).score:.2f}")


def test_conventions_refuse_unknown_values() -> None:
    with pytest.raises(ValueError, match="unknown tokenization 'spaces'"):
        Conventions(tokenize="spaces")
    with pytest.raises(ValueError, match="unknown ref_length 'longest'"):
        Conventions(ref_length="longest")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no convention named 'smoothing'"):
        Conventions().with_field("smoothing", "exp")
    with pytest.raises(ValueError, match="unknown tool 'nltk'"):
        tool("nltk")
    assert set(FIELD_ORDER) == {f for f in Conventions.__dataclass_fields__}


def test_the_tutorials_numbers_come_out_of_the_tools() -> None:
    """The numbers the Korean tutorials print for their examples (shared golden list), from bleucore.tools."""
    ko_ref = "빛이 쐬는 사람은 완벽한 어둠에서 잠든 사람과 비교할 때 우울증이 심해질 가능성이 훨씬 높았다"
    ko_hyp = "빛이 쐬는 노인은 완벽한 어두운곳에서 잠든 사람과 비교할 때 강박증이 심해질 기회가 훨씬 높았다"
    assert by_key([ko_hyp], [[ko_ref]])["tutorial-simplified"].value == pytest.approx(0.25400289715190977, abs=1e-15)
    short = by_key(["나는 사람이다"], [["나는 사람이다"]])
    assert short["torchtext"].printed == "0.0000" and short["torchtext"].value == 0.0  # torchtext printed 0.0
    assert short["nltk-corpus"].value == 0.0  # NLTK: about 1.5e-154 with warnings, below any printed digit
    assert short["sacrebleu"].value == 0.0  # corpus BLEU without effective order: no 3- or 4-grams
    candidate = "It is a guide to action which ensures that the military always obeys the commands of the party"
    references = [
        ["It is a guide to action that ensures that the military will forever heed Party commands"],
        ["It is the guiding principle which guarantees the military forces always being under the command of the Party"],
        ["It is the practical guide for the army always to heed the directions of the party"],
    ]
    got = by_key([candidate], references)
    assert got["tutorial"].value == got["nltk-sentence-mean"].value == pytest.approx(0.5045666840058485, abs=1e-15)


def test_a_scorer_that_released_its_tokens_gives_the_same_numbers() -> None:
    hyps, refs = CORPORA[4]
    kept, released = ConventionScorer(hyps, refs), ConventionScorer(hyps, refs)
    for t in TOOLS:
        released.score(t.conventions)
    released.release_tokens()
    for start in TOOLS:  # every waterfall's steps, some of them rule combinations no tool has
        for end in TOOLS:
            after = [s.score_after for s in waterfall(start, end, scorer=released).steps]
            assert after == [s.score_after for s in waterfall(start, end, scorer=kept).steps]
