"""The Korean interface through AppTest (issue 16): ?lang=ko on every page, kept across page switches,
and the same numbers as in English."""

from __future__ import annotations

import re

import pytest

from tests.conftest import metric, open_app

HANGUL = re.compile(r"[\uac00-\ud7a3]")
PAGES = ["explore", "learn", "corpus", "compare"]


def korean(text: str) -> bool:
    return HANGUL.search(text) is not None


@pytest.mark.parametrize("page", PAGES)
def test_each_page_renders_in_korean(page: str) -> None:
    at = open_app(page, lang="ko")
    assert at.title and korean(at.title[0].value), [t.value for t in at.title]
    # the sidebar's options (Learn has none: its sidebar holds the language switch and navigation)
    if page != "learn":
        assert any(korean(h.value) for h in at.sidebar.header), [h.value for h in at.sidebar.header]
    assert at.query_params.get("lang") in ("ko", ["ko"])


@pytest.mark.parametrize("page", PAGES)
def test_without_lang_the_page_is_english(page: str) -> None:
    at = open_app(page)
    assert at.title and not korean(at.title[0].value), [t.value for t in at.title]
    assert "lang" not in at.query_params


def test_explore_in_korean_keeps_the_default_score() -> None:
    """Example 1 of golden.md: Ca1 against its three references scores 50.46 with the tutorial options."""
    at = open_app(lang="ko")
    assert metric(at, "BLEU (0–100)") == "50.46"
    assert metric(at, "브레버티 패널티") == "1.0000"


def test_corpus_numbers_do_not_change_with_the_language() -> None:
    english, korean_at = open_app("corpus"), open_app("corpus", lang="ko")
    assert metric(korean_at, "코퍼스 BLEU") == metric(english, "Corpus BLEU")
    assert metric(korean_at, "문장 BLEU의 평균") == metric(english, "Mean of sentence BLEU")


def test_language_survives_a_page_switch() -> None:
    at = open_app(lang="ko")
    at.switch_page("app_pages/learn.py")
    at.query_params.pop("lang", None)  # the sidebar's navigation drops the address's query
    at.run()
    assert not at.exception
    assert korean(at.title[0].value), at.title[0].value
    assert at.query_params.get("lang") in ("ko", ["ko"])


def test_the_switch_changes_the_language_and_the_address() -> None:
    at = open_app(lang="ko")
    at.sidebar.segmented_control[0].set_value("en").run()
    assert not at.exception
    assert at.title[0].value == "Explore BLEU"
    assert "lang" not in at.query_params
    at.sidebar.segmented_control[0].set_value("ko").run()
    assert korean(at.title[0].value)
