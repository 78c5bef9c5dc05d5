"""The report's bucket numbers against compare-mt 0.2.10's own printed output on the same files (issue 24: "every
bucket number can be checked against compare-mt's own output"): both command lines run on generated pre-tokenized
files (``-tok none``: compare-mt splits on spaces), compare-mt with its default buckets plus its word analysis
counted in a training file (``freq_corpus_file=``) and its label buckets (``ref_labels=``).

Word sizes and F/precision/recall equal compare-mt's to its 4 printed decimals, in the reference and the training
counts alike (compare-mt prints recall under "prec" and precision under "rec": ``PRINTED``); an empty word bucket is
compare-mt's 0.0000 and the report's explicit no-data record. A length or
label bucket's BLEU equals compare-mt's unless compare-mt's own BLEU departs from sacreBLEU's there
(``COMPARE_MT_BLEU_RULES``: a line shorter than 4 words, a zero n-gram precision), and then compare-mt's number
is ``bleucore.tools.compare_mt_bleu`` of the bucket's lines.
"""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from bleucore.tools import compare_mt_bleu
from devtools.corpora import tokenized_corpus
from tests.conftest import ROOT

LABELS = ("short", "news", "talks")  # "short": every line under 10 words, where compare-mt's BLEU departs
#: compare-mt prints acc_type=fmeas+prec+rec as three tables in this order, but its tables titled "prec" and "rec"
#: are swapped: ``reporters.WordReport.acc_type_map`` reads ``{'prec': 3, 'rec': 4}`` from the statistics
#: ``(matches, ref words, output words, rec, prec, fmeas)`` of ``bucketers.calc_statistics``. So its printed
#: "prec" is recall (matches / reference words) and its "rec" is precision (matches / output words).
PRINTED = (("fmeas", "fmeas"), ("prec", "rec"), ("rec", "prec"))  # (compare-mt's title, the measure it holds)


def _tables(text: str) -> list[tuple[str, list[str], list[list[str]]]]:
    """compare-mt's printed tables: (the ``---`` title, the header, the rows), in order."""
    tables: list[tuple[str, list[str], list[list[str]]]] = []
    lines = text.splitlines()
    for k, line in enumerate(lines):
        if line.startswith("--- "):
            rows = []
            for row in lines[k + 2 :]:
                if not row.strip():
                    break
                rows.append(row.split("\t"))
            tables.append((line, lines[k + 1].split("\t"), rows))
    return tables


def _first_number(cell: str) -> float:
    return float(cell.split(" [")[0])


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    folder = tmp_path_factory.mktemp("cmt")
    outs, ref = tokenized_corpus(5, 400, 2)
    train = tokenized_corpus(105, 600, 0)[1]
    rng = np.random.default_rng(5)
    labels = [
        "short" if len(line.split(" ")) < 10 else LABELS[int(i)] for line, i in zip(ref, rng.integers(1, 3, len(ref)))
    ]
    for name, lines in (
        ("ref.txt", ref),
        ("a.txt", outs[0]),
        ("b.txt", outs[1]),
        ("train.txt", train),
        ("labels.txt", labels),
    ):
        (folder / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    theirs = subprocess.run(
        [
            sys.executable,
            "-m",
            "compare_mt.compare_mt_main",
            "ref.txt",
            "a.txt",
            "b.txt",
            "--sys_names",
            "A",
            "B",
            "--compare_scores",
            "--compare_ngrams",
            "--compare_sentence_examples",
            "--compare_word_accuracies",
            "bucket_type=freq,acc_type=fmeas+prec+rec,output_bucket_details=True",
            "bucket_type=freq,acc_type=fmeas+prec+rec,freq_corpus_file=train.txt,output_bucket_details=True",
            "--compare_sentence_buckets",
            "bucket_type=length,statistic_type=score,score_measure=bleu",
            f"bucket_type=label,statistic_type=score,score_measure=bleu,label_set={'+'.join(LABELS)},ref_labels=labels.txt",
        ],
        capture_output=True,
        text=True,
        cwd=folder,
        timeout=240,
    )
    assert theirs.returncode == 0, theirs.stderr
    ours = {}
    for kind, extra in (("reference", []), ("training", ["--train", str(folder / "train.txt")])):
        out = folder / f"{kind}.json"
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "bleucore.report",
                str(folder / "ref.txt"),
                "-i",
                str(folder / "a.txt"),
                str(folder / "b.txt"),
                "--names",
                "A",
                "B",
                "-tok",
                "none",
                "-m",
                "bleu",
                "--labels",
                str(folder / "labels.txt"),
                "--n-samples",
                "20",
                "--json",
                str(out),
                *extra,
            ],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=240,
        )
        assert done.returncode == 0, done.stderr
        ours[kind] = json.loads(out.read_text(encoding="utf-8"))
    return {"tables": _tables(theirs.stdout), "ours": ours, "ref": ref, "outs": outs, "labels": labels}


def _records(records: list[dict], analysis: str) -> dict[tuple[str, str, str], dict]:
    return {(r["bucket"], r["system"], r["metric"]): r for r in records if r["analysis"] == analysis}


@pytest.mark.parametrize(("kind", "first"), [("reference", 0), ("training", 3)])
def test_word_buckets_equal_compare_mts_printed_tables(runs: dict, kind: str, first: int) -> None:
    ours = _records(runs["ours"][kind], "frequency")
    tables = runs["tables"][first : first + 3]
    assert [t[0] for t in tables] == ["--- word fmeas+prec+rec by frequency bucket"] * 3
    checked = empty = 0
    for (_printed, measure), (_title, header, rows) in zip(PRINTED, tables):
        assert header == ["frequency", "# words", "A", "B"]
        assert [r[0] for r in rows] == ["<1", "1", "2", "3", "4", "[5,10)", "[10,100)", "[100,1000)", ">=1000"]
        for bucket, size, *cells in rows:
            for system, cell in zip(("A", "B"), cells):
                record = ours[(bucket, system, measure)]
                assert record["size"] == int(size), (kind, bucket)
                if record["value"] is None:  # no reference word of this frequency: compare-mt prints 0
                    assert _first_number(cell) == 0.0 and int(size) == 0, (kind, bucket, cell)
                    empty += 1
                    continue
                assert f"{record['value']:.4f}" == cell.split(" [")[0], (kind, measure, bucket, system, cell)
                checked += 1
    assert checked + empty == 3 * 2 * 9 and checked >= 3 * 2 * 8, "nearly every bucket has words"


@pytest.mark.parametrize(("analysis", "index"), [("length", 6), ("label", 7)])
def test_sentence_bucket_bleu_equals_compare_mts_where_its_bleu_is_sacrebleus(
    runs: dict, analysis: str, index: int
) -> None:
    title, header, rows = runs["tables"][index]
    assert title.startswith(f"--- bucket type: {'length' if analysis == 'length' else 'labels'}, statistic type: BLEU")
    assert header[1:] == ["A", "B"]
    ours = _records(runs["ours"]["reference"], analysis)
    ref = [line.split(" ") for line in runs["ref"]]
    outs = {"A": [line.split(" ") for line in runs["outs"][0]], "B": [line.split(" ") for line in runs["outs"][1]]}
    if analysis == "length":
        members = {row[0]: [i for i, r in enumerate(ref) if _length_bucket(len(r)) == row[0]] for row in rows}
    else:
        members = {row[0]: [i for i, label in enumerate(runs["labels"]) if label == row[0]] for row in rows}
    same = departs = 0
    for bucket, *cells in rows:
        lines = members[bucket]
        for system, cell in zip(("A", "B"), cells):
            printed = float(cell)
            if not lines:  # compare-mt prints 0 for an empty bucket (its "other"); the report has no such bucket
                assert printed == 0.0 and (bucket, system, "BLEU") not in ours
                continue
            value = ours[(bucket, system, "BLEU")]["value"]
            theirs = compare_mt_bleu([ref[i] for i in lines], [outs[system][i] for i in lines])
            assert f"{theirs:.4f}" == cell, "bleucore.tools reproduces compare-mt's printed BLEU"
            short = any(len(ref[i]) < 4 or len(outs[system][i]) < 4 for i in lines)
            if not short:  # no rule of COMPARE_MT_BLEU_RULES applies: sacreBLEU's BLEU is compare-mt's
                assert f"{value:.4f}" == cell, (bucket, system, value, cell)
                same += 1
            else:
                departs += f"{value:.4f}" != cell
    assert same == (12 if analysis == "length" else 4), "every bucket without a line under 4 words is compare-mt's"
    assert departs == 2, "<10 (or short), whose short lines compare-mt counts with an n-gram denominator of 1, departs"


def _length_bucket(length: int) -> str:
    cutoffs = (10, 20, 30, 40, 50, 60)
    names = ["<10", "[10,20)", "[20,30)", "[30,40)", "[40,50)", "[50,60)", ">=60"]
    return names[sum(length >= c for c in cutoffs)]


def test_compare_mts_prec_table_is_recall() -> None:
    """The swap of ``PRINTED``, shown on one line: output "a b" against reference "a b c d" has precision 1 (2 of 2
    output words match) and recall 0.5 (2 of 4 reference words); compare-mt's table titled "prec" prints 0.5."""
    from compare_mt import bucketers, reporters

    from bleucore.buckets import BucketSettings, frequency_buckets

    bucketer = bucketers.FreqWordBucketer(freq_data=[["a", "b", "c", "d"]], bucket_cutoffs=[5])
    statistics, *_ = bucketer.calc_statistics([["a", "b", "c", "d"]], [[["a", "b"]]])
    report = reporters.WordReport(bucketer, statistics, acc_type="prec+rec", header="")
    assert statistics[0][0][3:5] == (0.5, 1.0)  # (rec, prec), as calc_statistics documents them
    assert (report.acc_type_map["prec"], report.acc_type_map["rec"]) == (3, 4)  # the printed "prec" reads rec
    ours = frequency_buckets({"A": ["a b"]}, [["a b c d"]], settings=BucketSettings(5, tokenize="none"), cutoffs=(5,))
    assert ours.value("<5", "A", "prec").value == 1.0 and ours.value("<5", "A", "rec").value == 0.5
