"""``python -m bleucore.report ... --scores NAME FILE...``: an imported metric (COMET's scores in tests/data/comet) is a
metric like the others in every output (corpus value = mean, interval and p-value from the same resamples, buckets,
LaTeX, HTML, JSON records), the three score-file formats give identical records, ``--lower-better`` turns its
direction, ``--rank`` adds WMT25's rankings to every output, and every bad score file is one error line, exit 2."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from bleucore import limits
from bleucore.cli.report import main
from bleucore.metrics import get_metric, imported_metric
from bleucore.significance import rank_systems

DATA = Path(__file__).resolve().parents[1] / "data" / "comet"
SYSTEMS = ["outputs/sysA.txt", "outputs/sysB.txt", "outputs/sysC.txt"]
FORMATS = {
    "plain": ["sysA.comet.txt", "sysB.comet.txt", "sysC.comet.txt"],
    "printed": ["comet.out"],
    "json": ["comet.json"],
    "xcomet": ["xcomet.json"],
}
SAMPLES = "300"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def in_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """comet-score was run in tests/data/comet: its files name the systems by paths relative to it."""
    monkeypatch.chdir(DATA)


def records_with(files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> list[dict]:
    out = tmp_path / f"r{len(list(tmp_path.iterdir()))}.json"
    args = ["ref.txt", "-i", *SYSTEMS, "--names", "A", "B", "C", "--scores", "COMET", *files]
    code, _out, err = run([*args, "--n-samples", SAMPLES, "--json", str(out), *extra], capsys)
    assert code == 0, err
    return json.loads(out.read_text(encoding="utf-8"))


def values(name: str) -> np.ndarray:
    return np.loadtxt(DATA / name)


@pytest.fixture(scope="module")
def by_format(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict]]:
    folder = tmp_path_factory.mktemp("formats")
    out: dict[str, list[dict]] = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(DATA)
        for kind, files in FORMATS.items():
            target = folder / f"{kind}.json"
            args = ["ref.txt", "-i", *SYSTEMS, "--names", "A", "B", "C", "--scores", "COMET", *files]
            assert main([*args, "--n-samples", SAMPLES, "--rank", "--json", str(target)]) == 0
            out[kind] = json.loads(target.read_text(encoding="utf-8"))
    return out


def test_the_three_formats_give_identical_records(by_format: dict[str, list[dict]]) -> None:
    first = by_format["plain"]
    assert all(records == first for records in by_format.values())
    # agreement: issue 38's records of the imported metric against each built-in one
    analyses = {"corpus", "length", "frequency", "rank", "agreement", "human_agreement", "autorank"}
    assert {r["analysis"] for r in first} == analyses
    assert {r["metric"] for r in first if r["analysis"] == "corpus"} == {"BLEU", "chrF2", "TER", "COMET"}


def test_the_imported_value_interval_and_p_value_come_from_the_same_resamples(by_format: dict[str, list[dict]]) -> None:
    """The corpus record of COMET: the mean, sacreBLEU's bootstrap mean +- half-width and paired p-value computed
    here by hand on sacreBLEU's draws (seed 12345), the draws BLEU's interval in the same report comes from."""
    corpus = {(r["system"], r["metric"]): r for r in by_format["plain"] if r["analysis"] == "corpus"}
    n = int(SAMPLES)
    draws = np.random.default_rng(12345).choice(12, size=(n, 12), replace=True)
    resampled = {s: values(f"sys{s}.comet.txt")[draws].mean(axis=1) for s in "ABC"}
    for system in "ABC":
        record = corpus[(system, "COMET")]
        assert record["value"] == pytest.approx(values(f"sys{system}.comet.txt").mean(), abs=1e-15)
        ordered = np.sort(resampled[system])
        low = n // 40
        half = 0.5 * (ordered[n - low - 1] - ordered[low])
        assert record["ci"] == pytest.approx([ordered.mean() - half, ordered.mean() + half], abs=1e-12)
        if system != "A":
            diffs = np.abs(resampled[system] - resampled["A"])
            observed = abs(record["value"] - corpus[("A", "COMET")]["value"])
            expected = (np.sum(diffs - diffs.mean() > observed) + 1) / (n + 1)
            assert record["p_value"] == pytest.approx(expected) and record["delta"] == pytest.approx(
                record["value"] - corpus[("A", "COMET")]["value"]
            )
    bleu = get_metric("bleu")
    refs = [(DATA / "ref.txt").read_text(encoding="utf-8").splitlines()]
    lines = (DATA / "outputs/sysB.txt").read_text(encoding="utf-8").splitlines()
    stats = bleu.statistics(lines, refs)
    cols = bleu.columns(stats)
    scores = bleu.row_scores(np.stack([cols[row].sum(axis=0) for row in draws]), float32=True)
    ordered = np.sort(scores)
    half = 0.5 * (ordered[n - n // 40 - 1] - ordered[n // 40])
    assert corpus[("B", "BLEU")]["ci"][1] == pytest.approx(float(np.mean(ordered)) + half, abs=1e-4), "same draws"


def test_imported_buckets_are_the_means_of_their_segments(by_format: dict[str, list[dict]]) -> None:
    length = [r for r in by_format["json"] if r["analysis"] == "length" and r["metric"] == "COMET"]
    assert {r["bucket"] for r in length} == {"<10", "[10,20)", "[20,30)", "[30,40)", "[40,50)", "[50,60)", ">=60"}
    tokens = [len(line.split()) for line in (DATA / "ref.txt").read_text(encoding="utf-8").splitlines()]
    short = [i for i, n in enumerate(tokens) if n < 10]
    for r in length:
        if r["bucket"] == "<10":
            assert r["value"] == pytest.approx(values(f"sys{r['system']}.comet.txt")[short].mean())
        else:
            assert r["value"] is None and r["ci"] is None and r["size"] == 0, "no data, never 0 [0, 0]"


def test_rank_records_are_wmts_ranking_of_each_metric(by_format: dict[str, list[dict]]) -> None:
    ranks = [r for r in by_format["plain"] if r["analysis"] == "rank"]
    assert all(list(r) == ["analysis", "bucket", "system", "metric", "value", "rank", "cluster"] for r in ranks)
    assert {r["metric"] for r in ranks} == {"BLEU", "chrF2", "TER", "COMET"} and len(ranks) == 4 * 3
    comet = [r for r in ranks if r["metric"] == "COMET"]
    metric = imported_metric("COMET", {s: values(f"sys{s}.comet.txt") for s in "ABC"})
    stats = {s: metric.statistics_for(s, ["x"] * 12, [["x"] * 12]) for s in "ABC"}
    assert comet == rank_systems(metric, stats).records()
    assert comet[0]["cluster"] == 1 and comet[0]["rank"][0] == 1 and comet[0]["bucket"] == "all"
    assert [r["value"] for r in comet] == sorted((r["value"] for r in comet), reverse=True)
    ter = [r for r in ranks if r["metric"] == "TER"]
    assert [r["value"] for r in ter] == sorted(r["value"] for r in ter), "TER: lower is better, first"


def test_lower_better_turns_the_metrics_direction(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = records_with(FORMATS["printed"], tmp_path, capsys, "--lower-better", "COMET", "--rank", "-m", "bleu")
    comet = [r for r in records if r["analysis"] == "rank" and r["metric"] == "COMET"]
    assert [r["value"] for r in comet] == sorted(r["value"] for r in comet)
    code, out, err = run(
        ["ref.txt", "-i", *SYSTEMS, "--scores", "MetricX", "comet.out", "--lower-better", "MetricX", "-m", "bleu"],
        capsys,
    )
    assert code == 0, err
    assert "MetricX" in out.splitlines()[1]


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("written")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(DATA)
        args = ["ref.txt", "-i", *SYSTEMS, "--names", "A", "<b>B</b>", "C_1", "--scores", "COMET", "comet.json"]
        args += ["--scores", "MetricX", "comet.out", "--lower-better", "MetricX", "--rank", "--n-samples", "200"]
        args += ["--latex", str(folder / "t.tex"), "--html", str(folder / "r.html"), "--json", str(folder / "r.json")]
        assert main(args) == 0
    names = (("latex", "t.tex"), ("html", "r.html"), ("json", "r.json"))
    return {kind: (folder / name).read_text(encoding="utf-8") for kind, name in names}


def test_latex_has_the_imported_columns_and_a_wmt_ranking_table_per_metric(written: dict[str, str]) -> None:
    tex = written["latex"]
    # the corpus table, the deltas' estimates, a ranking per metric (5), the AutoRank
    assert tex.count("\\begin{table}") == 1 + 1 + 5 + 1 and tex.count("\\toprule") == 8
    header = next(line for line in tex.splitlines() if line.startswith("System &"))
    assert "COMET $\\uparrow$" in header and "MetricX $\\downarrow$" in header
    assert "\\texttt{imported|higher:no|" in tex, "an imported metric's signature in the footnote"
    ranks = [r for r in json.loads(written["json"]) if r["analysis"] == "rank"]
    tables = tex.split("\\begin{table}")[2:]
    for table, metric in zip(tables, ["BLEU", "chrF2", "TER", "COMET", "MetricX"]):
        rows = [line for line in table.splitlines() if re.match(r"\d+--\d+ & ", line)]
        expected = [r for r in ranks if r["metric"] == metric]
        assert [row.split(" & ")[0] for row in rows] == [f"{r['rank'][0]}--{r['rank'][1]}" for r in expected]
        assert table.count("\\cmidrule{1-3}") == expected[-1]["cluster"] - 1, metric
        assert f"Rank & System & {metric}" in table and "WMT25" in table
    assert "C\\_1" in tex and "\\textless{}b\\textgreater{}" in tex
    assert re.search(r"0\.\d{4} \{\\scriptsize \[0\.\d{4}, 0\.\d{4}\]\}", tex), "COMET's four decimals"


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed here")
def test_latex_with_rankings_compiles(written: dict[str, str], tmp_path: Path) -> None:
    doc = "\\documentclass{article}\\usepackage{booktabs}\\begin{document}\n" + written["latex"] + "\\end{document}\n"
    (tmp_path / "t.tex").write_text(doc, encoding="utf-8")
    done = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "t.tex"], cwd=tmp_path, capture_output=True, timeout=120
    )
    assert done.returncode == 0 and (tmp_path / "t.pdf").exists()


def test_html_has_the_imported_rows_buckets_and_the_rankings(written: dict[str, str]) -> None:
    html = written["html"]
    assert "<th>COMET (higher is better)</th>" in html and "<th>MetricX (lower is better)</th>" in html
    assert html.count("<svg") == 5 + 3, "a length chart per metric (5), word frequency's three"
    assert "<h2>Rankings</h2>" in html and html.count("<h3>COMET (higher is better)</h3>") == 1
    assert (
        html.count('<p class="note">One-sided Wilcoxon signed-rank test on the segment scores, p &lt; 0.05.</p>') == 2
    )
    assert "<td>&lt;b&gt;B&lt;/b&gt;</td>" in html and "<b>B</b>" not in html
    rankings = html[html.index("<h2>Rankings</h2>") :]
    for table in rankings.split('<table class="ranking">')[1:]:
        rows = re.findall(r"<tr( class=\"cluster-end\")?><td>(\d+)-(\d+)</td>", table)
        assert len(rows) == 3
        ends = [bool(end) for end, _low, _high in rows]
        assert not ends[-1]
        for k, end in enumerate(ends[:-1]):  # a rule exactly where no range crosses
            above = [int(high) for _e, _l, high in rows[: k + 1]]
            below = [int(low) for _e, low, _h in rows[k + 1 :]]
            assert end == (max(above) <= k + 1 < min(below))


# --- bad input -------------------------------------------------------------------------------------


def bad(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code, out, err = run(["ref.txt", "-i", *SYSTEMS, "-m", "bleu", "--n-samples", "20", *args], capsys)
    assert (code, out) == (2, ""), err
    assert err.startswith("bleucore: error: ") and err.count("\n") == 1, err
    return err


def test_each_bad_score_file_is_one_error_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    short = tmp_path / "short.txt"
    short.write_text("0.5\n" * 11, encoding="utf-8")
    nan = tmp_path / "nan.txt"
    nan.write_text("0.5\n" * 4 + "nan\n" + "0.5\n" * 7, encoding="utf-8")
    two = tmp_path / "two.out"
    two.write_text("\n".join(line for line in (DATA / "comet.out").read_text().splitlines() if "sysC" not in line))
    err = bad(["--scores", "COMET", str(short), str(short), str(short)], capsys)
    assert f"{short} has 11 lines but ref.txt has 12 lines" in err
    assert f"line 5 of {nan} is 'nan', not one finite number" in bad(["--scores", "COMET", *[str(nan)] * 3], capsys)
    assert "holds no scores for the system outputs/sysC.txt" in bad(["--scores", "COMET", str(two)], capsys)
    err = bad(["--scores", "COMET", "sysA.comet.txt", "sysB.comet.txt"], capsys)
    assert "2 COMET score files for 3 systems" in err
    assert "hold one system's scores but there are 3 systems" in bad(["--scores", "COMET", "sysA.comet.txt"], capsys)
    assert "--lower-better MetricX: no --scores MetricX" in bad(["--lower-better", "MetricX"], capsys)
    assert "--scores COMET needs its score files" in bad(["--scores", "COMET"], capsys)
    assert "no '|'" in bad(["--scores", "a|b", "comet.out"], capsys)
    assert "a metric is given twice" in bad(["--scores", "BLEU", "comet.out"], capsys)
    assert "is not COMET's JSON output" in bad(["--scores", "COMET", str(_broken_json(tmp_path))], capsys)


def _broken_json(folder: Path) -> Path:
    path = folder / "broken.json"
    path.write_text('{"outputs/sysA.txt": [{"COMET": 0.5}', encoding="utf-8")
    return path


def test_limits_on_systems_metrics_and_bytes_are_one_error_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "MAX_IMPORTED_METRICS", 1)
    err = bad(["--scores", "COMET", "comet.out", "--scores", "COMET2", "comet.json"], capsys)
    assert "2 imported metrics; at most 1 are allowed" in err
    monkeypatch.setattr(limits, "MAX_SCORE_FILE_BYTES", 1000)
    assert "the score file comet.json has 7," in bad(["--scores", "COMET", "comet.json"], capsys)
    monkeypatch.setattr(limits, "MAX_SYSTEMS", 2)
    assert "3 systems; at most 2 are compared at once" in bad([], capsys)
