"""A number of four digits or more in a page's words has its thousands separator, in English and in Korean (999,999,
as Korean interfaces write it too; issue 45): the catalog's templates give a count ``{n:,}``, and an identifier typed
as it is (a seed) ``{seed:d}``. The pages are read with inputs past 1,000 lines, tokens and characters while every
translated template is watched: a number of four digits filled in without a separator (a spec without ``,``) is a
failure, unless it is an identifier (``:d``) or its full digits (``!r``). Both languages are watched."""

from __future__ import annotations

import string
from collections.abc import Iterator
from typing import Any

import pytest

from bleucore.reading import LineCountMismatch, plural_lines
from tests.conftest import messages, open_app, upload
from ui.inputs.uploads import InputError, decode_bytes
from ui.metrics.imported.wording import describe
from ui.options import imported as mi
from ui.shell import i18n, spoken
from ui.state import compare as cps
from ui.state import corpus as cs
from ui.state import explore as es

LINES = 1_200
_PARSER = string.Formatter()


class _Watched(str):
    """A translated template that records every number of four digits filled in without a thousands separator (a
    spec without ``,``), unless it is an identifier (``:d``) or its full digits (``!r``)."""

    found: list[str]

    def _check(self, args: tuple[Any, ...], values: dict[str, Any]) -> None:
        auto = 0
        for _literal, name, spec, conversion in _PARSER.parse(str(self)):
            if name is None:
                continue
            if name == "" or name.isdigit():
                index = auto if name == "" else int(name)
                auto += name == ""
                value = args[index] if index < len(args) else None
            else:
                value = values.get(name.split(".")[0].split("[")[0])
            number = isinstance(value, (int, float)) and not isinstance(value, bool)
            if number and abs(value) >= 1000 and not conversion and "," not in spec and spec != "d":
                _Watched.found.append(f"{{{name}:{spec}}} = {value} in {str(self)[:120]!r}")

    def format(self, *args: Any, **values: Any) -> str:
        self._check(args, values)
        return str.format(self, *args, **values)

    def format_map(self, values: Any) -> str:
        self._check((), dict(values))
        return str.format_map(self, values)


class _Translations:
    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def gettext(self, message: str) -> str:
        return _Watched(self.inner.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return _Watched(self.inner.ngettext(singular, plural, n))


@pytest.fixture
def ungrouped(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every integer of four digits or more filled into a template without a format spec while the test runs."""
    _Watched.found = []
    active = i18n._active
    monkeypatch.setattr(i18n, "_active", lambda: _Translations(active()))
    vformat = spoken._FORMATTER.vformat

    def watched(template: str, args: Any, values: Any) -> str:
        _Watched(template)._check(tuple(args), dict(values))
        return vformat(template, args, values)

    monkeypatch.setattr(spoken._FORMATTER, "vformat", watched)
    yield _Watched.found


def _lines(seed: int, n: int = LINES) -> list[str]:
    words = ["the", "a", "cat", "dog", "sat", "ran", "on", "under", "mat", "rug", "today", "slowly"]
    return [" ".join(words[(i * seed + k) % len(words)] for k in range(3 + i % 9)) for i in range(n)]


HYP, REF, OTHER = _lines(1), _lines(5), _lines(7)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_corpus_of_1200_lines_groups_its_numbers(ungrouped: list[str], lang: str) -> None:
    at = open_app("corpus", lang=lang)
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.text_area(key=cs.CORPUS_HYP_PASTE).input("\n".join(HYP))
    at.text_area(key=cs.corpus_ref_key(0)).input("\n".join(REF))
    at.pills(key=cs.CORPUS_METRICS).set_value(["bleu", "chrf", "ter"]).run()
    at.session_state[cs.CORPUS_LINE] = 1_100
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    at.text_area(key=cs.corpus_ref_key(0)).input("\n".join(REF[:-1])).run()  # the line counts differ at 1,200
    assert "1,200" in messages(at) and "1,199" in messages(at), messages(at)
    assert not ungrouped, "\n".join(dict.fromkeys(ungrouped))


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_compare_of_1200_lines_groups_its_numbers(ungrouped: list[str], lang: str) -> None:
    at = open_app("compare", lang=lang)
    at.radio(key=cps.COMPARE_SOURCE).set_value("paste").run()
    at.number_input(key=cps.COMPARE_SYS_COUNT).set_value(3).run()
    at.text_area(key=cps.compare_ref_key(0)).input("\n".join(REF))
    at.text_area(key=cps.compare_sys_key(0)).input("\n".join(HYP))
    at.text_area(key=cps.compare_sys_key(1)).input("\n".join(OTHER))
    at.text_area(key=cps.compare_sys_key(2)).input("\n".join(OTHER[:-1]))  # left out: line 1,200 is not in it
    at.pills(key=cps.COMPARE_METRICS).set_value(["bleu", "chrf", "ter"]).run()
    assert not at.exception, [e.value for e in at.exception]
    assert "1,199" in messages(at) and "1,200" in messages(at), messages(at)
    assert not ungrouped, "\n".join(dict.fromkeys(ungrouped))


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_explore_and_the_doctor_group_their_numbers(ungrouped: list[str], lang: str) -> None:
    """Explore with a candidate of 1,200 tokens (every tab), and the doctor's findings and tools on 1,200 lines with
    empty lines among them."""
    at = open_app(lang=lang)
    at.text_area(key=es.CANDIDATE).set_value(" ".join(HYP)[:7_000])
    for ref_id in at.session_state[es.REF_IDS]:
        at.text_area(key=es.ref_key(ref_id)).set_value(" ".join(REF)[:7_000])
    for tab in es.TABS:
        at.session_state[es.TAB] = tab
        at.run()
        assert not at.exception, (tab, [e.value for e in at.exception])
    doctor = open_app("doctor", lang=lang)
    doctor.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    doctor.text_area(key=cs.CORPUS_HYP_PASTE).set_value("\n".join([*HYP[:-20], *[""] * 20]))
    doctor.text_area(key=cs.corpus_ref_key(0)).set_value("\n".join(REF)).run()
    assert not doctor.exception, [e.value for e in doctor.exception]
    assert not ungrouped, "\n".join(dict.fromkeys(ungrouped))


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"a\n" * 1_199 + b"caf\xe9\n", "1,200"),  # not UTF-8 on line 1,200
        (b"a\n" * 1_199 + b"a\x00b\n", "1,200"),  # a NUL byte on line 1,200
    ],
)
def test_an_upload_error_past_line_999_groups_the_line(ungrouped: list[str], lang: str, data: bytes, said: str) -> None:
    i18n.use(lang)
    try:
        with pytest.raises(InputError) as caught:
            decode_bytes(data, "hyp.txt")
    finally:
        i18n.use("en")
    assert said in str(caught.value), str(caught.value)
    assert not ungrouped, "\n".join(dict.fromkeys(ungrouped))


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_score_file_of_999999_lines_says_999_999(ungrouped: list[str], lang: str) -> None:
    """The score files' line-count error, on the page and on the command line ("999999 lines" before)."""
    err = LineCountMismatch("scores.txt", 999_999, "ref.en", 3)
    i18n.use(lang)
    try:
        said = describe(err)
    finally:
        i18n.use("en")
    assert "999,999" in said and "999999" not in said
    assert str(err) == "scores.txt has 999,999 lines but ref.en has 3 lines"
    assert plural_lines(1) == "1 line" and plural_lines(1_000) == "1,000 lines"
    assert not ungrouped


def test_a_score_file_of_1200_lines_against_60_on_corpus(ungrouped: list[str]) -> None:
    at = open_app("corpus", lang="ko")
    upload(at, mi.keys("corpus", "imported-1").slot, [("scores.txt", b"0.5\n" * LINES)]).run()
    assert "1,200" in messages(at), messages(at)
    assert not ungrouped, "\n".join(dict.fromkeys(ungrouped))
