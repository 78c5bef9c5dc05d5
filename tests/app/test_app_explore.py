"""The Explore page headless (AppTest): defaults, every option, references, messages and the link state."""

from __future__ import annotations

import math

import pytest
from streamlit.testing.v1 import AppTest

from bleucore import BleuOptions, sentence_bleu
from bleucore.metrics.bleu.explanation import explain
from bleucore.metrics.bleu.options import SMOOTHING_METHODS, TOKENIZER_NAMES
from tests.app.html_views import code_lines, ngram_tables, variants_tables
from tests.conftest import metric, open_app
from tests.golden_examples import CA1, CA2, CA4, KO_CAND, KO_REF, REFS_1, SHORT_KO
from ui.links.share import MAX_LINK_STATE, encode_state
from ui.metrics.bleu import examples as learn_examples
from ui.metrics.bleu.cache import variants_text
from ui.metrics.bleu.wording import describe
from ui.state import explore as es

TUTORIAL = BleuOptions(tokenize="none", smooth_method="none")


def start(**query: str) -> AppTest:
    return open_app(**query)


def signature(at: AppTest) -> str:
    return next(c for c in code_lines(at) if c.startswith("nrefs:"))


def texts(at: AppTest) -> list[str]:
    """Every message and markdown text on the page."""
    return [e.value for kind in ("warning", "error", "info", "markdown", "caption") for e in getattr(at, kind)]


def assert_scores(at: AppTest, candidate: str, references: list[str] | tuple[str, ...], options: BleuOptions) -> None:
    expected = sentence_bleu(candidate, list(references), options)
    assert not at.exception, at.exception
    assert metric(at, "BLEU (0–100)") == f"{expected.score:.2f}"
    assert metric(at, "BLEU (0–1)") == f"{expected.value:.4f}"
    assert metric(at, "Brevity penalty") == f"{expected.bp:.4f}"
    assert signature(at) == expected.signature


def unescaped(message: str) -> str:
    """A message without the backslashes of ui.shell.markdown.escape_markdown (the one escaper of every page)."""
    return message.replace("\\", "")


def open_tab(at: AppTest, name: str) -> AppTest:
    at.session_state[es.TAB] = name
    return at.run()


def html_bodies(at: AppTest) -> list[str]:
    return [h.proto.body for h in at.get("html")]


def text_blocks(at: AppTest, kind: str) -> list[str]:
    """The coloured ``<div class="bleu-text bleu-{kind}">`` blocks (candidate or reference) on the page."""
    marker = '<div class="bleu-text '
    return [piece for body in html_bodies(at) for piece in body.split(marker)[1:] if piece.startswith(f"bleu-{kind}")]


# --- default view ---------------------------------------------------------------------------


def test_default_is_example_1_ca1_with_bleu_50_46():
    at = start()
    assert at.text_area(key=es.CANDIDATE).value == CA1
    assert [at.text_area(key=es.ref_key(i)).value for i in range(3)] == list(REFS_1)
    assert metric(at, "BLEU (0–100)") == "50.46"
    assert metric(at, "BLEU (0–1)") == "0.5046"
    assert metric(at, "c / r") == "18 / 18"
    assert_scores(at, CA1, REFS_1, TUTORIAL)
    assert any("p1 = 17/18" in t for t in texts(at))
    assert not at.warning and not at.error


def test_default_highlight_marks_obeys_unmatched_and_17_matched():
    at = start()
    [candidate] = text_blocks(at, "candidate")
    assert candidate.count('class="bleu-tok matched"') == 17
    assert candidate.count('class="bleu-tok unmatched"') == 1
    assert ">obeys<" in candidate.replace('<span class="bleu-mark"', "<")


def test_formula_tab_substitutes_ca1_fractions_and_result():
    at = open_tab(start(), "Formula")
    latex = " ".join(e.value for e in at.latex)
    for fraction in (r"\frac{17}{18}", r"\frac{10}{17}", r"\frac{7}{16}", r"\frac{4}{15}"):
        assert fraction in latex
    assert "= 0.5046" in latex and r"\mathrm{BP}" in latex


def test_order_selector_shows_each_orders_fraction_and_table():
    at = start()
    for n, fraction in zip((1, 2, 3, 4), ("17/18", "10/17", "7/16", "4/15")):
        at.radio(key=es.ORDER).set_value(n).run()
        assert any(f"p{n} = {fraction}" in t for t in texts(at)), n
        [table] = ngram_tables(at)
        assert list(table.columns[:5]) == ["n-gram", "Count", "Max_Ref_Count", "Count_clip", "source reference"]
        assert int(table["Count_clip"].sum()) == int(fraction.split("/")[0])
        assert int(table["Count"].sum()) == int(fraction.split("/")[1])


def test_lower_n_clamps_the_order_selector():
    at = start()
    at.radio(key=es.ORDER).set_value(4).run()
    at.number_input(key=es.MAX_ORDER).set_value(2).run()
    assert at.radio(key=es.ORDER).value == 2
    assert at.radio(key=es.ORDER).options == ["1-grams", "2-grams", "All orders"]


# --- sidebar options ------------------------------------------------------------------------


@pytest.mark.parametrize("tokenizer", ["none", "13a", "intl", "char"])
def test_tokenizer(tokenizer):
    at = start()
    at.selectbox(key=es.TOKENIZE).set_value(tokenizer).run()
    assert_scores(at, CA1, REFS_1, TUTORIAL.with_changes(tokenize=tokenizer))


def test_lowercase_matches_it_with_It():
    at = start()
    at.text_area(key=es.CANDIDATE).input(CA4).run()
    assert any("p1 = 1/2" in t for t in texts(at))
    at.checkbox(key=es.LOWERCASE).check().run()
    assert_scores(at, CA4, REFS_1, TUTORIAL.with_changes(lowercase=True))
    assert "case:lc" in signature(at)
    assert any("p1 = 2/2" in t for t in texts(at))


@pytest.mark.parametrize("n", [1, 2, 3, 5, 10])
def test_max_order(n):
    at = start()
    at.number_input(key=es.MAX_ORDER).set_value(n).run()
    assert_scores(at, CA1, REFS_1, TUTORIAL.with_changes(weights=(1 / n,) * n))


@pytest.mark.parametrize("n", [0, 11])
def test_max_order_out_of_range_is_an_inline_message(n):
    at = start()
    at.number_input(key=es.MAX_ORDER).set_value(n).run()
    assert not at.exception and not at.metric
    assert any("N must be a whole number from 1 to 10" in w.value for w in at.warning)


def test_custom_weights_valid():
    at = start()
    at.checkbox(key=es.CUSTOM_WEIGHTS).check().run()
    assert at.text_input(key=es.WEIGHTS).value == "0.25, 0.25, 0.25, 0.25"
    at.text_input(key=es.WEIGHTS).input("1/2, 1/4, 1/8, 1/8").run()
    assert_scores(at, CA1, REFS_1, TUTORIAL.with_changes(weights=(0.5, 0.25, 0.125, 0.125)))
    assert "weights:0.5,0.25,0.125,0.125" in signature(at)


@pytest.mark.parametrize(
    "text, message",
    [
        ("0.5, 0.5", "2 weights for N = 4"),
        ("0.5, 0.5, 0.5, 0.5", "weights must sum to 1"),
        ("a, b, c, d", "weights must be numbers"),
        ("1.5, -0.5, 0, 0", "non-negative"),
        ("", "comma-separated weights"),
    ],
)
def test_custom_weights_invalid_is_an_inline_message(text, message):
    at = start()
    at.checkbox(key=es.CUSTOM_WEIGHTS).check().run()
    at.text_input(key=es.WEIGHTS).input(text).run()
    assert not at.exception and not at.metric
    assert any(message in unescaped(w.value) for w in at.warning), [w.value for w in at.warning]


@pytest.mark.parametrize("method", [m for m in SMOOTHING_METHODS if m != "nltk-method6"])
def test_each_smoothing_on_ca2(method):
    at = start()
    at.text_area(key=es.CANDIDATE).input(CA2).run()
    at.selectbox(key=es.SMOOTH_METHOD).set_value(method).run()
    assert_scores(at, CA2, REFS_1, TUTORIAL.with_changes(smooth_method=method))


def test_nltk_method6_needs_a_trigram_match():
    at = start()
    at.selectbox(key=es.SMOOTH_METHOD).set_value("nltk-method6").run()
    assert_scores(at, CA1, REFS_1, TUTORIAL.with_changes(smooth_method="nltk-method6"))  # p3 = 7/16 > 0
    at.text_area(key=es.CANDIDATE).input(CA2).run()  # p3 = 0/12
    assert not at.exception and not at.metric
    assert any("nltk-method6 needs a non-zero trigram precision" in unescaped(e.value) for e in at.error)


def test_smoothing_value_follows_the_method_and_can_be_changed():
    at = start()
    at.text_area(key=es.CANDIDATE).input(CA2).run()
    at.selectbox(key=es.SMOOTH_METHOD).set_value("floor").run()
    assert at.number_input(key=es.SMOOTH_VALUE).value == pytest.approx(0.1)
    at.number_input(key=es.SMOOTH_VALUE).set_value(0.5).run()
    assert_scores(at, CA2, REFS_1, TUTORIAL.with_changes(smooth_method="floor", smooth_value=0.5))
    at.selectbox(key=es.SMOOTH_METHOD).set_value("nltk-method4").run()
    assert at.number_input(key=es.SMOOTH_VALUE).value == pytest.approx(5.0)
    at.selectbox(key=es.SMOOTH_METHOD).set_value("exp").run()
    assert [w.key for w in at.number_input] == [es.MAX_ORDER]  # exp takes no value


def test_negative_smoothing_value_is_an_inline_message():
    at = start()
    at.selectbox(key=es.SMOOTH_METHOD).set_value("add-k").run()
    at.number_input(key=es.SMOOTH_VALUE).set_value(-1.0).run()
    assert not at.exception and not at.metric
    assert any("smoothing value must be 0 or more" in w.value for w in at.warning)


def test_effective_order_rescues_a_short_sentence():
    at = start()
    at.text_area(key=es.CANDIDATE).input(SHORT_KO).run()
    at.text_area(key=es.ref_key(0)).input(SHORT_KO).run()
    at.button(key="explore_remove_2").click().run()
    at.button(key="explore_remove_1").click().run()
    assert metric(at, "BLEU (0–100)") == "0.00"
    assert any("Why is it zero?" in w.value and "fewer than N = 4" in w.value for w in at.warning)
    at.checkbox(key=es.EFFECTIVE_ORDER).check().run()
    assert metric(at, "BLEU (0–100)") == "100.00"
    assert_scores(at, SHORT_KO, [SHORT_KO], TUTORIAL.with_changes(effective_order=True))


def test_effective_order_is_disabled_and_unused_with_nltk_smoothing():
    """As on Corpus and Compare (one options model): NLTK's methods have no effective order."""
    at = start()
    at.checkbox(key=es.EFFECTIVE_ORDER).check().run()
    at.selectbox(key=es.SMOOTH_METHOD).set_value("nltk-method1").run()
    assert at.checkbox(key=es.EFFECTIVE_ORDER).disabled
    assert_scores(at, CA1, REFS_1, TUTORIAL.with_changes(smooth_method="nltk-method1"))


@pytest.mark.parametrize("rule", ["shortest", "average"])
def test_reference_length_rule(rule):
    at = start()
    at.radio(key=es.REF_LENGTH).set_value(rule).run()
    assert_scores(at, CA1, REFS_1, TUTORIAL.with_changes(ref_length=rule))
    assert metric(at, "c / r") == ("18 / 16" if rule == "shortest" else f"18 / {50 / 3:g}")


@pytest.mark.parametrize("variant", ["simplified", "tutorial"])
def test_variant_on_ca2(variant):
    at = start()
    at.text_area(key=es.CANDIDATE).input(CA2).run()
    at.radio(key=es.VARIANT).set_value(variant).run()
    assert_scores(at, CA2, REFS_1, TUTORIAL.with_changes(variant=variant))
    if variant == "tutorial":
        assert metric(at, "BLEU (0–1)") == "0.3969"


# --- references and text --------------------------------------------------------------------


def test_add_and_remove_references():
    at = start()
    next(b for b in at.button if b.label == "Add a reference").click().run()
    assert at.text_area(key=es.ref_key(3)).value == ""
    assert_scores(at, CA1, REFS_1, TUTORIAL)  # an empty reference is ignored
    assert any("1 empty reference(s) are ignored" in c.value for c in at.caption)
    at.text_area(key=es.ref_key(3)).input(CA1).run()
    assert_scores(at, CA1, [*REFS_1, CA1], TUTORIAL)
    assert metric(at, "BLEU (0–100)") == "100.00"
    at.button(key="explore_remove_3").click().run()
    at.button(key="explore_remove_0").click().run()
    assert [t.label for t in at.text_area][1:] == ["Reference 1", "Reference 2"]
    assert_scores(at, CA1, REFS_1[1:], TUTORIAL)
    at.button(key="explore_remove_1").click().run()
    assert at.button(key="explore_remove_2").disabled  # the last reference cannot be removed
    assert_scores(at, CA1, REFS_1[2:], TUTORIAL)


@pytest.mark.parametrize("text", ["", "   \n\t "])
def test_empty_candidate_is_scored_zero_with_its_reason(text):
    """As sacreBLEU: c = 0 gives BP = 0 and BLEU 0 (issue 10, part 7); every tab renders it."""
    from sacrebleu.metrics import BLEU

    theirs = BLEU(tokenize="none", smooth_method="none", effective_order=False).sentence_score(text, list(REFS_1))
    at = start()
    at.text_area(key=es.CANDIDATE).input(text).run()
    assert not at.exception and not at.error
    assert metric(at, "BLEU (0–100)") == f"{theirs.score:.2f}" == "0.00"
    assert metric(at, "Brevity penalty") == f"{theirs.bp:.4f}" == "0.0000"
    assert metric(at, "c / r") == f"0 / {theirs.ref_len}"
    assert at.subheader[0].value == "BLEU 0.00 (standard, no smoothing)"
    [why] = [w.value for w in at.warning if "Why is it zero?" in w.value]
    assert "The candidate is empty (c = 0)" in why and "brevity penalty is 0" in why
    assert "BP = 0.000" in next(c for c in code_lines(at) if c.startswith("BLEU = "))
    for tab in es.TABS:
        open_tab(at, tab)
        assert not at.exception and not at.error, tab
        shown = " ".join([*texts(at), *(e.value for e in at.latex), *code_lines(at)])
        assert "nan" not in shown.lower().split() and "inf" not in shown.lower().split(), tab
    open_tab(at, "Variants")
    assert set(variants_tables(at)[0]["BLEU"]) == {"0.0000"}


def test_all_references_empty_is_an_inline_message():
    at = start()
    for i in range(3):
        at.text_area(key=es.ref_key(i)).input(" ")
    at.run()
    assert not at.exception and not at.metric
    assert any("Every reference is empty" in w.value for w in at.warning)


def test_korean_example():
    at = start()
    at.text_area(key=es.CANDIDATE).input(KO_CAND)
    at.text_area(key=es.ref_key(0)).input(KO_REF)
    at.run()
    at.button(key="explore_remove_2").click().run()
    at.button(key="explore_remove_1").click().run()
    assert_scores(at, KO_CAND, [KO_REF], TUTORIAL)
    assert metric(at, "BLEU (0–1)") == "0.2540"
    assert any("p1 = 10/14" in t for t in texts(at))
    assert "빛이" in next(b for b in html_bodies(at) if "bleu-candidate" in b)


def test_ca2_diagnosis_lists_fixes_with_scores():
    at = start()
    at.text_area(key=es.CANDIDATE).input(CA2).run()
    warning = next(w.value for w in at.warning if "Why is it zero?" in w.value)
    assert "No 3-gram or 4-gram of the candidate appears in a reference" in warning
    fixes = at.dataframe[0].value
    expected = explain(CA2, REFS_1, TUTORIAL).diagnosis
    assert expected is not None
    assert list(fixes["change"]) == [describe(f.change) for f in expected.fixes]
    assert {"N = 2", "smoothing exp"} <= set(fixes["change"])  # CA2 matches 1- and 2-grams only
    assert list(fixes["BLEU"]) == pytest.approx([f.score for f in expected.fixes])


# --- the other tabs -------------------------------------------------------------------------


def test_charts_variants_tokenizers_and_export_tabs():
    at = open_tab(start(), "Charts")
    assert len(at.get("vega_lite_chart")) == 2
    open_tab(at, "Variants")
    assert len(at.get("vega_lite_chart")) == 1
    table = variants_tables(at)[0]
    assert {"standard", "simplified", "tutorial", "none", "exp", "nltk-method7"} <= set(table.index)
    assert table.loc["standard", "BLEU"] == "50.4567"
    assert list(table.index[table["= headline"] == "yes"]) == ["standard", "none"]
    assert all(isinstance(note, str) and note for note in table["why it differs"])
    open_tab(at, "Tokenizers")
    tokens = at.dataframe[0].value
    assert list(tokens["tokenizer"]) == list(TOKENIZER_NAMES)  # every tokenizer of the registry
    assert list(tokens.loc[0, ["p1", "p2", "p3", "p4"]]) == ["17/18", "10/17", "7/16", "4/15"]
    open_tab(at, "Export")
    expected = sentence_bleu(CA1, list(REFS_1), TUTORIAL)
    token = at.query_params["s"]
    token = token[0] if isinstance(token, list) else token
    copyable = [c.value for c in at.code]  # st.code: each with a copy button
    assert copyable[:2] == [expected.format(), expected.signature] and copyable[2].endswith(f"?s={token}"), copyable
    assert [d.label for d in at.get("download_button")] == ["Download the full result (JSON)"]


# --- link state -----------------------------------------------------------------------------


def test_link_round_trip_reproduces_inputs_and_numbers():
    at = start()
    at.text_area(key=es.CANDIDATE).input(KO_CAND)
    at.text_area(key=es.ref_key(1)).input(KO_REF)
    at.selectbox(key=es.TOKENIZE).set_value("13a")
    at.checkbox(key=es.LOWERCASE).check()
    at.number_input(key=es.MAX_ORDER).set_value(3)
    at.run()
    at.selectbox(key=es.SMOOTH_METHOD).set_value("floor").run()
    at.number_input(key=es.SMOOTH_VALUE).set_value(0.25)
    at.radio(key=es.REF_LENGTH).set_value("shortest")
    at.radio(key=es.VARIANT).set_value("simplified")
    at.radio(key=es.ORDER).set_value(2)
    at.run()
    token = at.query_params["s"]
    token = token[0] if isinstance(token, list) else token
    before = {label: metric(at, label) for label in ("BLEU (0–100)", "BLEU (0–1)", "Brevity penalty", "c / r")}

    again = start(s=token)
    assert {label: metric(again, label) for label in before} == before
    assert signature(again) == signature(at)
    assert again.text_area(key=es.CANDIDATE).value == KO_CAND
    assert [again.text_area(key=es.ref_key(i)).value for i in range(3)] == [REFS_1[0], KO_REF, REFS_1[2]]
    assert again.number_input(key=es.SMOOTH_VALUE).value == pytest.approx(0.25)
    assert again.radio(key=es.ORDER).value == 2
    assert not again.error


@pytest.mark.parametrize(
    "token, reason",
    [
        ("not*base64!", "corrupted"),
        ("A" * (MAX_LINK_STATE + 1), "limit"),
        (encode_state({"v": 99}), "another version"),
        (encode_state([1, 2]), "not a set of named values"),  # type: ignore[arg-type]
    ],
)
def test_unreadable_link_shows_a_message_and_the_default_example(token, reason):
    at = start(s=token)
    assert not at.exception
    assert any(
        "This link could not be opened" in unescaped(w.value) and reason in unescaped(w.value) for w in at.warning
    ), [w.value for w in at.warning]
    assert metric(at, "BLEU (0–100)") == "50.46"
    assert at.text_area(key=es.CANDIDATE).value == CA1


@pytest.mark.parametrize(
    "fields, dropped, kept",
    [
        ({"n": "four"}, "This link's N 'four' is not a whole number from 1 to 10: kept the rest, using N = 4.", {}),
        (
            {"r": []},
            "This link's references should be a list of 1 to 20 texts: kept the rest, using the default references.",
            {},
        ),
        ({"tok": "<script>"}, "This link's tokenizer '<script>' is unknown", {"tok": "none"}),
        ({"n": 11, "lc": True}, "This link's N 11 is not a whole number from 1 to 10", {"lc": True}),
        (
            {"sm": "floor", "sv": -1},
            "This link's smoothing value -1 is not a number of 0 or more: kept the rest, using smoothing value 0.1.",
            {"sm": "floor", "sv": 0.1},
        ),
        (
            {"sm": "foo"},
            "This link's smoothing 'foo' is unknown: kept the rest, using smoothing 'none'.",
            {"sm": "none"},
        ),
    ],
)
def test_partly_wrong_link_opens_the_rest_and_names_what_it_dropped(fields, dropped, kept):
    """Version-1 links (flat option fields, as the page wrote them before the shared options model)."""
    at = start(s=encode_state({"v": 1, "c": CA2, "r": fields.get("r", ["x"]), **fields}))
    assert not at.exception
    shown = " ".join(unescaped(w.value) for w in at.warning)
    assert dropped in shown, shown
    assert at.text_area(key=es.CANDIDATE).value == CA2  # the rest of the link is kept
    widgets = {
        "tok": at.selectbox(key=es.TOKENIZE),
        "lc": at.checkbox(key=es.LOWERCASE),
        "sm": at.selectbox(key=es.SMOOTH_METHOD),
    }
    for field, value in kept.items():
        widget = widgets.get(field) or at.number_input(key=es.SMOOTH_VALUE)
        assert widget.value == pytest.approx(value) if isinstance(value, float) else widget.value == value


def test_link_is_shown_for_copying_and_too_long_input_is_explained():
    at = start()
    token = at.query_params["s"]
    token = token[0] if isinstance(token, list) else token
    assert any(c.endswith(f"?s={token}") for c in code_lines(at))
    assert es.PAGE_STATE.from_link(token) == (es.DEFAULT, [])
    import random

    rng = random.Random(0)
    noise = " ".join("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(8)) for _ in range(2000))
    at.text_area(key=es.CANDIDATE).input(noise).run()
    assert "s" not in at.query_params
    assert any("too long to fit in a link" in i.value for i in at.info)
    assert metric(at, "BLEU (0–100)") == f"{sentence_bleu(noise, list(REFS_1), TUTORIAL).score:.2f}"


def test_state_survives_a_visit_to_another_page():
    at = start()
    at.text_area(key=es.CANDIDATE).input(CA2)
    at.checkbox(key=es.LOWERCASE).check()
    at.run()
    at.switch_page("app_pages/learn.py").run()
    assert not at.exception
    at.switch_page("app_pages/explore.py").run()
    assert at.text_area(key=es.CANDIDATE).value == CA2
    assert at.checkbox(key=es.LOWERCASE).value is True
    assert_scores(at, CA2, REFS_1, TUTORIAL.with_changes(lowercase=True))


def test_state_helpers_agree_with_learn_examples():
    assert es.DEFAULT.candidate == learn_examples.CA1 == CA1
    assert es.to_options(es.DEFAULT) == TUTORIAL
    state = es.from_options(CA2, REFS_1, TUTORIAL.with_changes(weights=(0.5, 0.5)))
    assert es.to_options(state).weights == (0.5, 0.5)
    assert es.PAGE_STATE.from_link(es.PAGE_STATE.to_link(state)) == (state, [])


# --- pure helpers behind the page -----------------------------------------------------------


def test_csv_and_json_exports_hold_the_counts():
    import json

    from ui.metrics.bleu import ngram_table

    result = explain(CA1, REFS_1, TUTORIAL)
    csv = ngram_table.order_csv(result.order(1)).splitlines()
    assert csv[0] == "n-gram,Count,Max_Ref_Count,Count_clip,source reference,clipped away,positions"
    assert 'the,3,4,3,"2, 3",0,"10, 14, 17"' in csv
    data = json.loads(ngram_table.result_json(result, es.as_dict(es.DEFAULT)))
    assert data["score"] == result.score.to_dict()
    assert [(o["matches"], o["total"]) for o in data["orders"]] == [(17, 18), (10, 17), (7, 16), (4, 15)]
    assert data["inputs"]["candidate"] == CA1 and data["diagnosis"] is None
    ca2 = json.loads(ngram_table.result_json(explain(CA2, REFS_1, TUTORIAL), {}))
    assert ca2["diagnosis"]["fixes"][0]["change"] == "N = 2"


@pytest.mark.parametrize(
    "options, mean",
    [
        (TUTORIAL, r"\exp(-\infty) = 0"),
        (TUTORIAL.with_changes(variant="tutorial"), "= 0.4579"),
        (TUTORIAL.with_changes(smooth_method="exp"), "= 0.0803"),
    ],
)
def test_formula_steps_follow_the_zero_rules(options, mean):
    from ui.metrics.bleu.formula import formula_steps, log_terms

    score = explain(CA2, REFS_1, options).score
    steps = dict(formula_steps(score))
    assert mean in steps["Geometric mean of the precisions"]
    assert steps[f"Result: {score.score:.2f} on the 0–100 scale"].endswith(
        f"= {score.value:.4f}".rstrip("0").rstrip(".")
    )
    terms = log_terms(score)
    assert [t.fraction for t in terms] == ["8/14", "1/13", "0/12", "0/11"]
    assert r"c = 14 \le r = 16" in steps["Brevity penalty (candidate length c, reference length r)"]


def test_charts_carry_fractions_log_terms_and_the_input_point():
    from ui.metrics.bleu import charts, variants

    result = explain(CA1, REFS_1, TUTORIAL)
    frame = charts.precision_frame(result.score)
    assert list(frame["fraction"]) == ["17/18", "10/17", "7/16", "4/15"]
    assert frame["log_term"].sum() == pytest.approx(math.log(0.5045666840058485), abs=1e-12)
    spec = charts.brevity_chart(result.score).to_dict()
    assert "c = 18, r = 18" in str(spec["title"])
    scores = variants_text(CA2, REFS_1, TUTORIAL)
    table = variants.variants_table(scores)
    assert table.loc["standard", "BLEU"] == "0.0000"
    assert table.loc["tutorial", "BLEU"] == "39.6929"
    assert len(table) == len(scores) == 3 + 12


@pytest.mark.parametrize(
    "candidate, reference, tokenizer, n, smoothing",
    [
        ("<skipped>", "the cat", "13a", 4, "none"),  # 13a deletes "<skipped>": c = 0 after tokenization
        ("the cat", "<skipped>", "13a", 4, "exp"),  # r = 0
        ("a", "a", "none", 10, "none"),  # shorter than every order but 1
        ("the cat sat on the mat", "the cat sat on the mat", "none", 4, "nltk-method5"),  # p_n can exceed 1
        ("나는 사람이다", "나는 사람이다", "char", 6, "add-k"),
    ],
)
def test_edge_inputs_render_every_tab(candidate, reference, tokenizer, n, smoothing):
    at = start()
    at.text_area(key=es.CANDIDATE).input(candidate)
    at.text_area(key=es.ref_key(0)).input(reference)
    at.selectbox(key=es.TOKENIZE).set_value(tokenizer)
    at.number_input(key=es.MAX_ORDER).set_value(n)
    at.run()
    at.button(key=es.remove_key(2)).click().run()
    at.button(key=es.remove_key(1)).click().run()
    at.selectbox(key=es.SMOOTH_METHOD).set_value(smoothing).run()
    options = TUTORIAL.with_changes(tokenize=tokenizer, weights=(1 / n,) * n, smooth_method=smoothing)
    assert_scores(at, candidate, [reference], options)
    for tab in es.TABS:
        open_tab(at, tab)
        assert not at.exception, (tab, at.exception)
        assert not at.error, (tab, [e.value for e in at.error])
