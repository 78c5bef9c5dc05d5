"""The Compare page (AppTest through the router): corpus BLEU per system, sacreBLEU's paired tests,
sentence differences and n-gram differences, inputs, messages and the link."""

from __future__ import annotations

import os

import pandas as pd
import pytest
from sacrebleu.metrics import BLEU
from sacrebleu.significance import PairedTest
from streamlit.testing.v1 import AppTest

from bleucore import BleuOptions, corpus_statistics
from bleucore.metrics.bleu import corpus_clipped_counts
from bleucore.tokenizers import tokenize_lines
from tests.conftest import messages, open_app, sample_lines, upload
from ui.compare import analysis as ca
from ui.links.share import encode_state
from ui.options import bleu as om
from ui.state import compare as cps

SYS_A = sample_lines("system_a.en")
SYS_B = sample_lines("system_b.en")
REF1 = sample_lines("ref.en")
REF2 = sample_lines("ref2.en")
# A system close to B (its first 4 lines from A): a comparison whose p-values are not at their floor.
SYS_C = SYS_A[:4] + SYS_B[4:]
EPSILON = 1e-9


pytestmark = pytest.mark.usefixtures("sacrebleu_seed")  # tests/conftest.py


def open_compare(link: str | None = None) -> AppTest:
    return open_app("compare", link)


def results(at: AppTest) -> pd.DataFrame:
    """The significance table, indexed by system."""
    for frame in at.dataframe:
        if "p (bootstrap)" in frame.value.columns:
            return frame.value.set_index("system")
    raise AssertionError("no significance table")


def sacre_paired(
    systems: list[tuple[str, list[str]]], refs: list[list[str]], test: str, n: int = 0, **kwargs: object
) -> list:
    _, scores = PairedTest(systems, {"BLEU": BLEU(**kwargs)}, references=refs, test_type=test, n_samples=n)()
    return scores["BLEU"]


# --------------------------------------------------------------------------- default render


def test_default_render_equals_sacrebleus_paired_tests() -> None:
    at = open_compare()
    table = results(at)
    assert list(table.index) == ["system_a.en", "system_b.en"]
    bs = sacre_paired([("a", SYS_A), ("b", SYS_B)], [REF1, REF2], "bs")
    ar = sacre_paired([("a", SYS_A), ("b", SYS_B)], [REF1, REF2], "ar")
    a, b = table.loc["system_a.en"], table.loc["system_b.en"]
    assert a["role"] == "baseline" and b["role"] == "system"
    assert a["score"] == pytest.approx(bs[0].score, abs=EPSILON)
    assert b["score"] == pytest.approx(bs[1].score, abs=EPSILON)
    assert b["p (bootstrap)"] == pytest.approx(bs[1].p_value, abs=EPSILON)
    assert b["p (AR)"] == pytest.approx(ar[1].p_value, abs=EPSILON)
    assert b["mean"] == pytest.approx(bs[1].mean, abs=EPSILON)
    assert b["upper"] - b["lower"] == pytest.approx(2 * bs[1].ci, abs=EPSILON)
    assert a["mean"] == pytest.approx(bs[0].mean, abs=EPSILON)
    assert a["upper"] - a["lower"] == pytest.approx(2 * bs[0].ci, abs=EPSILON)
    assert pd.isna(a["p (bootstrap)"]) and pd.isna(a["p (AR)"])
    summary = " ".join(m.value for m in at.markdown)
    assert (
        "by BLEU: Δ +38.73 (better), p = 0.0010 (paired bootstrap), p = 0.0001 (approximate randomization)" in summary
    )
    assert "significant at p < 0.05 in both tests" in summary
    lines = [c.value.split(": BLEU = ")[0] for c in at.code if ": BLEU = " in c.value]
    assert lines == ["system_a.en", "system_b.en"]
    assert len(at.get("vega_lite_chart")) == 4  # intervals, scatter, differences, buckets


def test_close_systems_p_values_equal_sacrebleu_with_another_baseline_and_settings() -> None:
    at = open_compare()
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [("system_c.en", SYS_C)])
    at.run()
    at.selectbox(key=cps.COMPARE_BASELINE).set_value("system_b.en").run()
    at.number_input(key=cps.COMPARE_SAMPLES).set_value(500)
    at.number_input(key=cps.COMPARE_TRIALS).set_value(2000)
    at.number_input(key=cps.COMPARE_SEED).set_value(7)
    at.run()
    assert not at.exception
    table = results(at)
    assert list(table.index) == ["system_b.en", "system_a.en", "system_c.en"]
    os.environ["SACREBLEU_SEED"] = "7"
    systems = [("b", SYS_B), ("a", SYS_A), ("c", SYS_C)]
    bs = sacre_paired(systems, [REF1, REF2], "bs", 500)
    ar = sacre_paired(systems, [REF1, REF2], "ar", 2000)
    c = table.loc["system_c.en"]
    assert 0.01 < bs[2].p_value < 0.99  # a real test, not the floor 1/(n+1)
    assert c["p (bootstrap)"] == pytest.approx(bs[2].p_value, abs=EPSILON)
    assert c["p (AR)"] == pytest.approx(ar[2].p_value, abs=EPSILON)
    assert c["mean"] == pytest.approx(bs[2].mean, abs=EPSILON)
    assert table.loc["system_a.en", "p (AR)"] == pytest.approx(ar[1].p_value, abs=EPSILON)
    assert table.loc["system_b.en", "mean"] == pytest.approx(bs[0].mean, abs=EPSILON)
    summary = next(m.value for m in at.markdown if m.value.startswith("**system\\_c"))
    assert f"p = {bs[2].p_value:.4f} (paired bootstrap), p = {ar[2].p_value:.4f} (approximate randomization)" in summary
    assert bs[2].p_value > 0.05 and ar[2].p_value > 0.05
    assert "not significant at p < 0.05: the difference could be chance" in summary


def test_options_change_the_tests_as_sacrebleu() -> None:
    at = open_compare()
    at.selectbox(key=cps.COMPARE.key("tokenize")).set_value("intl")
    at.checkbox(key=cps.COMPARE.key("lowercase")).check()
    at.run()
    table = results(at)
    bs = sacre_paired([("a", SYS_A), ("b", SYS_B)], [REF1, REF2], "bs", tokenize="intl", lowercase=True)
    assert table.loc["system_b.en", "score"] == pytest.approx(bs[1].score, abs=EPSILON)
    assert table.loc["system_b.en", "mean"] == pytest.approx(bs[1].mean, abs=EPSILON)


def test_undefined_options_give_messages_not_tracebacks() -> None:
    at = open_compare()
    at.selectbox(key=cps.COMPARE.key("smooth_method")).set_value("nltk-method6").run()
    assert not at.exception
    at.number_input(key=cps.COMPARE.key("max_order")).set_value(2).run()
    assert not at.exception
    assert "nltk-method6 needs N >= 3" in messages(at)
    assert "Choose another smoothing method in the sidebar." in messages(at)  # what to do next


# --------------------------------------------------------------------------- sentences and n-grams


def test_sentence_differences_are_sacrebleus_sentence_scores() -> None:
    at = open_compare()
    frames = [f.value for f in at.dataframe if "difference" in f.value.columns and "line" in f.value.columns]
    top = frames[0]
    sentence = BLEU(effective_order=True)
    for _, row in top.iterrows():
        i = int(row["line"]) - 1
        a = sentence.sentence_score(SYS_A[i], [REF1[i], REF2[i]]).score
        b = sentence.sentence_score(SYS_B[i], [REF1[i], REF2[i]]).score
        assert row["baseline"] == pytest.approx(a, abs=EPSILON) and row["system"] == pytest.approx(b, abs=EPSILON)
        assert row["system text"] == SYS_B[i] and row["baseline text"] == SYS_A[i] and row["reference 1"] == REF1[i]
    assert top["difference"].abs().is_monotonic_decreasing
    assert (
        top.iloc[0]["line"] == 54
    )  # "He gave the seat to old lady in subway." -> "... an elderly woman on the subway."
    captions = " ".join(c.value for c in at.caption)
    assert "better on 55 lines, worse on 5, equal on 0" in captions


def test_other_system_and_ngram_order() -> None:
    at = open_compare()
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [("system_c.en", SYS_C)])
    at.run()
    at.selectbox(key=cps.COMPARE_OTHER).set_value("system_c.en").run()
    at.segmented_control(key=cps.COMPARE_NGRAM_ORDER).set_value(2).run()
    assert not at.exception
    ngrams = next(f.value for f in at.dataframe if "n-gram" in f.value.columns)
    assert set(ngrams["n"]) == {2}
    expected = ca.ngram_differences(_matched(SYS_A), _matched(SYS_C), 4, order=2)
    pd.testing.assert_frame_equal(ngrams.reset_index(drop=True), expected, check_dtype=False)
    # C is A on lines 1..4 and B elsewhere: its bigram gains over A are B's gains over A on lines 5..60
    assert ngrams.iloc[0]["difference"] > 0 and (ngrams["system"] - ngrams["baseline"] == ngrams["difference"]).all()


def _matched(system: list[str]) -> object:
    hyp = tokenize_lines(system, "13a", False)
    r1, r2 = tokenize_lines(REF1, "13a", False), tokenize_lines(REF2, "13a", False)
    return corpus_clipped_counts(hyp, [(a, b) for a, b in zip(r1, r2)], 4)


def test_matched_ngrams_sum_to_the_corpus_counts() -> None:
    for system in (SYS_A, SYS_B):
        counts = _matched(system)
        stats = corpus_statistics(system, [REF1, REF2], BleuOptions())
        per_order = [sum(c for g, c in counts.items() if len(g) == n) for n in range(1, 5)]  # type: ignore[attr-defined]
        assert per_order == stats.matches.sum(axis=0).tolist()
    table = ca.ngram_differences(_matched(SYS_A), _matched(SYS_B), 4, top=10_000)
    stats_a = corpus_statistics(SYS_A, [REF1, REF2]).matches.sum(axis=0)
    stats_b = corpus_statistics(SYS_B, [REF1, REF2]).matches.sum(axis=0)
    for n in range(1, 5):
        assert table[table["n"] == n]["difference"].sum() == stats_b[n - 1] - stats_a[n - 1]


# --------------------------------------------------------------------------- inputs


def test_uploaded_references_and_systems() -> None:
    at = open_compare()
    at.radio(key=cps.COMPARE_SOURCE).set_value("upload").run()
    assert "Upload at least one reference file and two or more system outputs" in messages(at)
    upload(at, cps.COMPARE_REF_UPLOAD, [("r1.txt", REF1)])
    upload(at, cps.COMPARE_SYS_UPLOAD, [("out.txt", SYS_A), ("out.txt", SYS_B)])
    at.run()
    assert not at.exception
    table = results(at)
    assert list(table.index) == ["out.txt", "out.txt (2)"]  # same file name twice: told apart
    ar = sacre_paired([("a", SYS_A), ("b", SYS_B)], [REF1], "ar")
    assert table.loc["out.txt (2)", "p (AR)"] == pytest.approx(ar[1].p_value, abs=EPSILON)


def test_line_count_mismatch_and_bad_bytes_are_named_and_the_other_systems_still_compared() -> None:
    at = open_compare()
    expected = results(at)
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [("short.txt", SYS_A[:59])])
    at.run()
    assert not at.exception
    assert (
        "short.txt has 59 lines but the references have 60, so line 60 is not in every file: it is left out"
        in messages(at)
    )
    assert "give it again; its Remove button takes the old one away" in messages(at)  # what to do next
    pd.testing.assert_frame_equal(results(at), expected)  # the sample's two systems: the same table
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [("latin.txt", b"ok\ncaf\xe9\n")])
    at.run()
    text = messages(at)
    assert (
        "latin.txt is not UTF-8: line 2 has the byte 0xE9 at byte 4. Save the file as UTF-8 and upload it again."
        in text
    )
    assert "short.txt has 59 lines" in text  # still kept, still named
    pd.testing.assert_frame_equal(results(at), expected)
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [("c.txt", SYS_C)])
    at.run()
    assert list(results(at).index) == ["system_a.en", "system_b.en", "c.txt"]  # short.txt left out, c.txt tested
    assert "latin.txt" not in messages(at)  # the last upload's problems only


def test_pasted_systems_and_link_round_trip() -> None:
    ref = "the cat sat on the mat\na dog barked at the postman\nit rained all day"
    one = "the cat sat on a mat\na dog barked at postman\nit rained all the day"
    two = "a cat sits on the mat\nthe dog barks at the postman\nit was raining all day"
    at = open_compare()
    at.radio(key=cps.COMPARE_SOURCE).set_value("paste").run()
    assert "Paste the references" in messages(at)
    at.text_area(key=cps.compare_ref_key(0)).input(ref)
    at.text_area(key=cps.compare_sys_key(0)).input(one)
    at.text_area(key=cps.compare_sys_key(1)).input(two)
    at.run()
    assert not at.exception
    table = results(at)
    assert list(table.index) == ["System 1", "System 2"]
    bs = sacre_paired([("1", one.split("\n")), ("2", two.split("\n"))], [ref.split("\n")], "bs")
    assert table.loc["System 2", "p (bootstrap)"] == pytest.approx(bs[1].p_value, abs=EPSILON)
    token = at.query_params["s"]
    state, _ = cps.PAGE.from_link(token)
    assert state.source == "paste" and state.systems == (one, two) and state.references == (ref,)

    fresh = open_compare(token)
    assert fresh.text_area(key=cps.compare_sys_key(1)).value == two
    pd.testing.assert_frame_equal(results(fresh), table)


def test_paste_needs_equal_lengths() -> None:
    at = open_compare()
    at.radio(key=cps.COMPARE_SOURCE).set_value("paste").run()
    at.number_input(key=cps.COMPARE_SYS_COUNT).set_value(3).run()
    at.text_area(key=cps.compare_ref_key(0)).input("a b\nc d")
    at.text_area(key=cps.compare_sys_key(0)).input("a b\nc d")
    at.text_area(key=cps.compare_sys_key(1)).input("a b")
    at.text_area(key=cps.compare_sys_key(2)).input("")
    at.run()
    assert not at.exception
    text = messages(at)
    assert "System 3 is empty" in text


def test_settings_survive_a_visit_to_another_page() -> None:
    at = open_compare()
    at.number_input(key=cps.COMPARE_SAMPLES).set_value(200)
    at.selectbox(key=cps.COMPARE.key("tokenize")).set_value("char")
    at.run()
    table = results(at)
    at.switch_page("app_pages/corpus.py").run()
    at.switch_page("app_pages/compare.py").run()
    assert at.number_input(key=cps.COMPARE_SAMPLES).value == 200
    assert at.selectbox(key=cps.COMPARE.key("tokenize")).value == "char"
    pd.testing.assert_frame_equal(results(at), table)


def test_compare_link_validation_and_settings_in_link() -> None:
    state = cps.CompareState(source="sample", n_samples=300, n_trials=400, seed=9, options=om.Choices(tokenize="intl"))
    token = cps.PAGE.to_link(state)
    at = open_compare(token)
    assert at.number_input(key=cps.COMPARE_SAMPLES).value == 300
    assert at.number_input(key=cps.COMPARE_SEED).value == 9
    assert at.selectbox(key=cps.COMPARE.key("tokenize")).value == "intl"
    os.environ["SACREBLEU_SEED"] = "9"
    bs = sacre_paired([("a", SYS_A), ("b", SYS_B)], [REF1, REF2], "bs", 300, tokenize="intl")
    assert results(at).loc["system_b.en", "mean"] == pytest.approx(bs[1].mean, abs=EPSILON)
    bad = open_compare(encode_state({"page": "compare", "v": 1, "bs": 0}))
    assert (
        "This link's bootstrap resamples 0 is not a whole number from 1 to 10,000: kept the rest, using bootstrap "
        "resamples = 1,000." in (messages(bad))
    )
    assert results(bad).loc["system_b.en", "score"] == pytest.approx(BLEU().corpus_score(SYS_B, [REF1, REF2]).score)


def test_identical_systems_are_not_called_significant() -> None:
    """sacreBLEU gives identical systems its smallest p-values; the page must not read them as significant."""
    at = open_compare()
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [("copy_of_a.en", SYS_A)])
    at.run()
    assert not at.exception
    assert results(at).loc["copy_of_a.en", "delta"] == 0
    summary = next(m.value for m in at.markdown if m.value.startswith("**copy\\_of\\_a"))
    assert "no difference to test" in summary and "significant at p < 0.05 in both" not in summary
