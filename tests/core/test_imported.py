"""Imported metrics (COMET, MetricX, human scores): the API builds one from segment scores, the three file formats of
comet-score give the same scores (tests/data/comet), files are matched to systems by path then file name, and every
kind of bad file is a typed error naming the file and what is wrong."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from bleucore import limits
from bleucore.metrics import ImportedMetric, imported_metric
from bleucore.metrics.imported.errors import (
    BadScoreFile,
    MissingSystem,
    NotAScore,
    ScoreFileCount,
    ScoreFileTooLarge,
    SegmentMissing,
    TooManySystems,
)
from bleucore.metrics.imported.files import assign_scores, read_score_files
from bleucore.metrics.imported.options import ImportedOptions
from bleucore.metrics.imported.readers import parse_scores
from bleucore.metrics.imported.scores import ErrorSpan
from bleucore.reading.errors import BinaryInput, LineCountMismatch, ReadingError, WideEncoding
from bleucore.significance.resampling import bootstrap_scores

DATA = Path(__file__).resolve().parents[1] / "data" / "comet"
PATHS = {"A": "outputs/sysA.txt", "B": "outputs/sysB.txt", "C": "outputs/sysC.txt"}
SEGMENTS = 12


def fixture(name: str) -> bytes:
    return (DATA / name).read_bytes()


def plain_values(system: str) -> list[float]:
    return [float(line) for line in (DATA / f"sys{system}.comet.txt").read_text(encoding="utf-8").split()]


# --- the API -----------------------------------------------------------------------------------------


def test_the_api_builds_a_metric_whose_value_is_the_mean_of_its_segment_scores() -> None:
    metric = imported_metric("COMET", {"a": [0.5, 0.75, 1.0], "b": np.array([0.25, 0.5, 0.0])})
    hyps, refs = ["x", "y", "z"], [["x", "y", "z"]]
    stats = metric.statistics_for("a", hyps, refs)
    assert metric.score_from_statistics(stats).score == pytest.approx(0.75)
    assert [s.score for s in metric.sentence_scores(stats)] == [0.5, 0.75, 1.0]
    assert metric.segment_values(stats).tolist() == [0.5, 0.75, 1.0]
    assert metric.row_scores(metric.columns(stats)).tolist() == [0.5, 0.75, 1.0]
    assert metric.printed_label == "COMET" and metric.higher_is_better and metric.mean_of_segments
    assert metric.signature().startswith("imported|higher:yes|version:")
    assert metric.sacrebleu_equivalent().signature is None
    assert metric.score_from_statistics(stats).format(4) == "COMET = 0.7500"
    lower = imported_metric("MetricX", {"a": [3.0, 1.0]}, higher_is_better=False)
    assert not lower.higher_is_better and "higher:no" in lower.signature()
    assert ImportedMetric.higher_is_better, "the class keeps its default; an instance takes its options'"


@pytest.mark.parametrize(
    ("scores", "message"),
    [
        ({"a": [0.5, float("nan")]}, "score 2 of system a is nan"),
        ({"a": [0.5, float("inf")]}, "score 2 of system a is inf"),
        ({"a": ["0.5"]}, "score 1 of system a is '0.5'"),
        ({"a": [True]}, "score 1 of system a is True"),
        ({"a": "0.5 0.6"}, "sequence of numbers"),
        ({"a": np.zeros((2, 2))}, "one-dimensional"),
    ],
)
def test_the_api_refuses_what_is_not_one_finite_number_per_segment(scores: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        imported_metric("COMET", scores)


def test_statistics_are_looked_up_by_system_and_checked_against_the_lines() -> None:
    metric = imported_metric("COMET", {"a": [0.5, 0.7]})
    with pytest.raises(ValueError, match="has no scores for the system b"):
        metric.statistics_for("b", ["x", "y"], [["x", "y"]])
    with pytest.raises(ValueError, match="2 scores for the system a, which has 3 lines"):
        metric.statistics_for("a", ["x", "y", "z"], [["x", "y", "z"]])
    with pytest.raises(ValueError, match="statistics_for"):
        metric.statistics(["x", "y"], [["x", "y"]])


@pytest.mark.parametrize("name", ["", " COMET", "a|b", "x" * 41, "tab\there"])
def test_a_metric_name_is_printable_and_short(name: str) -> None:
    with pytest.raises(ValueError, match="name"):
        ImportedOptions(name)


def test_too_many_systems_is_a_typed_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_SYSTEMS", 2)
    with pytest.raises(TooManySystems, match="3 systems; at most 2"):
        imported_metric("COMET", {s: [0.1] for s in "abc"})


def test_bootstrap_resamples_are_the_means_of_the_drawn_segments() -> None:
    values = np.random.default_rng(0).random(50)
    metric = imported_metric("COMET", {"a": values})
    stats = metric.statistics_for("a", ["x"] * 50, [["x"] * 50])
    (scores,) = bootstrap_scores([stats], metric, 40, 7)
    draws = np.random.default_rng(7).choice(50, size=(40, 50), replace=True)
    assert scores == pytest.approx(values[draws].mean(axis=1), abs=1e-12)


# --- the three formats ---------------------------------------------------------------------------------


def test_the_three_formats_hold_the_same_scores() -> None:
    printed = parse_scores(fixture("comet.out"), "comet.out")
    as_json = parse_scores(fixture("comet.json"), "comet.json")
    xcomet = parse_scores(fixture("xcomet.json"), "xcomet.json")
    assert (printed.format, as_json.format, xcomet.format) == ("comet", "comet-json", "comet-json")
    assert list(printed.systems) == list(as_json.systems) == list(PATHS.values())
    for system, path in PATHS.items():
        plain = parse_scores(fixture(f"sys{system}.comet.txt"), f"sys{system}.comet.txt")
        assert plain.format == "plain" and list(plain.systems) == [""]
        expected = plain_values(system)
        for file in (plain, printed, as_json, xcomet):
            scores = next(iter(file.systems.values())) if file is plain else file.systems[path]
            assert scores.values.tolist() == expected, (file.name, system)
        assert as_json.systems[path].errors is None and printed.systems[path].errors is None
        assert printed.systems[path].same_as(as_json.systems[path])


def test_xcomets_error_spans_are_kept_per_segment() -> None:
    file = parse_scores(fixture("xcomet.json"), "xcomet.json")
    raw = json.loads(fixture("xcomet.json"))
    for path, scores in file.systems.items():
        assert scores.errors is not None and len(scores.errors) == SEGMENTS
        for entry, spans in zip(raw[path], scores.errors):
            assert [span.to_dict() for span in spans] == entry.get("errors", [])
            for span in spans:
                assert entry["mt"][span.start : span.end] == span.text
    first = file.systems[PATHS["B"]].errors[0][0]
    assert first == ErrorSpan("sit", 0.4160953164100647, "minor", 8, 11)


def test_the_json_score_key_is_the_metrics_own_name_where_entries_have_it() -> None:
    data = {"s.txt": [{"mt": "a", "COMET": 0.5, "MetricX-24": 3.25}, {"mt": "b", "COMET": 0.4, "MetricX-24": 1.5}]}
    raw = json.dumps(data).encode()
    assert parse_scores(raw, "m.json", "MetricX-24").systems["s.txt"].values.tolist() == [3.25, 1.5]
    assert parse_scores(raw, "m.json", "xCOMET").systems["s.txt"].values.tolist() == [0.5, 0.4]


# --- files to systems -----------------------------------------------------------------------------------


def test_one_file_for_every_system_or_one_per_system_give_the_same_scores() -> None:
    plain = [parse_scores(fixture(f"sys{s}.comet.txt"), f"sys{s}.comet.txt") for s in PATHS]
    printed = parse_scores(fixture("comet.out"), "comet.out")
    as_json = parse_scores(fixture("comet.json"), "comet.json")
    per_system = assign_scores("COMET", plain, PATHS, SEGMENTS, "ref.txt")
    for files in ([printed], [as_json], [printed] * 3):
        assigned = assign_scores("COMET", files, PATHS, SEGMENTS, "ref.txt")
        assert list(assigned) == list(PATHS)
        assert all(assigned[s].same_as(per_system[s]) for s in PATHS)


def test_systems_are_matched_by_path_then_by_file_name() -> None:
    printed = parse_scores(fixture("comet.out"), "comet.out")
    elsewhere = {"A": "/runs/final/sysA.txt", "B": "./outputs/../outputs/sysB.txt", "C": "sysC.txt"}
    assigned = assign_scores("COMET", [printed], elsewhere, SEGMENTS, "ref.txt")
    assert assigned["A"].values.tolist() == plain_values("A") and assigned["C"].values.tolist() == plain_values("C")
    with pytest.raises(MissingSystem, match=r"comet.out holds no scores for the system D \(other/sysD.txt\)"):
        assign_scores("COMET", [printed], {**PATHS, "D": "other/sysD.txt"}, SEGMENTS, "ref.txt")


def test_file_counts_and_segment_counts_are_checked(tmp_path: Path) -> None:
    plain = [parse_scores(fixture(f"sys{s}.comet.txt"), f"sys{s}.comet.txt") for s in PATHS]
    with pytest.raises(ScoreFileCount, match="2 COMET score files for 3 systems") as err:
        assign_scores("COMET", plain[:2], PATHS, SEGMENTS, "ref.txt")
    assert (err.value.files, err.value.systems) == (2, 3)
    with pytest.raises(ScoreFileCount, match="hold one system's scores but there are 3 systems"):
        assign_scores("COMET", plain[:1], PATHS, SEGMENTS, "ref.txt")
    with pytest.raises(
        LineCountMismatch, match=re.escape("sysA.comet.txt has 12 lines but ref.txt has 13 lines")
    ) as mismatch:
        assign_scores("COMET", plain, PATHS, 13, "ref.txt")
    assert (mismatch.value.lines, mismatch.value.other_lines) == (12, 13)
    with pytest.raises(ScoreFileCount, match="2 COMET score files for 3 systems"):
        read_score_files("COMET", ["never-read-1", "never-read-2"], PATHS, SEGMENTS, "ref.txt")


def test_a_score_file_past_its_limit_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.txt"
    path.write_text("0.5\n" * 100, encoding="utf-8")
    monkeypatch.setattr(limits, "MAX_SCORE_FILE_BYTES", 399)
    with pytest.raises(ScoreFileTooLarge, match="has 400 bytes; at most 399 are read"):
        read_score_files("COMET", [str(path)], {"a": "a.txt"}, 100, "ref.txt")


# --- bad files ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "shown"),
    [
        ("0.5\nnan\n", 2, "nan"),
        ("0.5\ninf\n", 2, "inf"),
        ("0.5\n-Infinity\n", 2, "-Infinity"),
        ("1e999\n", 1, "1e999"),
        ("0.5\n\n0.7\n", 2, ""),
        ("0.5 0.6\n", 1, "0.5 0.6"),
        ("0,5\n", 1, "0,5"),
        ("1_000\n", 1, "1_000"),
        ("score\n0.5\n", 1, "score"),
    ],
)
def test_a_line_that_is_not_one_finite_number_is_named(text: str, line: int, shown: str) -> None:
    with pytest.raises(NotAScore) as err:
        parse_scores(text.encode(), "s.txt")
    assert (err.value.name, err.value.line, err.value.text) == ("s.txt", line, shown)
    assert str(err.value).startswith(f"line {line} of s.txt is {shown!r}, not one finite number")


def test_plain_numbers_may_have_spaces_signs_and_exponents() -> None:
    text = " 0.5\n-1.25e-2\r\n+3\n.5\n"
    assert parse_scores(text.encode(), "s.txt").systems[""].values.tolist() == [0.5, -0.0125, 3.0, 0.5]
    assert parse_scores(b"\xef\xbb\xbf0.25\n", "s.txt").systems[""].values.tolist() == [0.25]


def test_printed_output_with_a_missing_or_repeated_segment_is_refused() -> None:
    lines = fixture("comet.out").decode().splitlines()
    gap = "\n".join(line for line in lines if "sysB.txt\tSegment 5\t" not in line)
    with pytest.raises(SegmentMissing, match=re.escape("c.out has no score for segment 5 of outputs/sysB.txt")):
        parse_scores(gap.encode(), "c.out")
    with pytest.raises(SegmentMissing, match=re.escape("two scores for segment 0 of outputs/sysA.txt")):
        parse_scores("\n".join([lines[0], *lines]).encode(), "c.out")
    with pytest.raises(NotAScore, match=re.escape("line 2 of c.out is 'nan'")):
        parse_scores(b"a.txt\tSegment 0\tscore: 0.5\na.txt\tSegment 1\tscore: nan\n", "c.out")
    summary_only = "\n".join(line for line in lines if "Segment" not in line)
    with pytest.raises(BadScoreFile, match="system scores only"):
        parse_scores(summary_only.encode(), "c.out")
    with pytest.raises(BadScoreFile, match="line 2 is neither"):
        parse_scores(b"a.txt\tSegment 0\tscore: 0.5\na.txt\tSegm\n", "c.out")
    logged = "Seed set to 1\n" + fixture("comet.out").decode() + "Predicting DataLoader 0: 100%\n"
    assert (
        parse_scores(logged.encode(), "c.out").systems.keys() == parse_scores(fixture("comet.out"), "c").systems.keys()
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"s.txt": [{"mt": "a"}]}, "segment 0 of s.txt has no 'COMET' score"),
        ({"s.txt": [{"COMET": "0.5"}]}, "has the score '0.5', not a finite number"),
        ({"s.txt": [{"COMET": True}]}, "has the score True"),
        ({"s.txt": []}, "is not a list of segments"),
        ([0.5, 0.6], "not an object of systems"),
    ],
)
def test_json_that_is_not_comets_is_refused_with_where(data: object, message: str) -> None:
    with pytest.raises(BadScoreFile, match=message) as err:
        parse_scores(json.dumps(data).encode(), "c.json")
    assert isinstance(err.value, ReadingError) and err.value.name == "c.json"
    assert str(err.value).startswith("c.json is not COMET's JSON output")


def test_broken_json_names_its_line() -> None:
    with pytest.raises(BadScoreFile, match="line 2: Expecting"):
        parse_scores(b'{"s.txt":\n [{"COMET": 0.5},,]}', "c.json")


def test_binary_and_utf16_files_are_refused() -> None:
    with pytest.raises(BinaryInput, match=re.escape("s.bin holds a NUL byte on line 2")):
        parse_scores(b"0.5\n\x00\x01\n", "s.bin")
    with pytest.raises(WideEncoding):
        parse_scores("0.5\n".encode("utf-16"), "s.txt")
