"""Numbers that agree (issue 10, part 2): Explore's headline, the Variants table's marked rows and
sacreBLEU's line show one score, bleucore's, for every variant × smoothing on the golden examples.

The pure functions that build the three are checked for all 108 combinations; AppTest checks the
page itself for every combination with one session per (example, variant), switching the smoothing.
"""

from __future__ import annotations

import re

import pytest
from sacrebleu.metrics import BLEU

from bleucore import BleuOptions, explain, sentence_bleu
from bleucore.metrics.bleu.options import SMOOTHING_METHODS, VARIANTS
from tests.app.html_views import code_lines, variants_tables
from tests.conftest import open_app as start
from tests.golden_examples import CA1, CA2, KO_CAND, KO_REF, REFS_1
from ui.metrics.bleu import headline, variants
from ui.state import explore as es

TUTORIAL = BleuOptions(tokenize="none", smooth_method="none")
EXAMPLES = {"Ca1": (CA1, REFS_1), "Ca2": (CA2, REFS_1), "Korean": (KO_CAND, (KO_REF,))}
COMBINATIONS = [(e, v, m) for e in EXAMPLES for v in VARIANTS for m in SMOOTHING_METHODS]
HEADLINE = re.compile(r"^BLEU (\d+\.\d\d) \((.*)\)$")


def expected_score(example: str, variant: str, method: str) -> float | None:
    """bleucore's score straight from its sentence API (None where BLEU is not defined)."""
    candidate, references = EXAMPLES[example]
    try:
        return sentence_bleu(
            candidate, list(references), TUTORIAL.with_changes(variant=variant, smooth_method=method)
        ).score
    except ValueError:
        return None


def test_the_undefined_combinations_are_the_known_ones():
    undefined = [(e, v, m) for e, v, m in COMBINATIONS if expected_score(e, v, m) is None]
    assert undefined == [("Ca2", v, "nltk-method6") for v in VARIANTS]  # Ca2 has p3 = 0/12


@pytest.mark.parametrize("example, variant, method", COMBINATIONS)
def test_headline_marked_rows_and_line_agree(example, variant, method):
    candidate, references = EXAMPLES[example]
    options = TUTORIAL.with_changes(variant=variant, smooth_method=method)
    expected = expected_score(example, variant, method)
    if expected is None:
        with pytest.raises(ValueError, match="nltk-method6 needs a non-zero trigram precision"):
            explain(candidate, references, options)
        return
    result = explain(candidate, references, options)
    assert result.score.score == pytest.approx(expected, abs=1e-9)
    if variant == "standard" and method in ("none", "floor", "add-k", "exp"):
        sacre = BLEU(tokenize="none", smooth_method=method, effective_order=False).sentence_score(
            candidate, list(references)
        )
        assert expected == pytest.approx(sacre.score, abs=1e-9)

    match = HEADLINE.match(headline.headline(result.score))
    assert match is not None
    assert match.group(1) == f"{expected:.2f}"
    assert match.group(2) == f"{variant}, {'no smoothing' if method == 'none' else f'{method} smoothing'}"

    frame = variants.variants_frame(result.variants(), options)
    marked = frame[frame["= headline"] == "yes"]
    assert list(marked["computation"]) == [variant, method]  # one variant row, one smoothing row
    assert list(marked["BLEU"]) == pytest.approx([expected, expected], abs=1e-9)
    assert set(marked["variant / options"]) == {match.group(2)}
    unmarked = frame[frame["= headline"] != "yes"]
    assert (unmarked["variant / options"] != match.group(2)).all()  # every other row says how it differs

    line = result.score.format()
    assert line.split()[2] == f"{expected:.2f}"


@pytest.mark.parametrize("example, variant", [(e, v) for e in EXAMPLES for v in VARIANTS])
def test_page_agrees_for_every_smoothing(example, variant):
    candidate, references = EXAMPLES[example]
    at = start()
    at.text_area(key=es.CANDIDATE).input(candidate)
    for i in range(len(references), 3):
        at.text_area(key=es.ref_key(i)).input("")
    for i, reference in enumerate(references):
        at.text_area(key=es.ref_key(i)).input(reference)
    at.radio(key=es.VARIANT).set_value(variant)
    at.session_state[es.TAB] = "Variants"
    at.run()
    for method in SMOOTHING_METHODS:
        at.selectbox(key=es.SMOOTH_METHOD).set_value(method).run()
        assert not at.exception, (method, at.exception)
        expected = expected_score(example, variant, method)
        if expected is None:
            assert not at.metric and not variants_tables(at), method
            assert any(
                "BLEU is not defined for this input with these options" in e.value and "p\\_3" in e.value
                for e in at.error
            ), (method, [e.value for e in at.error])
            continue
        shown = f"{expected:.2f}"
        title = at.subheader[0].value
        assert title.startswith(f"BLEU {shown} ({variant}, "), (method, title)
        assert next(m.value for m in at.metric if m.label == "BLEU (0–100)") == shown
        line = next(c for c in code_lines(at) if c.startswith("BLEU = "))
        assert line.split()[2] == shown, method
        table = variants_tables(at)[0]
        marked = table[table["= headline"] == "yes"]
        assert list(marked.index) == [variant, method], method
        assert {f"{float(b):.2f}" for b in marked["BLEU"]} == {shown}, method


@pytest.mark.parametrize(
    "options, phrase",
    [
        (TUTORIAL, "standard, no smoothing"),
        (BleuOptions(tokenize="none", effective_order=True), "standard, exp smoothing, effective order"),
        (TUTORIAL.with_changes(smooth_method="floor", smooth_value=0.5), "standard, floor smoothing (value 0.5)"),
        (TUTORIAL.with_changes(smooth_method="floor", smooth_value=0.1), "standard, floor smoothing"),  # the default
        (TUTORIAL.with_changes(weights=(0.5, 0.5), variant="simplified"), "simplified, no smoothing, N = 2"),
        (TUTORIAL.with_changes(weights=(0.5, 0.3, 0.2)), "standard, no smoothing, weights 0.5/0.3/0.2"),
    ],
)
def test_headline_names_every_option_that_is_not_the_default(options, phrase):
    assert headline.options_phrase(options) == phrase


def test_page_headline_names_n_and_effective_order():
    at = start()
    at.number_input(key=es.MAX_ORDER).set_value(2).run()
    at.checkbox(key=es.EFFECTIVE_ORDER).check().run()
    expected = sentence_bleu(CA1, list(REFS_1), TUTORIAL.with_changes(weights=(0.5, 0.5), effective_order=True))
    assert at.subheader[0].value == f"BLEU {expected.score:.2f} (standard, no smoothing, effective order, N = 2)"
