"""``-l SRC-TRG`` and ``BleuOptions.for_language``: the tokenizer sacreBLEU 2.6 chooses for the
target language (zh -> zh, ja -> ja-mecab, ko -> ko-mecab, else 13a), an explicit -tok wins.
Each case is checked against the ``sacrebleu`` command line on the same files and flags."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sacrebleu")
from sacrebleu.metrics import BLEU

import bleucore.cli as cli
from bleucore import BleuOptions
from tests.cli.commands import run_sacrebleu
from tests.cli.text_output import sacrebleu_signatures, score_lines
from tests.conftest import ROOT

# One line each that the candidate tokenizers split differently, so the choice shows in the score.
HYP = ["나는 학교로 갔다. 私は学校に行った。我爱北京。 U.S.-made", "버스를 탔어요 東京へ行きます 你好吗？"]
REF = ["나는 학교에 갔다. 私は学校に行きました。我爱北京天安门。 U.S. made", "버스를 탔습니다 東京に行きます 你好！"]


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    (tmp_path / "ref.txt").write_text("\n".join(REF) + "\n", encoding="utf-8")
    (tmp_path / "hyp.txt").write_text("\n".join(HYP) + "\n", encoding="utf-8")
    return str(tmp_path / "ref.txt"), str(tmp_path / "hyp.txt")


CASES = [
    ["-l", "en-ko"],
    ["-l", "en-ja"],
    ["-l", "de-zh"],
    ["-l", "ko-en"],
    ["-l", "en-de"],
    ["-l", "en-KO"],
    ["-l", "en-ko-x"],
    ["-l", "en-ko", "-tok", "13a"],
    ["-l", "en-ko", "-tok", "char"],
    ["-l", "en-zh", "-tok", "ko-mecab"],
    ["-l", "en-ja", "-tok", "none"],
    ["-tok", "ja-mecab"],
    [],
    ["-l", ""],
]


@pytest.mark.parametrize("flags", CASES, ids=lambda f: " ".join(f) or "no flags")
def test_language_pair_chooses_as_sacrebleu(flags: list[str], files: tuple[str, str]) -> None:
    ref, hyp = files
    args = [ref, "-i", hyp, *flags, "-f", "text", "-w", "6"]
    ours = subprocess.run(
        [sys.executable, "-m", "bleucore", *args], cwd=ROOT, capture_output=True, text=True, timeout=120, check=True
    )
    theirs = run_sacrebleu(args)
    assert sacrebleu_signatures(ours.stdout) == [theirs.split(" = ", 1)[0]]  # sacreBLEU's own signature
    ours_tok = ours.stdout.split("|tok:", 1)[1].split("|", 1)[0]
    theirs_tok = theirs.split("|tok:", 1)[1].split("|", 1)[0]
    assert ours_tok == theirs_tok
    assert score_lines(ours.stdout).split(" = ", 1)[1] == theirs.split(" = ", 1)[1]


def test_the_choices_differ_so_the_test_above_can_tell_them_apart(
    files: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    ref, hyp = files
    scores = set()
    for tok in ("13a", "zh", "ja-mecab", "ko-mecab"):
        assert cli.main([ref, "-i", hyp, "-tok", tok, "-b", "-w", "9"]) == 0
        scores.add(capsys.readouterr().out)
    assert len(scores) == 4


@pytest.mark.parametrize("pair", ["en", "ko"])
def test_a_pair_without_target_is_one_error_line(
    pair: str, files: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    ref, hyp = files
    assert cli.main([ref, "-i", hyp, "-l", pair]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bleucore: error: ") and err.count("\n") == 1 and "SRC-TRG" in err


@pytest.mark.parametrize(
    ("trg", "tokenize"),
    [("ko", None), ("ja", None), ("zh", None), ("en", None), ("", None), ("ko", "13a"), ("zh", "char")],
)
def test_api_trg_lang_as_sacrebleus(trg: str, tokenize: str | None) -> None:
    theirs = BLEU(trg_lang=trg, tokenize=tokenize)
    options = BleuOptions.for_language(trg, tokenize, lowercase=True)
    assert options.tokenize == theirs.tokenizer_signature.split("-0.996")[0] and options.lowercase


def test_an_explicit_tokenizer_against_the_target_warns_as_sacrebleu(
    files: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    ref, hyp = files
    assert cli.main([ref, "-i", hyp, "-l", "en-ko", "-tok", "13a", "-b"]) == 0
    assert (
        capsys.readouterr().err
        == "bleucore: warning: consider -tok ko-mecab for target language ko (sacreBLEU's choice)\n"
    )
    for flags in (["-l", "en-ko"], ["-l", "en-ko", "-tok", "ko-mecab"], ["-l", "en-de", "-tok", "char"]):
        assert cli.main([ref, "-i", hyp, *flags, "-b"]) == 0
        assert capsys.readouterr().err == ""
