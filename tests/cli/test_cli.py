"""The command line against sacreBLEU 2.6 (API and CLI) and NLTK 3.10, and every bad-input case."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest
from nltk.translate.bleu_score import SmoothingFunction
from nltk.translate.bleu_score import sentence_bleu as nltk_sentence_bleu
from sacrebleu.metrics import BLEU

from bleucore.reading import split_lines
from tests.cli.commands import run_main
from tests.cli.text_output import sacrebleu_signatures, score_lines
from tests.conftest import ROOT, write_lines
from tests.generators import random_corpus
from tests.golden_examples import CA1, CA2, KO_REF, KO_SHORT, REFS_1

EPSILON = 1e-9


# --- helpers ---------------------------------------------------------------------------------


def run_subprocess(argv: list[str], *, module: str = "bleucore", cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", module, *[str(a) for a in argv]],
        cwd=cwd,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )


def write_corpus(
    tmp_path: Path, seed: int, segments: int, nrefs: int
) -> tuple[Path, list[Path], list[str], list[list[str]]]:
    hyps, streams = random_corpus(seed, segments, nrefs)
    hyp = write_lines(tmp_path / "hyp.txt", hyps)
    refs = [write_lines(tmp_path / f"ref{j + 1}.txt", stream) for j, stream in enumerate(streams)]
    return hyp, refs, hyps, streams


def assert_same_score(ours: dict[str, Any], theirs: Any, add_k: float = 0.0) -> None:
    """A JSON object of ours against a sacreBLEU BLEUScore.

    sacreBLEU's add-k adds k to its reported counts and totals of orders n > 1 (unless nothing
    matches: it stops early); ours stay raw.
    """
    assert abs(ours["score"] - theirs.score) < EPSILON
    k = add_k if any(ours["counts"]) else 0.0
    bump = [0.0] + [k] * (len(ours["counts"]) - 1)
    assert [c + b for c, b in zip(ours["counts"], bump)] == list(theirs.counts)
    assert [t + b for t, b in zip(ours["totals"], bump)] == list(theirs.totals)
    for p, q in zip(ours["precisions"], theirs.precisions, strict=True):
        assert abs(p - q) < EPSILON
    if theirs.sys_len or theirs.ref_len:
        assert abs(ours["bp"] - theirs.bp) < EPSILON
    # else c = r = 0 (empty hypothesis, empty reference): bleucore's BP is NLTK's 0, sacreBLEU's is 1
    # (reported to the owner of bleucore.metrics.bleu.lengths); the score is 0 in both.
    assert (ours["sys_len"], ours["ref_len"]) == (theirs.sys_len, theirs.ref_len)


def assert_one_error_line(code: int, out: str, err: str, *fragments: str) -> None:
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("bleucore: error: ")
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])


# --- corpus mode against sacreBLEU's API ------------------------------------------------------


@pytest.mark.parametrize("tokenize", ["none", "13a", "intl", "char"])
@pytest.mark.parametrize("lowercase", [False, True])
@pytest.mark.parametrize("nrefs", [1, 3])
def test_corpus_json_matches_sacrebleu(tmp_path, capsys, tokenize, lowercase, nrefs):
    hyp, refs, hyps, streams = write_corpus(tmp_path, seed=nrefs * 10 + len(tokenize), segments=60, nrefs=nrefs)
    argv = [*refs, "-i", hyp, "-tok", tokenize] + (["-lc"] if lowercase else [])
    code, out, err = run_main(argv, capsys)
    assert (code, err) == (0, "")
    ours = json.loads(out)
    theirs = BLEU(tokenize=tokenize, lowercase=lowercase).corpus_score(hyps, streams)
    assert_same_score(ours, theirs)
    case = "lc" if lowercase else "mixed"
    assert ours["signature"].startswith(f"nrefs:{nrefs}|case:{case}|eff:no|tok:{tokenize}|smooth:exp|order:4|")


@pytest.mark.parametrize(
    ("method", "value"),
    [("none", None), ("floor", None), ("floor", 0.5), ("add-k", None), ("add-k", 2.0), ("exp", None)],
)
@pytest.mark.parametrize("sentence_level", [False, True])
def test_each_sacrebleu_smoothing(tmp_path, capsys, method, value, sentence_level):
    hyp, refs, hyps, streams = write_corpus(tmp_path, seed=7, segments=50, nrefs=2)
    argv = [*refs, "-i", hyp, "-s", method, "-f", "json"]
    argv += ["-sv", str(value)] if value is not None else []
    argv += ["-sl"] if sentence_level else []
    code, out, err = run_main(argv, capsys)
    assert (code, err) == (0, "")
    metric = BLEU(smooth_method=method, smooth_value=value, effective_order=sentence_level)
    add_k = (1.0 if value is None else value) if method == "add-k" else 0.0
    if sentence_level:
        objects = [json.loads(line) for line in out.splitlines()]
        assert len(objects) == len(hyps)
        for i, ours in enumerate(objects):
            assert_same_score(ours, metric.sentence_score(hyps[i], [s[i] for s in streams]), add_k)
    else:
        assert_same_score(json.loads(out), metric.corpus_score(hyps, streams), add_k)


def test_max_ngram_order_and_equivalent_weights(tmp_path, capsys):
    hyp, refs, hyps, streams = write_corpus(tmp_path, seed=3, segments=40, nrefs=2)
    theirs = BLEU(max_ngram_order=2).corpus_score(hyps, streams)
    for extra in (
        ["--max-ngram-order", "2"],
        ["--weights", "0.5,0.5"],
        ["--weights", "1/2, 1/2", "--max-ngram-order", "2"],
    ):
        code, out, _ = run_main([*refs, "-i", hyp, *extra], capsys)
        assert code == 0
        ours = json.loads(out)
        assert_same_score(ours, theirs)
        assert ours["max_order"] == 2 and len(ours["counts"]) == 2


def test_weights_change_the_score_and_the_signature(tmp_path, capsys):
    hyp, refs, *_ = write_corpus(tmp_path, seed=4, segments=40, nrefs=1)
    _, uniform, _ = run_main([*refs, "-i", hyp], capsys)
    _, skewed, _ = run_main([*refs, "-i", hyp, "--weights", "0.7,0.1,0.1,0.1"], capsys)
    u, s = json.loads(uniform), json.loads(skewed)
    assert u["counts"] == s["counts"]
    expected = u["bp"] * math.exp(sum(w * math.log(p / 100) for w, p in zip((0.7, 0.1, 0.1, 0.1), s["precisions"])))
    assert abs(s["score"] - 100 * expected) < EPSILON
    assert "weights:0.7,0.1,0.1,0.1" in s["signature"]


# --- sentence mode ----------------------------------------------------------------------------


@pytest.mark.parametrize("tokenize", ["none", "13a", "intl", "char"])
def test_sentence_level_json_lines_count_and_order(tmp_path, capsys, tokenize):
    hyp, refs, hyps, streams = write_corpus(tmp_path, seed=11, segments=70, nrefs=2)
    code, out, err = run_main([*refs, "-i", hyp, "-sl", "-f", "json", "-tok", tokenize, "-lc"], capsys)
    assert (code, err) == (0, "")
    assert out.endswith("\n")
    lines = out.split("\n")[:-1]
    assert len(lines) == len(hyps)
    metric = BLEU(tokenize=tokenize, lowercase=True, effective_order=True)
    for i, line in enumerate(lines):
        ours = json.loads(line)
        assert_same_score(ours, metric.sentence_score(hyps[i], [s[i] for s in streams]))
        assert "|eff:yes|" in ours["signature"]


def test_sentence_level_full_float_precision(tmp_path, capsys):
    ref = write_lines(tmp_path / "ref.txt", ["the cat sat on the mat today", "a b c d e"])
    hyp = write_lines(tmp_path / "hyp.txt", ["the cat sat on a mat today", "a b c d x"])
    _, out, _ = run_main([ref, "-i", hyp, "-sl", "-f", "json"], capsys)
    scores = [json.loads(line)["score"] for line in out.splitlines()]
    metric = BLEU(effective_order=True)
    assert (
        abs(scores[0] - metric.sentence_score("the cat sat on a mat today", ["the cat sat on the mat today"]).score)
        < EPSILON
    )
    assert abs(scores[1] - metric.sentence_score("a b c d x", ["a b c d e"]).score) < EPSILON
    assert len(repr(scores[0])) > 10 and len(repr(scores[1])) > 10  # not rounded to the text width
    assert f'"score": {scores[0]!r}' in out  # json.dumps of the Python float, not rounded


@pytest.mark.parametrize("method", [f"nltk-method{k}" for k in range(8)])
@pytest.mark.parametrize("value", [None, 0.3])
def test_nltk_methods_match_nltk_sentence_bleu(tmp_path, capsys, method, value):
    hyps, streams = random_corpus(21, 60, 2)
    number = int(method[-1])
    smoother = SmoothingFunction() if value is None else SmoothingFunction(epsilon=value, alpha=value, k=value)
    function = getattr(smoother, f"method{number}")
    kept: list[tuple[str, list[str], float]] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NLTK warns about zero counts
        for i, h in enumerate(hyps):
            refs_i = [s[i] for s in streams]
            try:
                expected = nltk_sentence_bleu([r.split() for r in refs_i], h.split(), smoothing_function=function)
            except AssertionError:  # method6 needs p_3 > 0; the CLI refuses such lines (tested below)
                continue
            kept.append((h, refs_i, float(expected)))
    assert len(kept) >= 20
    hyp = write_lines(tmp_path / "hyp.txt", [h for h, _, _ in kept])
    refs = [write_lines(tmp_path / f"ref{j}.txt", [r[j] for _, r, _ in kept]) for j in range(2)]
    argv = [*refs, "-i", hyp, "-sl", "-f", "json", "-tok", "none", "-s", method]
    argv += ["-sv", str(value)] if value is not None else []
    code, out, err = run_main(argv, capsys)
    if value is not None and method in ("nltk-method0", "nltk-method2", "nltk-method3", "nltk-method5"):
        assert "warning" in err and "ignored" in err  # these methods take no value
    else:
        assert err == ""
    assert code == 0
    objects = [json.loads(line) for line in out.splitlines()]
    assert len(objects) == len(kept)
    for ours, (_, _, expected) in zip(objects, kept):
        assert abs(ours["value"] - expected) < EPSILON  # method0: NLTK's ~1e-155 where the exact answer is 0
        assert ours["eff_order"] == 4 and "|eff:no|" in ours["signature"]


def test_default_formats_are_sacrebleus(tmp_path, capsys):
    hyp, refs, *_ = write_corpus(tmp_path, seed=5, segments=10, nrefs=1)
    _, corpus_out, _ = run_main([*refs, "-i", hyp], capsys)
    assert isinstance(json.loads(corpus_out), dict)  # corpus mode: JSON
    _, sentence_out, _ = run_main([*refs, "-i", hyp, "-sl"], capsys)
    lines = sentence_out.splitlines()
    assert len(lines) == 10 and all(line.startswith("BLEU|nrefs:1|") for line in lines)  # -sl: text


def test_score_only(tmp_path, capsys):
    hyp, refs, hyps, streams = write_corpus(tmp_path, seed=6, segments=30, nrefs=1)
    _, out, _ = run_main([*refs, "-i", hyp, "-b", "-w", "4"], capsys)
    assert out == f"{BLEU().corpus_score(hyps, streams).score:.4f}\n"


def test_variants_change_score_and_simplified_bp(tmp_path, capsys):
    ref = write_lines(tmp_path / "ref.txt", [KO_REF])
    hyp = write_lines(tmp_path / "hyp.txt", [KO_SHORT])
    results = {}
    for variant in ("standard", "simplified"):
        _, out, _ = run_main([ref, "-i", hyp, "-tok", "none", "--variant", variant], capsys)
        results[variant] = json.loads(out)
    assert abs(results["simplified"]["bp"] - 0.42857142857142855) < EPSILON  # min(1, 6/14)
    assert abs(results["standard"]["bp"] - 0.2635971381157267) < EPSILON  # exp(1 - 14/6)
    ratio = results["simplified"]["score"] / results["standard"]["score"]
    assert abs(ratio - 0.42857142857142855 / 0.2635971381157267) < 1e-9
    assert "variant:simplified" in results["simplified"]["signature"]


# --- golden example 1 -------------------------------------------------------------------------


@pytest.fixture
def example_1(tmp_path):
    refs = [write_lines(tmp_path / f"ref{j}.txt", [r]) for j, r in enumerate(REFS_1, start=1)]
    return tmp_path, refs


def test_golden_example_1_ca1(example_1, capsys):
    tmp_path, refs = example_1
    hyp = write_lines(tmp_path / "ca1.txt", [CA1])
    for extra in ([], ["-sl", "-f", "json"]):
        code, out, _ = run_main([*refs, "-i", hyp, "-tok", "none", "-s", "none", *extra], capsys)
        assert code == 0
        result = json.loads(out)
        assert abs(result["score"] - 50.456668400584846) < EPSILON
        assert (result["sys_len"], result["ref_len"], result["bp"]) == (18, 18, 1.0)
        assert result["counts"] == [17, 10, 7, 4] and result["totals"] == [18, 17, 16, 15]
    _, text, _ = run_main([*refs, "-i", hyp, "-tok", "none", "-s", "none", "-f", "text", "-w", "2"], capsys)
    assert sacrebleu_signatures(text) == ["BLEU|nrefs:3|case:mixed|eff:no|tok:none|smooth:none|version:2.6.0"]
    assert score_lines(text) == (
        "BLEU|nrefs:3|case:mixed|eff:no|tok:none|smooth:none|order:4|weights:uniform|reflen:closest|"
        "variant:standard|version:0.1.0 = 50.46 94.4/58.8/43.8/26.7 "
        "(BP = 1.000 ratio = 1.000 hyp_len = 18 ref_len = 18)\n"
    )


def test_golden_example_1_ca2_tutorial_variant(example_1, capsys):
    tmp_path, refs = example_1
    hyp = write_lines(tmp_path / "ca2.txt", [CA2])
    _, standard, _ = run_main([*refs, "-i", hyp, "-tok", "none", "-s", "none", "-b", "-w", "6"], capsys)
    assert standard == "0.000000\n"
    _, tutorial, _ = run_main([*refs, "-i", hyp, "-tok", "none", "-s", "none", "--variant", "tutorial"], capsys)
    assert abs(json.loads(tutorial)["score"] - 39.692877231857493) < EPSILON


# --- file reading -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("", []),
        ("a", ["a"]),
        ("a\n", ["a"]),
        ("a\n\n", ["a", ""]),
        ("\n", [""]),
        ("a\r\nb\r\n", ["a", "b"]),
        ("a\r\nb", ["a", "b"]),
        ("a\r\r\nb\r", ["a\r", "b"]),  # one trailing \r only
        ("a\rb\n", ["a\rb"]),  # a lone \r does not end a line
        ("x\u2028y\nz\u0085w\x1cv\x0bu\x0cq\n", ["x\u2028y", "z\u0085w\x1cv\x0bu\x0cq"]),
    ],
)
def test_split_lines(text, lines):
    assert split_lines(text) == lines


def test_bom_and_crlf_do_not_change_the_result(tmp_path, capsys):
    hyps, streams = random_corpus(9, 30, 1)
    plain_hyp = write_lines(tmp_path / "hyp.txt", hyps)
    plain_ref = write_lines(tmp_path / "ref.txt", streams[0])
    odd_hyp = tmp_path / "hyp_bom_crlf.txt"
    odd_hyp.write_bytes(b"\xef\xbb\xbf" + "".join(h + "\r\n" for h in hyps).encode("utf-8"))
    odd_ref = tmp_path / "ref_bom.txt"
    odd_ref.write_bytes(b"\xef\xbb\xbf" + "\n".join(streams[0]).encode("utf-8"))  # no final newline
    _, expected, _ = run_main([plain_ref, "-i", plain_hyp, "-sl", "-f", "json"], capsys)
    code, out, err = run_main([odd_ref, "-i", odd_hyp, "-sl", "-f", "json"], capsys)
    assert (code, err) == (0, "")
    assert out == expected
    assert len(out.splitlines()) == 30


def test_bom_is_not_part_of_the_first_token(tmp_path, capsys):
    ref = write_lines(tmp_path / "ref.txt", ["word"])
    hyp = tmp_path / "hyp.txt"
    hyp.write_bytes(b"\xef\xbb\xbfword\n")
    _, out, _ = run_main([ref, "-i", hyp, "-tok", "none", "-f", "json", "-sl"], capsys)
    assert json.loads(out)["counts"][0] == 1


def test_unicode_separators_stay_inside_their_line(tmp_path, capsys):
    hyp = tmp_path / "hyp.txt"
    hyp.write_text("a\u2028b c\r\nx\u0085y\n", encoding="utf-8", newline="")
    ref = write_lines(tmp_path / "ref.txt", ["a b c", "x y"])
    code, out, err = run_main([ref, "-i", hyp, "-sl", "-f", "json", "-tok", "none", "-s", "none"], capsys)
    assert (code, err) == (0, "")
    objects = [json.loads(line) for line in out.splitlines()]
    assert [o["sys_len"] for o in objects] == [3, 2]  # str.split() separates on U+2028 / U+0085 inside the line
    assert [o["counts"][0] for o in objects] == [3, 2]


# --- bad input: one line on stderr, exit 2 ----------------------------------------------------


@pytest.fixture
def files(tmp_path, monkeypatch):
    """hyp.txt and ref1.txt with 3 lines, ref2.txt with 4, bad.txt not UTF-8 on line 2, empty.txt; cwd = tmp_path."""
    monkeypatch.chdir(tmp_path)
    write_lines(tmp_path / "hyp.txt", ["a b c", "d e f", "g h i"])
    write_lines(tmp_path / "ref1.txt", ["a b c", "d e f", "g h x"])
    write_lines(tmp_path / "ref2.txt", ["a", "b", "c", "d"])
    (tmp_path / "bad.txt").write_bytes(b"fine line\nbad \xff byte\nthird\n")
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "subdir").mkdir()
    return tmp_path


BAD_INPUT = [
    (["missing.txt", "-i", "hyp.txt"], ["cannot read missing.txt", "No such file"]),
    (["ref1.txt", "-i", "missing.txt"], ["cannot read missing.txt"]),
    (["subdir", "-i", "hyp.txt"], ["cannot read subdir", "directory"]),
    (["ref1.txt", "-i", "bad.txt"], ["bad.txt", "not UTF-8", "line 2"]),
    (["bad.txt", "-i", "hyp.txt"], ["bad.txt", "line 2"]),
    (["ref1.txt", "ref2.txt", "-i", "hyp.txt"], ["hyp.txt has 3 lines but ref2.txt has 4 lines"]),
    (["-i", "hyp.txt"], ["no reference file"]),
    (["-i", "hyp.txt", "ref1.txt"], ["no reference file", "before -i"]),
    (["ref1.txt", "-i", "empty.txt"], ["empty.txt is empty"]),
    (["ref1.txt", "-i", "hyp.txt", "hyp.txt"], ["given twice", "its own file"]),
    (["ref1.txt", "-i", "hyp.txt", "-tok", "moses"], ["invalid choice: 'moses'", "13a"]),
    (["ref1.txt", "-i", "hyp.txt", "-s", "nltk-method9"], ["invalid choice: 'nltk-method9'", "add-k"]),
    (["ref1.txt", "-i", "hyp.txt", "--variant", "fancy"], ["invalid choice: 'fancy'", "simplified"]),
    (["ref1.txt", "-i", "hyp.txt", "--ref-length", "longest"], ["invalid choice: 'longest'"]),
    (["ref1.txt", "-i", "hyp.txt", "-f", "xml"], ["invalid choice: 'xml'", "latex"]),
    (["ref1.txt", "-i", "hyp.txt", "--no-such-flag"], ["unrecognized arguments: --no-such-flag"]),
    (["ref1.txt", "-i", "hyp.txt", "--max-ngram-order", "0"], ["between 1 and 10", "got 0"]),
    (["ref1.txt", "-i", "hyp.txt", "--max-ngram-order", "11"], ["between 1 and 10", "got 11"]),
    (["ref1.txt", "-i", "hyp.txt", "--max-ngram-order", "four"], ["invalid int value: 'four'"]),
    (["ref1.txt", "-i", "hyp.txt", "-s", "floor", "-sv", "-0.5"], ["--smooth-value", ">= 0"]),
    (["ref1.txt", "-i", "hyp.txt", "-s", "add-k", "-sv", "nan"], ["--smooth-value", "finite"]),
    (["ref1.txt", "-i", "hyp.txt", "-sv", "abc"], ["invalid float value: 'abc'"]),
    (["ref1.txt", "-i", "hyp.txt", "--weights", "0.5,0.6"], ["sum to 1"]),
    (["ref1.txt", "-i", "hyp.txt", "--weights=-0.5,1.5"], ["non-negative"]),
    (["ref1.txt", "-i", "hyp.txt", "--weights", "0.5,x"], ["--weights", "comma-separated numbers"]),
    (["ref1.txt", "-i", "hyp.txt", "--weights", "0.5,0.5", "--max-ngram-order", "3"], ["2 weights", "is 3"]),
    (["ref1.txt", "-i", "hyp.txt", "-sl", "-tok", "none", "-s", "nltk-method6"], ["line 3", "trigram precision"]),
    (["ref1.txt", "-i", "hyp.txt", "-s", "nltk-method6", "--max-ngram-order", "2"], ["N >= 3"]),
    (["ref1.txt", "-i", "hyp.txt", "-s", "nltk-method1", "--effective-order"], ["effective order"]),
    (["ref1.txt", "-i", "hyp.txt", "-w", "-1"], ["--width"]),
]


@pytest.mark.parametrize(("argv", "fragments"), BAD_INPUT, ids=[" ".join(a) for a, _ in BAD_INPUT])
def test_bad_input_is_one_line_and_exit_2(files, capsys, argv, fragments):
    code, out, err = run_main(argv, capsys)
    assert_one_error_line(code, out, err, *fragments)


def test_nltk_method6_with_every_p3_positive_succeeds(files, capsys):
    # the same files as the failing case above, without the line whose p_3 is 0
    write_lines(files / "h2.txt", ["a b c", "d e f"])
    write_lines(files / "r2.txt", ["a b c", "d e f"])
    code, out, _ = run_main(
        ["r2.txt", "-i", "h2.txt", "-sl", "-tok", "none", "-s", "nltk-method6", "-f", "json"], capsys
    )
    assert code == 0 and len(out.splitlines()) == 2


def test_smooth_value_of_a_method_without_one_warns_and_is_ignored(files, capsys):
    code, plain, _ = run_main(["ref1.txt", "-i", "hyp.txt"], capsys)
    code, out, err = run_main(["ref1.txt", "-i", "hyp.txt", "-s", "exp", "-sv", "0.5"], capsys)
    assert code == 0
    assert err == "bleucore: warning: exp smoothing takes no value; --smooth-value 0.5 is ignored\n"
    assert out == plain


def test_help_and_version(capsys):
    code, out, _ = run_main(["--help"], capsys)
    assert code == 0 and out.startswith("usage: bleucore") and "--smooth-method" in out
    code, out, _ = run_main(["--version"], capsys)
    assert (code, out) == (0, "bleucore 0.1.0\n")


# --- through a real process -------------------------------------------------------------------


def test_subprocess_sentence_json_lines_and_a_bad_input(tmp_path):
    hyp, refs, hyps, streams = write_corpus(tmp_path, seed=13, segments=25, nrefs=2)
    done = run_subprocess([*refs, "-i", hyp, "-sl", "-f", "json"])
    assert done.returncode == 0 and done.stderr == ""
    objects = [json.loads(line) for line in done.stdout.splitlines()]
    metric = BLEU(effective_order=True)
    assert len(objects) == 25
    for i, ours in enumerate(objects):
        assert_same_score(ours, metric.sentence_score(hyps[i], [s[i] for s in streams]))
    bad = run_subprocess([*refs, "-i", tmp_path / "missing.txt"])
    assert_one_error_line(bad.returncode, bad.stdout, bad.stderr, "missing.txt")
    unknown = run_subprocess([*refs, "-i", hyp, "-tok", "moses"])
    assert_one_error_line(unknown.returncode, unknown.stdout, unknown.stderr, "moses")


def test_subprocess_reads_the_hypotheses_from_stdin(tmp_path):
    hyp, refs, hyps, streams = write_corpus(tmp_path, seed=14, segments=20, nrefs=1)
    done = subprocess.run(
        [sys.executable, "-m", "bleucore", *map(str, refs), "-b", "-w", "6"],
        cwd=ROOT,
        input=hyp.read_bytes(),
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout.decode() == f"{BLEU().corpus_score(hyps, streams).score:.6f}\n"


@pytest.mark.parametrize(
    "extra",
    [
        [],
        ["-tok", "intl", "-lc", "-w", "3"],
        ["-s", "floor", "-sv", "0.2", "-w", "2"],
        ["-sl", "-w", "2"],
        ["-sl", "-tok", "char"],
    ],
)
def test_text_output_matches_the_sacrebleu_cli(tmp_path, extra):
    hyps, streams = random_corpus(17, 45, 2)
    # drop empty hypotheses: with an empty reference too, BP differs (NLTK's 0 vs sacreBLEU's 1), see above
    keep = [i for i, h in enumerate(hyps) if h.strip()][:40]
    hyp = write_lines(tmp_path / "hyp.txt", [hyps[i] for i in keep])
    refs = [write_lines(tmp_path / f"ref{j}.txt", [s[i] for i in keep]) for j, s in enumerate(streams)]
    ours = run_subprocess([*refs, "-i", hyp, "-f", "text", *extra])
    theirs = run_subprocess([*refs, "-i", hyp, "-f", "text", *extra], module="sacrebleu")
    assert ours.returncode == theirs.returncode == 0
    our_lines, their_lines = score_lines(ours.stdout).splitlines(), theirs.stdout.splitlines()
    # the second signature: exactly what sacreBLEU printed before " = " (none under sentence lines)
    assert sacrebleu_signatures(ours.stdout) == ([] if "-sl" in extra else [their_lines[0].split(" = ", 1)[0]])
    assert len(our_lines) == len(their_lines) == (40 if "-sl" in extra else 1)
    for mine, other in zip(our_lines, their_lines):
        # the signatures differ (ours names order, weights, variant); everything after " = " is the same
        assert mine.split(" = ", 1)[1] == other.split(" = ", 1)[1]


def test_help_does_not_import_numpy():
    code = (
        "import runpy, sys; sys.argv = ['bleucore', '--help']\n"
        "try:\n    runpy.run_module('bleucore', run_name='__main__')\nexcept SystemExit:\n    pass\n"
        "sys.stderr.write(str('numpy' in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.stderr.strip().endswith("False")


def test_chunked_reading_gives_the_same_output_and_line_numbers(files, capsys, monkeypatch):
    import functools

    import bleucore.stream as stream

    write_lines(files / "h5.txt", ["a b c", "d e f", "g h i", "j k l", "a b c d"])
    write_lines(files / "r5.txt", ["a b c", "d e f", "g h i", "j k l", "a b x d"])
    argvs = [["r5.txt", "-i", "h5.txt"], ["r5.txt", "-i", "h5.txt", "-sl", "-f", "json"]]
    whole = [run_main(argv, capsys)[1] for argv in argvs]
    monkeypatch.setattr(stream, "aligned_statistics", functools.partial(stream.aligned_statistics, chunk_lines=2))
    assert [run_main(argv, capsys)[1] for argv in argvs] == whole
    code, out, err = run_main(["r5.txt", "-i", "h5.txt", "-sl", "-tok", "none", "-s", "nltk-method6"], capsys)
    # -sl streams: the chunks scored before the bad line are already written (lines 1-4), then the error.
    assert len(out.splitlines()) == 4
    assert_one_error_line(code, "", err, "line 5", "trigram precision")


def test_a_forked_copy_gives_the_command_line_the_same_corpus_score(tmp_path):
    """120,000 lines (more than two chunks): corpus BLEU and chrF with BLEUCORE_PROCESSES=2 (a forked copy takes
    half the lines of each two chunks) print what one process prints, and what the API gives."""
    from bleucore import corpus_bleu
    from tests.generators import random_corpus

    hyps, streams = random_corpus(29, 3_000, 1)
    hyps, ref = hyps * 40, streams[0] * 40
    write_lines(tmp_path / "hyp.txt", hyps)
    write_lines(tmp_path / "ref.txt", ref)
    outputs = {}
    for processes in ("1", "2"):
        for metric in ("bleu", "chrf"):
            done = subprocess.run(
                [sys.executable, "-m", "bleucore", "ref.txt", "-i", "hyp.txt", "-m", metric, "-b"],
                cwd=tmp_path,
                capture_output=True,
                text=True,
                timeout=600,
                check=True,
                env={**os.environ, "PYTHONPATH": str(ROOT), "BLEUCORE_PROCESSES": processes},
            )
            outputs[processes, metric] = done.stdout
    assert outputs["1", "bleu"] == outputs["2", "bleu"] == f"{corpus_bleu(hyps, [ref]).score:.1f}\n"
    assert outputs["1", "chrf"] == outputs["2", "chrf"]
