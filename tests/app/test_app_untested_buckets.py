"""Issue 46's honest buckets on the pages (AppTest): a bucket of fewer than 20 lines (``bleucore.buckets``'s
``BucketValue.tested``) keeps its numbers but gets no mark on Compare's chart, its verdict says why in the table and
the tooltip, and a caption names every such bucket and gives the reason, in English and Korean; Corpus, with one
hypothesis and no baseline, has no verdict in its chart at all."""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from bleucore.buckets import MIN_TESTED_LINES, label_buckets
from bleucore.metrics import get_metric
from tests.app.rendered_text import _arrow
from tests.conftest import open_app, sample_lines, upload
from ui.compare import buckets as compare_buckets
from ui.shell import i18n

SYSTEMS = {name: sample_lines(name) for name in ("system_a.en", "system_b.en")}
REFS = [sample_lines(name) for name in ("ref.en", "ref2.en")]
#: 40 lines of news, 17 of talks and 3 rare ones: two label buckets too small to test.
LABELS = ["rare" if i < 3 else "talks" if i < 20 else "news" for i in range(len(REFS[0]))]


def chart_rows(at: AppTest) -> list[dict[str, object]]:
    """The bars' rows of the bucket chart (the layer with a verdict), and its spec."""
    chart = next(c for c in at.get("vega_lite_chart") if '"name": "bucket"' in c.proto.spec)
    rows: list[dict[str, object]] = []
    for dataset in chart.proto.datasets:
        table = _arrow(dataset.data.data)
        if "verdict" in table.column_names:
            rows += table.to_pylist()
    return rows


def tooltip_titles(at: AppTest) -> list[str]:
    chart = next(c for c in at.get("vega_lite_chart") if '"name": "bucket"' in c.proto.spec)
    spec = json.loads(chart.proto.spec)
    return [t.get("title", "") for layer in spec["layer"] for t in layer.get("encoding", {}).get("tooltip", [])]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_compare_marks_no_untested_bucket_and_says_why(lang: str) -> None:
    at = open_app("compare", lang=lang) if lang == "ko" else open_app("compare")
    upload(at, compare_buckets.SLOTS.labels, [("labels.txt", LABELS)]).run()
    next(c for c in at.get("segmented_control") if c.key == compare_buckets.SLOTS.kind).set_value("label").run()
    assert not at.exception, at.exception
    expected = label_buckets(SYSTEMS, REFS, LABELS, [get_metric("bleu")])
    small = [b.name for b in expected.buckets if 0 < b.lines < MIN_TESTED_LINES]
    assert sorted(small) == ["rare", "talks"]
    untested = {(b, "system_b.en") for b in small}
    rows = {(r["bucket"], r["system"]): r for r in chart_rows(at)}
    i18n.use(lang)
    words = i18n._("not tested: fewer than {minimum} lines in this bucket").format(minimum=MIN_TESTED_LINES)
    for key in untested:
        assert rows[key]["mark"] == "" and rows[key]["verdict"] == words, rows[key]
    for (bucket, system), row in rows.items():
        value = expected.value(bucket, system, "BLEU")
        assert row["mark"] == ("*" if value.significant() else "")
    captions = " ".join(c.value.replace("\\", "") for c in at.caption)
    listed = i18n.and_list(small)
    if lang == "en":
        assert (
            f"Not tested: the buckets {listed} have fewer than 20 lines each. Their values and intervals are shown, "
            "but no test and no *: on so few lines a test marks chance differences as real"
        ) in captions
    else:
        assert (
            f"검정하지 않은 구간: {listed} (줄이 20개 미만). 값과 신뢰구간은 보여 주지만 검정도 *도 없습니다"
            in captions
        )
    i18n.use("en")


def test_corpus_has_no_verdict_without_a_baseline() -> None:
    at = open_app("corpus")
    rows = chart_rows(at)
    assert rows and all(r["verdict"] == "" and r["mark"] == "" for r in rows)
    assert "against the baseline" not in tooltip_titles(at)
    assert not [c for c in at.caption if "Not tested" in c.value]
