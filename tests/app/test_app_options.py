"""The options control every page shares (AppTest): starting preset, preset selector, reset, widget types.

Numbers are checked against sacreBLEU 2.6 on the same texts, and the tutorials' golden 0.5046.
"""

from __future__ import annotations

import pytest
from sacrebleu.metrics import BLEU
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import Block, Selectbox

from bleucore.metrics.bleu.options import TOKENIZER_NAMES
from tests.conftest import corpus_score, sample_lines
from tests.conftest import open_app as open_page
from tests.golden_examples import CA1, REFS_1
from ui.options import bleu as om

PAGES = ("explore", "corpus", "compare")
START = {"explore": om.TUTORIAL_NAME, "corpus": om.SACREBLEU_NAME, "compare": om.SACREBLEU_NAME}
EPSILON = 1e-9


def key(page: str, name: str) -> str:
    return om.OptionKeys(page).key(name)


def preset_box(at: AppTest | Block) -> Selectbox[str]:
    return next(box for box in at.selectbox if box.label == "Preset")


def explore_score(at: AppTest) -> str:
    return next(m.value for m in at.metric if m.label == "BLEU (0–100)")


def options_caption(at: AppTest) -> str:
    return next(c.value for c in at.caption if c.value.startswith("Options: "))


def sample() -> tuple[list[str], list[list[str]]]:
    return sample_lines("system_a.en"), [sample_lines("ref.en"), sample_lines("ref2.en")]


@pytest.mark.parametrize("page", PAGES)
def test_each_page_starts_with_its_named_preset(page: str) -> None:
    at = open_page(page)
    assert preset_box(at).value == START[page]
    label = "Reset to the tutorial preset" if page == "explore" else "Reset to sacreBLEU defaults"
    assert at.button(key=key(page, "reset")).label == label
    caption = options_caption(at)
    assert caption.startswith("Options: tutorial preset" if page == "explore" else "Options: sacreBLEU defaults")
    if page == "explore":
        assert explore_score(at) == "50.46"  # the tutorials' Example 1 (golden 0.5046)
    elif page == "corpus":
        hyps, refs = sample()
        assert corpus_score(at) == pytest.approx(BLEU().corpus_score(hyps, refs).score, abs=EPSILON)


def test_explore_preset_selector_custom_and_reset() -> None:
    at = open_page("explore")
    preset_box(at).set_value(om.SACREBLEU_NAME).run()
    assert at.selectbox(key=key("explore", "tokenize")).value == "13a"
    assert at.selectbox(key=key("explore", "smooth_method")).value == "exp"
    assert at.checkbox(key=key("explore", "effective_order")).value is True
    expected = BLEU(effective_order=True).sentence_score(CA1, list(REFS_1)).score
    assert explore_score(at) == f"{expected:.2f}"
    assert options_caption(at).startswith("Options: sacreBLEU defaults")
    at.checkbox(key=key("explore", "lowercase")).check().run()
    assert preset_box(at).value == om.CUSTOM
    assert "custom: " in options_caption(at) and "lowercase" in options_caption(at)
    at.button(key=key("explore", "reset")).click().run()
    assert preset_box(at).value == om.TUTORIAL_NAME
    assert at.checkbox(key=key("explore", "lowercase")).value is False
    assert explore_score(at) == "50.46"
    preset_box(at).set_value(om.CUSTOM).run()  # choosing "custom" changes nothing
    assert preset_box(at).value == om.TUTORIAL_NAME


@pytest.mark.parametrize("page", ["corpus", "compare"])
def test_corpus_and_compare_preset_selector_and_reset(page: str) -> None:
    at = open_page(page)
    preset_box(at).set_value(om.TUTORIAL_NAME).run()
    assert at.selectbox(key=key(page, "tokenize")).value == "none"
    assert at.selectbox(key=key(page, "smooth_method")).value == "none"
    assert options_caption(at).startswith("Options: tutorial preset")
    hyps, refs = sample()
    if page == "corpus":
        plain = BLEU(tokenize="none", smooth_method="none").corpus_score(hyps, refs).score
        assert corpus_score(at) == pytest.approx(plain, abs=EPSILON)
    at.radio(key=key(page, "variant")).set_value("simplified").run()
    assert preset_box(at).value == om.CUSTOM
    at.button(key=key(page, "reset")).click().run()
    assert preset_box(at).value == om.SACREBLEU_NAME
    assert at.radio(key=key(page, "variant")).value == "standard"
    if page == "corpus":
        assert corpus_score(at) == pytest.approx(BLEU().corpus_score(hyps, refs).score, abs=EPSILON)


def _widget_types(at: AppTest, page: str) -> dict[str, str]:
    prefix = f"{page}_"
    types = {}
    for kind in ("selectbox", "checkbox", "number_input", "radio", "text_input", "button"):
        for widget in at.get(kind):
            name = (widget.key or "")[len(prefix) :].split(":")[0]  # the preset box's key names the preset shown
            if (widget.key or "").startswith(prefix) and name in (*om.NAMES, "preset", "reset"):
                types[name] = kind
    return types


def test_the_same_option_has_the_same_widget_on_every_page() -> None:
    seen = {}
    for page in PAGES:
        at = open_page(page)
        at.checkbox(key=key(page, "custom_weights")).check()
        at.selectbox(key=key(page, "smooth_method")).set_value("floor").run()
        seen[page] = _widget_types(at, page)
        assert set(seen[page]) == {*om.NAMES, "preset", "reset"}, page
    assert seen["explore"] == seen["corpus"] == seen["compare"]
    at = open_page("corpus")
    assert list(at.selectbox(key=key("corpus", "tokenize")).options) == list(TOKENIZER_NAMES)  # from bleucore


@pytest.mark.parametrize("page", PAGES)
def test_a_browser_one_run_behind_keeps_both_changes(page: str) -> None:
    """Two quick changes: the second is sent from the page drawn before the first change's run reached the browser.

    The browser then reports the Preset box as it drew it (the start preset). That box is no longer on the page, so
    its value is not a preset picked: both changes stay. AppTest has no public way to send a page's widget states
    once a later run has replaced it, hence ``_tree`` and ``_run``.
    """
    at = open_page(page)
    shown = at._tree  # the page the slow browser keeps showing
    preset = preset_box(shown)
    drawn = preset.value
    shown.number_input(key=key(page, "max_order")).set_value(2)
    at._run(shown.get_widget_states())
    assert "custom: " in options_caption(at) and "N = 2" in options_caption(at)
    preset.set_value(drawn)  # AppTest reads an unset value from the session; the browser holds what it drew
    shown.checkbox(key=key(page, "lowercase")).check()  # clicked on the old page
    at._run(shown.get_widget_states())
    assert at.number_input(key=key(page, "max_order")).value == 2
    assert at.checkbox(key=key(page, "lowercase")).value is True
    assert "lowercase" in options_caption(at) and "N = 2" in options_caption(at)


def test_a_preset_picked_in_a_box_one_run_behind_is_applied() -> None:
    at = open_page("explore")
    shown = at._tree
    preset = preset_box(shown)
    shown.number_input(key=key("explore", "max_order")).set_value(2)
    at._run(shown.get_widget_states())
    preset.set_value(om.SACREBLEU_NAME)  # picked on the page drawn before N = 2's run arrived
    at._run(shown.get_widget_states())
    assert preset_box(at).value == om.SACREBLEU_NAME
    assert at.number_input(key=key("explore", "max_order")).value == 4
    assert at.selectbox(key=key("explore", "tokenize")).value == "13a"
