"""Several systems and several metrics without a paired test (``bleucore REF -i S1 S2 S3 -m bleu chrf ter``): the
table sacreBLEU 2.6 prints, compared byte for byte with the ``sacrebleu`` command on generated files, in text, LaTeX
and JSON, with sacreBLEU's metric names (``chrF2``, ``chrF2++``).

Where bleucore differs on purpose (docs/command-line.md): the ``Metric signatures`` block holds bleucore's own
signatures, followed, as for one system, by one ``# sacreBLEU 2.6: NAME|SIGNATURE`` line per metric whose signature is
exactly the one sacreBLEU prints in its block; the JSON rows add ``"scores"`` (every number at full precision and
``sacrebleu_signature``) after sacreBLEU's keys."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bleucore.cli import main
from tests.cli.test_cli_sacrebleu_flags import _plain_lines, write

METRIC_SETS = [["bleu", "chrf", "ter"], ["ter", "chrf"], ["chrf", "bleu", "--chrf-word-order", "2"]]


def sacrebleu(argv: list[str], cwd: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "sacrebleu", *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    return done.stdout


def ours(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


@pytest.fixture
def corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Three systems against two references (Hangul, accents, emoji, punctuation); cwd = tmp_path."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SACREBLEU_FORMAT", raising=False)
    for name, seed in (("ref1.txt", 21), ("ref2.txt", 22), ("sys1.txt", 23), ("sys2.txt", 24), ("sys3.txt", 25)):
        write(tmp_path / name, _plain_lines(seed, 80))
    return tmp_path


def _signatures(block: str) -> dict[str, str]:
    """The ``Metric signatures`` block's `` - NAME      SIGNATURE`` lines."""
    return {line[3:14].strip(): line[14:] for line in block.splitlines() if line.startswith(" - ")}


@pytest.mark.parametrize("metrics", METRIC_SETS, ids=lambda m: "-".join(m))
@pytest.mark.parametrize("fmt", ["text", "latex"])
@pytest.mark.parametrize("width", ["1", "2"])
def test_the_table_is_sacrebleus_byte_for_byte(corpus: Path, capsys, metrics: list[str], fmt: str, width: str) -> None:
    argv = ["ref1.txt", "ref2.txt", "-i", "sys1.txt", "sys2.txt", "sys3.txt", "-m", *metrics, "-f", fmt, "-w", width]
    mine, theirs = ours(argv, capsys), sacrebleu(argv, corpus)
    my_table, my_rest = mine.split("\n\n")
    their_table, their_block = theirs.rstrip("\n").split("\n\n")
    assert my_table == their_table
    their_signatures = _signatures(their_block)
    names = list(their_signatures)
    assert "chrF" not in names and ("chrF2" in names or "chrF2++" in names)
    # bleucore's block: sacreBLEU's header and names, bleucore's signatures (each the one its single-system run
    # prints); then sacreBLEU's own signatures on the comment lines, exactly
    lines = my_rest.splitlines()
    assert lines[:3] == their_block.splitlines()[:3]
    my_signatures = _signatures(my_rest)
    assert list(my_signatures) == names
    single = ours(["ref1.txt", "ref2.txt", "-i", "sys1.txt", "-m", *metrics], capsys)
    records = json.loads(single) if single.lstrip().startswith("[") else [json.loads(single)]
    assert list(my_signatures.values()) == [r["signature"] for r in records]
    assert lines[3 + len(names) :] == [f"# sacreBLEU 2.6: {name}|{their_signatures[name]}" for name in names]
    assert mine.endswith("\n") and not mine.endswith("\n\n")


def test_short_signatures_shorten_bleucores_block(corpus: Path, capsys) -> None:
    argv = ["ref1.txt", "-i", "sys1.txt", "sys2.txt", "-m", "bleu", "chrf", "ter", "-f", "text", "-sh"]
    mine, theirs = ours(argv, capsys), sacrebleu(argv, corpus)
    assert mine.split("\n\n")[0] == theirs.split("\n\n")[0]
    mine_sigs, their_sigs = _signatures(mine.split("\n\n")[1]), _signatures(theirs.split("\n\n")[1])
    for name, signature in their_sigs.items():  # sacreBLEU's keys first, bleucore's version (and BLEU's options)
        assert mine_sigs[name].startswith(signature.split("|v:")[0] + "|"), name
        assert mine_sigs[name].endswith("|v:0.1.0")


@pytest.mark.parametrize("metrics", METRIC_SETS, ids=lambda m: "-".join(m))
def test_json_is_sacrebleus_rows_with_every_number_added(corpus: Path, capsys, metrics: list[str]) -> None:
    argv = ["ref1.txt", "ref2.txt", "-i", "sys1.txt", "sys2.txt", "sys3.txt", "-m", *metrics]
    mine, theirs = json.loads(ours(argv, capsys)), json.loads(sacrebleu(argv, corpus))
    assert [[(k, v) for k, v in row.items() if k != "scores"] for row in mine] == [list(row.items()) for row in theirs]
    assert all(list(row)[-1] == "scores" for row in mine)
    block = _signatures(sacrebleu([*argv, "-f", "text"], corpus).split("\n\n")[1])
    for row in mine:
        single = ours(["ref1.txt", "ref2.txt", "-i", row["system"], "-m", *metrics], capsys)
        records = json.loads(single) if single.lstrip().startswith("[") else [json.loads(single)]
        assert list(row["scores"]) == list(block)
        for name, record in zip(block, records):
            assert row["scores"][name] == record, "the single system's JSON, every number at full precision"
            assert row["scores"][name]["sacrebleu_signature"] == block[name]
            assert row[name] == f"{record['score']:.1f}"


def test_one_metric_still_gives_its_one_column(corpus: Path, capsys) -> None:
    argv = ["ref1.txt", "-i", "sys1.txt", "sys2.txt", "-m", "chrf", "-f", "text"]
    mine, theirs = ours(argv, capsys), sacrebleu(argv, corpus)
    assert mine.split("\n\n")[0] == theirs.split("\n\n")[0] and "│  chrF2  │" in mine
