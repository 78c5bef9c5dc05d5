"""The CLI's JSON carries, beside bleucore's signature, the one sacreBLEU 2.6 prints for the same flags (what the real
``sacrebleu`` prints, run here), or null and the settings it lacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bleucore.cli import main
from tests.cli.commands import run_sacrebleu

HYPS = ["the cat sat on the mat .", "A dog barked !", "it rained all day"]
REF1 = ["the cat is on the mat .", "a dog was barking !", "it rained the whole day"]
REF2 = ["there is a cat on the mat", "the dog barked", "it was raining all day"]


def _json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> object:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    "flags",
    [
        [],
        ["-tok", "intl", "-lc", "-s", "floor"],
        ["-s", "add-k", "-sv", "2"],
        ["-m", "chrf", "--chrf-word-order", "2"],
        ["-m", "ter", "--ter-normalized", "--ter-case-sensitive"],
    ],
    ids=["defaults", "intl-lc-floor", "add-k-2", "chrf++", "ter"],
)
def test_json_names_the_signature_sacrebleu_prints(
    flags: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = []
    for name, lines in (("hyp.txt", HYPS), ("r1.txt", REF1), ("r2.txt", REF2)):
        paths.append(str(tmp_path / name))
        Path(paths[-1]).write_text("\n".join(lines) + "\n", encoding="utf-8")
    hyp, *refs = paths
    ours = _json([*refs, "-i", hyp, *flags], capsys)
    theirs = json.loads(run_sacrebleu([*refs, "-i", hyp, *flags, "-f", "json"]))
    assert ours["sacrebleu_signature"] == theirs["signature"]  # type: ignore[index]
    assert "sacrebleu_missing" not in ours  # type: ignore[operator]


def test_nltk_smoothing_gives_null_and_names_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "h.txt").write_text("\n".join(HYPS) + "\n", encoding="utf-8")
    (tmp_path / "r.txt").write_text("\n".join(REF1) + "\n", encoding="utf-8")
    ours = _json([str(tmp_path / "r.txt"), "-i", str(tmp_path / "h.txt"), "-s", "nltk-method3", "-tok", "none"], capsys)
    assert ours["sacrebleu_signature"] is None and ours["sacrebleu_missing"] == ["smoothing nltk-method3"]  # type: ignore[index]


@pytest.mark.parametrize(
    ("flags", "test"),
    [
        (["-m", "bleu", "--paired-bs"], "bs"),
        (["-m", "chrf", "--chrf-word-order", "2", "--paired-ar", "--paired-ar-n", "200"], "ar"),
        (["-m", "ter", "--paired-bs", "--paired-bs-n", "300"], "bs"),
    ],
    ids=["bleu-bs", "chrf++-ar", "ter-bs"],
)
def test_paired_text_gives_the_signature_sacrebleu_prints_beside_its_test(
    flags: list[str], test: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], sacrebleu_seed: None
) -> None:
    """``-pbs``/``-par -f text``: under bleucore's table, sacreBLEU's own signature line of the same test
    (``nrefs:2|bs:1000|seed:12345|...|version:2.6.0``), read from the real ``sacrebleu``'s output."""
    paths = []
    for name, lines in (("a.txt", HYPS), ("b.txt", REF2), ("r1.txt", REF1), ("r2.txt", REF2)):
        paths.append(str(tmp_path / name))
        Path(paths[-1]).write_text("\n".join(lines) + "\n", encoding="utf-8")
    a, b, *refs = paths
    assert main([*refs, "-i", a, b, *flags, "-f", "text"]) == 0
    ours = [line for line in capsys.readouterr().out.splitlines() if line.startswith("# sacreBLEU 2.6: ")]
    theirs = run_sacrebleu([*refs, "-i", a, b, *flags, "-f", "text"])
    label, signature = theirs.strip().splitlines()[-1].split()[-2:]  # " - BLEU       nrefs:2|bs:1000|..."
    assert f"|{test}:" in signature and "|seed:12345|" in signature
    assert ours == [f"# sacreBLEU 2.6: {label}|{signature}"]
