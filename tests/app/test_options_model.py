"""The one options model (ui.options.bleu), its presets, and the one link codec (ui.links.share) of every
page."""

from __future__ import annotations

import pytest
from sacrebleu.metrics import BLEU

from bleucore import BleuOptions, corpus_bleu, sentence_bleu
from bleucore.metrics.bleu.options import (
    MAX_ORDER_LIMIT,
    REF_LENGTH_RULES,
    SMOOTHING_METHODS,
    TOKENIZER_NAMES,
    VARIANTS,
)
from tests.golden_examples import CA1, CA2, REFS_1
from ui.links.share import LinkStateError, OtherPageLink, decode_state, encode_state, forget, is_new, remember
from ui.options import bleu as om
from ui.state import compare as cps
from ui.state import corpus as cs
from ui.state import explore as es
from ui.state.page import init_page, save_state

EPSILON = 1e-9
HYPS = ["the cat sat on the mat", "a dog", "it is raining today in the city"]
REFS = [["the cat sat on a mat", "a dog barked", "it rains today in the city"]]

# Links made by the code before the shared model (version 1), kept verbatim: they must still open.
V1_EXPLORE = (
    "eNpVTkEOwjAM-0rlczVtTFz6FcQhKq1W0S6oDXBA_J0UMQSHWLETO3nAw0GWYDyJaVq8mk4LCSz8HU7qNViEGLc2-61b4WYLhttZVLjDNyi1_xz6"
    "jae3eFRL1ttt4Sqh9a1WlMfMXDu5wY2DBgufVZ5mUlG1SZFqN6ZyySmmcNKB_olx2Fujlg_i-QI1H0CP"
)
V1_COMPARE = (
    "eNpdjksOwjAMRK8SzTqg8hOSrwIs0sYpqGlTxQEJVb07zgYhdjP2m7EXuAw6NY1FK6BDFQm0gEMABReFLWL3lRPoaJEjCF1MwlJgIaNa5_1mqOYF2m"
    "-1pqShUnc9YPGqZ1CeJeWHi1gtZtdz3adxdpkVUeACZ1rTXSdv2ATctI3Zg84qsj6hISmVlbf80b1Oq_U_Yf1kt34A_RxBkA"
)
V1_CORPUS = (
    "eNoVy0EKwzAMRNG7zNqbNO1GtxGOXEoV20hOKITcvfLuDcy_oJ8qoMcroYEuSCmgYYckaAYVVg9W0DPBFISszcUHEnyPKb8eHO0bXlYOn2xhH1w3tg"
    "13Que3zLJZP3yGlueD964yA9By_wEVVilz"
)


# --------------------------------------------------------------------------- presets


def test_tutorial_preset_is_whitespace_no_smoothing_and_gives_the_tutorials_number() -> None:
    options = om.TUTORIAL.sentence_options()
    assert options == BleuOptions(tokenize="none", smooth_method="none", effective_order=False)
    assert options.max_order == 4 and options.uniform and options.ref_length == "closest"
    assert options.variant == "standard"
    assert sentence_bleu(CA1, list(REFS_1), options).value == pytest.approx(0.5045666840058485, abs=EPSILON)  # golden


def test_sacrebleu_preset_equals_sacrebleu_corpus_and_sentence_defaults() -> None:
    assert om.SACREBLEU.corpus_options() == BleuOptions()  # corpus BLEU never uses effective order
    assert om.SACREBLEU.sentence_options() == BleuOptions(effective_order=True)
    assert corpus_bleu(HYPS, REFS, om.SACREBLEU.corpus_options()).score == pytest.approx(
        BLEU().corpus_score(HYPS, REFS).score, abs=EPSILON
    )
    for hyp, ref in zip(HYPS, REFS[0]):
        ours = sentence_bleu(hyp, [ref], om.SACREBLEU.sentence_options()).score
        assert ours == pytest.approx(BLEU(effective_order=True).sentence_score(hyp, [ref]).score, abs=EPSILON)


def test_preset_names_and_custom() -> None:
    assert om.preset_name(om.TUTORIAL) == om.TUTORIAL_NAME == "tutorial (whitespace, no smoothing)"
    assert om.preset_name(om.SACREBLEU) == om.SACREBLEU_NAME == "sacreBLEU defaults"
    # a value the method does not use, or weights text while weights are uniform, changes nothing
    assert om.preset_name(om.Choices(smooth_value=0.3, weights="0.5, 0.5")) == om.SACREBLEU_NAME
    for change in ({"tokenize": "intl"}, {"max_order": 3}, {"effective_order": False}, {"custom_weights": True}):
        assert om.preset_name(om.Choices(**change)) == om.CUSTOM, change  # type: ignore[arg-type]
    text = om.describe(om.TUTORIAL.__class__(tokenize="none", smooth_method="floor", smooth_value=0.2, max_order=3))
    assert text.startswith("custom: ") and "smoothing floor 0.2" in text and "N = 3" in text
    assert om.describe(om.TUTORIAL) == "tutorial preset (whitespace, no smoothing)"


def test_validation_is_a_readable_value_error() -> None:
    for choices, message in (
        (om.Choices(max_order=0), "N must be a whole number from 1 to 10, got 0"),
        (om.Choices(max_order=MAX_ORDER_LIMIT + 1), "from 1 to 10"),
        (om.Choices(custom_weights=True, weights="0.5, 0.6, 0, 0"), "weights must sum to 1"),
        (om.Choices(custom_weights=True, weights="0.5, 0.5"), "2 weights for N = 4"),
        (om.Choices(smooth_method="add-k", smooth_value=-1.0), "the smoothing value must be 0 or more"),
        (om.Choices(tokenize="moses"), "unknown tokenizer 'moses'"),
    ):
        with pytest.raises(ValueError, match=message):
            choices.sentence_options()


def test_effective_order_is_for_sentence_bleu_only_and_never_with_nltk() -> None:
    choices = om.Choices(smooth_method="nltk-method1", effective_order=True)
    assert not choices.sentence_options().effective_order
    assert not om.Choices(effective_order=True).corpus_options().effective_order
    weights = om.Choices(custom_weights=True, weights="1/2, 1/4, 1/8, 1/8").corpus_options().weights
    assert weights == (0.5, 0.25, 0.125, 0.125)


def test_choices_round_trip_through_bleu_options() -> None:
    options = BleuOptions(tokenize="char", lowercase=True, weights=(0.5, 0.5), smooth_method="floor", smooth_value=0.3)
    assert om.Choices.from_bleu(options).sentence_options() == options


# --------------------------------------------------------------------------- widget keys


def test_widget_values_and_read_agree_for_every_page_prefix() -> None:
    choices = om.Choices(
        tokenize="intl",
        lowercase=True,
        max_order=3,
        custom_weights=True,
        weights="0.5, 0.25, 0.25",
        smooth_method="add-k",
        smooth_value=2.0,
        effective_order=False,
        ref_length="average",
        variant="tutorial",
    )
    for prefix in ("explore", "corpus", "compare"):
        keys = om.OptionKeys(prefix)
        values = om.widget_values(keys, choices)
        assert all(key.startswith(f"{prefix}_") for key in values)
        assert om.read(values, keys) == choices
    assert es.OPTIONS.key("tokenize") == es.TOKENIZE and cs.CORPUS.key("tokenize") == "corpus_tokenize"


# --------------------------------------------------------------------------- links


EVERY_FIELD = es.ExploreState(
    candidate="the cat sat on the mat",
    references=("the cat is on the mat", "a cat sat on a mat"),
    options=om.Choices(
        tokenize="13a",
        lowercase=True,
        max_order=3,
        custom_weights=True,
        weights="0.5, 0.25, 0.25",
        smooth_method="floor",
        smooth_value=0.2,
        effective_order=True,
        ref_length="shortest",
        variant="simplified",
    ),
    order=0,  # all orders
    tab="Charts",
)


def test_explore_link_round_trips_every_field_including_tab_and_order_0() -> None:
    token = es.PAGE_STATE.to_link(EVERY_FIELD)
    assert decode_state(token)["page"] == "explore" and decode_state(token)["v"] == 2
    assert es.PAGE_STATE.from_link(token) == (EVERY_FIELD, [])
    for order in range(0, 4):
        for tab in es.TABS:
            state = es.with_changes(EVERY_FIELD, order=order, tab=tab)
            assert es.PAGE_STATE.from_link(es.PAGE_STATE.to_link(state)) == (state, [])


def test_corpus_and_compare_links_round_trip_every_option() -> None:
    corpus = cs.CorpusState(
        source="paste", hypothesis="a b\nc d", references=("a b\nc e",), line=2, options=EVERY_FIELD.options
    )
    assert cs.PAGE.from_link(cs.PAGE.to_link(corpus)) == (corpus, [])
    compare = cps.CompareState(
        source="paste",
        references=("a\nb",),
        systems=("a\nb", "a\nc"),
        n_samples=200,
        n_trials=300,
        seed=5,
        options=EVERY_FIELD.options,
    )
    assert cps.PAGE.from_link(cps.PAGE.to_link(compare)) == (compare, [])


def test_version_1_links_made_by_the_old_code_still_open() -> None:
    state, notes = es.PAGE_STATE.from_link(V1_EXPLORE)
    assert notes == []
    assert state == es.with_changes(EVERY_FIELD, order=2, tab=es.TABS[0])
    compare, notes = cps.PAGE.from_link(V1_COMPARE)
    assert notes == [] and compare.systems == ("a b c\nd e g", "a b d\nd e f") and compare.seed == 7
    assert compare.options == om.Choices(
        tokenize="char", smooth_method="add-k", smooth_value=2.0, effective_order=False, variant="tutorial"
    )
    corpus, notes = cs.PAGE.from_link(V1_CORPUS)
    assert notes == [] and corpus.line == 25 and corpus.options == om.SACREBLEU


@pytest.mark.parametrize(
    "fields, note, check",
    [
        (
            {"opt": {"sm": "foo", "tok": "13a"}},
            "This link's smoothing 'foo' is unknown: kept the rest, using smoothing 'none'.",
            lambda s: s.options.tokenize == "13a",
        ),
        (
            {"opt": {"n": 12, "lc": True}},
            "N 12 is not a whole number from 1 to 10: kept the rest, using N = 4",
            lambda s: s.options.lowercase and s.options.max_order == 4,
        ),
        ({"opt": "13a"}, "This link's options are not a set of named values", lambda s: s.options == om.TUTORIAL),
        ({"tab": "Secrets"}, "This link's tab 'Secrets' is unknown", lambda s: s.tab == es.TABS[0]),
        ({"o": 5}, "n-gram order 5 is not a whole number from 0 to 4", lambda s: s.order == 1),
        ({"o": 1.5}, "n-gram order 1.5 is not a whole number", lambda s: s.order == 1),
        ({"c": 7}, "This link's candidate is not a text: kept the rest", lambda s: s.candidate == es.DEFAULT.candidate),
    ],
)
def test_partial_link_opens_the_rest_and_names_the_dropped_field(fields, note, check) -> None:
    state, notes = es.PAGE_STATE.from_link(
        encode_state({"page": "explore", "v": 2, "c": CA2, "r": ["x"], "o": 2, **fields})
    )
    assert len(notes) == 1 and note in notes[0] and notes[0].startswith("This link's"), notes
    assert check(state)
    assert state.references == ("x",)


def test_unreadable_and_foreign_links_are_refused() -> None:
    with pytest.raises(LinkStateError, match="another version"):
        es.PAGE_STATE.from_link(encode_state({"page": "explore", "v": 3}))
    with pytest.raises(LinkStateError, match="corrupted"):
        es.PAGE_STATE.from_link("not*base64!")
    with pytest.raises(OtherPageLink):
        es.PAGE_STATE.from_link(V1_CORPUS)
    with pytest.raises(OtherPageLink):
        cs.PAGE.from_link(es.PAGE_STATE.to_link(es.DEFAULT))


def test_a_session_never_reopens_a_token_it_made_or_opened() -> None:
    session: dict[str, object] = {}
    assert is_new(session, "k", "a") and not is_new(session, "k", None) and not is_new(session, "k", "")
    for token in "abc":
        remember(session, "k", token)
    assert not is_new(session, "k", "a") and is_new(session, "k", "d")
    for i in range(100):
        remember(session, "k", str(i))
    assert is_new(session, "k", "a") and not is_new(session, "k", "99")  # bounded: the oldest are forgotten
    assert len(session["k"]) <= 32  # type: ignore[arg-type]


def test_choices_come_from_bleucore() -> None:
    assert set(om.PRESETS) == {om.SACREBLEU_NAME, om.TUTORIAL_NAME}
    for choices in om.PRESETS.values():
        assert choices.tokenize in TOKENIZER_NAMES and choices.smooth_method in SMOOTHING_METHODS
        assert choices.ref_length in REF_LENGTH_RULES and choices.variant in VARIANTS


def test_explore_keeps_edits_against_a_stale_address_but_a_hand_off_opens_again() -> None:
    """The browser may send back an address Explore already opened; only a hand-off (forget) reopens it."""
    token = es.PAGE_STATE.to_link(es.with_changes(es.DEFAULT, candidate=CA2))
    session: dict[str, object] = {}
    assert init_page(session, token, es.PAGE_STATE)[1] is None and session[es.CANDIDATE] == CA2
    session[es.CANDIDATE] = "an edit"
    save_state(session, es.PAGE_STATE, es.read(session))
    init_page(session, token, es.PAGE_STATE)  # the old address came back with a rerun
    assert session[es.CANDIDATE] == "an edit"
    forget(session, es.PAGE_STATE.loaded_key, token)  # what ui.state.handoff.follow does before switching to Explore
    init_page(session, token, es.PAGE_STATE)
    assert session[es.CANDIDATE] == CA2
