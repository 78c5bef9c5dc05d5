"""Issue 45, item 13: Compare's slow steps say what they are doing. On a test set of a few thousand lines each of them
takes seconds on two cores (the setup check of each system, each metric's significance tests, the n-grams two systems
match, the buckets' intervals), so each runs inside a spinner that names it (``st.spinner``, which Streamlit shows
once a step has taken half a second), in English and in Korean: while bleucore's function runs, the spinner open is
the one naming its step."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import streamlit as st

from tests.conftest import open_app, upload
from tests.score_files import SYSTEMS, comet_json, comet_scores, system_lines
from ui.buckets import cache as bucket_cache
from ui.compare import cache as compare_cache
from ui.doctor import view as doctor_view
from ui.options import imported as mi
from ui.shell.markdown import escape_markdown
from ui.state import compare as cps

#: Each step's spinner in each language ({name}: a system's, {metric}: a metric's, {baseline} and {other}: a pair's).
SPINNERS = {
    "en": {
        "setup": "Checking {name} against the references…",
        "tests": "Testing {metric}: paired bootstrap and approximate randomization…",
        "n-grams": "Counting the n-grams {baseline} and {other} match…",
        "buckets": "Scoring each bucket with its bootstrap interval…",
    },
    "ko": {
        "setup": "{name}의 출력을 참조 번역에 비추어 점검하는 중…",
        "tests": "{metric} 검정 중: 쌍체 부트스트랩과 근사 무작위화…",
        "n-grams": "{baseline}의 출력과 {other}의 출력이 맞힌 n-gram을 세는 중…",
        "buckets": "구간마다 점수와 부트스트랩 신뢰구간을 계산하는 중…",
    },
}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_each_slow_step_runs_inside_a_spinner_naming_it(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    open_now: list[str] = []  # the spinners open at this moment, outermost first
    ran: list[tuple[str, str, list[str]]] = []  # (step, what it ran on, the spinners open meanwhile)
    spinner = st.spinner

    @contextlib.contextmanager
    def named_spinner(text: str, **kwargs: Any) -> Iterator[None]:
        open_now.append(text)
        try:
            with spinner(text, **kwargs):
                yield
        finally:
            open_now.pop()

    def recorded(step: str, function: Callable[..., Any], subject: Callable[..., str]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            ran.append((step, subject(*args), list(open_now)))
            return function(*args, **kwargs)

        return run

    monkeypatch.setattr(st, "spinner", named_spinner)
    setup = recorded("setup", doctor_view.check_setup, lambda s: s.hypothesis_name)
    monkeypatch.setattr(doctor_view, "check_setup", setup)
    tests = recorded("tests", compare_cache.significance_table, lambda metric, *_a: metric.printed_label)
    monkeypatch.setattr(compare_cache, "significance_table", tests)
    counted = recorded("n-grams", compare_cache.matched_ngrams_of, lambda *_a: "")
    monkeypatch.setattr(compare_cache, "matched_ngrams_of", counted)
    buckets = recorded("buckets", bucket_cache.length_buckets, lambda *_a: "length")
    monkeypatch.setattr(bucket_cache, "length_buckets", buckets)
    st.cache_data.clear()  # every step computed here, none read from an earlier test's cache

    lines = system_lines()
    at = open_app("compare", **({"lang": lang} if lang != "en" else {}))
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [(name, lines[name]) for name in SYSTEMS[2:]]).run()
    upload(at, mi.keys("compare", "imported-1").slot, [("comet.json", comet_json(comet_scores()))]).run()
    assert not at.exception, at.exception

    words = SPINNERS[lang]
    pair = {"baseline": escape_markdown(SYSTEMS[0]), "other": escape_markdown(SYSTEMS[1])}
    expected = {
        **{("setup", name): words["setup"].format(name=escape_markdown(name)) for name in SYSTEMS},
        **{("tests", metric): words["tests"].format(metric=metric) for metric in ("BLEU", "COMET")},
        ("buckets", "length"): words["buckets"],
    }
    named = [((step, subject), spinners) for step, subject, spinners in ran if step != "n-grams"]
    assert {step for step, _spinners in named} == set(expected), named
    for step, spinners in named:  # each time it ran (BLEU's tests: for two systems, then four)
        assert spinners[-1:] == [expected[step]], (step, spinners)
    counted = [spinners for step, _subject, spinners in ran if step == "n-grams"]
    assert len(counted) == 2, ran  # the baseline's and the other system's, each counted once
    assert all(spinners[-1:] == [words["n-grams"].format(**pair)] for spinners in counted), counted
