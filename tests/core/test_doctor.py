"""The score doctor's contract: every rule is a file with a code and a test file of its own
(``tests/core/doctor_rules/``: each rule on an input built to have it, its lines, and what it does to the score);
a clean setup has no finding; the command line's JSON, exit codes and usage errors; unreadable files are findings
that stop the scores; no bytes make it raise."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import sacrebleu
from hypothesis import given, settings
from hypothesis import strategies as st

from bleucore import MAX_LINE_CHARS
from bleucore.doctor import RULES, Setup, check_setup, diagnose, read_bytes
from tests.conftest import ROOT
from tests.core.doctor_rules.setups import HYPS, KO_HYP, KO_REF, REF, REF2


def test_a_clean_setup_has_no_findings() -> None:
    assert check_setup(Setup(HYPS, [REF, REF2])) == []
    assert check_setup(Setup(KO_HYP, [KO_REF], tokenize="ko-mecab")) == []


def test_every_rule_is_a_file_with_a_code_a_check_and_a_test_file_of_its_own() -> None:
    from importlib import import_module

    rules_dir = ROOT / "bleucore" / "doctor" / "rules"
    files = sorted(p.stem for p in rules_dir.glob("*.py") if not p.stem.startswith("_"))
    assert list(RULES) == files and len(files) == 20  # found by their files: adding one is adding a file
    found = [import_module(f"bleucore.doctor.rules.{rule}") for rule in RULES]
    assert len({m.CODE for m in found}) == len(RULES) and all(callable(m.check) for m in found)
    tests = ROOT / "tests" / "core" / "doctor_rules"
    for rule, module in zip(RULES, found):
        test = tests / f"test_{rule}.py"
        assert test.exists(), f"{rule} has no test file of its own"
        assert module.CODE in test.read_text(encoding="utf-8")
    assert {m.CODE for m in found} == {
        "line-count-mismatch",
        "refs-concatenated",
        "refs-tab-separated",
        "hyp-equals-ref",
        "duplicate-refs",
        "pre-tokenized",
        "subword-markers",
        "case-mismatch",
        "empty-lines",
        "invisible-characters",
        "unicode-normalization",
        "cjk-with-13a",
        "all-short",
        "wrong-language",
        "llm-preamble",
        "refusal",
        "source-copy",
        "swapped-files",
        "merged-lines",
        "short-output",
    }


def test_one_string_instead_of_lines_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="sequences of lines"):
        check_setup(Setup("one string", [REF]))  # type: ignore[arg-type]


def test_the_command_line_prints_findings_and_exits_1_on_an_error(tmp_path: Path) -> None:
    (tmp_path / "hyp.txt").write_text("\n".join(HYPS) + "\n", encoding="utf-8")
    (tmp_path / "refs.txt").write_text("\n".join(REF + REF2) + "\n", encoding="utf-8")
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "bleucore.doctor",
            str(tmp_path / "refs.txt"),
            "-i",
            str(tmp_path / "hyp.txt"),
            "-f",
            "json",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1
    assert "refs-concatenated" in [f["code"] for f in json.loads(run.stdout)["findings"]]
    missing = subprocess.run(
        [
            sys.executable,
            "-m",
            "bleucore.doctor",
            str(tmp_path / "missing.txt"),
            "-i",
            str(tmp_path / "hyp.txt"),
            "--json",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    report = json.loads(missing.stdout)  # a file that cannot be read is a finding, the others still checked
    assert missing.returncode == 1 and report["findings"][0]["code"] == "unreadable-file" and report["scores"] == []
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "bleucore.doctor",
            str(tmp_path / "refs.txt"),
            "-i",
            str(tmp_path / "hyp.txt"),
            "--waterfall",
            "nltk:sacrebleu",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert (
        bad.returncode == 2
        and bad.stderr.startswith("bleucore: error: unknown tool 'nltk'")
        and len(bad.stderr.splitlines()) == 1
    )


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
    run = subprocess.run(
        [sys.executable, "-m", "bleucore.doctor", *argv],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
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
    report = diagnose(Setup(hyp.lines, [ref.lines], "hyp.txt", ["ref.txt"]), reading=hyp.findings)
    assert [f.code for f in hyp.findings] == [code] and report.findings[0].code == code
    assert report.findings[0].severity == "error" and report.scores == () and not report.scored
    if code == "not-utf8":
        assert hyp.findings[0].lines == (2,) and hyp.lines == ["good", "caf\ufffd"]  # the line named, the text kept


def test_the_json_contract_names_every_finding_and_implementation(tmp_path: Path) -> None:
    (tmp_path / "hyp.txt").write_text("\n".join(h.lower() for h in HYPS) + "\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text("\n".join(REF) + "\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "bleucore.doctor", str(tmp_path / "ref.txt"), "-i", str(tmp_path / "hyp.txt"), "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    report = json.loads(run.stdout)
    assert set(report) == {"findings", "scores"} and run.returncode == 0
    assert {"code", "severity", "lines", "message", "fix"} <= set(report["findings"][0])
    assert "case-mismatch" in [f["code"] for f in report["findings"]]
    assert [s["implementation"] for s in report["scores"]] == [
        "sacrebleu",
        "nltk-corpus",
        "nltk-sentence-mean",
        "hf-evaluate",
        "torchmetrics",
        "torchtext",
        "multi-bleu",
        "multi-bleu-lc",
        "tutorial",
        "tutorial-simplified",
    ]
    assert report["scores"][1]["quirks"] and "1e-155" in report["scores"][1]["quirks"][0]  # NLTK's warning, said
    expected = sacrebleu.corpus_bleu([h.lower() for h in HYPS], [REF]).score
    assert report["scores"][0]["score"] == pytest.approx(expected, abs=1e-9)  # 0-100, unrounded


TOKENIZERS = ["13a", "none", "intl", "char", "zh"]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.binary(max_size=60) | st.text(max_size=60).map(str.encode), min_size=2, max_size=4),
    st.sampled_from(TOKENIZERS),
)
def test_the_doctor_never_raises_whatever_the_bytes(files: list[bytes], tokenize: str) -> None:
    hyp, *refs = [read_bytes(data, f"f{i}") for i, data in enumerate(files)]
    reading = [f for text in (hyp, *refs) for f in text.findings]
    report = diagnose(Setup(hyp.lines, [r.lines for r in refs], hyp.name, [r.name for r in refs], tokenize), reading)
    json.dumps(report.to_dict())
    if report.scored:
        assert all(s.points is None or 0.0 <= s.points <= 100.0 for s in report.scores)


def test_a_tokenizer_without_its_analyser_is_a_finding_and_the_other_scores_stay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bleucore.doctor import report

    monkeypatch.setattr(report, "missing_package", lambda name: "mecab-ko" if name == "ko-mecab" else None)
    result = diagnose(Setup(KO_HYP, [KO_REF], tokenize="ko-mecab"))
    (missing,) = [f for f in result.findings if f.code == "tokenizer-missing"]
    assert missing.values == {"tokenizer": "ko-mecab", "package": "mecab-ko"} and missing.fix == "pip install mecab-ko"
    assert [s.tool.key for s in result.scores][:2] == ["sacrebleu", "nltk-corpus"]  # no ko-mecab row, the others kept
    assert result.scores[0].points == pytest.approx(sacrebleu.corpus_bleu(KO_HYP, [KO_REF]).score, abs=1e-9)
    assert [s.tool.key for s in diagnose(Setup(KO_HYP, [KO_REF], tokenize="zh")).scores][:2] == [
        "sacrebleu",
        "sacrebleu-zh",
    ]


def test_the_rules_about_which_lines_pair_come_first_among_errors() -> None:
    findings = check_setup(Setup(REF, [REF, REF + REF2[:1]], reference_names=["a", "b"]))  # b: one line too many
    assert [f.code for f in findings] == ["line-count-mismatch", "hyp-equals-ref"]
    assert [f.code for f in check_setup(Setup(HYPS, [REF + REF2]))] == ["refs-concatenated"]


def test_the_api_holds_the_doctors_limits_before_any_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """diagnose itself checks each file and all of them against limits.DOCTOR_HELD (not only the command line)."""
    import bleucore.doctor.report as report_module
    from bleucore import MAX_DOCTOR_LINES, MAX_DOCTOR_TOTAL_LINES, HeldSizeError

    def no_scoring(*args: object) -> None:
        raise AssertionError("scored past a limit")

    monkeypatch.setattr(report_module, "ConventionScorer", no_scoring)
    many = ["a b"] * (MAX_DOCTOR_LINES + 1)
    with pytest.raises(HeldSizeError, match=f"hyp.txt has more than {MAX_DOCTOR_LINES:,} lines"):
        diagnose(Setup(many, [many], "hyp.txt", ["ref.txt"], "13a"))
    each = ["a b"] * (MAX_DOCTOR_TOTAL_LINES // 3 + 1)
    with pytest.raises(HeldSizeError, match=f"the 4 files hold {4 * len(each):,} lines"):
        diagnose(Setup(each, [each, each, each], "hyp.txt", ["r1", "r2", "r3"], "13a"))
    monkeypatch.undo()
    assert diagnose(Setup(each, [each], "hyp.txt", ["ref.txt"], "13a")).scored  # within every limit


def test_the_source_is_compared_and_never_blocks_the_scores(tmp_path: Path) -> None:
    from tests.core.doctor_rules.parallel import ENGLISH, GERMAN, SYSTEM

    hyps = list(SYSTEM)
    hyps[3] = GERMAN[3]
    for name, lines in (("hyp.txt", hyps), ("ref.txt", ENGLISH), ("src.txt", GERMAN)):
        (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "bad.txt").write_bytes(b"\x00\x01")

    def run(source: str) -> dict[str, Any]:
        argv = [str(tmp_path / "ref.txt"), "-i", str(tmp_path / "hyp.txt"), "--source", str(tmp_path / source)]
        done = subprocess.run(
            [sys.executable, "-m", "bleucore.doctor", *argv, "--json"], capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        return dict(json.loads(done.stdout))

    report = run("src.txt")
    (copy,) = [f for f in report["findings"] if f["code"] == "source-copy"]
    assert copy["lines"] == [4] and copy["values"]["source"].endswith("src.txt") and report["scores"]
    unreadable = run("bad.txt")  # a binary source is a warning: the scores stay
    assert [f["severity"] for f in unreadable["findings"] if f["code"] == "binary-file"] == ["warning"]
    assert unreadable["scores"] and "source-copy" not in [f["code"] for f in unreadable["findings"]]
