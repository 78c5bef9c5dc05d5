"""The report names a system by its file's name (docs/report.md), never by the path it was given: the JSON, the LaTeX
(``Facebook-AI.txt (baseline)``), the HTML and the printed table; two files of one name in different folders keep
as many of their folders as tell them apart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bleucore.cli.report import file_names, main
from devtools.corpora import tokenized_corpus


@pytest.fixture(scope="module")
def folders(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("names")
    outs, ref = tokenized_corpus(5, 40, 3)
    (root / "ref.txt").write_text("\n".join(ref) + "\n", encoding="utf-8")
    for path, lines in zip(("sys/Facebook-AI.txt", "a/out.txt", "b/out.txt"), outs):
        (root / path).parent.mkdir(exist_ok=True)
        (root / path).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def test_systems_are_named_by_their_file_names(folders: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = [str(folders / p) for p in ("sys/Facebook-AI.txt", "a/out.txt", "b/out.txt")]
    outputs = {kind: folders / f"r.{kind}" for kind in ("json", "latex", "html")}
    args = [str(folders / "ref.txt"), "-i", *paths, "-m", "bleu", "--n-samples", "50"]
    assert main([*args, *(x for kind, path in outputs.items() for x in (f"--{kind}", str(path)))]) == 0
    records = json.loads(outputs["json"].read_text(encoding="utf-8"))
    assert {r["system"] for r in records} == {"Facebook-AI.txt", "a/out.txt", "b/out.txt"}
    latex = outputs["latex"].read_text(encoding="utf-8")
    assert "Facebook-AI.txt (baseline)" in latex and str(folders) not in latex
    assert str(folders) not in outputs["html"].read_text(encoding="utf-8")
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert "Facebook-AI.txt (baseline)" in printed and str(folders) not in printed


def test_file_names_keep_the_folders_that_tell_two_apart() -> None:
    assert file_names(["/x/sys/Facebook-AI.txt", "b.txt"]) == ["Facebook-AI.txt", "b.txt"]
    assert file_names(["run1/sys/out.txt", "run2/sys/out.txt", "x.txt"]) == [
        "run1/sys/out.txt",
        "run2/sys/out.txt",
        "x.txt",
    ]
    assert file_names(["./a/s.txt", "c/a/s.txt", "d/b/s.txt"]) == ["a/s.txt", "c/a/s.txt", "b/s.txt"]
