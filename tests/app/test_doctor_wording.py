"""The app words every finding bleucore's doctor makes by its code, with the finding's values, in English and
Korean (``ui/doctor/wording.py``: templates whose placeholders are the values, or a function of them)."""

from __future__ import annotations

import re
import unicodedata

import pytest

from bleucore.doctor import MAX_FILE_BYTES, Finding, Setup, check_setup, read_bytes, read_path
from bleucore.limits import MAX_LINE_CHARS
from ui.doctor.wording import describe
from ui.shell import i18n

HYPS = [f"The cat number {i} sat on the mat today." for i in range(30)]
REF = [f"The cat number {i} sat on a mat today." for i in range(30)]
KO_HYP = ["나는 오늘 아침에 학교에 갔다", "그는 어제 집에 왔다"] * 5
KO_REF = ["나는 오늘 아침 학교에 갔다", "그는 어제 집으로 왔다"] * 5
#: Code -> a setup that makes bleucore's rule of that code find something.
SETUPS = {
    "line-count-mismatch": (HYPS, [REF[:-2]], {}),
    "refs-concatenated": (HYPS, [REF + [f"A cat, number {i}, was sitting." for i in range(30)]], {}),
    "refs-tab-separated": (HYPS, [[f"{r}\tA cat {i}." for i, r in enumerate(REF)]], {}),
    "hyp-equals-ref": (REF, [REF], {}),
    "duplicate-refs": (HYPS, [REF, list(REF)], {}),
    "empty-lines": (HYPS[:25] + [""] * 5, [REF], {}),
    "invisible-characters": (["\ufeff" + HYPS[0], *HYPS[1:]], [REF], {}),
    "unicode-normalization": ([unicodedata.normalize("NFD", h) for h in KO_HYP], [KO_REF], {"tokenize": "ko-mecab"}),
    "pre-tokenized": ([h.replace(".", " .") for h in HYPS], [REF], {}),
    "subword-markers": ([h.replace("number", "num@@ ber") for h in HYPS], [REF], {}),
    "case-mismatch": ([h.lower() for h in HYPS], [REF], {}),
    "cjk-with-13a": (KO_HYP, [KO_REF], {}),
    "all-short": (["a cat", "the dog ran"] * 5, [["a cat", "the dog walked"] * 5], {}),
}
#: Bytes -> the reading finding they make.
FILES = {
    "binary-file": b"a\0b",
    "empty-file": b"",
    "not-utf8": b"caf\xe9\n",
    "line-too-long": b"x" * (MAX_LINE_CHARS + 1) + b"\n",
    "file-too-large": b"a" * (MAX_FILE_BYTES + 1),
}


def _findings() -> list[Finding]:
    found = []
    for code, (hyps, refs, options) in SETUPS.items():
        found += [f for f in check_setup(Setup(hyps, refs, **options)) if f.code == code]
    for code, data in FILES.items():
        found += [f for f in read_bytes(data, "f.txt").findings if f.code == code]
    return found + list(read_path("/nonexistent/hyp.txt").findings)


FINDINGS = _findings()


def test_each_setup_makes_its_finding() -> None:
    assert sorted(f.code for f in FINDINGS) == sorted([*SETUPS, *FILES, "unreadable-file"])


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("finding", FINDINGS, ids=lambda f: f.code)
def test_every_finding_is_worded_by_its_code_with_its_values(finding: Finding, lang: str) -> None:
    i18n.use(lang)
    try:
        words = describe(finding)
    finally:
        i18n.use("en")
    assert all(text.strip() and "{" not in text for text in words), words
    if lang == "ko":  # the catalog's words, not bleucore's English for the command line
        assert all(re.search("[가-힣]", text) for text in words), words
    for key in ("name", "hypothesis", "reference", "first", "second"):
        if key in finding.values:
            assert finding.values[key] in words[0], (key, words)
    for value in finding.values.values():
        if isinstance(value, int) and not isinstance(value, bool) and value > 1:
            assert f"{value:,}" in " ".join(words), (value, words)
