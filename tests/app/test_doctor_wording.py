"""The app words every finding bleucore's doctor makes by its code, with the finding's values, in English and
Korean (``ui/doctor/wording.py``: templates whose placeholders are the values, or a function of them)."""

from __future__ import annotations

import re
import unicodedata
from importlib import import_module
from typing import Any
from unittest import mock

import pytest

from bleucore.doctor import MAX_FILE_BYTES, RULES, Finding, Setup, check_setup, language, read_bytes, read_path
from bleucore.limits import MAX_LINE_CHARS
from devtools.realistic import realistic_corpus
from tests.conftest import sample_lines
from tests.core.doctor_rules.parallel import ENGLISH, GERMAN, KOREAN, SLOVAK, SYSTEM
from tests.generators import cut_off, terse
from ui.doctor.wording import describe
from ui.shell import i18n
from ui.shell.markdown import escape_markdown

HYPS = [f"The cat number {i} sat on the mat today." for i in range(30)]
REF = [f"The cat number {i} sat on a mat today." for i in range(30)]
KO_HYP = ["나는 오늘 아침에 학교에 갔다", "그는 어제 집에 왔다"] * 5
KO_REF = ["나는 오늘 아침 학교에 갔다", "그는 어제 집으로 왔다"] * 5
HYP, REF_EN = sample_lines("system_a.en"), sample_lines("ref.en")
REALISTIC = realistic_corpus(45, 300)[2]
BARE = [line.rstrip(".") for line in REALISTIC]


def _planted(lines: dict[int, str], base: list[str] = SYSTEM) -> list[str]:
    """``base`` with some lines replaced."""
    return [lines.get(i, line) for i, line in enumerate(base)]


LLM = _planted(
    {
        3: "Here is the translation: " + SYSTEM[3],
        5: f'"{SYSTEM[5]}"',
        9: SYSTEM[9] + " (Note: the river is the Rhine.)",
        14: "Translation: " + SYSTEM[14],
    }
)
REFUSED = _planted({2: "I'm sorry, but I can't help with that request.", 6: "죄송하지만 번역해 드릴 수 없습니다."})
SWAPPED = _planted(
    {2: "Here is the translation: " + SYSTEM[2], 5: "I cannot translate this text."}
    | {9: "Translation: " + SYSTEM[9], 12: "I'm sorry, but I can't help with that request."}
)
#: (code, hypothesis lines, reference streams, Setup's other arguments): a setup that makes bleucore's rule of that code
#: find something, each shape of its words (the line counts' four ways to stop pairing, merged, split and added lines).
SETUPS: list[tuple[str, list[str], list[list[str]], dict[str, Any]]] = [
    ("line-count-mismatch", HYPS, [REF[:-2]], {}),
    ("line-count-mismatch", HYP, [REF_EN[:10] + REF_EN[11:]], {}),  # the alignment breaks at line 11
    ("line-count-mismatch", HYP[:30], [REF_EN], {}),  # the output cut short: where the files stop pairing
    ("line-count-mismatch", REF_EN[:30], [REF_EN[:30] + [""] * 3], {}),  # empty lines at the end
    ("refs-concatenated", HYPS, [REF + [f"A cat, number {i}, was sitting." for i in range(30)]], {}),
    ("refs-tab-separated", HYPS, [[f"{r}\tA cat {i}." for i, r in enumerate(REF)]], {}),
    ("merged-lines", [*HYP[:20], HYP[20] + " " + HYP[21], *HYP[22:], ""], [REF_EN], {}),
    (
        "merged-lines",
        [*HYP[:20], " ".join(HYP[20].split()[:4]), " ".join(HYP[20].split()[4:]), *HYP[21:-1]],
        [REF_EN],
        {},
    ),
    ("merged-lines", [*HYP[:20], "An extra line nobody asked for.", *HYP[20:-1]], [REF_EN], {}),
    ("hyp-equals-ref", REF, [REF], {}),
    ("duplicate-refs", HYPS, [REF, list(REF)], {}),
    ("swapped-files", ENGLISH, [SWAPPED], {"hypothesis_name": "ref.txt", "reference_names": ["out.txt"]}),
    ("swapped-files", ENGLISH, [_planted({3: GERMAN[3], 8: GERMAN[8]})], {"source": GERMAN}),  # possibly
    ("source-copy", _planted({3: GERMAN[3], 7: GERMAN[7]}), [ENGLISH], {"source": GERMAN, "source_name": "src.de"}),
    ("source-copy", GERMAN, [ENGLISH], {"source": GERMAN, "source_name": "src.de"}),  # the source given whole
    ("wrong-language", _planted({3: GERMAN[3], 7: SLOVAK[7], 10: KOREAN[10], 11: KOREAN[11]}), [ENGLISH], {}),
    ("llm-preamble", LLM, [ENGLISH], {}),
    ("refusal", REFUSED, [ENGLISH], {}),
    ("empty-lines", HYPS[:25] + [""] * 5, [REF], {}),
    ("invisible-characters", ["\ufeff" + HYPS[0], *HYPS[1:]], [REF], {}),
    ("unicode-normalization", [unicodedata.normalize("NFD", h) for h in KO_HYP], [KO_REF], {"tokenize": "ko-mecab"}),
    ("pre-tokenized", [h.replace(".", " .") for h in HYPS], [REF], {}),
    ("pre-tokenized", HYPS, [[r.replace(".", " .") for r in REF]], {}),  # the references tokenized, not the output
    ("pre-tokenized", [h.replace(".", " .") for h in HYPS], [[r.replace(".", " .") for r in REF]], {}),  # everywhere
    ("subword-markers", [h.replace("number", "num@@ ber") for h in HYPS], [REF], {}),
    ("case-mismatch", [h.lower() for h in HYPS], [REF], {}),
    ("cjk-with-13a", KO_HYP, [KO_REF], {}),
    ("all-short", ["a cat", "the dog ran"] * 5, [["a cat", "the dog walked"] * 5], {}),
    ("all-short", ["a cat"] * 20 + HYPS[:10], [["a cat"] * 20 + REF[:10]], {}),  # most lines, not all
    ("short-output", cut_off(REALISTIC, 45), [REALISTIC], {}),  # cut off
    ("short-output", terse(REALISTIC, 45), [REALISTIC], {}),  # terse
    ("short-output", cut_off(BARE, 45), [BARE], {"reference_names": ["bare.en"]}),  # the endings cannot tell
]
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
    for code, hyps, refs, options in SETUPS:
        found += [f for f in check_setup(Setup(hyps, refs, **options)) if f.code == code]
    with mock.patch.object(language, "missing", lambda: language.PACKAGE):  # py3langid not installed
        found += [f for f in check_setup(Setup(*SETUPS_BY_CODE["wrong-language"])) if f.code == "language-id-missing"]
    for code, data in FILES.items():
        found += [f for f in read_bytes(data, "f.txt").findings if f.code == code]
    return found + list(read_path("/nonexistent/hyp.txt").findings)


SETUPS_BY_CODE = {code: (hyps, refs) for code, hyps, refs, _ in SETUPS}
FINDINGS = _findings()


def test_each_setup_makes_its_finding_and_every_rule_is_worded() -> None:
    expected = [code for code, *_ in SETUPS] + [*FILES, "language-id-missing", "unreadable-file"]
    assert sorted(f.code for f in FINDINGS) == sorted(expected)
    rules = {import_module(f"bleucore.doctor.rules.{rule}").CODE for rule in RULES}
    assert rules <= {f.code for f in FINDINGS}, rules - {f.code for f in FINDINGS}
    # Every shape of the words: where the files stop pairing, each kind of shifted line, how sure a swap is.
    shapes = {(f.code, key) for f in FINDINGS for key in ("trailing_empty", "pairs_until", "breaks_at", "short")}
    assert {("line-count-mismatch", "trailing_empty"), ("line-count-mismatch", "pairs_until")} <= shapes
    assert {f.values["kind"] for f in FINDINGS if f.code == "merged-lines"} == {"merged", "split", "added"}
    assert {f.values["sure"] for f in FINDINGS if f.code == "swapped-files"} == {"likely", "possibly"}
    assert {f.values["whole"] for f in FINDINGS if f.code == "source-copy"} == {True, False}
    assert [f.values["kind"] for f in FINDINGS if f.code == "short-output"] == ["cut", "terse", "short"]


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
    for key in ("name", "hypothesis", "reference", "first", "second", "source"):
        if key in finding.values:
            assert escape_markdown(finding.values[key]) in words[0], (key, words)  # the user's text, escaped
    for key, value in finding.values.items():
        # merged-lines' ``until`` is 0-based: its words name the line near it that made up the count, as the CLI's
        if isinstance(value, int) and not isinstance(value, bool) and value > 1 and key != "until":
            assert f"{value:,}" in " ".join(words), (key, value, words)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_new_findings_name_what_they_found(lang: str) -> None:
    """Issue 39's findings in words: the languages and their counts, the chat wrapper quoted, how sure a swap is,
    where the files stop pairing, the line that holds two segments, and most lines short (not "every line")."""
    by_code: dict[str, list[str]] = {}
    i18n.use(lang)
    try:
        for finding in FINDINGS:
            by_code.setdefault(finding.code, []).append(re.sub(r"\\(.)", r"\1", " ".join(describe(finding))))
    finally:
        i18n.use("en")
    (wrong,) = by_code["wrong-language"]
    if lang == "en":
        assert "4 of the 24 lines of hypothesis are not in English (Korean 2, German 1 and Slovak 1)" in wrong
        assert "for example “Here is the translation:”" in by_code["llm-preamble"][0]
        assert (
            "a preamble on 2 lines, quotes around the whole line on 1 line and a closing remark on 1 line"
            in (by_code["llm-preamble"][0])
        )
        assert [w.split(": the files are ")[1].split()[0] for w in by_code["swapped-files"]] == ["likely", "possibly"]
        assert "the first 30 lines pair, then hypothesis stops while reference 1 goes on" in " ".join(
            by_code["line-count-mismatch"]
        )
        assert "line 21 of hypothesis holds two segments: lines 21 and 22 of reference 1" in by_code["merged-lines"][0]
        assert "20 of the 30 lines of hypothesis have fewer than 4 `13a` tokens" in by_code["all-short"][1]
        assert "every line" not in by_code["all-short"][1]
    else:
        assert "hypothesis의 24줄 중 4줄이 영어가 아닙니다(한국어 2, 독일어 1 및 슬로바키아어 1)" in wrong
        assert "“Here is the translation:”" in by_code["llm-preamble"][0]
        assert (
            "바뀐 것 같습니다" in by_code["swapped-files"][0] and "바뀌었을 수 있습니다" in by_code["swapped-files"][1]
        )
        assert "처음 30줄은 짝이 맞고, 그다음 hypothesis 파일은 끝나는데 reference 1 파일은 이어집니다" in " ".join(
            by_code["line-count-mismatch"]
        )
        assert (
            "hypothesis의 21번째 줄에 두 문장이 들어 있습니다: reference 1의 21번째 줄과 22번째 줄"
            in (by_code["merged-lines"][0])
        )
        assert "hypothesis의 30줄 중 20줄이 `13a` 토큰 4개 미만입니다" in by_code["all-short"][1]
