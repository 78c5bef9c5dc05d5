"""--paired-bs, --paired-ar and --confidence of python -m bleucore against the sacrebleu command."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sacrebleu.metrics import BLEU

from tests.cli.commands import run_main, run_sacrebleu
from tests.conftest import ROOT, write_lines
from tests.generators import perturb, random_corpus


def run(
    argv: list[str], capsys: pytest.CaptureFixture[str], cwd: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str, str]:
    monkeypatch.chdir(cwd)
    return run_main(argv, capsys)


@pytest.fixture
def systems(tmp_path: Path) -> Path:
    """ref1/ref2, a baseline and two systems (one close to the baseline, one further away)."""
    hyps, streams = random_corpus(21, 250, 2)
    rng = random.Random(7)
    write_lines(tmp_path / "base.txt", hyps)
    write_lines(tmp_path / "close.txt", [perturb(rng, h) if rng.random() < 0.05 else h for h in hyps])
    write_lines(tmp_path / "far.txt", [perturb(rng, h) if rng.random() < 0.6 else h for h in hyps])
    for j, stream in enumerate(streams, start=1):
        write_lines(tmp_path / f"ref{j}.txt", stream)
    return tmp_path


REFS = ["ref1.txt", "ref2.txt"]
SYSTEMS = ["-i", "base.txt", "close.txt", "far.txt"]


def assert_same_table(ours: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> None:
    assert [row["system"] for row in ours] == [row["system"] for row in theirs]
    for mine, sacre in zip(ours, theirs):
        a, b = mine["BLEU"], sacre["BLEU"]
        assert a["p_value"] == b["p_value"]
        assert a["mean"] == b["mean"] and a["ci"] == b["ci"]
        assert a["score"] == pytest.approx(b["score"], abs=1e-9)


@pytest.mark.parametrize("flags", [["--paired-bs"], ["-pbs", "-pbsn", "300"], ["--paired-ar", "--paired-ar-n", "2000"]])
def test_paired_json_equals_sacrebleu(
    systems: Path, flags: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run([*REFS, *SYSTEMS, *flags], capsys, systems, monkeypatch)
    assert code == 0, err
    ours = json.loads(out)
    assert_same_table(ours, json.loads(run_sacrebleu([*REFS, *SYSTEMS, *flags], systems)))
    assert ours[0]["system"] == "Baseline: base.txt" and ours[0]["BLEU"]["p_value"] is None
    p_close, p_far = ours[1]["BLEU"]["p_value"], ours[2]["BLEU"]["p_value"]
    assert p_far < 0.05 < p_close  # the generated systems give both outcomes
    if "--paired-ar" in flags:
        assert ours[0]["BLEU"]["mean"] is None and ours[1]["BLEU"]["ci"] is None


def test_paired_text_table(systems: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run([*REFS, *SYSTEMS, "--paired-bs", "-f", "text", "-w", "2"], capsys, systems, monkeypatch)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Paired bootstrap resampling test with 1000 resampling trials"
    assert lines[1].startswith("BLEU|nrefs:2|bs:1000|seed:12345|case:mixed|")
    rows = json.loads(run([*REFS, *SYSTEMS, "--paired-bs"], capsys, systems, monkeypatch)[1])
    close, far = rows[1]["BLEU"], rows[2]["BLEU"]
    close_line = next(line for line in lines if line.startswith("close.txt"))
    far_line = next(line for line in lines if line.startswith("far.txt"))
    assert f"{close['score']:.2f}" in close_line and f"{close['mean']:.2f} ± {close['ci']:.2f}" in close_line
    assert close_line.endswith(f"{close['p_value']:.4f}")  # not significant: no star
    assert far_line.endswith(f"{far['p_value']:.4f} *")
    assert any(line.startswith("Baseline: base.txt") for line in lines)


def test_confidence_equals_sacrebleu(
    systems: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run([*REFS, "-i", "far.txt", "--confidence"], capsys, systems, monkeypatch)
    assert code == 0
    ours = json.loads(out)
    hyps = (systems / "far.txt").read_text(encoding="utf-8").split("\n")[:-1]  # not splitlines: U+2028
    refs = [(systems / r).read_text(encoding="utf-8").split("\n")[:-1] for r in REFS]
    theirs = BLEU().corpus_score(hyps, refs, n_bootstrap=1000)
    assert ours["confidence_mean"] == theirs._mean
    assert ours["confidence_var"] == theirs._ci
    assert ours["signature"].startswith("nrefs:2|bs:1000|seed:12345|")
    sacre = json.loads(run_sacrebleu([*REFS, "-i", "far.txt", "--confidence"], systems))
    assert ours["confidence"] == sacre["confidence"]  # "μ = 39.2 ± 2.8" at the default width


@pytest.mark.parametrize("flags", [["-f", "text"], ["-b"], ["-f", "text", "-w", "3", "-cin", "200"]])
def test_confidence_text_and_score_only_equal_sacrebleu(
    systems: Path, flags: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = [*REFS, "-i", "close.txt", "-ci", *flags]
    code, out, _ = run(argv, capsys, systems, monkeypatch)
    assert code == 0
    theirs = run_sacrebleu(argv, systems)
    if "-b" in flags:
        assert out == theirs  # "40.6 (μ = 40.6 ± 2.7)"
    else:  # same text after the signature, which names more options in bleucore
        assert out.split(" = ", 1)[1] == theirs.split(" = ", 1)[1]
        assert "|bs:" in out.split(" = ", 1)[0]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["-i", "base.txt", "--paired-bs"], "paired tests need a baseline and at least one system"),
        (["-i", "base.txt", "far.txt", "--confidence"], "--confidence takes one hypothesis file, got 2"),
        (["-i", "base.txt", "far.txt", "--paired-bs", "-sl"], "not -sl"),
        (["-i", "base.txt", "--confidence", "-sl"], "not -sl"),
        (["-i", "base.txt", "far.txt", "--paired-bs", "--paired-ar"], "not allowed with argument"),
        (["-i", "base.txt", "far.txt", "--paired-bs", "--confidence"], "--confidence is for one system"),
        (
            ["-i", "base.txt", "far.txt", "--paired-bs", "-pbsn", "0"],
            "--paired-bs-n must be between 1 and 100,000, got 0",
        ),
        (
            ["-i", "base.txt", "far.txt", "--paired-ar", "-parn", "-3"],
            "--paired-ar-n must be between 1 and 100,000, got -3",
        ),
        (["-i", "base.txt", "-ci", "-cin", "0"], "--confidence-n must be between 1 and 100,000, got 0"),
        (["-i", "base.txt", "-ci", "-cin", "100001"], "--confidence-n must be between 1 and 100,000, got 100,001"),
        (
            ["-i", "base.txt", "far.txt", "--paired-bs", "-pbsn", "1000000000"],
            "--paired-bs-n must be between 1 and 100,000",
        ),
        (["-i", "base.txt", "short.txt", "--paired-ar"], "base.txt has 250 lines but short.txt has 3 lines"),
        (["-i", "base.txt", "far.txt", "-sl"], "-sl scores one system"),
    ],
)
def test_bad_combinations_are_one_line_errors(
    systems: Path, argv: list[str], message: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write_lines(systems / "short.txt", ["a", "b", "c"])
    code, out, err = run([*REFS, *argv], capsys, systems, monkeypatch)
    assert code == 2 and out == ""
    assert err.startswith("bleucore: error: ") and message in err
    assert err.count("\n") == 1


def test_help_lists_the_flags_without_importing_numpy() -> None:
    script = (
        "import sys\nfrom bleucore.cli import main\ntry:\n    main(['--help'])\nfinally:\n"
        "    print('numpy' in sys.modules, 'bleucore.significance.paired' in sys.modules, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True
    )
    for flag in ("--paired-bs", "--paired-ar", "--confidence", "--paired-bs-n", "--paired-ar-n", "--confidence-n"):
        assert flag in done.stdout
    assert done.stderr.split() == ["False", "False"]
