"""``python -m bleucore.report --rank`` on a chain (A ~ B ~ C with A > C under COMET, tests/score_files.py): one
cluster, and every output says how many pairs the test tells apart and which (the HTML grid in words, title and
aria-label; the JSON pair records; the LaTeX grid; the printed summary), never that a cluster's systems are not told
apart."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from bleucore.cli.report import main
from bleucore.metrics import imported_metric
from bleucore.significance import rank_systems
from devtools.corpora import tokenized_corpus
from tests.app.html_views import HtmlTables
from tests.score_files import chain_scores, plain

SEGMENTS = 60


@pytest.fixture(scope="module")
def chain(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, list[float]]]:
    folder = tmp_path_factory.mktemp("chain")
    outs, ref = tokenized_corpus(49, SEGMENTS, 3)
    (folder / "ref.txt").write_text("\n".join(ref) + "\n", encoding="utf-8")
    scores = chain_scores(SEGMENTS, ("A.txt", "B.txt", "C.txt"))
    for (name, values), lines in zip(scores.items(), outs):
        (folder / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        (folder / f"{name}.comet").write_bytes(plain(values))
    return folder, scores


def run_report(folder: Path, capsys: pytest.CaptureFixture[str], *outputs: str) -> str:
    files = ["A.txt", "B.txt", "C.txt"]
    args = ["ref.txt", "-i", *files, "--scores", "COMET", *(f"{f}.comet" for f in files), "-m", "bleu"]
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        code = main([*args, "--rank", "--n-samples", "200", *outputs])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def expected_ranking(scores: dict[str, list[float]]):  # type: ignore[no-untyped-def]
    metric = imported_metric("COMET", scores)
    stats = {n: metric.statistics_for(n, ["x"] * SEGMENTS, [["x"] * SEGMENTS]) for n in scores}
    return rank_systems(metric, stats)


def test_the_json_holds_every_pairs_test(
    chain: tuple[Path, dict[str, list[float]]], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, scores = chain
    run_report(folder, capsys, "--json", "r.json")
    records = json.loads((folder / "r.json").read_text(encoding="utf-8"))
    comet = expected_ranking(scores)
    assert comet.clusters == 1 and comet.separated == 1
    pairs = [r for r in records if r["analysis"] == "pair" and r["metric"] == "COMET"]
    assert pairs == comet.pair_records()
    assert [(r["system"], r["versus"], r["significant"]) for r in pairs] == [
        ("A.txt", "B.txt", False),
        ("A.txt", "C.txt", True),
        ("B.txt", "C.txt", False),
    ]
    assert {r["test"] for r in records if r["analysis"] == "pair"} == {"wilcoxon", "bootstrap"}


def test_the_html_grid_states_each_verdict_in_words(
    chain: tuple[Path, dict[str, list[float]]], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, scores = chain
    run_report(folder, capsys, "--html", "r.html")
    html = (folder / "r.html").read_text(encoding="utf-8")
    assert "not told apart by the tests" not in html and "not significantly different from it" not in html
    assert "A cluster is a chain of overlapping ranges, not a group the test cannot tell apart" in html
    assert "The test tells 1 of the 3 pairs apart. One cluster: the rank ranges overlap from first to last" in html
    grids = [t for t in HtmlTables(html).tables if t.header and t.header[0].text == "row against column"]
    assert len(grids) == 2  # BLEU's and COMET's
    comet = expected_ranking(scores)
    order = [r.system for r in comet.rows]
    grid = grids[-1]
    assert [c.attrs["title"] for c in grid.header[1:]] == order
    for r, row in enumerate(grid.rows):
        for c, cell in enumerate(row[1:]):
            if r == c:
                assert cell.attrs["aria-label"] == "the same system"
                continue
            pair = comet.pair(order[r], order[c])
            p = "p < 0.001" if pair.p_value < 0.001 else f"p = {pair.p_value:.3f}"
            if not pair.significant:
                word, said = "not told apart", f"{order[r]} and {order[c]} are not told apart ({p})"
            elif pair.better == order[r]:
                word, said = "better", f"{order[r]} is significantly better than {order[c]} ({p})"
            else:
                word, said = "worse", f"{order[r]} is significantly worse than {order[c]} ({p})"
            assert cell.text == word + p and cell.attrs["title"] == cell.attrs["aria-label"] == said


def test_the_summary_and_latex_count_the_pairs(
    chain: tuple[Path, dict[str, list[float]]], capsys, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    folder, _scores = chain
    printed = run_report(folder, capsys)
    comet = printed[printed.index("Ranking by COMET") :]
    assert "The test tells 1 of the 3 pairs apart. One cluster" in comet
    run_report(folder, capsys, "--latex", "t.tex")
    latex = (folder / "t.tex").read_text(encoding="utf-8")
    assert "Every pair under COMET" in latex and "the test tells 1 of the 3 pairs apart." in latex
    assert r"1. A.txt & -- & 0." in latex and r"$\downarrow$\,$<$0.001" in latex  # C's row: worse than A
    if shutil.which("pdflatex") is None:
        return
    doc = "\\documentclass{article}\\usepackage{booktabs}\\begin{document}\n" + latex + "\\end{document}\n"
    (tmp_path / "t.tex").write_text(doc, encoding="utf-8")
    done = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "t.tex"], cwd=tmp_path, capture_output=True, timeout=120
    )
    assert done.returncode == 0, done.stdout[-2000:]
    assert "Overfull" not in (tmp_path / "t.log").read_text(encoding="latin-1")
