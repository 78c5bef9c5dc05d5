"""Issue 45, item 1 (AppTest through the router): a choice widget whose options are shown by translated labels (or by
names a user may change) is sent its value again when the label drawn changes, so the browser shows it chosen.

Streamlit keeps a radio's and a selectbox's value in the browser as the label it showed, and tells the browser a
value only when the script sets it. After English -> Korean, Corpus's and Compare's "Input" showed none of its four
options chosen while the files were still read (seen in Chromium: ``tests/browser/test_korean_browser.py``); a
widget's element here says what the browser is told: ``set_value`` with the label of the value (``raw_value``)."""

from __future__ import annotations

import ast
from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT, open_app, upload
from tests.score_files import comet_json, comet_scores
from ui.compare import meta
from ui.doctor import inputs as doctor_inputs
from ui.doctor import scores as doctor_scores
from ui.options import imported as mi
from ui.shell import i18n
from ui.state import compare as cps
from ui.state import corpus as cs
from ui.state import explore as es

SWITCH = i18n.WIDGET_KEY


def switch(at: AppTest, lang: str) -> AppTest:
    """The sidebar's language switch, as a person clicks it."""
    at.segmented_control(key=SWITCH).set_value(lang).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def told(widget: object) -> str | None:
    """The label of its value that the page sends the browser in this run (None: it sends none, and the browser
    keeps the label it holds)."""
    proto = widget.proto  # type: ignore[attr-defined]
    return str(proto.raw_value) if proto.set_value else None


def chosen_label(widget: object) -> str:
    """The label of the option the script holds (what the browser must show chosen)."""
    return str(widget.options[widget.index])  # type: ignore[attr-defined]


def _corpus_paste() -> tuple[AppTest, Callable[[AppTest], object]]:
    at = open_app("corpus")
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    return at, lambda a: a.radio(key=cs.CORPUS_SOURCE)


def _compare_upload() -> tuple[AppTest, Callable[[AppTest], object]]:
    at = open_app("compare")
    at.radio(key=cps.COMPARE_SOURCE).set_value("upload").run()
    return at, lambda a: a.radio(key=cps.COMPARE_SOURCE)


def _doctor_explore() -> tuple[AppTest, Callable[[AppTest], object]]:
    at = open_app("doctor")
    at.radio(key=doctor_inputs.CHECK).set_value("explore").run()
    return at, lambda a: a.radio(key=doctor_inputs.CHECK)


def _explore_order() -> tuple[AppTest, Callable[[AppTest], object]]:
    at = open_app()
    at.radio(key=es.ORDER).set_value(2).run()
    return at, lambda a: a.radio(key=es.ORDER)


def _corpus_chrf_order() -> tuple[AppTest, Callable[[AppTest], object]]:
    at = open_app("corpus")
    at.pills(key=cs.CORPUS_METRICS).set_value(["chrf"]).run()
    at.radio(key=cs.CORPUS_CHRF_ORDER).set_value(4).run()
    return at, lambda a: a.radio(key=cs.CORPUS_CHRF_ORDER)


def _doctor_from() -> tuple[AppTest, Callable[[AppTest], object]]:
    at = open_app("doctor")
    at.selectbox(key=doctor_scores.FROM).set_value("tutorial").run()
    return at, lambda a: a.selectbox(key=doctor_scores.FROM)


def _compare_human_none() -> tuple[AppTest, Callable[[AppTest], object]]:
    at = open_app("compare")
    scores = comet_json(comet_scores(("system_a.en", "system_b.en")))
    upload(at, mi.keys("compare", "imported-1").slot, [("comet.json", scores)]).run()
    return at, lambda a: a.selectbox(key=meta.HUMAN_KEY)


CASES = {
    "Corpus's Input": _corpus_paste,
    "Compare's Input": _compare_upload,
    "the doctor's What to check": _doctor_explore,
    "Explore's n-gram order": _explore_order,
    "Corpus's character n-gram order": _corpus_chrf_order,
    "the doctor's From": _doctor_from,
    "Compare's Human scores": _compare_human_none,
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_language_switch_sends_the_chosen_option_in_its_new_label(case: str) -> None:
    at, widget = CASES[case]()
    assert not at.exception, [e.value for e in at.exception]
    english = chosen_label(widget(at))
    switch(at, "ko")
    korean = chosen_label(widget(at))
    assert korean != english, (case, korean)  # the label is translated
    assert told(widget(at)) == korean, case  # before: None, so the browser showed no option chosen
    switch(at, "en")
    assert chosen_label(widget(at)) == english and told(widget(at)) == english, case


def test_every_radio_and_selectbox_with_labels_is_drawn_through_keep_choice() -> None:
    """A radio or selectbox whose options are shown through a ``format_func`` takes ``i18n.keep_choice``'s, so the
    browser is sent a new label of its value (pills and segmented controls: Streamlit resends a changed label
    itself, ``button_group``'s ``labels_changed``)."""
    found, bare = 0, []
    for path in sorted([*(ROOT / "ui").rglob("*.py"), *(ROOT / "app_pages").glob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            if node.func.attr not in ("radio", "selectbox"):
                continue
            given = next((k.value for k in node.keywords if k.arg == "format_func"), None)
            if given is None:
                continue
            found += 1
            through = isinstance(given, ast.Call) and getattr(given.func, "attr", getattr(given.func, "id", None))
            if through != "keep_choice":
                bare.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found >= 10 and not bare, bare
