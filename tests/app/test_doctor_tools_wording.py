"""The page words every chrF and TER implementation as BLEU's (``ui/doctor/metric_tools_wording.py``): each rule's
values, why it moves the score and its name, each tool's quirks, in English (bleucore's words, as the command line
says them) and Korean; and the new findings' names of traits and languages."""

from __future__ import annotations

import re

import pytest

from bleucore.doctor import language
from bleucore.doctor.rules.swapped_files import TRAITS
from bleucore.tools import FAMILIES
from ui.doctor import metric_tools_wording as words
from ui.doctor.chat_wording import LANGUAGES, language_name
from ui.doctor.pairing_wording import TRAITS as TRAIT_WORDS
from ui.shell import i18n


@pytest.fixture(params=["en", "ko"])
def lang(request: pytest.FixtureRequest) -> str:
    i18n.use(request.param)
    yield request.param
    i18n.use("en")


def _hangul(text: str) -> bool:
    return re.search("[가-힣]", text) is not None


@pytest.mark.parametrize("metric", list(FAMILIES))
def test_every_rule_value_why_and_name_is_worded(metric: str, lang: str) -> None:
    family = FAMILIES[metric]
    for (field, value), english in family.words.items():
        shown = words.value_words(metric, field, value)
        if lang == "en":  # the command line's words, the same
            assert shown == english, (field, value)
        elif field not in ("word_order",):  # chrF and chrF++ are names
            assert _hangul(shown), (field, value, shown)
    for field in family.order:
        assert field in words.WHY[metric] and field in words.RULES[metric], field
        why, name = i18n._(words.WHY[metric][field]), i18n._(words.RULES[metric][field])
        assert why.strip() and name.strip() and (lang == "en" or (_hangul(why) and _hangul(name))), field


@pytest.mark.parametrize("metric", list(FAMILIES))
def test_every_tool_with_quirks_has_them_worded(metric: str, lang: str) -> None:
    for tool in FAMILIES[metric].tools:
        quirks = words.quirks(metric, tool)
        assert bool(quirks) == bool(tool.quirks), tool.key  # bleucore's quirks, said on the page too
        if quirks and lang == "ko":
            assert _hangul(quirks), tool.key
        name = words.tool_name(tool)
        assert name == tool.name or (tool.key == "nltk-sentence-mean" and ("averaged" in name) == (lang == "en"))


def test_traits_and_languages_are_worded(lang: str) -> None:
    assert set(TRAIT_WORDS) == set(TRAITS)  # every sign swapped-files can give
    assert set(LANGUAGES) == set(language.NAMES)
    for code, english in language.NAMES.items():
        assert language_name(code) == english if lang == "en" else _hangul(language_name(code)), code
    assert language_name("la") == "la"  # a language without a name here: its code
    assert _hangul(language_name(None)) == (lang == "ko")
