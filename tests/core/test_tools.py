"""Each tool in bleucore.tools against the tool's own code on generated corpora (English, Korean, short lines,
one to three references): sacreBLEU 2.6 and NLTK 3.10 as installed; Hugging Face evaluate's bleu through the two
files it runs (tensorflow/nmt's compute_bleu, its copy of 13a); Moses multi-bleu.perl run by perl; the two
tutorials' code. torchmetrics and torchtext need torch: scripts/check_torch_tools.py checks them where installed.
"""

from __future__ import annotations

import itertools
import random
import shutil
import subprocess
import warnings
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
import sacrebleu
from nltk.translate.bleu_score import corpus_bleu, sentence_bleu

from bleucore.tools import (
    FIELD_ORDER,
    TOOLS,
    Conventions,
    ConventionScorer,
    Step,
    printed,
    score_as_tools,
    tool,
    tools_for,
    waterfall,
)
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
    # Relative too: where a precision is 0, NLTK scores about 1e-155 (sys.float_info.min), and so must the tool.
    assert got["nltk-corpus"].value == pytest.approx(corpus, rel=1e-12, abs=0)
    assert got["nltk-sentence-mean"].value == pytest.approx(mean, rel=1e-12, abs=0)


@pytest.mark.parametrize("index", range(len(CORPORA)))
def test_hugging_face_evaluate_equals_its_code(index: int) -> None:
    hyps, refs = CORPORA[index]
    tokenizer = Tokenizer13a()
    got = by_key(hyps, refs)["hf-evaluate"]
    try:
        expected = compute_bleu([[tokenizer(r) for r in seg] for seg in per_line(refs)], [tokenizer(h) for h in hyps])[
            0
        ]
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
        run = subprocess.run(
            ["perl", str(MULTI_BLEU), *flags, str(tmp_path / "ref")],
            capture_output=True,
            input=("\n".join(hyps) + "\n").encode(),
            timeout=60,
        )
        out = run.stdout.decode()
        if run.returncode != 0 or not out.startswith("BLEU = "):
            assert got[key].value is None, (out, run.stderr.decode()[-200:])
            continue
        assert out.split(",")[0] == f"BLEU = {got[key].printed}"


def test_multi_bleu_lc_lowercases_ascii_only() -> None:
    refs = [["É Tout va bien Ça"]]
    got = by_key(["é tout va bien ça"], refs)
    assert got["multi-bleu-lc"].result.counts[0] == 3  # tout va bien: É and Ç stay upper under Perl's lc on bytes
    assert (
        ConventionScorer(["é tout va bien ça"], refs).score(Conventions(case="lower", tokenize="whitespace")).counts[0]
        == 5
    )


@pytest.mark.parametrize("index", range(len(CORPORA)))
def test_the_wikidocs_tutorial_equals_its_code(index: int) -> None:
    hyps, refs = CORPORA[index]
    expected = sum(
        tutorials.bleu_score(h.split(), [r.split() for r in seg]) for h, seg in zip(hyps, per_line(refs))
    ) / len(hyps)
    assert by_key(hyps, refs)["tutorial"].value == pytest.approx(expected, abs=EPSILON)


#: Corpora with a line the tutorial's code scores: it returns ROUGE values, not a score, for a reference under 4 words.
SCORED = [(h, r) for h, r in corpora(300) if any(len(line.split(" ")) >= 4 for line in r[0])][: len(CORPORA)]


@pytest.mark.parametrize("index", range(len(SCORED)))
def test_the_simplified_formula_equals_its_code(index: int) -> None:
    hyps, refs = SCORED[index]
    kept = [i for i, r in enumerate(refs[0]) if len(r.split(" ")) >= 4]  # the lines it scores
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
            # As printed (2 decimals), the steps add up exactly to the printed end minus the printed start.
            shown = sum((s.printed_delta() for s in steps.steps), Decimal(0))
            assert shown == printed(scores[end.key]) - printed(scores[start.key])


def test_a_waterfall_names_each_rule_its_change_and_what_it_changed_in_the_counts() -> None:
    hyps = ["The cat sat on the mat.", "It is raining"]
    refs = [["The cat sat on the mat .", "it rains"]]
    steps = waterfall(tool("nltk-corpus"), tool("sacrebleu"), hyps, refs)
    assert [s.field for s in steps.steps] == ["tokenize", "phantom_ngrams", "zero_precision"]
    tokens, phantom, zeros = steps.steps
    assert (tokens.result_before.sys_len, tokens.result_after.sys_len) == (9, 10)  # 'mat.' -> 'mat .'
    assert (tokens.result_before.counts[0], tokens.result_after.counts[0]) == (5, 7)
    assert (phantom.result_before.totals[-1], phantom.result_after.totals[-1]) == (
        5,
        4,
    )  # 'it is raining' has no 4-gram
    text = steps.text()
    assert text.startswith("NLTK 3.10 corpus_bleu: ") and "whitespace tokens (str.split) -> 13a tokens" in text
    assert "here c 9 -> 10 tokens, 5 -> 7 unigrams matched" in text and "here 5 -> 4 4-grams counted" in text
    assert f"{tokens.printed_delta():+}" in text and text.endswith(
        f"sacreBLEU 2.6: {sacrebleu.corpus_bleu(hyps, refs).score:.2f}"
    )
    assert (
        zeros.result_after.counts[3] == 4 and abs(zeros.delta) < 1e-12 and "every order has a match: no change" in text
    )
    short = waterfall(tool("nltk-corpus"), tool("sacrebleu"), ["it is raining"], [["it rains"]]).steps[-1]
    assert short.field == "zero_precision" and "orders without a match: 2, 3, 4" in short.text()


def test_printed_steps_add_up_where_rounded_changes_would_not() -> None:
    # Three changes of 0.004 each round to +0.00, yet the printed scores go from 10.00 to 10.02: the printed steps say
    # so.
    before = score_as_tools(["a b c d"], [["a b c d"]])[0].result
    at = [replace(before, score=s) for s in (10.004, 10.008, 10.012, 10.016)]
    steps = [Step("case", "cased", "lower", a, b) for a, b in itertools.pairwise(at)]
    assert [f"{s.delta:+.2f}" for s in steps] == ["+0.00", "+0.00", "+0.00"]
    assert [f"{s.printed_delta():+}" for s in steps] == ["+0.01", "+0.00", "+0.01"]
    assert sum((s.printed_delta() for s in steps), Decimal(0)) == printed(10.016) - printed(10.004) == Decimal("0.02")


def test_conventions_refuse_unknown_values() -> None:
    with pytest.raises(ValueError, match="unknown tokenization 'spaces'"):
        Conventions(tokenize="spaces")
    with pytest.raises(ValueError, match="unknown ref_length 'longest'"):
        Conventions(ref_length="longest")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no convention named 'smoothing'"):
        Conventions().with_field("smoothing", "exp")
    with pytest.raises(ValueError, match="unknown tool 'nltk'"):
        tool("nltk")
    assert set(FIELD_ORDER) == set(Conventions.__dataclass_fields__)


EXAMPLE_1 = [
    ["It is a guide to action that ensures that the military will forever heed Party commands"],
    ["It is the guiding principle which guarantees the military forces always being under the command of the Party"],
    ["It is the practical guide for the army always to heed the directions of the party"],
]
CA1 = "It is a guide to action which ensures that the military always obeys the commands of the party"
CA2 = "It is to insure the troops forever hearing the activity guidebook that party direct"
KO_REF = "빛이 쐬는 사람은 완벽한 어둠에서 잠든 사람과 비교할 때 우울증이 심해질 가능성이 훨씬 높았다"
KO_HYP = "빛이 쐬는 노인은 완벽한 어두운곳에서 잠든 사람과 비교할 때 강박증이 심해질 기회가 훨씬 높았다"


def test_the_tutorials_numbers_come_out_of_the_tools() -> None:
    """Every golden number of the Korean tutorials (/work/shared/golden.md) that a tool's default call gives."""
    ca1 = by_key([CA1], EXAMPLE_1)
    assert ca1["tutorial"].value == ca1["nltk-sentence-mean"].value == ca1["nltk-corpus"].value == 0.5045666840058485
    assert ca1["sacrebleu"].value == 50.456668400584846 and (
        ca1["sacrebleu"].result.sys_len,
        ca1["sacrebleu"].result.ref_len,
    ) == (18, 18)
    # The donghwa-kim formula takes one reference: against Ref1 alone, its code's number.
    assert ca1["tutorial-simplified"].value == pytest.approx(
        tutorials.n_gram_precision(CA1, EXAMPLE_1[0][0]), abs=1e-15
    )
    # Ca2: p3 = 0, so standard BLEU is 0; the wikidocs code skips the zero orders and gives 0.3969 (c = 14, r = 16).
    ca2 = by_key([CA2], EXAMPLE_1)
    assert ca2["tutorial"].value == 0.39692877231857493 and (
        ca2["tutorial"].result.sys_len,
        ca2["tutorial"].result.ref_len,
    ) == (14, 16)
    assert ca2["tutorial"].result.counts == (8, 1, 0, 0) and ca2["tutorial"].result.totals == (14, 13, 12, 11)
    for key in ("hf-evaluate", "torchmetrics", "torchtext", "multi-bleu", "tutorial-simplified"):
        assert ca2[key].value == 0.0, key
    assert 0 < ca2["nltk-corpus"].value < 1e-150  # NLTK: sys.float_info.min for p3 and p4, with a warning
    ko = by_key([KO_HYP], [[KO_REF]])  # p1..p4 = 10/14, 5/13, 2/12, 1/11; c = r = 14
    assert ko["tutorial-simplified"].result.counts == (10, 5, 2, 1) and ko["tutorial-simplified"].result.totals == (
        14,
        13,
        12,
        11,
    )
    for key in ("tutorial-simplified", "tutorial", "nltk-sentence-mean", "torchtext"):
        assert ko[key].value == pytest.approx(0.25400289715190977, abs=1e-15 if key != "torchtext" else 1e-7), key
    short = by_key(["빛이 쐬는 노인은 완벽한 어두운곳에서 잠듬"], [[KO_REF]])  # c = 6 against r = 14
    assert short["tutorial-simplified"].result.bp == 3 / 7 == 0.42857142857142855
    assert short["nltk-corpus"].result.bp == short["sacrebleu"].result.bp == 0.2635971381157267
    same = by_key(["나는 사람이다"], [["나는 사람이다"]])  # no 3- or 4-grams
    assert same["torchtext"].printed == "0.0000" and same["torchtext"].value == 0.0  # torchtext printed 0.0
    assert same["nltk-corpus"].printed == "1.491668146240062e-154"  # NLTK's number, printed with warnings
    assert same["sacrebleu"].value == 0.0  # corpus BLEU without effective order


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


@pytest.mark.parametrize(
    ("index", "tokenize"), [(i, tok) for i in range(1, 30, 3) for tok in ("ko-mecab", "zh", "char", "intl")]
)
def test_sacrebleu_with_another_tokenizer_is_a_tool_beside_the_defaults(index: int, tokenize: str) -> None:
    hyps, refs = CORPORA[index]
    tools = tools_for(tokenize)
    assert [t.key for t in tools][:2] == ["sacrebleu", f"sacrebleu-{tokenize}"] and tools[2:] == TOOLS[1:]
    got = {s.tool.key: s for s in score_as_tools(hyps, refs, tools)}
    assert got[f"sacrebleu-{tokenize}"].value == pytest.approx(
        sacrebleu.corpus_bleu(hyps, refs, tokenize=tokenize).score, abs=EPSILON
    )
    assert (
        tool(f"sacrebleu-{tokenize}", tokenize).call == f"sacrebleu REF -i HYP -tok {tokenize}"
        and tools_for("13a") == TOOLS
    )
