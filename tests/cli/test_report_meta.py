"""``python -m bleucore.report ... --scores COMET FILE --scores DA FILE... --human DA`` (issue 38): the agreement and
meta records' shapes, the correlations in every output with the number of systems, the disagreement examples in the
HTML report (hypotheses escaped, xCOMET's spans marked in words and colour), and a bad ``--human`` (not a --scores
entry, fewer than three systems) as one error line and exit 2."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from bleucore.cli.report import main
from tests.conftest import write_lines

SEGMENTS = 8
REFS = [f"the cat number {i} sat on the mat" for i in range(SEGMENTS)]
HOSTILE = '<script>alert("x")</script> & <b>bold</b> cat'


def _systems() -> dict[str, list[str]]:
    """Four systems; sys1's line 2 is markup that COMET likes and BLEU does not, where the baseline has the
    reference that COMET does not like (the strongest disagreement)."""
    base = list(REFS)
    sys1 = list(REFS)
    sys1[1] = HOSTILE
    sys1[4] = "the cat sat"
    return {"base": base, "sys1": sys1, "sys2": [r.replace("mat", "rug") for r in REFS], "sys3": ["cat"] * SEGMENTS}


def _comet_json(systems: dict[str, list[str]], paths: dict[str, str]) -> dict[str, list[dict[str, object]]]:
    comet = {"base": 0.5, "sys1": 0.6, "sys2": 0.55, "sys3": 0.2}
    out: dict[str, list[dict[str, object]]] = {}
    for name, lines in systems.items():
        entries: list[dict[str, object]] = []
        for i, (line, ref) in enumerate(zip(lines, REFS)):
            score = comet[name] + (0.4 if (name, i) == ("sys1", 1) else 0.0) - (0.3 if (name, i) == ("base", 1) else 0)
            entry: dict[str, object] = {"src": "x", "mt": line, "ref": ref, "COMET": round(score, 4)}
            if (name, i) == ("sys1", 1):
                start = line.index("<b>bold</b>")
                entry["errors"] = [
                    {
                        "text": "<b>bold</b>",
                        "confidence": 0.9,
                        "severity": "critical",
                        "start": start,
                        "end": start + 11,
                    }
                ]
            elif (name, i) == ("base", 1):  # xCOMET's offsets take in the space before the word
                entry["errors"] = [{"text": "number 1", "confidence": 0.5, "severity": "major", "start": 7, "end": 16}]
            entries.append(entry)
        out[paths[name]] = entries
    return out


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    folder = tmp_path_factory.mktemp("meta")
    systems = _systems()
    paths = {name: str(folder / f"{name}.txt") for name in systems}
    for name, lines in systems.items():
        write_lines(Path(paths[name]), lines)
    write_lines(folder / "ref.txt", REFS)
    (folder / "xcomet.json").write_text(json.dumps(_comet_json(systems, paths)), encoding="utf-8")
    human = {"base": 60, "sys1": 70, "sys2": 65, "sys3": 20}
    da = []
    for name in systems:
        path = folder / f"{name}.da"
        write_lines(path, [str(human[name] + (i % 3)) for i in range(SEGMENTS)])
        da.append(str(path))
    args = [str(folder / "ref.txt"), "-i", *paths.values(), "--names", *systems, "--n-samples", "100"]
    args += ["--scores", "COMET", str(folder / "xcomet.json"), "--scores", "DA", *da]
    return {"folder": folder, "args": args, "paths": paths}


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def written(files: dict[str, object]) -> dict[str, str]:
    folder = files["folder"]
    assert isinstance(folder, Path)
    outputs = {kind: str(folder / f"report.{kind}") for kind in ("json", "html", "latex")}
    args = [*files["args"], "--human", "DA", "--json", outputs["json"], "--html", outputs["html"]]  # type: ignore[misc]
    assert main([*args, "--latex", outputs["latex"]]) == 0
    return {kind: Path(path).read_text(encoding="utf-8") for kind, path in outputs.items()}


def test_agreement_records_pair_each_imported_metric_with_each_built_in_one(written: dict[str, str]) -> None:
    records = [r for r in json.loads(written["json"]) if r["analysis"] == "agreement"]
    assert {(r["metric"], r["versus"], r["system"]) for r in records} == {
        (metric, versus, system)
        for metric in ("COMET", "DA")
        for versus in ("BLEU", "chrF2", "TER")
        for system in ("sys1", "sys2", "sys3")
    }
    assert len(records) == 18
    for r in records:
        assert list(r) == ["analysis", "bucket", "system", "metric", "versus", "value", "size"]
        assert r["bucket"] == "all" and 0 <= r["size"] <= SEGMENTS
        assert r["value"] is None if r["size"] == 0 else 0 <= r["value"] <= 1


def test_meta_records_correlate_every_other_metric_with_the_human_scores(written: dict[str, str]) -> None:
    records = [r for r in json.loads(written["json"]) if r["analysis"] == "meta"]
    assert [(r["metric"], r["level"]) for r in records] == [
        (m, level) for m in ("BLEU", "chrF2", "TER", "COMET") for level in ("system", "segment")
    ]
    for r in records:
        assert r["versus"] == "DA"
        if r["level"] == "system":
            assert list(r) == [
                "analysis",
                "metric",
                "versus",
                "level",
                "pearson",
                "kendall",
                "pairwise_accuracy",
                "soft_pairwise_accuracy",
                "size",
            ]
            assert r["size"] == 4
        else:
            assert list(r) == [
                "analysis",
                "metric",
                "versus",
                "level",
                "kendall",
                "acc_eq",
                "tie_threshold",
                "acc_eq_untied",
                "size",
            ]
            assert r["size"] == 4 * SEGMENTS
    comet = next(r for r in records if r["metric"] == "COMET" and r["level"] == "system")
    # COMET's means order the systems as DA's do: sys1 > sys2 > base > sys3
    assert comet["kendall"] == pytest.approx(1.0) and comet["pairwise_accuracy"] == 1.0


def test_the_html_report_shows_the_disagreements_escaped_with_their_spans(written: dict[str, str]) -> None:
    html = written["html"]
    assert "<script" not in html, "a hypothesis is text, never markup"
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; " in html
    assert "<b>bold</b>" not in html
    # the critical span is marked on sys1's line and named in words; the baseline's major one on its own line
    assert re.search(
        r'<mark class="sev sev-critical"[^>]*>&lt;b&gt;bold&lt;/b&gt;</mark><sup[^>]*>critical</sup>', html
    )
    assert re.search(r'the cat <mark class="sev sev-major"[^>]*>number 1</mark><sup[^>]*>major</sup> sat', html)
    for heading in ("Where the metrics agree", "Where they disagree", "Metrics against DA"):
        assert f"<h2>{heading}</h2>" in html
    assert "<b>4 systems</b>" in html and "few systems give wide intervals" in html
    assert "Line 2</b>: COMET scores sys1's line better than the baseline's, BLEU worse." in html


def test_the_latex_table_of_correlations_states_the_systems(written: dict[str, str]) -> None:
    tex = written["latex"]
    assert "\\multicolumn{3}{c}{4 systems}" in tex and "Metric vs DA & Pearson & Kendall & Pairwise acc." in tex
    assert "With 4 systems (6 pairs)" in tex
    correlations = _correlations_table(tex)
    assert sum(line.startswith(("BLEU &", "chrF2 &", "TER &", "COMET &")) for line in correlations.splitlines()) == 4


def _correlations_table(tex: str) -> str:
    """The LaTeX table of correlations (the report's tables after it: WMT25's SPA and acc_eq)."""
    at = tex.index("Metric vs DA & Pearson")
    return tex[tex.rindex("\\begin{table}", 0, at) : tex.index("\\end{table}", at) + len("\\end{table}")]


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed here")
def test_latex_with_correlations_compiles(written: dict[str, str], tmp_path: Path) -> None:
    correlations = _correlations_table(written["latex"])
    assert "Metric vs DA" in correlations
    for name, body in (("whole", written["latex"]), ("meta", correlations)):
        doc = "\\documentclass{article}\\usepackage{booktabs}\\begin{document}\n" + body + "\\end{document}\n"
        (tmp_path / f"{name}.tex").write_text(doc, encoding="utf-8")
        done = subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", f"{name}.tex"], cwd=tmp_path, capture_output=True, timeout=120
        )
        assert done.returncode == 0 and (tmp_path / f"{name}.pdf").exists()
    # the correlations' table fits the column (the corpus table of five metrics with intervals does not)
    assert "Overfull" not in (tmp_path / "meta.log").read_text(encoding="latin-1")


def test_the_printed_summary_holds_the_correlations(files: dict[str, object], capsys) -> None:
    code, out, err = run([*files["args"], "--human", "DA"], capsys)  # type: ignore[misc]
    assert code == 0, err
    assert "Against DA, human judgements, over 4 systems (few systems give wide intervals)" in out
    assert re.search(r"COMET\s*│\s*\S+\s*│\s*1\.000\s*│\s*1\.000", out)


@pytest.mark.parametrize("human", [True, False])
def test_the_printed_summary_ends_with_one_newline_and_a_blank_line_between_sections(
    files: dict[str, object], capsys: pytest.CaptureFixture[str], human: bool
) -> None:
    """Every section (corpus table, correlations, WMT25's measures, AutoRank, deltas) is followed by a blank line but
    the last, and the text ends with one newline: a shell prompt after it starts on its own line, and ``> file`` is
    a text file (the correlations ran into WMT25's table, and it into the deltas, without a line between)."""
    argv = [*files["args"], *(["--human", "DA"] if human else []), "--rank"]  # type: ignore[misc]
    code, out, err = run(argv, capsys)
    assert code == 0, err
    assert out.endswith("\n") and not out.endswith("\n\n"), repr(out[-80:])
    rankings = re.findall(r"^Ranking by .*", out, re.M)
    titles = ["AutoRank of", "Deltas from base", *rankings]
    titles += ["Against DA, human judgements", "WMT25's meta-evaluation against DA"] if human else []
    for title in titles:
        assert f"\n\n{title}" in out, (title, out)
    sections = out.split("\n\n")
    assert len(rankings) >= 3 and len(sections) == 1 + len(titles), [section[:60] for section in sections]
    assert all(section.strip() and not section.startswith("\n") for section in sections)


def test_a_human_name_that_is_not_a_scores_entry_is_one_error_line(files: dict[str, object], capsys) -> None:
    code, out, err = run([*files["args"], "--human", "MQM"], capsys)  # type: ignore[misc]
    assert (code, out) == (2, "")
    assert err == (
        "bleucore: error: --human MQM: the human scores must be one of the --scores entries (COMET, DA); give "
        "--scores MQM FILE...\n"
    )


def test_a_bad_human_is_found_before_any_score_file_is_read(files: dict[str, object], capsys) -> None:
    args = [a for a in files["args"] if isinstance(a, str)]  # type: ignore[attr-defined]
    cut = args.index("--scores")
    code, _out, err = run([*args[:cut], "--scores", "DA", "missing.da", "--human", "MQM"], capsys)
    assert code == 2 and err.startswith("bleucore: error: --human MQM:") and err.count("\n") == 1


def test_fewer_than_three_systems_is_one_error_line(files: dict[str, object], capsys) -> None:
    folder, paths = files["folder"], files["paths"]
    assert isinstance(folder, Path) and isinstance(paths, dict)
    args = [str(folder / "ref.txt"), "-i", paths["base"], paths["sys1"], "--names", "base", "sys1"]
    code, out, err = run(
        [*args, "--scores", "DA", str(folder / "base.da"), str(folder / "sys1.da"), "--human", "DA"], capsys
    )
    assert (code, out) == (2, "")
    assert err == (
        "bleucore: error: --human DA: system-level correlations need at least 3 systems, got 2 (with so few systems "
        "a correlation says nothing)\n"
    )
