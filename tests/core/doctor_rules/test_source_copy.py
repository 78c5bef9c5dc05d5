"""source-copy: with the source, lines left untranslated and the source file given as the hypothesis; a line whose
reference is its source too (a name, a number) is not one."""

from __future__ import annotations

import sacrebleu

from tests.core.doctor_rules.parallel import ENGLISH, GERMAN, SYSTEM
from tests.core.doctor_rules.setups import found, one


def test_lines_left_in_the_source_language() -> None:
    hyps = list(SYSTEM)
    hyps[3], hyps[7] = GERMAN[3], GERMAN[7].replace(".", "")  # nearly the source: its full stop dropped
    finding = one("source-copy", hyps, [ENGLISH], source=GERMAN, source_name="src.de")
    assert finding.severity == "warning" and finding.lines == (4, 8)
    assert finding.values == {
        "name": "hypothesis",
        "source": "src.de",
        "count": 2,
        "lines": 24,
        "whole": False,
        "with_words": 24,
    }
    assert "keep them in the scored output" in finding.fix
    # Said once: wrong-language leaves the copied lines to this rule.
    assert found("wrong-language", hyps, [ENGLISH], source=GERMAN) == []


def test_the_source_file_given_as_the_hypothesis() -> None:
    finding = one("source-copy", GERMAN, [ENGLISH], source=GERMAN)
    assert finding.severity == "error" and finding.values["whole"] and finding.values["count"] == 24
    assert finding.fix == "give the system's output as the hypothesis (-i)"
    assert sacrebleu.corpus_bleu(GERMAN, [ENGLISH]).score < 5  # what the source shares with the references
    # Line counts that differ (a source with more lines) still tell it.
    assert one("source-copy", GERMAN[:20], [ENGLISH[:20]], source=GERMAN).values["whole"]


def test_copies_that_are_right_are_not_counted() -> None:
    names = ["Berlin", "2024", "The Beatles - Let It Be"]
    assert found("source-copy", [*SYSTEM[:21], *names], [[*ENGLISH[:21], *names]], source=[*GERMAN[:21], *names]) == []
    assert found("source-copy", SYSTEM, [ENGLISH], source=GERMAN) == []
    assert found("source-copy", SYSTEM, [ENGLISH]) == []  # no source given: nothing to compare
