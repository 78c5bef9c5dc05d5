"""``bleucore --paired-bs --human-agreement`` (issue 46): beside each p-value, Kocmi et al. 2024's estimate of how
likely people agree with the delta, as a last text column and a JSON key, the output otherwise the same as without the
flag (which stays sacreBLEU's JSON and bleucore's text table, so scripts that read them keep working)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from bleucore.significance.thresholds import MODELS
from tests.cli.commands import run_main
from tests.conftest import write_lines
from tests.generators import perturb, random_corpus

ARGS = ["ref.txt", "-i", "base.txt", "sys.txt", "far.txt", "-m", "bleu", "chrf", "ter"]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    hyps, streams = random_corpus(5, 200, 1)
    rng = random.Random(3)
    write_lines(tmp_path / "base.txt", hyps)
    write_lines(tmp_path / "sys.txt", [perturb(rng, h) if rng.random() < 0.1 else h for h in hyps])
    write_lines(tmp_path / "far.txt", [perturb(rng, h) if rng.random() < 0.6 else h for h in hyps])
    write_lines(tmp_path / "ref.txt", streams[0])
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_json_gains_one_key_per_metric(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, plain, _ = run_main([*ARGS, "--paired-bs"], capsys)
    assert code == 0
    code, out, err = run_main([*ARGS, "--paired-bs", "--human-agreement"], capsys)
    assert code == 0, err
    before, after = json.loads(plain), json.loads(out)
    for old, new in zip(before, after):
        for label in ("BLEU", "chrF2", "TER"):
            added = new[label].pop("human_agreement")
            assert new[label] == old[label]  # sacreBLEU's four keys, unchanged and in order
            if old["system"].startswith("Baseline: "):
                assert added is None
                continue
            delta = old[label]["score"] - before[0][label]["score"]
            if label == "TER":
                assert added["estimate"] is None and added["reason"] == "not_covered"
            else:
                model = MODELS["bleu" if label == "BLEU" else "chrf"]
                assert added["estimate"] == pytest.approx(model.accuracy(delta), abs=1e-12)
                assert added["model"] == model.key and "Kocmi et al. 2024" in added["source"]


def test_text_gains_a_last_column_and_its_source(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, plain, _ = run_main([*ARGS, "-m", "bleu", "--paired-bs", "-f", "text"], capsys)
    code, out, err = run_main([*ARGS, "-m", "bleu", "--paired-bs", "-f", "text", "--human-agreement"], capsys)
    assert code == 0, err
    lines, plain_lines = out.splitlines(), plain.splitlines()
    assert lines[3].endswith("p-value  humans agree")
    rows = json.loads(run_main([*ARGS, "-m", "bleu", "--paired-bs"], capsys)[1])
    far = next(line for line in lines if line.startswith("far.txt"))
    delta = rows[2]["BLEU"]["score"] - rows[0]["BLEU"]["score"]
    assert far.endswith(f"{100 * MODELS['bleu'].accuracy(delta):.0f}%")
    # every other line as without the flag, once the column is taken off
    stripped = [re.sub(r"\s+(\d+%|no estimate|humans agree)$", "", line) for line in lines]
    assert [s for s in stripped if not s.startswith("humans agree:")] == plain_lines
    assert any(line.startswith("humans agree: ") and "Kocmi et al. 2024" in line for line in lines)


def test_the_flag_needs_a_paired_test(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(["ref.txt", "-i", "base.txt", "--human-agreement"], capsys)
    assert (code, out) == (2, "")
    assert err == "bleucore: error: --human-agreement goes with a paired test: --paired-bs or --paired-ar\n"
