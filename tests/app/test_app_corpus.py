"""The Corpus page (AppTest through the router) and its helpers: uploads, link state, analysis.

Every number is checked against bleucore and against sacreBLEU 2.6.0 on the same files.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pandas as pd
import pytest
from sacrebleu.metrics import BLEU
from streamlit.testing.v1 import AppTest

from bleucore import BleuOptions, corpus_bleu, corpus_statistics, sentence_bleu
from bleucore.buckets import LENGTH_CUTOFFS, bucket_index, bucket_names
from bleucore.reading import TextRules, decode_text
from bleucore.tokenizers import tokenize_lines
from tests.conftest import (
    chart_rows,
    corpus_score,
    exact,
    messages,
    metric,
    open_app,
    sample_lines,
    sentence_table,
    upload,
)
from ui.corpus import analysis as cc
from ui.inputs.limits import MAX_PASTE_CHARS, MAX_UPLOAD_BYTES, MAX_UPLOAD_MB
from ui.inputs.uploads import (
    InputError,
    TextFile,
    check_same_length,
    decode_bytes,
    decode_paste,
    digest,
    unique_names,
)
from ui.links.share import LinkStateError, OtherPageLink, decode_state, encode_state
from ui.metrics.bleu import cache, wording
from ui.options import bleu as om
from ui.shell.markdown import escape_markdown
from ui.shell.style import body as page_style_body
from ui.state import corpus as cs
from ui.state.page import link_with_fallback

HYPS = sample_lines("system_a.en")
REF1 = sample_lines("ref.en")
REF2 = sample_lines("ref2.en")
EPSILON = 1e-9


# --------------------------------------------------------------------------- helpers


def open_corpus(link: str | None = None) -> AppTest:
    """The app, switched to the Corpus page (optionally opened with ``?s=link``)."""
    return open_app("corpus", link)


def sacre(hyps: list[str], refs: list[list[str]], **kwargs: object) -> float:
    return float(BLEU(**kwargs).corpus_score(hyps, refs).score)


# --------------------------------------------------------------------------- default render


def segments(text: str) -> tuple[str, ...]:
    """The app's lines of a pasted text (bleucore's reader with the app's rules, blank texts allowed)."""
    return tuple(decode_text(text, "pasted", TextRules(rstrip=True)))


def test_default_render_matches_bleucore_and_sacrebleu() -> None:
    at = open_corpus()
    expected = sacre(HYPS, [REF1, REF2])
    ours = corpus_bleu(HYPS, [REF1, REF2]).score
    assert abs(ours - expected) < EPSILON
    assert corpus_score(at) == pytest.approx(expected, abs=EPSILON)
    assert metric(at, "Corpus BLEU") == f"{expected:.2f}" == "25.05"
    assert metric(at, "Segments") == "60"
    assert metric(at, "References") == "2"
    lines = [c.value for c in at.code]
    assert str(BLEU().corpus_score(HYPS, [REF1, REF2])).replace("BLEU = ", "").split(" (")[0] in lines[0]
    assert lines[0].startswith("BLEU = 25.05 76.7/42.8/19.7/8.3 (BP = 0.926 ratio = 0.929 hyp_len = 481 ref_len = 518)")
    assert lines[1].startswith("nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|order:4")
    assert at.download_button(key="corpus_dl_csv").label == "Download table (CSV)"
    assert at.download_button(key="corpus_dl_json").label == "Download result (JSON)"


def test_sentence_table_is_worst_first_and_matches_sacrebleu_sentence_bleu() -> None:
    at = open_corpus()
    table = sentence_table(at)
    assert list(table.columns) == [
        "line",
        "BLEU",
        "c",
        "r",
        "p1",
        "p2",
        "p3",
        "p4",
        "hypothesis",
        "reference 1",
        "reference 2",
    ]
    assert len(table) == 60
    assert table["BLEU"].is_monotonic_increasing
    sentence = BLEU(effective_order=True)
    for _, row in table.iterrows():
        i = int(row["line"]) - 1
        assert row["hypothesis"] == HYPS[i]
        assert row["reference 1"] == REF1[i] and row["reference 2"] == REF2[i]
        assert row["BLEU"] == pytest.approx(sentence.sentence_score(HYPS[i], [REF1[i], REF2[i]]).score, abs=EPSILON)
    mean = np.mean([sentence.sentence_score(h, [a, b]).score for h, a, b in zip(HYPS, REF1, REF2)])
    assert metric(at, "Mean of sentence BLEU") == f"{mean:.2f}"
    # p_n are sacreBLEU's sentence precisions (after exp smoothing, where a line has no match of an order)
    smoothed = 0
    for _, row in table.iterrows():
        i = int(row["line"]) - 1
        theirs = sentence.sentence_score(HYPS[i], [REF1[i], REF2[i]])
        for n in range(1, 5):
            if theirs.totals[n - 1] == 0:  # beyond the effective order: left out of the score, shown as "—"
                assert math.isnan(row[f"p{n}"]), (i + 1, n)
                continue
            assert row[f"p{n}"] == pytest.approx(theirs.precisions[n - 1], rel=1e-12), (i + 1, n)
            smoothed += theirs.counts[n - 1] == 0
    assert smoothed > 0  # the sample has lines whose zero counts are smoothed
    config = json.loads(next(f.proto.columns for f in at.dataframe if "line" in f.value.columns))
    assert [config[f"p{n}"]["label"] for n in range(1, 5)] == [f"p{n} (exp-smoothed)" for n in range(1, 5)]


def test_worst_sentence_is_explained_by_default() -> None:
    at = open_corpus()
    table = sentence_table(at)
    worst = int(table.iloc[0]["line"])
    assert at.number_input(key=cs.CORPUS_LINE).value == worst
    expected = sentence_bleu(HYPS[worst - 1], [REF1[worst - 1], REF2[worst - 1]]).score
    assert exact(at, rf"Sentence BLEU of line {worst} to full precision: ([0-9.e+-]+)\.") == pytest.approx(expected)
    # the p_n table gives exact fractions
    fractions = next(f.value for f in at.dataframe if "matched / total" in f.value.columns)["matched / total"].tolist()
    assert fractions == ["4/7", "0/6", "0/5", "0/4"]
    # coloured n-grams: the candidate's tokens as escaped spans, one block per reference
    html = " ".join(h.proto.body for h in at.get("html"))
    assert html.count('<div class="bleu-text bleu-candidate">') == 1 and "Teacher" in html
    assert html.count('<div class="bleu-text bleu-reference">') == 2


def test_why_corpus_and_mean_differ_is_explained() -> None:
    at = open_corpus()
    text_ = " ".join(m.value for m in at.markdown)
    assert "Corpus BLEU is not the mean of sentence BLEU" in text_
    assert "a difference of -3.13 points" in text_


def test_charts_are_drawn() -> None:
    at = open_corpus()
    charts = at.get("vega_lite_chart")
    assert len(charts) == 4  # corpus p_n, histogram, by r, the buckets
    assert charts[3].key == "corpus_bucket_chart_length_BLEU"


@pytest.mark.parametrize(
    ("smooth", "sacre_kwargs", "hyps"),
    [
        ("exp", {}, HYPS),
        ("floor", {"smooth_method": "floor", "smooth_value": 0.1}, [h.split()[0] + " zzz" for h in HYPS]),
    ],
    ids=["sample-exp", "two-word-lines-floor"],
)
def test_corpus_precision_chart_and_table_show_sacrebleus_precisions_and_the_brevity_penalty(
    smooth: str, sacre_kwargs: dict[str, object], hyps: list[str]
) -> None:
    """The corpus p_n chart draws sacreBLEU's precisions (smoothed where it smooths: two-word lines have no 3-gram
    match under floor smoothing), the table beside it shows the same numbers, and the caption names BP."""
    at = open_corpus()
    if hyps is not HYPS:
        at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
        at.number_input(key=cs.CORPUS_REF_COUNT).set_value(2).run()
        at.text_area(key=cs.CORPUS_HYP_PASTE).input("\n".join(hyps))
        at.text_area(key=cs.corpus_ref_key(0)).input("\n".join(REF1))
        at.text_area(key=cs.corpus_ref_key(1)).input("\n".join(REF2))
    at.selectbox(key=cs.CORPUS.key("smooth_method")).set_value(smooth).run()
    assert not at.exception
    sacre_score = BLEU(**sacre_kwargs).corpus_score(hyps, [REF1, REF2])  # type: ignore[arg-type]
    bars = {row["n"]: row for row in chart_rows(at, "log_label")}
    table = next(f.value for f in at.dataframe if "p_n (%)" in f.value.columns).set_index("n")
    for n in range(1, 5):
        assert 100 * bars[n]["precision"] == pytest.approx(sacre_score.precisions[n - 1], rel=1e-12)
        assert table.loc[n, "p_n (%)"] == pytest.approx(sacre_score.precisions[n - 1], rel=1e-12)
        assert table.loc[n, "fraction"] == f"{sacre_score.counts[n - 1]}/{sacre_score.totals[n - 1]}"
        smoothed = sacre_score.counts[n - 1] == 0 and sacre_score.totals[n - 1] > 0  # sacreBLEU stops at no n-gram
        assert bool(table.loc[n, "smoothed"]) == smoothed
        assert bars[n]["fraction"].endswith("(smoothed)") == smoothed
    assert (sacre_score.counts[1] == 0 < sacre_score.totals[1]) == (hyps is not HYPS)  # the second case smooths p2
    caption = next(c.value for c in at.caption if "brevity penalty × geometric mean of the bars" in c.value)
    assert (
        f"= {sacre_score.bp:.4f} × " in caption
        and f"= {sacre_score.score / 100:.4f} (BP = {sacre_score.bp:.4f}" in caption
    )


# --------------------------------------------------------------------------- options


@pytest.mark.parametrize(
    ("changes", "sacre_kwargs"),
    [
        ({"tokenize": "intl"}, {"tokenize": "intl"}),
        ({"tokenize": "char"}, {"tokenize": "char"}),
        ({"tokenize": "none"}, {"tokenize": "none"}),
        ({"lowercase": True}, {"lowercase": True}),
        ({"max_order": 2}, {"max_ngram_order": 2}),
        ({"smooth_method": "floor"}, {"smooth_method": "floor", "smooth_value": 0.1}),
        ({"smooth_method": "add-k"}, {"smooth_method": "add-k", "smooth_value": 1}),
        ({"smooth_method": "none"}, {"smooth_method": "none"}),
    ],
)
def test_sidebar_options_give_sacrebleus_number(changes: dict[str, object], sacre_kwargs: dict[str, object]) -> None:
    at = open_corpus()
    for name, value in changes.items():
        widget = {
            "tokenize": at.selectbox,
            "smooth_method": at.selectbox,
            "lowercase": at.checkbox,
            "max_order": at.number_input,
        }[name](key=cs.CORPUS.key(name))
        widget.set_value(value)
        at.run()
    assert not at.exception
    assert corpus_score(at) == pytest.approx(sacre(HYPS, [REF1, REF2], **sacre_kwargs), abs=EPSILON)
    table = sentence_table(at)
    order = int(changes.get("max_order", 4))  # type: ignore[call-overload]
    assert [c for c in table.columns if c.startswith("p")] == [f"p{n}" for n in range(1, order + 1)]


def test_smoothing_value_reference_length_and_variant() -> None:
    at = open_corpus()
    at.selectbox(key=cs.CORPUS.key("smooth_method")).set_value("floor").run()
    value = at.number_input(key=cs.CORPUS.key("smooth_value"))
    assert value.value == pytest.approx(0.1)  # the method's default
    value.set_value(0.5).run()
    assert corpus_score(at) == pytest.approx(
        sacre(HYPS, [REF1, REF2], smooth_method="floor", smooth_value=0.5), abs=EPSILON
    )
    at.radio(key=cs.CORPUS.key("ref_length")).set_value("shortest").run()
    at.radio(key=cs.CORPUS.key("variant")).set_value("simplified").run()
    options = BleuOptions(smooth_method="floor", smooth_value=0.5, ref_length="shortest", variant="simplified")
    assert corpus_score(at) == pytest.approx(corpus_bleu(HYPS, [REF1, REF2], options).score, abs=EPSILON)
    assert "reflen:shortest|variant:simplified" in at.code[1].value
    # back to sacreBLEU's defaults
    at.button(key=cs.CORPUS.key("reset")).click().run()
    assert corpus_score(at) == pytest.approx(sacre(HYPS, [REF1, REF2]), abs=EPSILON)
    assert at.selectbox(key=cs.CORPUS.key("smooth_method")).value == "exp"


def test_effective_order_applies_to_sentence_bleu_only() -> None:
    at = open_corpus()
    at.checkbox(key=cs.CORPUS.key("effective_order")).uncheck().run()
    assert corpus_score(at) == pytest.approx(sacre(HYPS, [REF1, REF2]), abs=EPSILON)
    table = sentence_table(at).sort_values("line")
    plain = BLEU(effective_order=False)
    expected = [plain.sentence_score(h, [a, b]).score for h, a, b in zip(HYPS, REF1, REF2)]
    np.testing.assert_allclose(table["BLEU"].to_numpy(), expected, atol=EPSILON)


def test_nltk_smoothing_disables_effective_order_and_method6_never_raises() -> None:
    at = open_corpus()
    at.selectbox(key=cs.CORPUS.key("smooth_method")).set_value("nltk-method6").run()
    assert not at.exception
    assert at.checkbox(key=cs.CORPUS.key("effective_order")).disabled
    # many lines have p3 = 0, where NLTK's method 6 is undefined: named, not a traceback
    assert "undefined for" in messages(at)
    assert "nltk-method6 needs a non-zero trigram precision" in messages(at)
    table = sentence_table(at)
    assert table["BLEU"].isna().sum() > 0


# --------------------------------------------------------------------------- uploads and pastes


def test_uploaded_files_are_scored() -> None:
    hyps = ["the cat sat on the mat", "a dog barked loudly"]
    refs = ["the cat sat on a mat", "the dog barked loudly"]
    at = open_corpus()
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    assert "Upload a hypothesis file" in messages(at)
    upload(at, cs.CORPUS_HYP_UPLOAD, ("hyp.txt", hyps))
    upload(at, cs.CORPUS_REF_UPLOAD, [("ref.txt", refs)])
    at.run()
    assert not at.exception
    assert corpus_score(at) == pytest.approx(sacre(hyps, [refs]), abs=EPSILON)
    assert metric(at, "Segments") == "2"
    shown = " ".join(c.value for c in at.caption)
    assert "kept on the server for this browser session" in shown and "never part of a shareable link" in shown


def test_upload_line_count_mismatch_names_the_files() -> None:
    at = open_corpus()
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    upload(at, cs.CORPUS_HYP_UPLOAD, ("hyp.txt", ["a", "b", "c"]))
    upload(at, cs.CORPUS_REF_UPLOAD, [("ref_one.txt", ["a", "b", "c"]), ("ref_two.txt", ["a", "b"])])
    at.run()
    assert not at.exception
    error = at.error[0].value
    assert "hyp\\.txt has 3 lines but ref\\_two\\.txt has 2" in error
    assert "ref\\_one" not in error
    assert not [m for m in at.metric if m.label == "Corpus BLEU"]


def test_upload_not_utf8_names_file_and_line() -> None:
    at = open_corpus()
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    upload(at, cs.CORPUS_HYP_UPLOAD, ("hyp.txt", b"fine\nalso fine\ncaf\xe9 latin-1\n"))
    upload(at, cs.CORPUS_REF_UPLOAD, [("ref.txt", ["a", "b", "c"])])
    at.run()
    assert not at.exception
    error = at.error[0].value
    assert "hyp\\.txt is not UTF\\-8\\: line 3 has the byte 0xE9 at byte 4" in error


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"", "ref\\.txt is empty"),
        (b"\n\n\n", "ref\\.txt has only blank lines \\(3\\)"),
        (b"ab\x00cd\n", "ref\\.txt looks like a binary file \\(a NUL byte on line 1\\)"),
        (b"\xff\xfeh\x00i\x00", "ref\\.txt is UTF\\-16 encoded"),
    ],
)
def test_bad_reference_files_give_inline_messages(data: bytes, expected: str) -> None:
    at = open_corpus()
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    upload(at, cs.CORPUS_HYP_UPLOAD, ("hyp.txt", ["a"]))
    upload(at, cs.CORPUS_REF_UPLOAD, [("ref.txt", data)])
    at.run()
    assert not at.exception
    assert expected in at.error[0].value


def test_pasted_texts_are_scored_and_escaped() -> None:
    hostile = [
        "<script>window.__x=1</script>",
        "<img src=x onerror=window.__x=1>",
        "![x](http://example.com/x.png) **bold**",
    ]
    refs = ["<script>window.__x=2</script>", "an image <img src=x>", "x"]
    at = open_corpus()
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    assert "Paste a hypothesis" in messages(at)
    at.text_area(key=cs.CORPUS_HYP_PASTE).input("\n".join(hostile))
    at.number_input(key=cs.CORPUS_REF_COUNT).set_value(1)
    at.run()
    at.text_area(key=cs.corpus_ref_key(0)).input("\n".join(refs)).run()
    assert not at.exception
    assert corpus_score(at) == pytest.approx(sacre(hostile, [refs]), abs=EPSILON)
    at.number_input(key=cs.CORPUS_LINE).set_value(1).run()
    # user text reaches the page only as escaped HTML, code blocks or table cells, never as markup
    # (the app's own page style, with ui.shell.history's script, is not user text)
    own = page_style_body()
    bodies = " ".join(h.proto.body for h in at.get("html") if h.proto.body != own)
    assert "<script" not in bodies and "<img" not in bodies
    assert "&lt;" in bodies
    assert not any("window.__x" in m.value for m in at.markdown)
    table = sentence_table(at)
    assert set(table["hypothesis"]) == set(hostile)


def test_paste_with_two_references_and_mismatch() -> None:
    at = open_corpus()
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.number_input(key=cs.CORPUS_REF_COUNT).set_value(2).run()
    at.text_area(key=cs.CORPUS_HYP_PASTE).input("one two three\nfour five six")
    at.text_area(key=cs.corpus_ref_key(0)).input("one two three\nfour five six")
    at.text_area(key=cs.corpus_ref_key(1)).input("one two three")
    at.run()
    assert "Pasted hypothesis has 2 lines but Pasted reference 2 has 1" in at.error[0].value.replace("\\", "")
    at.text_area(key=cs.corpus_ref_key(1)).input("one two four\nfour five seven").run()
    hyps = ["one two three", "four five six"]
    assert corpus_score(at) == pytest.approx(sacre(hyps, [hyps, ["one two four", "four five seven"]]), abs=EPSILON)


def test_too_long_paste_is_refused_with_the_limit() -> None:
    at = open_corpus()
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.text_area(key=cs.CORPUS_HYP_PASTE).input("x" * (MAX_PASTE_CHARS + 1))
    at.text_area(key=cs.corpus_ref_key(0)).input("x")
    at.run()
    assert not at.exception
    assert f"limited to {MAX_PASTE_CHARS:,} characters".replace(",", "\\,") in at.error[0].value


def test_large_paste_is_scored_in_chunks() -> None:
    rng = np.random.default_rng(7)
    words = [
        "the",
        "a",
        "cat",
        "dog",
        "sat",
        "on",
        "mat",
        "is",
        "was",
        "big",
        "small",
        "red",
        "house",
        "tree",
        "runs",
        "and",
    ]
    hyps = [
        " ".join(rng.choice(words, size=int(rng.integers(3, 25)))) for _ in range(cache.LINES_PER_CACHED_CHUNK + 500)
    ]
    refs = [" ".join(rng.choice(words, size=int(rng.integers(3, 25)))) for _ in range(len(hyps))]
    at = open_corpus()
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.text_area(key=cs.CORPUS_HYP_PASTE).input("\n".join(hyps))
    at.text_area(key=cs.corpus_ref_key(0)).input("\n".join(refs))
    at.run()
    assert not at.exception
    assert corpus_score(at) == pytest.approx(sacre(hyps, [refs]), abs=EPSILON)
    assert metric(at, "Segments") == f"{len(hyps):,}"


# --------------------------------------------------------------------------- sentence explanation and Explore


def test_choosing_a_line_and_an_order() -> None:
    at = open_corpus()
    at.number_input(key=cs.CORPUS_LINE).set_value(8).run()
    expected = sentence_bleu(HYPS[7], [REF1[7], REF2[7]]).score
    assert exact(at, r"Sentence BLEU of line 8 to full precision: ([0-9.e+-]+)\.") == pytest.approx(expected)
    at.segmented_control(key=cs.CORPUS_ORDER).set_value(2).run()
    assert not at.exception
    candidate = next(h.proto.body for h in at.get("html") if "bleu-candidate" in h.proto.body)
    # "where is" is a bigram of reference 2 only ("Where is the closest pharmacy"): matched at n = 2
    assert "matched" in candidate and "where" in candidate


def test_selecting_a_table_row_explains_that_line_once() -> None:
    at = open_corpus()
    table = sentence_table(at)
    at.session_state[cs.CORPUS_TABLE] = {"selection": {"rows": [3], "columns": [], "cells": []}}
    at.run()
    line = int(table.iloc[3]["line"])
    assert line != int(table.iloc[0]["line"])
    assert at.number_input(key=cs.CORPUS_LINE).value == line
    # the same selection does not override a line typed afterwards
    at.number_input(key=cs.CORPUS_LINE).set_value(7).run()
    assert at.number_input(key=cs.CORPUS_LINE).value == 7
    assert exact(at, r"Sentence BLEU of line 7 to full precision: ([0-9.e+-]+)\.") == pytest.approx(
        sentence_bleu(HYPS[6], [REF1[6], REF2[6]]).score
    )


def test_open_in_explore_carries_the_sentence() -> None:
    at = open_corpus()
    at.number_input(key=cs.CORPUS_LINE).set_value(3).run()
    at.button(key="corpus_open_explore").click().run()
    assert at.session_state["explore_candidate"] == HYPS[2]
    assert at.session_state["explore_ref_0"] == REF1[2]
    assert at.session_state["explore_ref_1"] == REF2[2]
    assert at.session_state["explore_tokenize"] == "13a"
    assert at.session_state["explore_smooth_method"] == "exp"
    assert at.session_state["explore_effective_order"] is True
    assert not at.exception


# --------------------------------------------------------------------------- links


def test_query_parameter_round_trip_with_pasted_text() -> None:
    at = open_corpus()
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.text_area(key=cs.CORPUS_HYP_PASTE).input("the cat sat\nhello world")
    at.text_area(key=cs.corpus_ref_key(0)).input("the cat sat down\nhello there world")
    at.selectbox(key=cs.CORPUS.key("tokenize")).set_value("char")
    at.checkbox(key=cs.CORPUS.key("lowercase")).check()
    at.run()
    at.number_input(key=cs.CORPUS_LINE).set_value(2).run()
    score = corpus_score(at)
    token = at.query_params["s"]
    state, notes = cs.PAGE.from_link(token)
    assert notes == []
    assert state.source == "paste" and state.hypothesis == "the cat sat\nhello world" and state.line == 2
    assert state.options.tokenize == "char" and state.options.lowercase

    fresh = open_corpus(token)
    assert fresh.radio(key=cs.CORPUS_SOURCE).value == "paste"
    assert fresh.text_area(key=cs.CORPUS_HYP_PASTE).value == "the cat sat\nhello world"
    assert fresh.selectbox(key=cs.CORPUS.key("tokenize")).value == "char"
    assert fresh.number_input(key=cs.CORPUS_LINE).value == 2
    assert corpus_score(fresh) == score
    assert fresh.query_params["s"] == token


def test_link_of_an_upload_keeps_options_and_asks_for_the_files() -> None:
    token = cs.PAGE.to_link(cs.CorpusState(source="upload", options=om.Choices(max_order=3)))
    at = open_corpus(token)
    assert at.number_input(key=cs.CORPUS.key("max_order")).value == 3
    assert "upload them again" in messages(at)


def test_state_survives_a_visit_to_another_page() -> None:
    at = open_corpus()
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.text_area(key=cs.CORPUS_HYP_PASTE).input("a b c d\ne f g")
    at.text_area(key=cs.corpus_ref_key(0)).input("a b c d\ne f h")
    at.selectbox(key=cs.CORPUS.key("tokenize")).set_value("intl")
    at.run()
    at.number_input(key=cs.CORPUS_LINE).set_value(2).run()
    score = corpus_score(at)
    at.switch_page("app_pages/compare.py").run()
    assert (
        at.session_state[cs.CORPUS.key("tokenize")] == "intl"
    )  # persist_state="session" keeps an undrawn widget's value
    at.switch_page("app_pages/corpus.py").run()
    assert at.selectbox(key=cs.CORPUS.key("tokenize")).value == "intl"
    assert at.text_area(key=cs.CORPUS_HYP_PASTE).value == "a b c d\ne f g"
    assert at.number_input(key=cs.CORPUS_LINE).value == 2
    assert corpus_score(at) == score


def test_broken_link_gives_a_message_and_the_sample() -> None:
    at = open_corpus("not-a-valid-link")
    assert "This link could not be opened" in messages(at)
    assert corpus_score(at) == pytest.approx(sacre(HYPS, [REF1, REF2]), abs=EPSILON)


def test_corpus_link_validation() -> None:
    state = cs.CorpusState(
        source="paste",
        hypothesis="a\nb",
        references=("a\nb", "a\nc"),
        line=2,
        options=om.Choices(smooth_method="floor", smooth_value=0.3, max_order=2),
    )
    assert cs.PAGE.from_link(cs.PAGE.to_link(state)) == (state, [])
    without, _ = cs.PAGE.from_link(cs.PAGE.to_link(state, with_texts=False))
    assert without.hypothesis == "" and without.options == state.options
    # A wrong field keeps its default and is named; the rest of the link is used.
    partial = [
        ({"o": {"n": 11, "tok": "intl"}}, "N 11 is not a whole number from 1 to 10"),
        ({"o": {"tok": "moses", "n": 2}}, "tokenizer 'moses' is unknown"),
        ({"o": {"lc": "yes", "n": 2}}, "lowercase 'yes' is not true or false"),
        ({"src": "ftp", "line": 3}, "input source 'ftp' is unknown"),
        ({"r": ["a"] * 5, "line": 3}, "references should be a list of 1 to 4 texts"),
        ({"line": -1, "o": {"n": 2}}, "line -1 is not a whole number from 0 to 10,000,000"),
    ]
    for fields, named in partial:
        opened, notes = cs.PAGE.from_link(encode_state({"page": "corpus", "v": 1, **fields}))
        assert len(notes) == 1 and named in notes[0] and "kept the rest" in notes[0], notes
        assert opened.options.tokenize == fields.get("o", {}).get("tok", "13a") or opened.options.max_order == 2
        assert opened.line in (0, 3)
    for data in ({"page": "corpus", "v": 3}, {"page": "corpus", "v": "1"}):
        with pytest.raises(LinkStateError, match="another version"):
            cs.PAGE.from_link(encode_state(data))
    with pytest.raises(OtherPageLink):
        cs.PAGE.from_link(encode_state({"page": "compare", "v": 1}))


def test_long_paste_link_falls_back_to_options_only() -> None:
    rng = np.random.default_rng(3)
    noise = "\n".join("".join(chr(int(c)) for c in rng.integers(0x4E00, 0x9FFF, size=40)) for _ in range(400))
    state = cs.CorpusState(source="paste", hypothesis=noise, references=(noise,))
    token, note = link_with_fallback(cs.PAGE.to_link, state)
    assert token is not None and note is not None and "options only" in note
    assert decode_state(token).get("h") is None


# --------------------------------------------------------------------------- ui.inputs.uploads


def test_split_lines_reads_like_sacrebleu() -> None:
    assert segments("a\nb\n") == ("a", "b")
    assert segments("a\r\nb  \r\n") == ("a", "b")
    assert segments("a\n\nb") == ("a", "", "b")
    assert segments("a\nb\n\n") == ("a", "b", "")
    assert segments("a\u2028b\rc") == ("a\u2028b\rc",)  # only "\n" ends a line, as sacreBLEU's open(newline="\n")
    assert segments("") == ()


def test_decode_bytes_messages() -> None:
    assert decode_bytes("\ufeffhé\nwörld\n".encode(), "x.txt") == TextFile("x.txt", ("hé", "wörld"))
    with pytest.raises(InputError, match=r"x.txt is not UTF-8: line 2 has the byte 0xFF at byte 3"):
        decode_bytes(b"ok\nab\xff\n", "x.txt")
    with pytest.raises(InputError, match=r"NUL byte on line 2"):
        decode_bytes(b"ok\n\x00\n", "x.txt")
    with pytest.raises(InputError, match=rf"limited to {MAX_UPLOAD_MB} MB"):
        decode_bytes(b"a" * (MAX_UPLOAD_BYTES + 1), "big.txt")
    with pytest.raises(InputError, match=r"is empty"):
        decode_paste("", "Pasted hypothesis")
    with pytest.raises(InputError, match=r"NUL character on line 1"):
        decode_paste("a\x00", "p")


def test_check_same_length_names_every_wrong_file() -> None:
    hyp = TextFile("hyp", ("a", "b"))
    check_same_length(hyp, [TextFile("r1", ("a", "b"))])
    with pytest.raises(InputError, match=r"hyp has 2 lines but r2 has 1; r3 has 3, so line 2 is not in every file\."):
        check_same_length(hyp, [TextFile("r1", ("a", "b")), TextFile("r2", ("a",)), TextFile("r3", ("a", "b", "c"))])
    with pytest.raises(InputError, match=r"hyp has 2 lines but r3 has 3, so line 3 is not in every file\."):
        check_same_length(hyp, [TextFile("r3", ("a", "b", "c"))])
    with pytest.raises(InputError, match="at least one reference"):
        check_same_length(hyp, [])


def test_escape_markdown_neutralises_markup() -> None:
    assert escape_markdown("![x](http://e.com/a.png)") == "\\!\\[x\\]\\(http\\:\\/\\/e\\.com\\/a\\.png\\)"
    assert escape_markdown("a*b*_c_ `d` $e$ :red[f]") == "a\\*b\\*\\_c\\_ \\`d\\` \\$e\\$ \\:red\\[f\\]"
    assert escape_markdown("<b>x</b>\nline") == "\\<b\\>x\\<\\/b\\> line"


def test_unique_names_and_digest() -> None:
    assert unique_names(["a", "b", "a", "a"]) == ["a", "b", "a (2)", "a (3)"]
    a = [TextFile("h", ("x", "y")), TextFile("r", ("x",))]
    b = [TextFile("h", ("x",)), TextFile("r", ("y", "x"))]
    assert digest(a) != digest(b)
    assert digest(a) == digest([TextFile("h", ("x", "y")), TextFile("r", ("x",))])


# --------------------------------------------------------------------------- ui.corpus.analysis


def test_analysis_buckets_sum_to_the_corpus_and_downloads() -> None:
    options = BleuOptions()
    sentence = options.with_changes(effective_order=True)
    stats = corpus_statistics(HYPS, [REF1, REF2], options)
    analysis = cc.analyse(stats, options, sentence, 2, HYPS, [REF1, REF2])
    assert analysis.buckets["segments"].sum() == 60
    words = [len(tokens) for tokens in tokenize_lines(REF1, "13a", False)]  # compare-mt's: reference 1's words
    for _, row in analysis.buckets.iterrows():
        members = [
            i
            for i in range(60)
            if bucket_names(LENGTH_CUTOFFS).index(row["bucket"]) == bucket_index([words[i]], LENGTH_CUTOFFS)[0]
        ]
        assert row["corpus BLEU"] == pytest.approx(
            BLEU()
            .corpus_score([HYPS[i] for i in members], [[REF1[i] for i in members], [REF2[i] for i in members]])
            .score
        )
    assert analysis.worst_line == int(np.argmin(analysis.table["BLEU"])) + 1
    csv = pd.read_csv(pd.io.common.StringIO(analysis.table.to_csv(index=False)))
    assert len(csv) == 60
    result = json.loads(cc.result_json(analysis, {"hypothesis": "h"}, {}))
    assert result["corpus"]["score"] == pytest.approx(sacre(HYPS, [REF1, REF2]))
    assert result["corpus_line"].startswith("BLEU = 25.05")
    assert len(result["sentences"]) == 60
    assert all(not (isinstance(v, float) and math.isnan(v)) for row in result["sentences"] for v in row.values())


def test_precision_columns_are_empty_without_ngrams() -> None:
    stats = corpus_statistics(["a b", "x"], [["a b", "x"]], BleuOptions())
    cols = cc.precision_columns(stats, 4)
    assert cols["p1"].tolist() == [100.0, 100.0]
    assert math.isnan(cols["p2"][1]) and math.isnan(cols["p3"][0])


def test_sentence_scores_mark_undefined_lines_and_keep_the_others() -> None:
    # NLTK's method 6 is undefined where p3 = 0; 1,300 lines span three scoring blocks
    options = BleuOptions(tokenize="none", smooth_method="nltk-method6")
    good, bad = "the cat sat on the mat today", "the cat on mat"
    hyps = [bad if i % 7 == 3 or 600 <= i < 700 else good for i in range(1300)]
    refs = ["the cat sat on the mat today"] * 1300
    stats = corpus_statistics(hyps, [refs], options)
    result = cc.sentence_scores(stats, options, 1)
    expected, undefined = [], 0
    for hyp, ref in zip(hyps, refs):
        try:
            expected.append(sentence_bleu(hyp, [ref], options).score)
        except ValueError:
            expected.append(math.nan)
            undefined += 1
    assert undefined == sum(1 for h in hyps if h == bad) > 0
    assert result.undefined == undefined
    assert result.reason is not None and "trigram" in wording.describe(result.reason)
    np.testing.assert_array_equal(result.scores, np.array(expected))  # NaN where undefined, equal elsewhere


@pytest.mark.parametrize("page", ["corpus", "compare"])
def test_the_address_holds_the_new_view_before_the_long_work(page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A reload during a long run reopens the view the run draws: ``?s=`` is written once the state is read, before
    the files are scored (it was written at the run's end, so a reload mid-run lost the last change)."""
    import streamlit as st

    from ui.doctor import view
    from ui.state import compare as cps

    pages = {"corpus": (cs.CORPUS, cs.PAGE), "compare": (cps.COMPARE, cps.PAGE)}
    keys, state_page = pages[page]
    seen: list[str | None] = []
    original = view.show_setup_check

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]  # the first step once the files are read
        seen.append(st.query_params.get("s"))
        return original(*args, **kwargs)

    monkeypatch.setattr(view, "show_setup_check", spy)
    at = open_app(page)
    seen.clear()
    at.number_input(key=keys.key("max_order")).set_value(2).run()
    assert not at.exception and seen and seen[0] is not None
    state, notes = state_page.from_link(seen[0])
    assert state.options.max_order == 2 and notes == []
