"""-m bleu chrf ter: python -m bleucore against the sacrebleu command (and its PairedTest where the
sacrebleu command cannot print chrF's float32 results as JSON)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import numpy as np
import pytest
from sacrebleu.metrics import CHRF, TER
from sacrebleu.significance import PairedTest

from bleucore.cli import main
from tests.cli.commands import run_main, run_sacrebleu
from tests.cli.text_output import sacrebleu_signatures, score_lines
from tests.conftest import write_lines
from tests.generators import language_corpus, perturb

REFS = ["ref1.txt", "ref2.txt"]
VERSION = re.compile(r"version:[0-9.]+")


def read_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:-1]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("metrics")
    hyps, refs = language_corpus(31, "ko", 150, 2)
    rng = random.Random(5)
    write_lines(root / "base.txt", hyps)
    write_lines(root / "sys.txt", [perturb(rng, h) if rng.random() < 0.5 else h for h in hyps])
    for name, stream in zip(REFS, refs):
        write_lines(root / name, stream)
    return root


def ours(argv: list[str], cwd: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.chdir(cwd)
    status, out, err = run_main(argv, capsys)
    assert status == 0, err
    return out


def unversioned(text: str) -> str:
    return VERSION.sub("version:X", text)


@pytest.mark.parametrize(
    "flags",
    [
        ["-m", "chrf"],
        ["-m", "chrf", "--chrf-word-order", "2", "--chrf-lowercase"],
        ["-m", "chrf", "--chrf-char-order", "4", "--chrf-beta", "1", "--chrf-whitespace", "--chrf-eps-smoothing"],
        ["-m", "ter"],
        ["-m", "ter", "--ter-normalized", "--ter-asian-support", "--ter-case-sensitive"],
        ["-m", "ter", "--ter-no-punct", "--ter-asian-support"],
    ],
)
def test_corpus_json_equals_sacrebleu(
    files: Path, flags: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = json.loads(ours([*REFS, "-i", "base.txt", *flags], files, capsys, monkeypatch))
    theirs = json.loads(run_sacrebleu([*REFS, "-i", "base.txt", *flags, "-w", "6"], files))
    assert mine["name"] == theirs["name"]
    assert f"{mine['score']:.6f}" == f"{theirs['score']:.6f}"
    assert unversioned(mine["signature"]) == unversioned(theirs["signature"])
    hyps = [line.rstrip() for line in read_lines(files / "base.txt")]  # as both command lines read them
    refs = [[line.rstrip() for line in read_lines(files / r)] for r in REFS]
    stats = (
        CHRF(**chrf_kwargs(flags))._extract_corpus_statistics(hyps, refs)
        if "chrf" in flags
        else (TER(**ter_kwargs(flags))._extract_corpus_statistics(hyps, refs))
    )
    assert mine["statistics"] == pytest.approx([sum(column) for column in zip(*stats)], abs=1e-9)


def chrf_kwargs(flags: list[str]) -> dict[str, object]:
    value = {
        f: flags[flags.index(f) + 1] for f in ("--chrf-word-order", "--chrf-char-order", "--chrf-beta") if f in flags
    }
    return {
        "word_order": int(value.get("--chrf-word-order", 0)),
        "char_order": int(value.get("--chrf-char-order", 6)),
        "beta": int(value.get("--chrf-beta", 2)),
        "lowercase": "--chrf-lowercase" in flags,
        "whitespace": "--chrf-whitespace" in flags,
        "eps_smoothing": "--chrf-eps-smoothing" in flags,
    }


def ter_kwargs(flags: list[str]) -> dict[str, bool]:
    return {
        name: f"--ter-{name.replace('_', '-')}" in flags
        for name in ("normalized", "no_punct", "asian_support", "case_sensitive")
    }


def test_several_metrics_give_a_list_and_sacrebleus_text(
    files: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = [*REFS, "-i", "sys.txt", "-m", "ter", "bleu", "chrf", "--chrf-word-order", "2"]
    rows = json.loads(ours(argv, files, capsys, monkeypatch))
    assert [row["name"] for row in rows] == ["BLEU", "chrF2++", "TER"]
    text = ours([*argv, "-f", "text", "-w", "4"], files, capsys, monkeypatch)
    mine = score_lines(text).splitlines()
    theirs = run_sacrebleu([*argv, "-f", "text", "-w", "4"], files).splitlines()
    assert sacrebleu_signatures(text) == [line.split(" = ", 1)[0].strip() for line in theirs]  # each one sacreBLEU's
    assert len({line.index(" = ") for line in mine}) == 1  # aligned at " = ", as sacreBLEU's
    assert [line.split(" = ", 1)[1] for line in mine] == [line.split(" = ", 1)[1] for line in theirs]
    # BLEU's signature names more options than sacreBLEU's; chrF's and TER's are sacreBLEU's
    assert [unversioned(line.strip()) for line in mine[1:]] == [unversioned(line.strip()) for line in theirs[1:]]
    only = ours([*argv, "-b", "-w", "4"], files, capsys, monkeypatch)
    assert only == run_sacrebleu([*argv, "-b", "-w", "4"], files)


@pytest.mark.parametrize("flags", [["-m", "chrf", "--chrf-word-order", "2"], ["-m", "ter", "--ter-normalized"]])
def test_sentence_level_equals_sacrebleu(
    files: Path, flags: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = [*REFS, "-i", "sys.txt", *flags, "-sl", "-w", "4"]
    assert unversioned(ours(argv, files, capsys, monkeypatch)) == unversioned(run_sacrebleu(argv, files))
    lines = ours([*argv, "-f", "json"], files, capsys, monkeypatch).splitlines()
    hyps, refs = read_lines(files / "sys.txt"), [read_lines(files / r) for r in REFS]
    metric = CHRF(word_order=2) if "chrf" in flags else TER(normalized=True)
    assert len(lines) == len(hyps)
    for i in range(0, len(hyps), 7):
        expected = metric.sentence_score(hyps[i], [r[i] for r in refs]).score
        assert abs(json.loads(lines[i])["score"] - expected) <= 1e-9


def test_sentence_level_takes_one_metric(
    files: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(files)
    assert main([*REFS, "-i", "sys.txt", "-m", "chrf", "ter", "-sl"]) == 2
    assert "one metric" in capsys.readouterr().err


@pytest.mark.parametrize("test", ["bs", "ar"])
def test_paired_tests_give_sacrebleus_p_values(
    files: Path, test: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    n = 1000 if test == "bs" else 2000
    flag = ["--paired-bs", "-pbsn", str(n)] if test == "bs" else ["--paired-ar", "-parn", str(n)]
    rows = json.loads(
        ours([*REFS, "-i", "base.txt", "sys.txt", "-m", "chrf", "ter", *flag], files, capsys, monkeypatch)
    )
    refs = [read_lines(files / r) for r in REFS]
    systems = [("Baseline: base.txt", read_lines(files / "base.txt")), ("sys.txt", read_lines(files / "sys.txt"))]
    metrics = {"chrf": CHRF(references=refs), "ter": TER(references=refs)}
    _, theirs = PairedTest(systems, metrics, references=None, test_type=test, n_samples=n)()
    assert [row["system"] for row in rows] == theirs["System"]
    for name in ("chrF2", "TER"):
        for mine, result in zip([row[name] for row in rows], theirs[name]):
            assert abs(mine["score"] - result.score) <= 1e-9
            assert mine["p_value"] == result.p_value
            for key in ("mean", "ci"):
                value = getattr(result, key)
                assert mine[key] == (None if value is None else float(np.float32(value)))


def test_confidence_equals_sacrebleu(
    files: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = [*REFS, "-i", "sys.txt", "-m", "chrf", "ter", "--confidence", "-w", "4"]
    mine = json.loads(ours(argv, files, capsys, monkeypatch))
    theirs = json.loads(run_sacrebleu(argv, files))
    assert [m["confidence"] for m in mine] == [t["confidence"] for t in theirs]
    assert [unversioned(m["signature"]) for m in mine] == [unversioned(t["signature"]) for t in theirs]
    text = ours([*argv, "-f", "text"], files, capsys, monkeypatch)
    assert unversioned(text) == unversioned(run_sacrebleu([*argv, "-f", "text"], files))
