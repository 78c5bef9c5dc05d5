"""The doctor's findings are Markdown with each of the user's values escaped where it is filled in (issue 45): a file
name of Markdown and HTML shows as written, never as markup, while tokenizer names, flags and commands are code
(the whole finding was escaped, so "the 13a tokenizer" could not be code-formatted)."""

from __future__ import annotations

import pytest

from tests.app.test_doctor_wording import FINDINGS
from tests.conftest import open_app, sample_lines, upload
from ui.doctor.wording import USER_TEXT, describe
from ui.shell import i18n
from ui.shell.markdown import escape_markdown
from ui.state import corpus as cs

#: A file name a careless or hostile user gives: emphasis, a link, code, HTML and an image.
HOSTILE = "**bold** _it_ [link](https://e.com) `x` <b>b</b> <img src=x onerror=alert(1)>.txt"
#: Values that are codes (looked up or translated, never shown as given) or names written as code.
CODES = {"kind", "sure", "unit", "reference_language", "character", "script", "error", "reason"}
CODE_NAMES = {"tokenizer", "used", "package"}


def _boxes(at) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(box.value) for box in [*at.error, *at.warning, *at.info]]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_hostile_file_name_is_escaped_in_the_doctors_findings(lang: str) -> None:
    """The output given as the reference too (hyp-equals-ref names both files) under the hostile name: the finding
    holds the name escaped, never its Markdown or HTML raw."""
    lines = sample_lines("ref.en")
    at = open_app("doctor", **({"lang": "ko"} if lang == "ko" else {}))
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    upload(at, cs.CORPUS_HYP_UPLOAD, (HOSTILE, lines))
    upload(at, cs.CORPUS_REF_UPLOAD, [("ref.en", lines)]).run()
    assert not at.exception, [e.value for e in at.exception]
    found = [box for box in _boxes(at) if escape_markdown(HOSTILE) in box]
    assert found, _boxes(at)
    for box in found:
        shown = box.replace(escape_markdown(HOSTILE), "")
        assert HOSTILE not in box and "<b>" not in shown and "**bold**" not in shown and "[link]" not in shown
        assert shown.startswith("**")  # the severity is still bold: the sentence around the name is Markdown


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ("scored with the `13a` tokenizer", "choose the `ko-mecab` tokenizer")),
        ("ko", ("`13a` 토크나이저로 채점합니다", "`ko-mecab` 토크나이저")),
    ],
)
def test_tokenizer_names_are_code_in_the_doctors_findings(lang: str, said: tuple[str, ...]) -> None:
    """Korean text scored with 13a: the finding names both tokenizers as code, in both languages."""
    at = open_app("corpus", **({"lang": "ko"} if lang == "ko" else {}))
    at.radio(key=cs.CORPUS_SOURCE).set_value("sample-ko").run()
    at.selectbox(key=cs.CORPUS.key("tokenize")).set_value("13a").run()
    text = " ".join(_boxes(at))
    assert all(words in text for words in said), text


def test_every_string_value_of_a_finding_is_the_users_text_a_code_or_a_name_as_code() -> None:
    """A new rule's value must say which it is: escaped (``USER_TEXT``), looked up, or code."""
    for finding in FINDINGS:
        for key, value in finding.values.items():
            texts = [value] if isinstance(value, str) else value if isinstance(value, (list, tuple)) else []
            if any(isinstance(text, str) for text in texts):
                assert key in USER_TEXT | CODES | CODE_NAMES, (finding.code, key, value)


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("finding", FINDINGS, ids=lambda f: f.code)
def test_every_finding_escapes_the_users_text_it_names(finding, lang: str) -> None:  # type: ignore[no-untyped-def]
    """Each finding made again with its files named hostilely: the name escaped in its words, never raw."""
    values = {
        key: (HOSTILE if key in USER_TEXT and isinstance(value, str) else value)
        for key, value in finding.values.items()
    }
    hostile = type(finding)(**{**vars(finding), "values": values})
    i18n.use(lang)
    try:
        words = " ".join(describe(hostile))
    finally:
        i18n.use("en")
    assert HOSTILE not in words and "<img" not in words.replace(escape_markdown("<img"), "")
    if any(key in USER_TEXT and isinstance(value, str) for key, value in finding.values.items()):
        assert escape_markdown(HOSTILE) in words, words
