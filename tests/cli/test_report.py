"""``python -m bleucore.report``: the JSON records equal the bucket analyses and sacreBLEU's corpus scores, the
LaTeX table parses as a booktabs tabular (and compiles where pdflatex is installed), the HTML opens offline with
a chart per analysis and metric and every user text escaped; bad input is one error line and exit 2."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import sacrebleu

from bleucore.buckets import BucketSettings, frequency_buckets, label_buckets, length_buckets
from bleucore.cli.report import MAX_TRAINING_BYTES
from bleucore.metrics import get_metric
from devtools.corpora import tokenized_corpus
from tests.conftest import ROOT


def report(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bleucore.report", *args], capture_output=True, text=True, cwd=ROOT, timeout=240
    )


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("report")
    outs, ref = tokenized_corpus(11, 200, 2)
    paths = {
        "ref": folder / "ref.txt",
        "A": folder / "a.txt",
        "B": folder / "b.txt",
        "copy": folder / "copy.txt",
        "labels": folder / "labels.txt",
    }
    paths["ref"].write_text("\n".join(ref) + "\n", encoding="utf-8")
    paths["A"].write_text("\n".join(outs[0]) + "\n", encoding="utf-8")
    paths["B"].write_text("\n".join(outs[1]) + "\n", encoding="utf-8")
    paths["copy"].write_text("\n".join(outs[0]) + "\n", encoding="utf-8")
    paths["labels"].write_text(
        "\n".join(("news", "<talks>", "웹")[i % 3] for i in range(len(ref))) + "\n", encoding="utf-8"
    )
    return paths


@pytest.fixture(scope="module")
def written(files: dict[str, Path]) -> dict[str, str]:
    out = files["ref"].parent
    done = report(
        str(files["ref"]),
        "-i",
        str(files["A"]),
        str(files["B"]),
        str(files["copy"]),
        "--names",
        "A",
        "<b>B</b>",
        "copy",
        "--labels",
        str(files["labels"]),
        "--n-samples",
        "200",
        "--json",
        str(out / "r.json"),
        "--latex",
        str(out / "t.tex"),
        "--html",
        str(out / "r.html"),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and done.stderr == ""
    return {
        kind: (out / name).read_text(encoding="utf-8")
        for kind, name in (("json", "r.json"), ("latex", "t.tex"), ("html", "r.html"))
    }


def test_json_records_are_every_number_of_the_analyses(files: dict[str, Path], written: dict[str, str]) -> None:
    records = json.loads(written["json"])
    ref = files["ref"].read_text(encoding="utf-8").splitlines()
    systems = {
        "A": files["A"].read_text(encoding="utf-8").splitlines(),
        "<b>B</b>": files["B"].read_text(encoding="utf-8").splitlines(),
        "copy": files["copy"].read_text(encoding="utf-8").splitlines(),
    }
    metrics = [get_metric("bleu"), get_metric("chrf"), get_metric("ter")]
    labels = files["labels"].read_text(encoding="utf-8").splitlines()
    expected = (
        length_buckets(systems, [ref], metrics, settings=BucketSettings(200)).records()
        + frequency_buckets(systems, [ref], settings=BucketSettings(200)).records()
        + label_buckets(systems, [ref], labels, metrics, settings=BucketSettings(200)).records()
    )
    buckets = [r for r in records if r["analysis"] in ("length", "frequency", "label")]
    assert buckets == json.loads(json.dumps(expected))
    corpus = {(r["system"], r["metric"]): r for r in records if r["analysis"] == "corpus"}
    for name, lines in systems.items():
        assert corpus[(name, "BLEU")]["value"] == pytest.approx(sacrebleu.corpus_bleu(lines, [ref]).score, abs=1e-9)
        assert corpus[(name, "chrF2")]["value"] == pytest.approx(sacrebleu.corpus_chrf(lines, [ref]).score, abs=1e-9)
        assert corpus[(name, "TER")]["value"] == pytest.approx(sacrebleu.corpus_ter(lines, [ref]).score, abs=1e-9)
        low, high = corpus[(name, "BLEU")]["ci"]
        assert low < corpus[(name, "BLEU")]["value"] < high
    assert corpus[("copy", "BLEU")]["p_value"] == 1.0, (
        "an output identical to the baseline is never tested as different"
    )
    assert {r["bucket"] for r in records if r["analysis"] == "label"} == {"news", "<talks>", "웹"}


def test_json_records_follow_the_issues_schema_exactly(written: dict[str, str]) -> None:
    """Each record: the issue's six keys first, in its order, then p_value, delta and size; analysis one of the
    issue's three (and corpus for the whole test set); ci [low, high] around the value, or both null: no data."""
    records = json.loads(written["json"], parse_constant=lambda name: pytest.fail(f"{name} in the JSON"))
    buckets = {
        "length": {"<10", "[10,20)", "[20,30)", "[30,40)", "[40,50)", "[50,60)", ">=60"},
        "frequency": {"<1", "1", "2", "3", "4", "[5,10)", "[10,100)", "[100,1000)", ">=1000"},
        "label": {"news", "<talks>", "웹"},
        "corpus": {"all"},
    }
    metrics = {"BLEU", "chrF2", "TER"}
    seen = set()
    estimates = [r for r in records if r["analysis"] == "human_agreement"]  # tests/cli/test_report_wmt25.py
    assert len(estimates) == 2 * 3  # the two systems other than the baseline, under each metric
    records = [r for r in records if r["analysis"] != "human_agreement"]
    for r in records:
        keys = ["analysis", "bucket", "system", "metric", "value", "ci", "p_value", "delta"]
        assert list(r) == [*keys, "size"] if r["analysis"] == "corpus" else [*keys, "tested", "size"], r
        assert r["analysis"] in buckets and r["bucket"] in buckets[r["analysis"]], r
        assert r["system"] in {"A", "<b>B</b>", "copy"}
        assert r["metric"] in (metrics | {"fmeas", "prec", "rec"} if r["analysis"] == "frequency" else metrics), r
        assert isinstance(r["size"], int) and r["size"] >= 0
        if r["value"] is None:
            assert r["ci"] is None and r["size"] == 0 and r["analysis"] != "corpus", r
        else:
            low, high = r["ci"]
            assert isinstance(r["value"], float) and low <= high and all(isinstance(x, float) for x in (low, high)), r
        untested = r.get("tested") is False  # a bucket of fewer than 20 lines (and an empty one)
        assert (r["p_value"] is None) == (r["system"] == "A" or r["value"] is None or untested), r
        if r["system"] == "copy" and r["value"] is not None:
            assert r["p_value"] == (None if untested else 1.0) and r["delta"] == 0.0, r
        seen.add((r["analysis"], r["bucket"], r["system"], r["metric"]))
    assert len(seen) == len(records), "one record per bucket, system and metric"
    expected = sum(len(names) * 3 * 3 for names in buckets.values())  # 3 systems x 3 metrics (or word measures)
    assert len(records) == expected
    assert any(r["value"] is None for r in records), "the corpus has an empty bucket, written as a no-data record"


def test_identical_output_is_said_in_every_output(files: dict[str, Path], written: dict[str, str]) -> None:
    assert "Output identical to the baseline's, so never marked: copy." in written["latex"]
    done = report(str(files["ref"]), "-i", str(files["A"]), str(files["copy"]), "-m", "bleu", "--n-samples", "30")
    assert done.returncode == 0, done.stderr
    assert "copy.txt: output identical to the baseline's, never marked different\n" in done.stdout
    assert done.stdout.endswith("copy.txt BLEU: identical to the baseline\n")  # and no estimate of its delta
    assert "*" not in done.stdout.split("\n* differs")[0]


def _strip_escapes(line: str) -> str:
    return re.sub(r"\\[&%$#_{}]", "", line)


def test_latex_is_a_booktabs_tabular_with_marks_and_footnote(written: dict[str, str]) -> None:
    tex = written["latex"]
    body = tex[tex.index("\\begin{tabular}") : tex.index("\\end{tabular}")]
    spec = re.search(r"\\begin\{tabular\}\{([lc]+)\}", body).group(1)
    assert spec == "lccc"  # system + BLEU, chrF2, TER
    rows = [line for line in body.splitlines() if line.endswith("\\\\")]
    assert len(rows) == 4  # header + 3 systems
    assert all(_strip_escapes(row).count("&") == len(spec) - 1 for row in rows)
    first = tex[: tex.index("\\end{table}")]  # then the table of deltas with Kocmi et al.'s estimates
    assert first.count("\\toprule") == first.count("\\midrule") == first.count("\\bottomrule") == 1
    assert _strip_escapes(tex).count("{") == _strip_escapes(tex).count("}")
    assert "\\textless{}b\\textgreater{}B\\textless{}/b\\textgreater{}" in tex, "a system name is escaped, never markup"
    b_row = next(r for r in rows if r.startswith("\\textless{}b"))
    copy_row = next(r for r in rows if r.startswith("copy"))
    assert "\\dagger" in b_row and "\\dagger" not in copy_row
    assert "1,000" not in tex and "200 resamples" in tex and "\\texttt{nrefs:1|case:mixed" in tex


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed here")
def test_latex_compiles(written: dict[str, str], tmp_path: Path) -> None:
    doc = "\\documentclass{article}\\usepackage{booktabs}\\begin{document}\n" + written["latex"] + "\\end{document}\n"
    (tmp_path / "t.tex").write_text(doc, encoding="utf-8")
    done = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "t.tex"], cwd=tmp_path, capture_output=True, timeout=120
    )
    assert done.returncode == 0 and (tmp_path / "t.pdf").exists()
    log = (tmp_path / "t.log").read_text(encoding="latin-1")
    assert "Overfull" not in log and "Missing character" not in log, "the table fits the column and every glyph exists"


def test_html_is_self_contained_with_every_chart(written: dict[str, str]) -> None:
    html = written["html"]
    assert "<script" not in html and "<link" not in html and "@import" not in html
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html), "nothing is fetched"
    # length and label: 3 metrics each; frequency: F, precision, recall
    assert html.count("<svg") == 9
    assert "&lt;b&gt;B&lt;/b&gt;" in html and "<b>B</b>" not in html
    assert "&lt;talks&gt;" in html and "<talks>" not in html
    assert "Identical to the baseline, so never marked different: copy." in html
    charts = re.findall(r"<svg.*?</svg>", html, flags=re.S)
    assert sum("no data" in chart for chart in charts) >= 3, "an empty bucket says so in its chart, not a silent gap"
    assert "<td>no data</td>" in html
    # each table names what its buckets' sizes count: lines, and for word frequency reference 1's words
    assert (
        html.count("<th>bucket</th><th>lines</th>") == 6 and html.count("<th>bucket</th><th>reference words</th>") == 3
    )


def test_without_an_output_file_it_prints_the_corpus_table(files: dict[str, Path]) -> None:
    done = report(
        str(files["ref"]), "-i", str(files["A"]), str(files["B"]), "-m", "bleu", "chrf++", "--n-samples", "50"
    )
    assert done.returncode == 0, done.stderr
    assert "chrF2++" in done.stdout and "(baseline)" in done.stdout
    system_a = files["A"].read_text(encoding="utf-8").splitlines()
    reference = files["ref"].read_text(encoding="utf-8").splitlines()
    assert f"{sacrebleu.corpus_bleu(system_a, [reference]).score:.2f}" in done.stdout


def test_bad_input_is_one_error_line(files: dict[str, Path], tmp_path: Path) -> None:
    short = tmp_path / "short.txt"
    short.write_text("one\ntwo\n", encoding="utf-8")
    binary = tmp_path / "train.bin"
    binary.write_bytes(b"\x00\xff\xfe binary \x80\n" * 10)
    nul = tmp_path / "train.utf16"
    nul.write_bytes("training words\n".encode("utf-16-le"))  # valid UTF-8, every other byte NUL
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as f:
        f.truncate(MAX_TRAINING_BYTES + 1)  # sparse: no disk used
    ref, a = str(files["ref"]), str(files["A"])
    cases = [
        ([ref, "-i", a, "--labels", str(short)], "labels file has 2 lines"),
        ([ref, "-i", a, "--train", str(binary)], "train.bin is not UTF-8 text: line 1, byte 2 (0xff)"),
        (
            [ref, "-i", a, "--train", str(nul)],
            "the training corpus looks like a binary file (a NUL character on line 1)",
        ),
        ([ref, "-i", a, "--train", str(huge)], f"at most {MAX_TRAINING_BYTES:,} are read"),
        ([ref, "-i", a, str(short)], "has 2 lines"),
        ([ref, "-i", a, "--names", "x", "y"], "1 systems but 2 names"),
        ([ref, "-i", a, "--n-samples", "0"], "--n-samples must be from 1"),
        ([ref, "-i", a, "--baseline", "nobody"], "baseline 'nobody'"),
        ([ref, "-i", a, "-m", "meteor"], "invalid choice"),
    ]
    for args, message in cases:
        done = report(*args)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stdout == ""
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("bleucore: error: ") and message in lines[0], (args, done.stderr)


def test_the_report_counts_bucket_words_as_its_settings_say() -> None:
    """The frequency buckets of ``build_report`` are ``frequency_buckets`` under the report's settings, lowercasing
    included (the Compare page's report once dropped it, so its buckets differed from the page's), and the HTML
    says how words were counted."""
    from bleucore.report import build_report, html_report

    refs = [["the cat sat on the mat .", "a dog barks at the cat", "The Cat is here"]]
    systems = {
        "a": ["The Cat sat on the mat .", "A dog barks", "the cat is here"],
        "b": ["the cat sat on The mat .", "a Dog barks at the Cat", "The cat is Here"],
    }
    metrics = [get_metric("bleu")]
    kept, lowered = BucketSettings(n_samples=60, seed=3), BucketSettings(n_samples=60, seed=3, lowercase=True)
    for settings in (kept, lowered):
        made = build_report(systems, refs, metrics, settings=settings)
        analysis = next(a for a in made.analyses if a.analysis == "frequency")
        assert analysis.records() == frequency_buckets(systems, refs, settings=settings).records()
        assert made.settings == settings
        assert ("tokens, lowercased;" in html_report(made)) == settings.lowercase
    assert (
        frequency_buckets(systems, refs, settings=kept).records()
        != frequency_buckets(systems, refs, settings=lowered).records()
    )
