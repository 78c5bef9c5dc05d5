"""The score doctor's setup check: each rule finds its problem on an input built to have it (and names the lines),
stays silent on a clean input, and the problem really moves the score as the finding says."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
import sacrebleu
from hypothesis import given, settings
from hypothesis import strategies as st

from bleucore import MAX_LINE_CHARS, BleuOptions, corpus_bleu
from bleucore.doctor import RULES, check_setup, diagnose, read_bytes

ROOT = Path(__file__).resolve().parents[2]

HYPS = [f"The cat number {i} sat on the mat today." for i in range(30)]
REF = [f"The cat number {i} sat on a mat today." for i in range(30)]
REF2 = [f"A cat, number {i}, was sitting on the mat." for i in range(30)]
KO_HYP = ["나는 오늘 아침에 학교에 갔다", "그는 어제 집에 왔다"] * 5
KO_REF = ["나는 오늘 아침 학교에 갔다", "그는 어제 집으로 왔다"] * 5


def codes(hyps: list[str], refs: list[list[str]], **kwargs: object) -> dict[str, object]:
    return {f.code: f for f in check_setup(hyps, refs, **kwargs)}  # type: ignore[arg-type]


def test_a_clean_setup_has_no_findings() -> None:
    assert check_setup(HYPS, [REF, REF2]) == []
    assert check_setup(KO_HYP, [KO_REF], tokenize="ko-mecab") == []


def test_every_rule_is_a_module_with_a_code_and_a_check() -> None:
    from importlib import import_module

    found = [import_module(f"bleucore.doctor.rules.{rule}") for rule in RULES]
    assert len({m.CODE for m in found}) == len(RULES) and all(callable(m.check) for m in found)


def test_line_counts_that_differ_name_the_files_and_where_alignment_breaks() -> None:
    shifted = REF[:10] + REF[11:]  # line 11 missing: from there each hypothesis meets the next line's reference
    finding = codes(HYPS, [shifted], reference_names=["ref.txt"])["line-count-mismatch"]
    assert "hypothesis has 30 lines but ref.txt has 29" in finding.problem and finding.severity == "error"  # type: ignore[attr-defined]


def test_concatenated_references_are_found_by_their_line_count() -> None:
    finding = codes(HYPS, [REF + REF2])["refs-concatenated"]
    assert finding.values["k"] == 2 and "line-count-mismatch" not in codes(HYPS, [REF + REF2])  # type: ignore[attr-defined]


def test_tab_separated_references_suggest_nr() -> None:
    finding = codes(HYPS, [[f"{a}\t{b}" for a, b in zip(REF, REF2)]])["refs-tab-separated"]
    assert "-nr 2" in finding.fix  # type: ignore[attr-defined]


def test_the_hypothesis_given_as_a_reference_scores_100_and_is_named() -> None:
    assert "hyp-equals-ref" in codes(REF, [REF, REF2])
    assert corpus_bleu(REF, [REF]).score == pytest.approx(100.0)


def test_identical_reference_files() -> None:
    assert "duplicate-refs" in codes(HYPS, [REF, list(REF)])


def test_empty_lines_are_counted_with_their_numbers() -> None:
    hyps = list(HYPS)
    hyps[4] = hyps[7] = ""
    finding = codes(hyps, [REF])["empty-lines"]
    assert finding.lines == (5, 8) and finding.values["count"] == 2  # type: ignore[attr-defined]


@pytest.mark.parametrize("char", ["\ufeff", "\r", "\u00a0", "\u200b"])
def test_invisible_characters_are_named(char: str) -> None:
    hyps = [h.replace(" ", char, 1) if i % 3 == 0 else h for i, h in enumerate(HYPS)]
    finding = codes(hyps, [REF])["invisible-characters"]
    assert finding.lines[0] == 1  # type: ignore[attr-defined]


def test_korean_in_nfd_against_nfc_scores_zero_and_is_found() -> None:
    nfd = [unicodedata.normalize("NFD", line) for line in KO_HYP]
    assert corpus_bleu(nfd, [KO_REF], BleuOptions(tokenize="char")).score == 0.0  # nothing in common
    finding = codes(nfd, [KO_REF], tokenize="ko-mecab")["unicode-normalization"]
    assert finding.severity == "error" and finding.lines[0] == 1  # type: ignore[attr-defined]


def test_pretokenized_text_on_one_side_only() -> None:
    tokenized = [h[:-1] + " ." for h in HYPS]
    assert "pre-tokenized" in codes(tokenized, [REF])
    assert "pre-tokenized" not in codes(tokenized, [[r[:-1] + " ." for r in REF]])  # both sides tokenized alike


@pytest.mark.parametrize("marker", ["@@ ", "\u2581"])
def test_subword_markers(marker: str) -> None:
    pieces = [h.replace("cat", "ca" + marker + "t") for h in HYPS]
    assert "subword-markers" in codes(pieces, [REF])


def test_lowercase_on_one_side_only() -> None:
    lower = [h.lower() for h in HYPS]
    assert "case-mismatch" in codes(lower, [REF])
    assert "case-mismatch" not in codes(lower, [[r.lower() for r in REF]])


def test_korean_with_13a_points_to_ko_mecab_and_the_score_moves() -> None:
    finding = codes(KO_HYP, [KO_REF])["cjk-with-13a"]
    assert finding.values["tokenizer"] == "ko-mecab"  # type: ignore[attr-defined]
    scores = finding.values["scores"]  # type: ignore[attr-defined]
    assert set(scores) == {"13a", "zh", "ja-mecab", "ko-mecab"}
    for name, score in scores.items():  # the score with each CJK tokenizer, as sacreBLEU gives it
        assert score == pytest.approx(sacrebleu.corpus_bleu(KO_HYP, [KO_REF], tokenize=name).score, abs=1e-9)
    assert scores["ko-mecab"] > scores["13a"] and f"ko-mecab {scores['ko-mecab']:.2f}" in finding.effect  # type: ignore[attr-defined]
    assert "cjk-with-13a" not in codes(KO_HYP, [KO_REF], tokenize="ko-mecab")
    assert codes(["日本語のテキストです"] * 3, [["日本語の文です"] * 3])["cjk-with-13a"].values["tokenizer"] == "ja-mecab"  # type: ignore[attr-defined]
    assert codes(["这是中文句子"] * 3, [["这是一个中文句子"] * 3])["cjk-with-13a"].values["tokenizer"] == "zh"  # type: ignore[attr-defined]


def test_lines_too_short_for_four_grams() -> None:
    short = ["a cat", "the dog ran"] * 5
    assert "all-short" in codes(short, [short[::-1]])
    assert corpus_bleu(short, [short[::-1]], BleuOptions(smooth_method="none")).score == 0.0


def test_one_string_instead_of_lines_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="sequences of lines"):
        check_setup("one string", [REF])  # type: ignore[arg-type]


def test_the_command_line_prints_findings_and_exits_1_on_an_error(tmp_path: Path) -> None:
    (tmp_path / "hyp.txt").write_text("\n".join(HYPS) + "\n", encoding="utf-8")
    (tmp_path / "refs.txt").write_text("\n".join(REF + REF2) + "\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "bleucore.doctor", str(tmp_path / "refs.txt"), "-i", str(tmp_path / "hyp.txt"),
                          "-f", "json"], capture_output=True, text=True)  # fmt: skip
    assert run.returncode == 1
    assert "refs-concatenated" in [f["code"] for f in json.loads(run.stdout)["findings"]]
    missing = subprocess.run([sys.executable, "-m", "bleucore.doctor", str(tmp_path / "missing.txt"), "-i", str(tmp_path / "hyp.txt"),
                              "--json"], capture_output=True, text=True)  # fmt: skip
    report = json.loads(missing.stdout)  # a file that cannot be read is a finding, the others still checked
    assert missing.returncode == 1 and report["findings"][0]["code"] == "unreadable-file" and report["scores"] == []
    bad = subprocess.run([sys.executable, "-m", "bleucore.doctor", str(tmp_path / "refs.txt"), "-i", str(tmp_path / "hyp.txt"),
                          "--waterfall", "nltk:sacrebleu"], capture_output=True, text=True)  # fmt: skip
    assert bad.returncode == 2 and bad.stderr.startswith("bleucore: error: unknown tool 'nltk'") and len(bad.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["-i", "hyp.txt"], "the following arguments are required: REF"),
        (["ref.txt"], "the following arguments are required: -i/--input"),
        (["ref.txt", "-i", "hyp.txt", "-tok", "spaces"], "argument -tok/--tokenize: invalid choice: 'spaces'"),
        (["ref.txt", "-i", "hyp.txt", "--bogus"], "unrecognized arguments: --bogus"),
        (["ref.txt", "-i", "hyp.txt", "--waterfall", "nltk"], "unknown tool 'nltk'"),
    ],
)
def test_bad_usage_is_one_error_line_and_exit_2(argv: list[str], message: str, tmp_path: Path) -> None:
    (tmp_path / "hyp.txt").write_text("a b c d\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text("a b c e\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "bleucore.doctor", *argv], capture_output=True, text=True, cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})  # fmt: skip
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith(f"bleucore: error: {message}") and len(run.stderr.splitlines()) == 1, run.stderr


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"", "empty-file"),
        (b"a line\n\x00\x01\x02 binary\n", "binary-file"),
        (b"good\ncaf\xe9\n", "not-utf8"),
        (b"x" * (MAX_LINE_CHARS + 1) + b"\nshort\n", "line-too-long"),
    ],
)
def test_a_file_that_does_not_read_as_text_is_a_finding_and_stops_the_scores(data: bytes, code: str) -> None:
    hyp = read_bytes(data, "hyp.txt")
    ref = read_bytes(b"a line\nanother line\n", "ref.txt")
    report = diagnose(hyp.lines, [ref.lines], "hyp.txt", ["ref.txt"], reading=hyp.findings)
    assert [f.code for f in hyp.findings] == [code] and report.findings[0].code == code
    assert report.findings[0].severity == "error" and report.scores == () and not report.scored
    if code == "not-utf8":
        assert hyp.findings[0].lines == (2,) and hyp.lines == ["good", "caf\ufffd"]  # the line named, the text kept


def test_the_json_contract_names_every_finding_and_implementation(tmp_path: Path) -> None:
    (tmp_path / "hyp.txt").write_text("\n".join(h.lower() for h in HYPS) + "\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text("\n".join(REF) + "\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "bleucore.doctor", str(tmp_path / "ref.txt"), "-i", str(tmp_path / "hyp.txt"),
                          "--json"], capture_output=True, text=True)  # fmt: skip
    report = json.loads(run.stdout)
    assert set(report) == {"findings", "scores"} and run.returncode == 0
    assert {"code", "severity", "lines", "message", "fix"} <= set(report["findings"][0])
    assert "case-mismatch" in [f["code"] for f in report["findings"]]
    assert [s["implementation"] for s in report["scores"]] == [
        "sacrebleu", "nltk-corpus", "nltk-sentence-mean", "hf-evaluate", "torchmetrics", "torchtext", "multi-bleu",
        "multi-bleu-lc", "tutorial", "tutorial-simplified",
    ]  # fmt: skip
    assert report["scores"][1]["quirks"] and "1e-155" in report["scores"][1]["quirks"][0]  # NLTK's warning, said
    expected = sacrebleu.corpus_bleu([h.lower() for h in HYPS], [REF]).score
    assert report["scores"][0]["score"] == pytest.approx(expected, abs=1e-9)  # 0-100, unrounded


TOKENIZERS = ["13a", "none", "intl", "char", "zh"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.binary(max_size=60) | st.text(max_size=60).map(str.encode), min_size=2, max_size=4), st.sampled_from(TOKENIZERS))
def test_the_doctor_never_raises_whatever_the_bytes(files: list[bytes], tokenize: str) -> None:
    hyp, *refs = [read_bytes(data, f"f{i}") for i, data in enumerate(files)]
    reading = [f for text in (hyp, *refs) for f in text.findings]
    report = diagnose(hyp.lines, [r.lines for r in refs], hyp.name, [r.name for r in refs], tokenize, reading)
    json.dumps(report.to_dict())
    if report.scored:
        assert all(s.points is None or 0.0 <= s.points <= 100.0 for s in report.scores)
