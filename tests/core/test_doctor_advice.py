"""Issue 39: the doctor's advice is true. Each new finding's look-alikes (a hypothesis cut short, one with half the
lines, a poor but English line, a quoted reference, a dialogue line that says sorry, a name copied from the source)
get no finding or the right one, no finding advises a change that would raise the score without making the
evaluation right, and a clean corpus with the odd CJK word, emoji, accents and numbers, given with its source, gets
none of the new findings."""

from __future__ import annotations

import pytest
import sacrebleu

from bleucore.doctor import Setup, check_setup, diagnose
from devtools.realistic import realistic_corpus
from tests.core.doctor_rules.parallel import ENGLISH, GERMAN, KOREAN, SYSTEM

NEW = {
    "wrong-language",
    "language-id-missing",
    "llm-preamble",
    "refusal",
    "source-copy",
    "swapped-files",
    "merged-lines",
    "all-short",
    "refs-concatenated",
    "line-count-mismatch",
    "short-output",
}


def codes(hyps: list[str], refs: list[list[str]], **kwargs: object) -> list[str]:
    return [f.code for f in check_setup(Setup(hyps, refs, **kwargs))]  # type: ignore[arg-type]


def test_a_hypothesis_cut_to_a_third_is_not_three_references() -> None:
    """The issue's case: 815 hypothesis lines against 2,445 reference lines were called 3 references, and splitting
    the reference as advised scored the first 815 lines against three unrelated files."""
    _, hyps, refs = realistic_corpus(39, 2445)
    cut = hyps[:815]
    findings = check_setup(Setup(cut, [refs]))
    assert [f.code for f in findings if f.code in NEW] == ["line-count-mismatch"]
    mismatch = findings[0]
    assert mismatch.values["pairs_until"] == 815 and "all 2445 lines" in mismatch.fix and "split" not in mismatch.fix
    report = diagnose(Setup(cut, [refs]))
    assert not report.scored  # no number while the lines do not pair
    honest = sacrebleu.corpus_bleu(cut, [refs[:815]]).score
    split_as_advised = sacrebleu.corpus_bleu(cut, [refs[:815], refs[815:1630], refs[1630:]]).score
    assert split_as_advised > honest + 1  # the old advice raised the score of the same 815 lines


@pytest.mark.parametrize("keep", [2, 500])
def test_half_the_lines_or_two_are_line_count_mismatches(keep: int) -> None:
    _, hyps, refs = realistic_corpus(40, 1000)
    found = codes(hyps[:keep], [refs])
    assert "refs-concatenated" not in found and "line-count-mismatch" in found


def test_no_finding_advises_dropping_lines_the_system_got_wrong() -> None:
    """Dropping wrong-language, refused or untranslated lines would raise the score without the system translating
    them: each such finding says to keep them, and shows they lower the score."""
    hyps = list(SYSTEM)
    hyps[1], hyps[4], hyps[8] = KOREAN[1], GERMAN[4], "I'm sorry, but I can't help with that request."
    hyps[12] = GERMAN[12]
    findings = {f.code: f for f in check_setup(Setup(hyps, [ENGLISH], source=GERMAN))}
    assert {"wrong-language", "refusal", "source-copy"} <= set(findings)
    for code in ("wrong-language", "refusal", "source-copy"):
        assert "keep them in the scored output" in findings[code].fix, code
    kept = [i for i in range(24) if i not in (1, 4, 8, 12)]
    dropped = sacrebleu.corpus_bleu([hyps[i] for i in kept], [[ENGLISH[i] for i in kept]]).score
    assert dropped > sacrebleu.corpus_bleu(hyps, [ENGLISH]).score  # what the advice does not do


def test_look_alikes_get_no_new_finding() -> None:
    poor = list(SYSTEM)
    poor[4] = "Schools are what the people in charge promised for the coming twelve months."
    poor[7] = "Hiring: two hundred (200) new people, says our company 🙂"
    refs = list(ENGLISH)
    refs[10] = poor[10] = '"The new bridge links the two parts of the old town."'  # quoted on both sides
    refs[13] = poor[13] = "I'm sorry, but I can't come to the party."  # dialogue, in the reference too
    source = list(GERMAN)
    source[20] = poor[20] = refs[20] = "Berlin, 2024: UNESCO"  # a name copied, as it should be
    assert set(codes(poor, [refs], source=source)) & NEW == set()


def test_a_clean_corpus_with_its_source_gets_none_of_the_new_findings() -> None:
    sources, hyps, refs = realistic_corpus(7, 3000)  # accents, CJK words, emoji, curly quotes, numbers, NBSP
    assert set(codes(hyps, [refs], source=sources)) & NEW == set()
    odd = [f"{line[:-1]} 🙂 (寿司, café, 3\u00a0500 €)." for line in SYSTEM]
    refs_odd = [f"{line[:-1]} 🙂 (寿司, café, 3\u00a0500 €)." for line in ENGLISH]
    assert set(codes(odd, [refs_odd], source=GERMAN)) & NEW == set()
