"""Charts a student can read, words a user understands, an empty candidate scored (issue 10, parts 3, 5, 7).

Chart specs are read from ``chart.to_dict()``; page text from AppTest; expected numbers from
golden.md (tests/golden_examples.py) or from sacreBLEU, never from the code under test.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from typing import Any

import pytest
from sacrebleu.metrics import BLEU
from streamlit.testing.v1 import AppTest

from bleucore import BleuOptions, corpus_bleu, explain, sentence_bleu
from bleucore.metrics.bleu import messages as msg
from bleucore.metrics.bleu.options import SMOOTHING_METHODS, VARIANTS
from tests.conftest import ROOT
from tests.conftest import open_app as start
from tests.golden_examples import CA1, CA2, KO_REF, KO_SHORT, REFS_1
from ui.corpus import charts as corpus_charts
from ui.metrics.bleu import charts, formula, variants
from ui.metrics.bleu.wording import describe, describe_all, order_list
from ui.state import corpus as cs
from ui.state import explore as es

TUTORIAL = BleuOptions(tokenize="none", smooth_method="none")
SEED_NUMBER = re.compile(r"seeds? ?0[0-9]{2}", re.IGNORECASE)
LONG_DECIMAL = re.compile(r"\d\.0*[1-9]\d{5,}")  # six or more significant digits


def leaves(node: Any) -> Iterator[Any]:
    """Every element of the page in the order it is drawn."""
    children = getattr(node, "children", None)
    if children:
        for key in sorted(children):
            yield from leaves(children[key])
    else:
        yield node


def all_text(at: AppTest) -> str:
    """Everything a user can read: messages, markdown, captions, titles, help texts, tables and widget labels."""
    parts: list[str] = []
    for node in [*leaves(at.main), *leaves(at.sidebar)]:
        proto = getattr(node, "proto", None)
        for field in ("body", "label", "help", "value", "placeholder", "title"):
            value = getattr(proto, field, None) if proto is not None else None
            if isinstance(value, str):
                parts.append(value)
        for option in getattr(proto, "options", []) if proto is not None else []:
            parts.append(str(option))
        if proto is not None and hasattr(proto, "columns") and isinstance(proto.columns, str):
            parts.append(proto.columns)  # dataframe column labels and help
    parts += [t.value.to_string() for t in at.table]
    parts += [d.value.to_string() for d in at.dataframe]
    return "\n".join(parts)


def charts_have_captions(at: AppTest) -> int:
    """Assert every chart is followed by a caption; return how many charts there are."""
    elements = [n for n in [*leaves(at.main)] if getattr(n, "type", "") not in ("tab",)]
    count = 0
    for i, node in enumerate(elements):
        if getattr(node, "type", "") == "vega_lite_chart":
            count += 1
            following = elements[i + 1] if i + 1 < len(elements) else None
            assert following is not None and following.type == "caption", f"chart {count} has no caption"
            assert following.value.strip() and "\n" not in following.value.strip()
    return count


# --------------------------------------------------------------------------- charts


def layer_marks(spec: dict[str, Any]) -> list[dict[str, Any]]:
    return list(spec.get("layer", [spec]))


def test_brevity_chart_has_a_legend_and_labels_both_curves_for_ca1():
    spec = charts.brevity_chart(explain(CA1, REFS_1, TUTORIAL).score).to_dict()
    layers = layer_marks(spec)
    line = next(layer for layer in layers if layer["mark"]["type"] == "line")
    colour = line["encoding"]["color"]
    assert colour["scale"]["domain"] == ["standard exp(1 − r/c)", "simplified min(1, c/r)"]
    assert colour.get("legend") is not None and colour["title"] == "brevity penalty"
    assert any(p.get("bind") == "legend" for p in spec.get("params", []) + line.get("params", []))
    texts = [layer for layer in layers if layer["mark"]["type"] == "text"]
    labels = sorted(row["label"] for layer in texts for row in spec["datasets"][layer["data"]["name"]])
    # golden.md: Ca1 has c = r = 18, so both penalties are 1
    assert labels == ["simplified: c/r = 1.00, BP = 1.000", "standard: c/r = 1.00, BP = 1.000"]


def test_brevity_chart_labels_the_short_korean_candidate_on_both_curves():
    spec = charts.brevity_chart(explain(KO_SHORT, [KO_REF], TUTORIAL).score).to_dict()
    texts = [layer for layer in layer_marks(spec) if layer["mark"]["type"] == "text"]
    labels = sorted(row["label"] for layer in texts for row in spec["datasets"][layer["data"]["name"]])
    # golden.md: c = 6, r = 14; simplified 3/7 = 0.42857…, standard exp(1 − 14/6) = 0.26359…
    assert labels == [
        f"simplified: c/r = {6 / 14:.2f}, BP = {0.42857142857142855:.3f}",
        f"standard: c/r = {6 / 14:.2f}, BP = {0.2635971381157267:.3f}",
    ]
    dots = next(layer for layer in layer_marks(spec) if layer["mark"]["type"] == "point")
    values = sorted(row["penalty"] for row in spec["datasets"][dots["data"]["name"]])
    assert values == pytest.approx([0.2635971381157267, 0.42857142857142855], abs=1e-12)


def test_order_labels_are_horizontal():
    spec = charts.precision_chart(explain(CA1, REFS_1, TUTORIAL).score).to_dict()
    x = layer_marks(spec)[0]["encoding"]["x"]
    assert x["axis"]["labelAngle"] == 0
    import pandas as pd

    buckets = pd.DataFrame(
        {
            "bucket": ["<10", "[10,20)"],
            "order": [0, 1],
            "segments": [3, 4],
            "corpus BLEU": [10.0, 20.0],
            "mean sentence BLEU": [9.0, 19.0],
        }
    )
    bucket_spec = corpus_charts.length_bucket_chart(buckets).to_dict()
    assert layer_marks(bucket_spec)[0]["encoding"]["x"]["axis"]["labelAngle"] == 0


def test_length_bucket_tooltip_says_undefined_instead_of_nan():
    import pandas as pd

    # the first bucket's sentences all have undefined sentence BLEU (e.g. NLTK's method 6 with p3 = 0)
    buckets = pd.DataFrame(
        {
            "bucket": ["<10", "[10,20)"],
            "order": [0, 1],
            "segments": [2, 4],
            "corpus BLEU": [12.5, 20.0],
            "mean sentence BLEU": [None, 19.25],
        }
    )
    spec = corpus_charts.length_bucket_chart(buckets).to_dict()
    (rows,) = spec["datasets"].values()
    assert [r["mean"] for r in rows] == ["— (undefined)", "19.25"]
    assert "NaN" not in json.dumps(spec) and "nan" not in json.dumps(rows)


def test_variants_chart_labels_the_headline_rows_in_words():
    options = TUTORIAL.with_changes(variant="simplified", smooth_method="exp")
    result = explain(CA2, REFS_1, options)
    spec = variants.variants_chart(result.variants(), options).to_dict()
    text = next(layer for layer in layer_marks(spec) if layer["mark"]["type"] == "text")
    rows = spec["datasets"][text.get("data", spec.get("data"))["name"]]
    assert sorted(r["computation"] for r in rows if r["marker"] == "= headline") == ["exp", "simplified"]


def test_every_explore_chart_has_a_caption():
    at = start()
    at.session_state[es.TAB] = "Charts"
    assert charts_have_captions(at.run()) == 2
    at.session_state[es.TAB] = "Variants"
    assert charts_have_captions(at.run()) == 1


def test_every_corpus_and_compare_chart_has_a_caption():
    assert charts_have_captions(start("corpus")) == 4  # corpus p_n, histogram, by r, buckets
    assert charts_have_captions(start("compare")) == 4  # intervals, scatter, differences, buckets


# --------------------------------------------------------------------------- numbers that say why


def test_compare_shows_a_dash_with_help_for_the_baselines_p_values():
    at = start("compare")
    table = next(d for d in at.dataframe if "p (bootstrap)" in d.value.columns)
    frame = table.value
    baseline = frame[frame["role"] == "baseline"]
    assert baseline[["p (bootstrap)", "p (AR)"]].isna().all(axis=None)  # missing, not a number
    assert table.proto.placeholder == "—"  # ... drawn as a dash, not "None"
    import json

    columns = json.loads(table.proto.columns)
    assert "baseline" in columns["p (bootstrap)"]["help"] and "baseline" in columns["p (AR)"]["help"]
    assert not re.search(r"\bNone\b", all_text(at))  # no literal None in any text


def test_corpus_sentence_shows_raw_and_scored_precisions_labelled():
    from tests.app.test_app_corpus import HYPS, REF1, REF2

    at = start("corpus")
    line = int(at.number_input(key=cs.CORPUS_LINE).value)
    table = next(d for d in at.dataframe if "raw p_n (%)" in d.value.columns)
    import json

    labels = {k: v.get("label") for k, v in json.loads(table.proto.columns).items()}
    assert labels["raw p_n (%)"] == "raw p_n (%)"
    assert labels["p_n as scored (%)"] == "p_n as scored (%), after exp smoothing"
    assert table.proto.placeholder == "—"
    theirs = BLEU(smooth_method="exp", effective_order=True).sentence_score(
        HYPS[line - 1], [REF1[line - 1], REF2[line - 1]]
    )
    frame = table.value
    raw = [100.0 * m / t if t else None for m, t in zip(theirs.counts, theirs.totals)]
    assert [None if math.isnan(v) else v for v in frame["raw p_n (%)"]] == pytest.approx(raw)
    scored = [v for v in frame["p_n as scored (%)"] if not math.isnan(v)]
    assert scored == pytest.approx(list(theirs.precisions)[: len(scored)])
    assert any(r == 0 and s > 0 for r, s in zip(frame["raw p_n (%)"], frame["p_n as scored (%)"])), (
        "the worst line should show a zero raw precision that smoothing lifts"
    )


# --------------------------------------------------------------------------- words


def test_order_lists_read_naturally():
    assert order_list([1]) == "1-gram"
    assert order_list([3, 4]) == "3-gram or 4-gram"
    assert order_list([2, 3, 4]) == "2-, 3- or 4-gram"
    assert order_list([3, 4], plural=True) == "3- or 4-grams"


def test_ca2_and_unrelated_candidate_messages():
    reasons = explain(CA2, REFS_1, TUTORIAL).diagnosis.reasons  # type: ignore[union-attr]
    assert msg.OrdersWithoutMatches(orders=(3, 4)) in reasons
    reason = describe_all(reasons)
    assert "No 3-gram or 4-gram of the candidate appears in a reference." in reason
    at = start()
    at.text_area(key=es.CANDIDATE).input("zebra xylophone quartz vortex").run()
    [why] = [w.value for w in at.warning if "Why is it zero?" in w.value]
    sentences = [s.strip() for s in re.split(r"(?<=[.:])\s+", why) if s.strip()]
    assert len(sentences) == len(set(sentences)), why
    assert why.count("1-gram") == 1 and "no n-gram of any order" not in why.lower(), why


@pytest.mark.parametrize("page", ["explore", "learn", "corpus", "compare"])
def test_no_page_shows_internal_tutorial_numbers(page):
    at = start(None if page == "explore" else page)
    texts = [all_text(at)]
    if page == "explore":
        for tab in es.TABS:
            at.session_state[es.TAB] = tab
            texts.append(all_text(at.run()))
    text = "\n".join(texts)
    assert not SEED_NUMBER.search(text), SEED_NUMBER.search(text)
    if page != "compare":  # Compare's significance settings have a random seed, which is fine
        assert not re.search(r"\bseeds?\b", text, re.IGNORECASE)
    assert "wikidocs" in text or page in ("corpus", "compare")


def test_grep_check_of_the_issue():
    for folder in ("app_pages", "ui"):
        for path in (ROOT / folder).rglob("*.py"):
            assert not SEED_NUMBER.search(path.read_text(encoding="utf-8")), path


def test_learn_sentences_round_and_full_values_are_labelled():
    at = start("learn")
    for element in [*at.markdown, *at.warning, *at.info]:
        assert not LONG_DECIMAL.search(element.value), element.value
    full = [c.value for c in at.caption if c.value.startswith("To full precision: ")]
    joined = " ".join(full)
    for value in (
        "0.5045666840058485",
        "50.456668400584846",
        "0.39692877231857493",
        "0.25400289715190977",
        "0.42857142857142855",
        "0.2635971381157267",
        "0.2857142857142857",
    ):  # golden.md
        assert value in joined, value
    prose = " ".join(m.value for m in [*at.markdown, *at.warning])
    for rounded in ("0.5046", "50.46", "0.3969", "0.2540", "0.4286", "0.2636", "0.2857"):
        assert rounded in prose, rounded


# --------------------------------------------------------------------------- empty candidate


def test_empty_candidate_matches_sacrebleu_sentence_and_corpus():
    theirs = BLEU(effective_order=True).sentence_score("", ["a b"])
    ours = sentence_bleu("", ["a b"])
    assert (ours.score, ours.bp, ours.sys_len, ours.ref_len) == (
        theirs.score,
        theirs.bp,
        theirs.sys_len,
        theirs.ref_len,
    )
    hyps, refs = ["", "a b c"], [["a b", "a b c"]]
    assert corpus_bleu(hyps, refs).score == pytest.approx(BLEU().corpus_score(hyps, refs).score, abs=1e-9)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("method", SMOOTHING_METHODS)
def test_empty_candidate_is_zero_everywhere_without_nan(variant, method):
    options = TUTORIAL.with_changes(variant=variant, smooth_method=method)
    result = explain("", REFS_1, options)
    score = result.score
    assert score.score == 0.0 and score.bp == 0.0 and score.sys_len == 0
    assert score.zero_reason == msg.EmptyCandidate() and "empty" in describe(score.zero_reason)
    assert result.diagnosis is not None and result.diagnosis.reasons == (msg.EmptyCandidateScoresZero(),)
    assert describe_all(result.diagnosis.reasons).startswith("The candidate is empty")
    assert all(v.score == 0.0 for v in result.variants())
    steps = formula.formula_steps(score)
    assert not any(re.search(r"\bnan\b|\binf\b", latex) for _, latex in steps)
    for chart in (
        charts.precision_chart(score),
        charts.brevity_chart(score),
        variants.variants_chart(result.variants(), options),
    ):
        spec = str(chart.to_dict())
        assert "nan" not in spec.lower().replace("nominal", "") and "inf" not in re.sub(
            r"[a-z]inf|inf[a-z]", "", spec.lower()
        )


def test_a_zero_bars_label_is_in_short_lines_that_keep_its_words() -> None:
    """Over a bar whose log term is −∞ the note is wrapped to 12 columns (a Hangul syllable takes two), as narrow as
    the numbers over the other bars: on one line the labels of neighbouring bars met on a 390 px phone."""
    score = sentence_bleu("the the the the", ["the cat is here"], BleuOptions(smooth_method="none"))
    frame = charts.precision_frame(score)
    notes = [lines for lines, term in zip(frame["log_lines"], frame["log_term"]) if term is None or math.isnan(term)]
    assert notes and all(lines.replace("\n", " ") == "log 0 = −∞, so BLEU = 0" for lines in notes), notes
    assert all(len(line) <= 12 for lines in notes for line in lines.split("\n"))
    assert charts._short_lines("log 0 = −∞이므로 BLEU = 0") == "log 0 =\n−∞이므로\nBLEU = 0"
