"""Compare's "where the systems differ" (AppTest through the router): the bucket tables equal bleucore.buckets on
the page's files for every metric and analysis, a labels file adds the label buckets (and a wrong one is a
message), the uploads stay for the session, and the report is built for download."""

from __future__ import annotations

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from bleucore.buckets import BucketSettings, frequency_buckets, label_buckets, length_buckets
from bleucore.metrics import get_metric
from tests.conftest import messages, open_app, sample_lines, upload
from ui.compare import buckets as compare_buckets
from ui.inputs.limits import MAX_TRAINING_UPLOAD_MB
from ui.state import compare as cps

SYSTEMS = {name: sample_lines(name) for name in ("system_a.en", "system_b.en")}
REFS = [sample_lines(name) for name in ("ref.en", "ref2.en")]


def bucket_table(at: AppTest) -> pd.DataFrame:
    for frame in at.dataframe:
        if list(frame.value.columns[:2]) in (["bucket", "lines"], ["bucket", "reference words"]):
            return frame.value.set_index("bucket")
    raise AssertionError(f"no bucket table: {messages(at)}")


def control(at: AppTest, label: str):  # type: ignore[no-untyped-def]
    return next(c for c in at.get("segmented_control") if c.label == label)


def expected_cell(value, digits: int) -> str:  # type: ignore[no-untyped-def]
    return f"{value.value:.{digits}f} [{value.ci[0]:.{digits}f}, {value.ci[1]:.{digits}f}]"


def test_length_buckets_on_the_page_equal_bleucores_for_each_metric() -> None:
    at = open_app("compare")
    at.pills(key=cps.COMPARE_METRICS).set_value(["bleu", "chrf", "ter"]).run()
    assert not at.exception
    metrics = [get_metric("bleu"), get_metric("chrf"), get_metric("ter")]
    expected = length_buckets(SYSTEMS, REFS, metrics)
    assert control(at, "Show").options == ["BLEU", "chrF2", "TER"]
    for metric in ("BLEU", "chrF2", "TER"):
        control(at, "Show").set_value(metric).run()
        table = bucket_table(at)
        for bucket in expected.buckets:
            assert table.loc[bucket.name, "lines"] == bucket.size
            for system in SYSTEMS:
                value = expected.value(bucket.name, system, metric)
                cell = table.loc[bucket.name, system]
                assert cell == "no data" if value.value is None else cell.startswith(expected_cell(value, 2)), (
                    metric,
                    cell,
                )
                if value.significant():
                    assert "than the baseline (p = " in cell
                if value.delta is not None and not value.tested:  # issue 46: the numbers, no test, and why
                    assert cell.endswith("not tested: fewer than 20 lines in this bucket"), cell


def test_word_frequency_buckets_on_the_page_equal_bleucores() -> None:
    at = open_app("compare")
    control(at, "Buckets").set_value("frequency").run()
    expected = frequency_buckets(SYSTEMS, REFS)
    assert control(at, "Show").options == ["word F-measure", "word precision", "word recall"]
    for measure, label in (("fmeas", "word F-measure"), ("rec", "word recall")):
        control(at, "Show").set_value(measure).run()
        table = bucket_table(at)
        for bucket in expected.buckets:
            assert table.loc[bucket.name, "reference words"] == bucket.size  # what a frequency bucket's size counts
            for system in SYSTEMS:
                value = expected.value(bucket.name, system, measure)
                cell = table.loc[bucket.name, system]
                assert cell == "no data" if value.value is None else cell.startswith(expected_cell(value, 4)), (
                    label,
                    cell,
                )
    captions = " ".join(c.value for c in at.caption)
    assert "count in reference 1" in captions and "lowercased" not in captions
    assert "The bucket <1 holds the output words that reference 1 never has" in captions
    # no reference word: no data (issue 37: it showed 0.0000 [0.0000, 0.0000]), which the table above shows
    assert expected.bucket("<1").size == 0 and all(v.value is None for v in expected.values if v.bucket == "<1")


def test_a_labels_file_adds_label_buckets_and_stays_for_the_session() -> None:
    at = open_app("compare")
    labels = [("news" if i % 3 else "talks") for i in range(len(REFS[0]))]
    upload(at, compare_buckets.SLOTS.labels, [("domains.txt", labels)]).run()
    assert "By label" in control(at, "Buckets").options
    control(at, "Buckets").set_value("label").run()
    expected = label_buckets(SYSTEMS, REFS, labels, [get_metric("bleu")])
    table = bucket_table(at)
    assert list(table.index) == ["talks", "news"]
    for bucket in expected.buckets:
        assert table.loc[bucket.name, "system_a.en"].startswith(
            expected_cell(expected.value(bucket.name, "system_a.en", "BLEU"), 2)
        )
    at.switch_page("app_pages/corpus.py").run()
    at.switch_page("app_pages/compare.py").run()
    assert any("domains.txt" in c.value.replace("\\", "") for c in at.caption), "the labels file is kept"
    assert "By label" in control(at, "Buckets").options


def test_a_labels_file_of_the_wrong_length_is_a_message_not_a_bucket() -> None:
    at = open_app("compare")
    upload(at, compare_buckets.SLOTS.labels, [("short.txt", b"news\ntalks\n")])
    at.run()
    assert not at.exception
    assert "The labels file short.txt has 2 lines but the references have" in messages(at)
    assert "By label" not in control(at, "Buckets").options


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_report_is_built_for_download(language: str) -> None:
    at = open_app("compare", lang=language) if language != "en" else open_app("compare")
    build = next(b for b in at.button if b.key == "compare_report_build")
    build.click().run()
    assert not at.exception
    names = [d.proto.label for d in at.get("download_button")]
    expected = (
        ["Report (HTML)", "Table (LaTeX)", "Numbers (JSON)"]
        if language == "en"
        else ["보고서 (HTML)", "표 (LaTeX)", "수치 (JSON)"]
    )
    assert all(name in names for name in expected), names


def test_the_report_uses_the_settings_of_the_pages_buckets(monkeypatch: pytest.MonkeyPatch) -> None:
    """With Lowercase on and other test settings, the report is built with the settings the page's buckets use:
    it once kept the tokenizer and dropped lowercasing, so its word buckets differed from the page's."""
    from ui.compare import report

    built: list[BucketSettings] = []
    original = report.build_report

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        built.append(kwargs["settings"])
        return original(*args, **kwargs)

    monkeypatch.setattr(report, "build_report", spy)
    report._report.clear()
    at = open_app("compare")
    at.checkbox(key=cps.COMPARE.key("lowercase")).check()
    at.number_input(key=cps.COMPARE_SAMPLES).set_value(200)
    at.number_input(key=cps.COMPARE_SEED).set_value(7).run()
    control(at, "Buckets").set_value("frequency").run()
    next(b for b in at.button if b.key == "compare_report_build").click().run()
    assert not at.exception
    assert built == [BucketSettings(n_samples=200, seed=7, tokenize="13a", lowercase=True)]
    expected = frequency_buckets(SYSTEMS, REFS, settings=built[0])
    table = bucket_table(at)
    for bucket in expected.buckets:  # the page's word buckets are the report's
        value = expected.value(bucket.name, "system_b.en", "fmeas")
        cell = table.loc[bucket.name, "system_b.en"]
        assert cell == "no data" if value.value is None else cell.startswith(expected_cell(value, 4)), cell
    assert "so words are lowercased first" in " ".join(c.value for c in at.caption)


def test_examples_are_the_lines_each_system_wins_most_by_sacrebleus_sentence_bleu() -> None:
    from sacrebleu import sentence_bleu

    at = open_app("compare")
    assert not at.exception
    a = [sentence_bleu(h, [r[i] for r in REFS]).score for i, h in enumerate(SYSTEMS["system_a.en"])]
    b = [sentence_bleu(h, [r[i] for r in REFS]).score for i, h in enumerate(SYSTEMS["system_b.en"])]
    gains = sorted(((b[i] - a[i], -i) for i in range(len(a))), reverse=True)
    better = [-i + 1 for g, i in gains[:3] if g > 0]
    worse = [-i + 1 for g, i in sorted(gains, key=lambda t: (t[0], -t[1]))[:3] if g < 0]
    shown = [m.value.replace("\\", "") for m in at.markdown if m.value.startswith("Line ")]
    expected = [f"Line {k}: BLEU system_b.en {b[k - 1]:.2f}, system_a.en {a[k - 1]:.2f}" for k in better + worse]
    assert shown == expected
    chips = [h for h in at.get("html") if "bleu-candidate" in h.proto.body]
    assert len(chips) >= 2 * len(expected), "both hypotheses of every example are highlighted"


def test_extremes_with_one_side_empty_or_undefined_scores() -> None:
    """Regression: no line where the baseline wins gave a NaN line number (an empty frame took the gains' index)."""
    import numpy as np

    from ui.compare.examples import extremes

    assert extremes(np.array([1.0, np.nan, 3.0]), np.array([2.0, 5.0, np.nan]), 3, True) == ([0], [])
    assert extremes(np.array([np.nan]), np.array([np.nan]), 3, True) == ([], [])
    assert extremes(np.array([1.0, 2.0, 3.0]), np.array([3.0, 2.0, 1.0]), 3, False) == (
        [2],
        [0],
    )  # TER: fewer is better


def test_corpus_shows_one_hypothesis_per_bucket_with_bleucores_numbers() -> None:
    at = open_app("corpus")
    assert not at.exception
    hyp = SYSTEMS["system_a.en"]
    expected = length_buckets({"system_a.en": hyp}, REFS, [get_metric("bleu")])
    table = bucket_table(at)
    assert list(table.columns) == ["lines", "system_a.en"]
    for bucket in expected.buckets:
        value = expected.value(bucket.name, "system_a.en", "BLEU")
        cell = table.loc[bucket.name, "system_a.en"]
        assert cell == ("no data" if value.value is None else expected_cell(value, 2)), cell  # no verdict: no baseline
    control(at, "Buckets").set_value("frequency").run()
    words = frequency_buckets({"system_a.en": hyp}, REFS)
    table = bucket_table(at)
    for bucket in words.buckets:
        value = words.value(bucket.name, "system_a.en", "fmeas")
        assert table.loc[bucket.name, "system_a.en"] == ("no data" if value.value is None else expected_cell(value, 4))


def bucket_chart_rows(at: AppTest, field: str) -> list[dict]:
    """The rows of every dataset of Compare's bucket chart that have ``field`` (the chart's layers' data)."""
    import json

    from tests.app.rendered_text import _arrow

    chart = next(
        c for c in at.get("vega_lite_chart") if '"bucket"' in c.proto.spec and '"name": "bucket"' in c.proto.spec
    )
    rows = []
    for dataset in chart.proto.datasets:
        table = _arrow(dataset.data.data)
        if field in table.column_names:
            rows += table.to_pylist()
    assert json.loads(chart.proto.spec)["layer"], "a layered chart"
    return rows


def test_chrf_plus_plus_has_its_own_buckets_equal_to_sacrebleus() -> None:
    """chrF++ (word order 2) is bucketed on its own, not as chrF; every bucket's value is sacreBLEU 2.6's chrF++
    of the bucket's lines (and bleucore.buckets' interval)."""
    import sacrebleu

    at = open_app("compare")
    at.pills(key=cps.COMPARE_METRICS).set_value(["chrf", "chrf++"]).run()
    assert not at.exception
    assert control(at, "Show").options == ["chrF2", "chrF2++"]
    control(at, "Show").set_value("chrF2++").run()
    table = bucket_table(at)
    from bleucore.metrics.chrf import ChrfOptions

    expected = length_buckets(SYSTEMS, REFS, [get_metric("chrf", ChrfOptions(word_order=2))])
    plain = length_buckets(SYSTEMS, REFS, [get_metric("chrf")])
    filled = 0
    for bucket in expected.buckets:
        for system, lines in SYSTEMS.items():
            cell = table.loc[bucket.name, system]
            if not bucket.segments:
                assert cell == "no data"
                continue
            value = expected.value(bucket.name, system, "chrF2++")
            assert cell.startswith(expected_cell(value, 2)), cell
            sacre = (
                sacrebleu.CHRF(word_order=2)
                .corpus_score([lines[i] for i in bucket.segments], [[r[i] for i in bucket.segments] for r in REFS])
                .score
            )
            assert value.value == pytest.approx(sacre, abs=1e-9)
            assert value.value != plain.value(bucket.name, system, "chrF2").value, "chrF++ is not chrF"
            filled += 1
    assert filled == 4  # two buckets with lines, two systems


def test_an_empty_bucket_says_no_data_in_the_table_and_in_the_chart() -> None:
    """The sample's lines are short: buckets [20,30) to >=60 are empty, and say so in words in both."""
    at = open_app("compare")
    table = bucket_table(at)
    empty = ["[20,30)", "[30,40)", "[40,50)", "[50,60)", ">=60"]
    for name in empty:
        assert table.loc[name, "lines"] == 0
        assert list(table.loc[name, list(SYSTEMS)]) == ["no data", "no data"]
    notes = bucket_chart_rows(at, "note")
    assert [(r["bucket"], r["note"]) for r in notes] == [(name, "no data") for name in empty]
    bars = bucket_chart_rows(at, "verdict")
    assert {r["bucket"] for r in bars} == {"<10", "[10,20)"}
    assert all(r["value"] == r["value"] for r in bars), "no NaN reaches the chart"


def test_a_system_identical_to_the_baseline_is_said_and_never_marked() -> None:
    at = open_app("compare")
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [("copy_of_a.en", SYSTEMS["system_a.en"])]).run()
    assert not at.exception
    assert (
        "copy_of_a.en's output is identical to the baseline system_a.en's, line for line: it has the baseline's value "
        "in every bucket, and no bucket is marked different." in messages(at)
    )
    for kind in ("length", "frequency"):
        control(at, "Buckets").set_value(kind).run()
        table = bucket_table(at)
        cells = [c for c in table["copy_of_a.en"] if c != "no data"]
        words = ("no significant difference (p = 1.000)", "not tested: fewer than 20 lines in this bucket")
        assert cells and all(c.endswith(words) for c in cells), cells
        for base, copy in zip(table["system_a.en"], table["copy_of_a.en"]):
            assert base.split(" · ")[0] == copy.split(" · ")[0], "the copy's value and interval are the baseline's"
    assert not [r for r in bucket_chart_rows(at, "verdict") if r["system"] == "copy_of_a.en" and r["mark"]]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            b"\x00\xff binary\n" * 10,
            "train.bin looks like a binary file (a NUL byte on line 1), not plain text: upload the plain-text (UTF-8) "
            "file",
        ),
        (
            b"word " * ((MAX_TRAINING_UPLOAD_MB + 1) * 2**20 // 5),
            f"train.bin is {MAX_TRAINING_UPLOAD_MB + 1}.0 MB; files are limited to {MAX_TRAINING_UPLOAD_MB} MB.",
        ),
        (b"caf\xe9 au lait\n", "train.bin is not UTF-8: line 1 has the byte 0xE9 at byte 4."),
    ],
)
def test_a_bad_training_corpus_is_a_message_and_the_reference_counts_stay(data: bytes, message: str) -> None:
    at = open_app("compare")
    upload(at, compare_buckets.SLOTS.training, [("train.bin", data)])
    at.run()
    assert not at.exception
    assert message in messages(at), messages(at)
    control(at, "Buckets").set_value("frequency").run()
    assert "count in reference 1" in " ".join(c.value for c in at.caption), "the frequencies fall back to reference 1"
    expected = frequency_buckets(SYSTEMS, REFS)
    table = bucket_table(at)
    value = expected.value("1", "system_b.en", "fmeas")
    assert table.loc["1", "system_b.en"].startswith(expected_cell(value, 4))


def test_a_training_corpus_changes_the_frequencies_to_compare_mts_counts() -> None:
    train = [line for line in REFS[1] for _ in range(3)]
    at = open_app("compare")
    upload(at, compare_buckets.SLOTS.training, [("train.en", train)]).run()
    control(at, "Buckets").set_value("frequency").run()
    assert "count in the training corpus" in " ".join(c.value for c in at.caption)
    expected = frequency_buckets(SYSTEMS, REFS, training=train)
    assert expected.records() != frequency_buckets(SYSTEMS, REFS).records()
    table = bucket_table(at)
    for bucket in expected.buckets:
        assert table.loc[bucket.name, "reference words"] == bucket.size
        value = expected.value(bucket.name, "system_b.en", "fmeas")
        cell = table.loc[bucket.name, "system_b.en"]
        assert cell == "no data" if value.value is None else cell.startswith(expected_cell(value, 4))


@pytest.mark.parametrize(("metric_id", "drawn"), [("chrf++", "chrf-text"), ("ter", "ter-seq")])
def test_examples_follow_the_chosen_sentence_metric_and_draw_its_picture(metric_id: str, drawn: str) -> None:
    """Ranked by sacreBLEU's sentence chrF++ or TER (fewer edits is better), each hypothesis drawn as Explore draws
    that metric: chrF's character n-grams, TER's edit alignment."""
    import sacrebleu

    at = open_app("compare")
    at.pills(key=cps.COMPARE_METRICS).set_value(["bleu", metric_id]).run()
    control(at, "Sentence metric").set_value(metric_id).run()
    assert not at.exception
    scorer = sacrebleu.CHRF(word_order=2) if metric_id == "chrf++" else sacrebleu.TER()
    label = "chrF2++" if metric_id == "chrf++" else "TER"
    a = [scorer.sentence_score(h, [r[i] for r in REFS]).score for i, h in enumerate(SYSTEMS["system_a.en"])]
    b = [scorer.sentence_score(h, [r[i] for r in REFS]).score for i, h in enumerate(SYSTEMS["system_b.en"])]
    sign = 1 if metric_id == "chrf++" else -1  # TER: a drop is a gain
    gains = [(sign * (b[i] - a[i]), i) for i in range(len(a))]
    better = [i + 1 for g, i in sorted(gains, key=lambda t: (-t[0], t[1])) if g > 0][:3]
    worse = [i + 1 for g, i in sorted(gains, key=lambda t: (t[0], t[1])) if g < 0][:3]
    shown = [m.value.replace("\\", "") for m in at.markdown if m.value.startswith("Line ")]
    assert shown == [
        f"Line {k}: {label} system_b.en {b[k - 1]:.2f}, system_a.en {a[k - 1]:.2f}" for k in better + worse
    ]
    pictures = [h.proto.body for h in at.get("html") if drawn in h.proto.body]
    assert len(pictures) == 2 * len(shown), "both hypotheses of every example in the metric's own picture"
