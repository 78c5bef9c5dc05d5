"""``-tok flores101``, ``flores200`` and ``spBLEU-1K`` (spBLEU) of ``bleucore`` against the ``sacrebleu`` command,
both reading the tests' own SentencePiece models where sacreBLEU looks (``SACREBLEU``, ``tests/conftest.py``): corpus,
``-sl``, ``-lc`` and paired modes on mixed scripts, empty lines and odd spaces; ``--spm-model``; the forked chunks of a
large file; and the one-line errors of a missing model or package."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bleucore.tokenizers import registry as tokenizer_registry
from tests.cli.commands import run_main, run_sacrebleu
from tests.cli.text_output import sacrebleu_signatures, score_lines
from tests.conftest import ROOT, write_lines
from tests.generators import perturb
from tests.spm_models import SETTINGS, mixed_corpus

SPM = tuple(SETTINGS)


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Two references, a baseline and two systems of mixed scripts (one near the baseline, one further), in the
    working folder."""
    hyps, refs = mixed_corpus(31, 300, 2)
    rng = random.Random(5)
    write_lines(tmp_path / "base.txt", hyps)
    rolls = [rng.random() for _ in hyps]  # near: as many lines made better (the reference) as worse
    near = [ref if roll < 0.04 else perturb(rng, h) if roll < 0.08 else h for h, ref, roll in zip(hyps, refs[0], rolls)]
    write_lines(tmp_path / "near.txt", near)
    write_lines(tmp_path / "far.txt", [perturb(rng, h) if rng.random() < 0.6 else h for h in hyps])
    for j, stream in enumerate(refs, start=1):
        write_lines(tmp_path / f"ref{j}.txt", stream)
    monkeypatch.chdir(tmp_path)
    return tmp_path


REFS = ["ref1.txt", "ref2.txt"]


def assert_same_text(ours: str, theirs: str, lines: int) -> None:
    """sacreBLEU's text lines: the same numbers after each signature, and its signature's tokenizer."""
    mine, other = score_lines(ours).splitlines(), theirs.splitlines()
    assert len(mine) == len(other) == lines
    for a, b in zip(mine, other):
        if "hyp_len = 0 ref_len = 0" in b:  # sacreBLEU's BP = 1 for c = r = 0, bleucore's 0 (README)
            b = b.replace("BP = 1.000", "BP = 0.000")
        assert a.split(" = ", 1)[1] == b.split(" = ", 1)[1]
        assert b.split(" = ", 1)[0].split("|")[3] in a.split(" = ", 1)[0]  # tok:flores200


@pytest.mark.parametrize("name", SPM)
@pytest.mark.parametrize("extra", [[], ["-sl"], ["-lc"], ["-sl", "-lc", "-s", "floor"]], ids=str)
def test_text_output_equals_sacrebleu(
    name: str, extra: list[str], files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [*REFS, "-i", "far.txt", "-tok", name, "-f", "text", "-w", "6", *extra]
    code, out, err = run_main(argv, capsys)
    assert code == 0, err
    theirs = run_sacrebleu(argv, files)
    assert_same_text(out, theirs, 300 if "-sl" in extra else 1)
    if "-sl" not in extra:  # the second signature is the one sacreBLEU printed
        assert sacrebleu_signatures(out) == [theirs.split(" = ", 1)[0]]
        assert f"|tok:{name}|" in theirs


def test_json_and_score_only_equal_sacrebleu(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = [*REFS, "-i", "base.txt", "-tok", "flores200"]
    code, out, _ = run_main(argv, capsys)
    ours, theirs = json.loads(out), json.loads(run_sacrebleu(argv, files))
    assert code == 0 and f"{ours['score']:.1f}" == f"{theirs['score']:.1f}"
    assert ours["sacrebleu_signature"] == theirs["signature"] and theirs["signature"].count("tok:flores200") == 1
    assert run_main([*argv, "-b", "-w", "4"], capsys)[1] == run_sacrebleu([*argv, "-b", "-w", "4"], files)


@pytest.mark.parametrize(
    ("name", "flags"),
    [("flores200", ["--paired-bs"]), ("flores101", ["--paired-ar", "-parn", "2000"]), ("spBLEU-1K", ["-pbs"])],
)
def test_paired_tests_equal_sacrebleu(
    name: str, flags: list[str], files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [*REFS, "-i", "base.txt", "near.txt", "far.txt", "-tok", name, *flags]
    code, out, err = run_main(argv, capsys)
    assert code == 0, err
    ours, theirs = json.loads(out), json.loads(run_sacrebleu(argv, files))
    assert [row["system"] for row in ours] == [row["system"] for row in theirs]
    for mine, sacre in zip(ours, theirs):
        a, b = mine["BLEU"], sacre["BLEU"]
        assert (a["p_value"], a["mean"], a["ci"]) == (b["p_value"], b["mean"], b["ci"])
        assert a["score"] == pytest.approx(b["score"], abs=1e-9)
    assert ours[2]["BLEU"]["p_value"] < 0.05 < ours[1]["BLEU"]["p_value"]  # both outcomes
    code, text, _ = run_main([*argv, "-f", "text"], capsys)
    assert code == 0 and f"|tok:{name}|" in text.splitlines()[1]


def test_sacrebleus_old_spm_is_flores101_with_a_warning(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = [*REFS, "-i", "far.txt", "-tok", "spm", "-f", "text"]
    code, out, err = run_main(argv, capsys)
    assert code == 0
    assert err == "bleucore: warning: -tok spm is sacreBLEU's old name of flores101 (the same model and signature)\n"
    assert_same_text(out, run_sacrebleu(argv, files), 1)
    assert "|tok:flores101|" in out
    assert run_main([*argv, "-q"], capsys)[2] == ""


def test_a_named_model_file_is_read(
    files: Path, spm_home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--spm-model FILE`` with sacreBLEU's folder empty: the same scores as sacreBLEU's with its folder's model."""
    named = files / "models here" / "f200.model"
    named.parent.mkdir()
    shutil.copy(spm_home / "models" / "flores200sacrebleuspm", named)
    argv = [*REFS, "-i", "near.txt", "-tok", "flores200", "-f", "text", "-w", "6"]
    theirs = run_sacrebleu(argv, files)
    monkeypatch.setenv("SACREBLEU", str(files / "empty"))
    try:
        code, out, err = run_main([*argv, "--spm-model", named], capsys)
        assert code == 0, err
        assert_same_text(out, theirs, 1)
    finally:
        tokenizer_registry.use_model_file("flores200", None)


def one_error(code: int, err: str) -> str:
    assert code == 2 and err.startswith("bleucore: error: ") and err.count("\n") == 1, err
    return err.removeprefix("bleucore: error: ").rstrip("\n")


@pytest.mark.parametrize("name", SPM)
def test_a_missing_model_is_one_error_saying_where_to_put_it(
    name: str, files: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    home = files / "empty home"
    monkeypatch.setenv("SACREBLEU", str(home))
    model = tokenizer_registry.TOKENIZERS[name].model
    assert model is not None
    for flags in ([], ["-sl"], ["--paired-bs", "-i", "base.txt", "far.txt"]):
        message = one_error(*run_main([*REFS, "-i", "far.txt", "-tok", name, *flags], capsys)[::2])
        assert message == (
            f"-tok {name} needs sacreBLEU's SentencePiece model {model.file}, not found in {home / 'models'}: "
            f"download it from {model.url} into that folder (where sacreBLEU keeps it; $SACREBLEU/models when "
            "SACREBLEU is set), or give its path with --spm-model FILE; bleucore downloads nothing"
        )
    assert capsys.readouterr().out == ""


def test_model_flag_errors(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        message = one_error(
            *run_main([*REFS, "-i", "far.txt", "-tok", "flores200", "--spm-model", "no.model"], capsys)[::2]
        )
        assert message == "--spm-model no.model: no such file"
    finally:
        tokenizer_registry.use_model_file("flores200", None)
    message = one_error(*run_main([*REFS, "-i", "far.txt", "--spm-model", "ref1.txt"], capsys)[::2])
    assert (
        message
        == "--spm-model names the model of a SentencePiece tokenizer (flores101, flores200, spBLEU-1K); -tok is 13a"
    )
    message = one_error(
        *run_main([*REFS, "-i", "far.txt", "-tok", "flores200", "--spm-model", "ref1.txt"], capsys)[::2]
    )
    tokenizer_registry.use_model_file("flores200", None)
    assert message.startswith("tokenizer 'flores200': ref1.txt is not a SentencePiece model (")


def test_a_missing_package_is_one_error(
    files: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda m, *a: None if m == "sentencepiece" else real(m, *a))
    monkeypatch.setattr(tokenizer_registry, "_INSTANCES", {})
    message = one_error(*run_main([*REFS, "-i", "far.txt", "-tok", "flores101", "-sl"], capsys)[::2])
    assert message == "tokenizer 'flores101' needs the sentencepiece package: pip install sentencepiece"


def test_a_large_file_scored_in_forked_chunks_equals_one_process_and_sacrebleu(tmp_path: Path) -> None:
    """About 2 MB per file: a first chunk of 256 KB here, then a pair of 1 MB chunks shared with the forked copy, which
    inherits the loaded model; corpus and ``-sl`` give the same bytes with one process or two, as sacreBLEU."""
    hyps, refs = mixed_corpus(77, 24_000, 1)
    write_lines(tmp_path / "hyp.txt", hyps)
    write_lines(tmp_path / "ref.txt", refs[0])
    assert (tmp_path / "hyp.txt").stat().st_size > 1_800_000  # past the first chunk and one 1 MB chunk
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for flags in (["-f", "text", "-w", "6"], ["-sl", "-b", "-w", "4"]):
        argv = ["ref.txt", "-i", "hyp.txt", "-tok", "flores200", *flags]
        outputs = [
            subprocess.run(
                [sys.executable, "-m", "bleucore", *argv],
                cwd=tmp_path,
                capture_output=True,
                env={**env, "BLEUCORE_PROCESSES": processes},
                check=True,
                timeout=300,
            ).stdout.decode()
            for processes in ("1", "2")
        ]
        assert outputs[0] == outputs[1]
        theirs = run_sacrebleu(argv, tmp_path)
        if "-sl" in flags:
            assert outputs[0] == theirs
        else:
            assert_same_text(outputs[0], theirs, 1)


def test_the_report_and_the_doctor_take_a_named_model(
    files: Path, spm_home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``bleucore.report`` and ``bleucore.doctor`` with ``-tok flores200 --spm-model FILE`` and sacreBLEU's folder
    empty: the report's corpus BLEU of each system is sacreBLEU's with the model in its folder; without the model
    the report says where to put it in one line (exit 2) before reading a file, and a missing named file is one line
    for both commands."""
    from bleucore.cli import doctor as doctor_cli
    from bleucore.cli import report as report_cli

    named = files / "models here" / "f200.model"
    named.parent.mkdir()
    shutil.copy(spm_home / "models" / "flores200sacrebleuspm", named)

    expected = {  # sacreBLEU's command with the model in its folder
        name: float(run_sacrebleu([*REFS, "-i", name, "-tok", "flores200", "-b", "-w", "10"], files))
        for name in ("base.txt", "far.txt")
    }
    monkeypatch.setenv("SACREBLEU", str(files / "empty"))
    argv = [*REFS, "-i", "base.txt", "far.txt", "-tok", "flores200", "--metrics", "bleu", "--n-samples", "20"]
    try:
        assert report_cli.main([*argv, "--spm-model", str(named), "--json", "r.json"]) == 0, capsys.readouterr().err
        records = json.loads((files / "r.json").read_text(encoding="utf-8"))
        corpus = {r["system"]: r["value"] for r in records if r["analysis"] == "corpus" and r["metric"] == "BLEU"}
        assert corpus == pytest.approx(expected, abs=1e-9)  # sacreBLEU prints 10 decimals
        assert doctor_cli.main([*REFS[:1], "-i", "far.txt", "-tok", "flores200", "--spm-model", str(named)]) == 0
        capsys.readouterr()
    finally:
        tokenizer_registry.use_model_file("flores200", None)
    message = one_error(report_cli.main(argv), capsys.readouterr().err)
    assert message.startswith("-tok flores200 needs sacreBLEU's SentencePiece model flores200sacrebleuspm, not found")
    assert "give its path with --spm-model FILE" in message
    named_argvs = (
        (report_cli.main, [*argv, "--spm-model", "no.model"]),
        (doctor_cli.main, [*REFS[:1], "-i", "far.txt", "-tok", "flores200", "--spm-model", "no.model"]),
    )
    for command, args in named_argvs:
        assert one_error(command(args), capsys.readouterr().err) == "--spm-model no.model: no such file"
    tokenizer_registry.use_model_file("flores200", None)
