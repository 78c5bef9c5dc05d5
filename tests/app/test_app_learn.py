"""The Learn page headless (AppTest): every golden number is on the page, computed, and each example opens in
Explore."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from bleucore import BleuOptions, sentence_bleu
from tests import golden_examples as golden
from tests.conftest import ROOT, open_app
from ui.state import explore as es

TUTORIAL = BleuOptions(tokenize="none", smooth_method="none")

# Every number of ../shared/golden.md, as the page writes it.
GOLDEN_NUMBERS = [
    # Example 1
    "17/18",
    "8/14",
    "10/17",
    "7/16",
    "4/15",
    "1/13",
    "0/12",
    "0/11",
    "0/17",
    "2/2",
    "1/1",
    "0.5045666840058485",
    "50.456668400584846",
    "c = **18**",
    "16, 18, 16",
    "r = **18**",
    "BP = **1**",
    "0.39692877231857493",
    "c = 14",
    "r = 16",
    "standard BLEU is **0**",
    # Example 2
    "7/7",
    "2/7 = 0.2857142857142857",
    "Count_clip = **2**",
    "5/7",
    "4/6",
    # Example 3
    "candidate of 10 tokens",
    "references of 9 and 11",
    "r = **9**",
    # Korean
    "10/14, 5/13, 2/12, 1/11",
    "0.25400289715190977",
    "c = r = 14",
    "**3/7**",
    "0.42857142857142855",
    "0.2635971381157267",
    "c = 6",
    "r = 14",
    "**3/9**",
    # very short sentences
    "**0**",
    "0.0",
    "1.5e-154",
    "**100**",
    "p1 = 1.0",
    "p2 = 1.0",
]


def page_text(at: AppTest) -> str:
    parts = [e.value for kind in ("markdown", "warning", "info", "latex", "caption") for e in getattr(at, kind)]
    parts += [df.value.to_string() for df in at.dataframe]
    return "\n".join(parts)


@pytest.fixture(scope="module")
def learn() -> AppTest:
    return open_app("learn")


def test_every_golden_number_is_on_the_page(learn):
    text = page_text(learn)
    missing = [number for number in GOLDEN_NUMBERS if number not in text]
    assert not missing, missing


def test_golden_numbers_are_computed_not_written_into_the_page():
    source = (ROOT / "app_pages" / "learn.py").read_text(encoding="utf-8")
    for literal in (
        "0.5045666840058485",
        "50.456668400584846",
        "0.39692877231857493",
        "0.25400289715190977",
        "0.42857142857142855",
        "0.2635971381157267",
        "0.2857142857142857",
        "17/18",
        "10/14",
        "1.5e-154",
    ):
        assert literal not in source, literal


def test_modified_precision_table_of_example_1(learn):
    table = next(df.value for df in learn.dataframe if "candidate" in df.value.columns)
    assert table.to_dict("records") == [
        {"candidate": "Ca1", "p1": "17/18", "p2": "10/17", "p3": "7/16", "p4": "4/15"},
        {"candidate": "Ca2", "p1": "8/14", "p2": "1/13", "p3": "0/12", "p4": "0/11"},
    ]


def test_clipping_highlight_on_learn_page(learn):
    bodies = [h.proto.body for h in learn.get("html")]
    silly = next(b for b in bodies if "bleu-candidate" in b)
    assert silly.count('class="bleu-tok matched"') == 2 and silly.count('class="bleu-tok clipped"') == 5


def test_very_short_sentence_is_explained(learn):
    info = next(i.value for i in learn.info if "Why is it zero?" in i.value)
    assert "fewer than N = 4" in info
    fixes = next(df.value for df in learn.dataframe if "change" in df.value.columns)
    assert dict(zip(fixes["change"], fixes["BLEU"]))["effective order"] == 100.0


OPEN_CASES = [
    ("Ca1", golden.CA1, golden.REFS_1, TUTORIAL, "50.46"),
    ("Ca2", golden.CA2, golden.REFS_1, TUTORIAL, "0.00"),
    ("Ca4", golden.CA4, golden.REFS_1, TUTORIAL.with_changes(lowercase=True), None),
    ("the the the …", golden.CAND_2, golden.REFS_2, TUTORIAL, None),
    ("Korean candidate", golden.KO_CAND, (golden.KO_REF,), TUTORIAL, "25.40"),
    (
        "short Korean candidate (simplified)",
        golden.KO_SHORT,
        (golden.KO_REF,),
        TUTORIAL.with_changes(variant="simplified"),
        None,
    ),
    ("나는 사람이다 against itself", golden.SHORT_KO, (golden.SHORT_KO,), TUTORIAL, "0.00"),
]


@pytest.mark.parametrize("label, candidate, references, options, shown", OPEN_CASES, ids=[c[0] for c in OPEN_CASES])
def test_open_in_explore(label, candidate, references, options, shown):
    at = open_app("learn")
    at.button(key=f"learn_open_{label}").click().run()
    assert not at.exception, at.exception
    assert at.title[0].value == "Explore BLEU"
    assert at.text_area(key=es.CANDIDATE).value == candidate
    assert [t.value for t in at.text_area][1:] == list(references)
    assert at.checkbox(key=es.LOWERCASE).value is options.lowercase
    assert at.radio(key=es.VARIANT).value == options.variant
    expected = sentence_bleu(candidate, list(references), options)
    bleu = next(m.value for m in at.metric if m.label == "BLEU (0–100)")
    assert bleu == f"{expected.score:.2f}"
    if shown is not None:
        assert bleu == shown
    assert "s" in at.query_params and not at.error


def test_every_example_has_an_open_in_explore_button(learn):
    labels = [b.label for b in learn.button]
    assert len(labels) >= 10 and all(re.match(r"Open in Explore: ", label) for label in labels)
