"""Issue 38 on Compare (AppTest through the router): with an xCOMET JSON uploaded, "Where the metrics disagree" says
bleucore's agreement shares in words and lists bleucore's disagreement examples (``bleucore.meta_evaluation``, the
HTML report's) with both metrics' scores, BLEU's n-gram chips and xCOMET's error spans marked in words and colour;
an imported metric named as human scores (kept in the link) gives bleucore's correlations in a table and a scatter,
and fewer than three systems a message saying how many are missing; hostile text in lines and spans is escaped."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from bleucore.meta_evaluation import MetricValues, agreement_rows, disagreement_examples, human_rows, metric_values
from bleucore.metrics import get_metric
from bleucore.metrics.imported import ErrorSpan, SegmentScores, imported_metric
from tests.conftest import chart_rows, open_app, sample_lines, upload
from tests.score_files import comet_json, comet_scores, system_lines, xcomet_json
from ui.compare import meta
from ui.options import imported as mi
from ui.state import compare as cps

TWO = ("system_a.en", "system_b.en")
REFS = [sample_lines(name) for name in ("ref.en", "ref2.en")]
SLOT, SECOND = mi.keys("compare", "imported-1").slot, mi.keys("compare", "imported-2").slot


def unescaped(text: str) -> str:
    return text.replace("\\", "")


def html_bodies(at: AppTest) -> list[str]:
    return [h.proto.body for h in at.get("html")]


def spans_of(data: bytes) -> dict[str, tuple[tuple[ErrorSpan, ...], ...]]:
    """xCOMET's spans as bleucore reads them, per system."""
    found = json.loads(data)
    return {
        path.removeprefix("outputs/"): tuple(tuple(ErrorSpan(**e) for e in s.get("errors", ())) for s in segments)
        for path, segments in found.items()
    }


def expected_values(
    names: tuple[str, ...], scores: dict[str, list[float]], label: str = "xCOMET"
) -> tuple[dict[str, list[str]], MetricValues, MetricValues]:
    lines = {n: system_lines()[n] for n in names}
    bleu = metric_values(get_metric("bleu"), lines, REFS)
    comet = metric_values(imported_metric(label, scores), lines, REFS)
    return lines, bleu, comet


@pytest.fixture(scope="module")
def two_systems() -> tuple[AppTest, dict[str, list[float]], bytes]:
    scores = comet_scores(TWO)
    data = xcomet_json(scores)
    at = open_app("compare")
    upload(at, SLOT, [("xcomet.json", data)]).run()
    assert not at.exception, at.exception
    return at, scores, data


def test_the_agreement_share_in_words_is_bleucores(two_systems) -> None:  # type: ignore[no-untyped-def]
    at, scores, _data = two_systems
    _lines, bleu, comet = expected_values(TWO, scores)
    (row,) = agreement_rows([comet, bleu], TWO[0])
    assert row.value is not None and row.size > 0
    sentence = (
        f"system_b.en against system_a.en: xCOMET and BLEU move the same way on {row.value:.0%} of the {row.size:,} "
        "segments where both move."
    )
    assert "Where the metrics disagree" in [s.value for s in at.subheader]
    assert any(sentence in unescaped(m.value) for m in at.markdown), sentence


def test_the_examples_are_bleucores_with_both_scores_the_chips_and_the_spans_in_words(
    two_systems: tuple[AppTest, dict[str, list[float]], bytes],
) -> None:
    at, scores, data = two_systems
    lines, bleu, comet = expected_values(TWO, scores)
    errors = spans_of(data)
    held = {n: SegmentScores(np.array(v, dtype=np.float64), errors[n]) for n, v in scores.items()}
    comet = metric_values(imported_metric("xCOMET", held), lines, REFS)
    expected = disagreement_examples(comet, bleu, TWO[1], TWO[0], lines, REFS, 3)
    assert expected
    said = [unescaped(m.value) for m in at.markdown if m.value.startswith("Line ")]
    shown = [s for s in said if "xCOMET scores" in s]
    numbers = [found.group(1) for s in shown if (found := re.match(r"Line (\d+)", s))]
    assert len(numbers) == len(shown) and [int(n) for n in numbers] == [e.line for e in expected]
    captions = [unescaped(c.value) for c in at.caption]
    bodies = html_bodies(at)
    for e in expected:
        for k in (0, 1):
            assert f"xCOMET {e.scores[k]:.4f}, BLEU {e.versus_scores[k]:.2f}" in captions
        for spans in (e.baseline_spans, e.spans):
            assert spans
            for span in spans:
                label = f'<span class="xspan-label sev-{span.severity}">{span.severity}</span>'
                assert any(
                    label in b and f'aria-label="{span.severity} error: {span.text.strip()}' in b for b in bodies
                )
    assert sum("bleu-chip" in b for b in bodies) >= 2 * len(expected)  # BLEU's n-gram chips beside


def test_another_pair_is_drawn_with_its_own_view() -> None:
    scores = comet_scores(TWO)
    at = open_app("compare")
    upload(at, SLOT, [("xcomet.json", xcomet_json(scores))]).run()
    at.pills(key=cps.COMPARE_METRICS).set_value(["bleu", "chrf", "imported-1"]).run()
    at.selectbox(key=cps.COMPARE_DISAGREE_BUILT_IN).set_value("chrf").run()
    assert not at.exception, at.exception
    assert any("Where chrF2 and xCOMET disagree" in unescaped(m.value) for m in at.markdown)
    assert any("xCOMET scores" in unescaped(m.value) and "chrF2" in unescaped(m.value) for m in at.markdown)


def test_fewer_than_three_systems_say_what_is_missing(two_systems) -> None:  # type: ignore[no-untyped-def]
    at, _scores, _data = two_systems
    at.selectbox(key=meta.HUMAN_KEY).set_value("imported-1").run()
    text = " ".join(unescaped(i.value) for i in at.info)
    assert "needs at least 3 systems, and there are 2: add 1 more" in text and "wide intervals" in text
    assert not [f for f in at.dataframe if "segment_kendall" in f.value.columns]


def test_human_scores_give_bleucores_correlations_and_stay_in_the_link() -> None:
    names = tuple(system_lines())
    lines = system_lines()
    comet, people = comet_scores(), comet_scores(seed=38)
    at = open_app("compare")
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [(n, lines[n]) for n in names[2:]]).run()
    upload(at, SLOT, [("comet.json", comet_json(comet))]).run()
    upload(at, SECOND, [("esa.json", comet_json(people, key="ESA"))]).run()
    assert not at.exception, at.exception
    at.selectbox(key=meta.HUMAN_KEY).set_value("imported-2").run()
    assert "Metrics checked against people" in [s.value for s in at.subheader]
    table = next(f.value for f in at.dataframe if "segment_kendall" in f.value.columns).set_index("metric")
    values = [
        metric_values(get_metric("bleu"), lines, REFS),
        metric_values(imported_metric("COMET", comet), lines, REFS),
        metric_values(imported_metric("ESA", people), lines, REFS),
    ]
    rows = human_rows(values, "ESA")
    assert sorted(table.index) == ["BLEU", "COMET"]
    for row in rows:
        if row.level == "system":
            assert table.loc[row.metric, "pearson"] == pytest.approx(row.pearson, abs=1e-12)
            assert table.loc[row.metric, "kendall"] == pytest.approx(row.kendall, abs=1e-12)
            assert table.loc[row.metric, "pairwise_accuracy"] == pytest.approx(row.pairwise_accuracy, abs=1e-12)
        else:
            assert table.loc[row.metric, "segment_kendall"] == pytest.approx(row.kendall, abs=1e-12)
    assert any("4 systems, 6 pairs" in unescaped(c.value) for c in at.caption)
    scatters = [json.loads(c.proto.spec) for c in at.get("vega_lite_chart") if '"human"' in c.proto.spec]
    assert [spec["title"] for spec in scatters] == ["BLEU", "COMET"]  # BLEU and COMET, each against ESA
    rows = chart_rows(at, "human")
    points = {(row["system"], round(float(row["value"]), 9)) for row in rows}  # type: ignore[arg-type]
    bleu_values = values[0].corpus
    assert points == {(n, round(float(bleu_values[n] or 0), 9)) for n in names}  # the first chart: BLEU's
    token = at.query_params["s"]
    state, notes = cps.PAGE.from_link(token[0] if isinstance(token, list) else token)
    assert not notes and state.imported.human == "imported-2"


HOSTILE = '<script>alert("x")</script> **bold** <img src=x onerror=alert(1)>'


def test_hostile_lines_and_spans_are_escaped() -> None:
    refs = ["the cat sat on the mat", "a dog ran in the park", "it rains today in town"]
    base = ["the cat sat on the mat", "a dog ran in the park", "it rains today in town"]
    other = [HOSTILE + " the cat", "a dog ran in the park", HOSTILE]
    at = open_app("compare")
    at.radio(key=cps.COMPARE_SOURCE).set_value("paste").run()
    at.text_area(key=cps.compare_ref_key(0)).set_value("\n".join(refs))
    at.text_area(key=cps.compare_sys_key(0)).set_value("\n".join(base))
    at.text_area(key=cps.compare_sys_key(1)).set_value("\n".join(other)).run()
    span = {"text": "<script>", "confidence": 0.5, "severity": "<b>bad</b>", "start": 0, "end": 8}
    files = []
    for name, mt, values in (("one", base, [0.2, 0.5, 0.2]), ("two", other, [0.9, 0.4, 0.8])):
        segments = [{"src": "s", "mt": m, "ref": r, "xCOMET": v, "errors": [span]} for m, r, v in zip(mt, refs, values)]
        files.append((f"{name}.json", json.dumps({name: segments}).encode()))
    upload(at, SLOT, files).run()
    assert not at.exception, at.exception
    bodies = " ".join(html_bodies(at))
    assert "xspan" in bodies and "&lt;script&gt;" in bodies
    assert "<script>" not in bodies and "<img" not in bodies and "<b>bad</b>" not in bodies
    assert "&lt;b&gt;bad&lt;/b&gt;" in bodies  # an unknown severity shown as the file wrote it, escaped
    said = [m.value for m in at.markdown if "xCOMET scores" in m.value]
    assert said and all("<" not in s.replace("\\<", "") for s in said)
