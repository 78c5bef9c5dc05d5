"""Precisions are printed as sacreBLEU prints them, 100 * m / t: 51/80 = 63.75 shows 63.8 (100 * (51/80) gives 63.7)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from sacrebleu.metrics import BLEU

from bleucore import BleuOptions, corpus_bleu
from bleucore.cli import main
from tests.conftest import ROOT


def _corpus_51_of_80() -> tuple[list[str], list[str]]:
    """80 distinct hypothesis words, 51 of them in the reference: p1 = 51/80."""
    hyp = [f"w{i}" for i in range(80)]
    ref = hyp[:51] + [f"x{i}" for i in range(29)]
    return [" ".join(hyp)], [" ".join(ref)]


def test_the_float_trap_is_real():
    assert f"{100 * (51 / 80):.1f}" == "63.7" and f"{100 * 51 / 80:.1f}" == "63.8"


def test_api_precision_is_100_m_over_t():
    hyps, refs = _corpus_51_of_80()
    ours = corpus_bleu(hyps, [refs], BleuOptions(tokenize="none"))
    theirs = BLEU(tokenize="none").corpus_score(hyps, [refs])
    assert ours.precisions[0] == theirs.precisions[0] == 100 * 51 / 80
    assert ours.format().split()[3].startswith("63.8/")


@pytest.mark.parametrize("width", [1, 2, 3, 4])
def test_cli_text_line_shows_63_8_as_sacrebleu(tmp_path, capsys, width):
    hyps, refs = _corpus_51_of_80()
    (tmp_path / "hyp.txt").write_text(hyps[0] + "\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text(refs[0] + "\n", encoding="utf-8")
    argv = [str(tmp_path / "ref.txt"), "-i", str(tmp_path / "hyp.txt"), "-tok", "none", "-f", "text", "-w", str(width)]
    assert main(argv) == 0
    ours = capsys.readouterr().out.split(" = ", 1)[1]
    theirs = subprocess.run(
        [sys.executable, "-m", "sacrebleu", *argv], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.split(" = ", 1)[1]
    assert ours.split()[1].startswith("63.8/")
    assert ours.split()[:2] == theirs.split()[:2]  # score at this width and the four precisions
