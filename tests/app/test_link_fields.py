"""Every state field declares its link once, in one style (``linked``; ``link_fields(State)``: field -> LinkField):
short keys that never collide within a link, names that are the state's own fields, labels translated in every
language."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from ui.links import codec
from ui.links.codec import LinkField
from ui.options import bleu as om
from ui.options import metrics as mo
from ui.shell.i18n import LANGUAGES, translations
from ui.state import compare as cps
from ui.state import corpus as cs
from ui.state import explore as es

CODECS = {
    name: (codec.link_fields(state_type), state_type)
    for name, state_type in (
        ("explore", es.ExploreState),
        ("corpus", cs.CorpusState),
        ("compare", cps.CompareState),
        ("BLEU options", om.Choices),
        ("chrF and TER options", mo.MetricSettings),
    )
}


@pytest.mark.parametrize("name", CODECS)
def test_link_fields_are_the_states_fields_with_distinct_keys(name: str) -> None:
    link_fields, state_type = CODECS[name]
    assert all(isinstance(f, LinkField) for f in link_fields.values())
    assert set(link_fields) == {f.name for f in fields(state_type)}, name
    keys = [f.key for f in link_fields.values()]
    assert len(keys) == len(set(keys)) and "page" not in keys and "v" not in keys, keys  # make_link stamps page and v


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_link_field_labels_are_translated(lang: str) -> None:
    catalog = translations(lang)
    for link_fields, _state in CODECS.values():
        for field in link_fields.values():
            assert catalog.gettext(field.label) != field.label or field.label in {"N"}, (lang, field.label)


# Version-2 links made by the hand-written codecs each page had before its fields declared their links.
V2_CORPUS = (
    "eNo1j8GOwjAMRH-lmivZqrDi4l_Z3UNIU6gISeWk5YD4d8aCvUT2szPjeeACge9Ovzl0IxzSnCPk4HCD_OCU4koYLjrtdixaVPxxViAP5DtkTxYgTdf4dChL"
    "s0G4v4lDnCbI5FNlncI_zZBvB03mvEX150jperN2HL-u1my8oR8oXq7Ec26JdPPKpq2t6OwN0AdDf3Td0B8-L3jGYoqCUHRZK9fUonwympXvwjsuo1TlWfxR"
    "m03M9vkCWYJPcw"
)
V2_CORPUS_WITHOUT_TEXTS = (
    "eNo1jkEOgjAQRa9i_pZKEONmrmJc1NIqobRk2sKCcHenUTeT-W-S92eHH4MF9Qoz6I6ntwUK5s2uaWTJlvGQWwTtCBvoIsyAMhd7KMQl14PZvkTBOgdy2ifZ"
    "vfnTALoqsAdBr5b1y4o6zTUOw3mqYZUf2k7kcRI8huyFrpol5JIjj7oC6UHX3tSpa_vfhLyxVCPBRF5KqjaWaqEp16KqPj5sR0PX"
)
V2_COMPARE = (
    "eNo9j7FuwzAMRH-luFkoHDtZ-CttB1qmUqCyZZBygMDIv4dcOpE6HY-PJ1hB0zAkzGwCgj2ty_oxwhUDjfG1gr4wVzlczL9a8JPQ9g46IaWAuh6SUDOocDVv"
    "N9A1Qavn5dpMrPukeQxKbU3j8QANn5eE3v5cvkzs4iNgYJ23hXXBK2Hne0Dltu6s4hYNFP7e5mAwkQV080Z9t5sdPbKf9u9KUXIcE8VnfO_4egP5m0if"
)
V2_EXPLORE = (
    "eNo9TssOgjAQ_BUy52oUPPXqZxgPa1nEUChpV2JC-HeHC5fN7Lx2VwR4WK9VEKuKGBwS_IVzNvgV2nXwlr_qEGntJBbCCb52yJHZEFPRsufKyHWKNpxGtT61"
    "t51b4Jsz6ywNVK-NkFwkExeTqZXcYnOY5a2k9DfHlJUWGh7HW59CRo4Pn2yTF-33XrLtGo_U2x9SXj0d"
)


def test_version_2_links_made_before_the_fields_declared_their_links_open_and_are_made_the_same() -> None:
    every_option = om.Choices(
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
    corpus = cs.CorpusState(
        source="paste",
        hypothesis="a b\nc d",
        references=("a b\nc e", "a c\nc d"),
        line=2,
        options=every_option,
        metrics=("bleu", "chrf++", "ter"),
        metric_options=mo.MetricSettings(word_order=1, ter_case_sensitive=True),
    )
    compare = cps.CompareState(
        source="paste",
        references=("a\nb",),
        systems=("a\nb", "a\nc", "b\nc"),
        n_samples=200,
        n_trials=300,
        seed=5,
        options=om.Choices(smooth_method="floor", smooth_value=0.1),
        metrics=("bleu", "chrf"),
        baseline="system 2",
    )
    explore = es.ExploreState(
        "the cat sat",
        ("the cat is", "a cat sat"),
        om.Choices(smooth_method="nltk-method4", smooth_value=3.0, max_order=2),
        order=0,
        tab="Charts",
    )
    assert cs.PAGE.from_link(V2_CORPUS) == (corpus, []) and cs.PAGE.to_link(corpus) == V2_CORPUS
    without_texts = replace(corpus, hypothesis="", references=("",))
    assert cs.PAGE.from_link(V2_CORPUS_WITHOUT_TEXTS) == (without_texts, [])
    assert cs.PAGE.to_link(corpus, with_texts=False) == V2_CORPUS_WITHOUT_TEXTS
    assert cps.PAGE.from_link(V2_COMPARE) == (compare, []) and cps.PAGE.to_link(compare) == V2_COMPARE
    assert es.PAGE_STATE.from_link(V2_EXPLORE) == (explore, []) and es.PAGE_STATE.to_link(explore) == V2_EXPLORE
    assert om.to_link(om.Choices(smooth_method="floor")) == {
        "tok": "13a",
        "lc": False,
        "n": 4,
        "sm": "floor",
        "sv": 0.1,
        "eff": True,
        "rl": "closest",
        "var": "standard",
    }
