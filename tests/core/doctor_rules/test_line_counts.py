"""line-count-mismatch: the counts, where the alignment visibly breaks (a reference line lost or added in the bundled
sample), extra empty lines at the end named as such, and what a lost line does to the score."""

from __future__ import annotations

import pytest
import sacrebleu

from bleucore.doctor import Setup, diagnose, read_bytes
from bleucore.doctor.rules.line_counts import break_point
from tests.conftest import sample_lines
from tests.core.doctor_rules.setups import HYPS, REF, REF2, found, one

HYP, REF_EN = sample_lines("system_a.en"), sample_lines("ref.en")
NAMES = {"hypothesis_name": "system_a.en", "reference_names": ["ref.en"]}


def test_a_lost_reference_line_is_found_where_the_lines_stop_pairing() -> None:
    lost = REF_EN[:10] + REF_EN[11:]  # line 11 lost: hypothesis line 11 has no reference, line 12 meets line 11's
    finding = one("line-count-mismatch", HYP, [lost], **NAMES)
    assert finding.severity == "error" and finding.confidence == "certain"
    assert finding.problem.startswith(
        "system_a.en has 60 lines but ref.en has 59; the alignment visibly breaks at line 11"
    )
    assert finding.lines == (10, 11) and finding.values["breaks_at"] == 11
    # From there each line is scored against the next sentence's reference: the score collapses.
    aligned = sacrebleu.corpus_bleu(HYP[11:59], [REF_EN[11:59]]).score
    shifted = sacrebleu.corpus_bleu(HYP[11:59], [lost[11:59]]).score
    assert aligned == pytest.approx(20.110720187536604) and shifted == pytest.approx(0.2778746097164352)


def test_an_added_reference_line_is_found_at_its_line() -> None:
    added = [*REF_EN[:20], "This sentence is in the reference only.", *REF_EN[20:]]
    finding = one("line-count-mismatch", HYP, [added], **NAMES)
    assert finding.lines == (21,) and (finding.values["breaks_at"], finding.values["resembles"]) == (21, 22)
    assert "which resembles line 22 of ref.en" in finding.problem


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_break_is_found_for_every_lost_or_added_line_of_the_samples(language: str) -> None:
    hyp, ref = sample_lines(f"system_a.{language}"), sample_lines(f"ref.{language}")
    misses = 0
    for k in range(len(ref) - 2):
        assert break_point(hyp, [*ref[:k], "An extra sentence nobody translated.", *ref[k:]]) in (k, k + 1)
        misses += break_point(hyp, ref[:k] + ref[k + 1 :]) not in (k, k + 1)  # line k + 1 has no reference
    assert misses <= (0 if language == "en" else 2)  # the Korean system shares few words with its references


def test_extra_empty_lines_at_the_end_are_named_and_the_lines_still_pair() -> None:
    finding = one("line-count-mismatch", HYP, [[*REF_EN, "", ""]], **NAMES)
    assert (
        finding.values["trailing_empty"] == 2
        and finding.values["file"] == "ref.en"
        and "breaks_at" not in finding.values
    )
    assert "the 2 extra lines at the end of ref.en are empty" in finding.problem and finding.lines == (61,)
    hyp_side = one("line-count-mismatch", [*HYP, " "], [REF_EN], **NAMES)
    assert (
        hyp_side.values["file"] == "system_a.en"
        and "the 1 extra line at the end of system_a.en is empty" in hyp_side.problem
    )
    # sacreBLEU's API pairs the first lines (zip): the same number as without the empty lines.
    assert sacrebleu.corpus_bleu(HYP, [[*REF_EN, "", ""]]).score == sacrebleu.corpus_bleu(HYP, [REF_EN]).score


def test_equal_counts_and_concatenated_references_are_not_this_rule() -> None:
    assert found("line-count-mismatch", HYPS, [REF, REF2]) == []
    assert found("line-count-mismatch", HYPS, [REF + REF2]) == []  # refs-concatenated says more


def test_a_file_that_could_not_be_read_is_not_counted_again() -> None:
    empty = read_bytes(b"", "ref.txt")
    report = diagnose(Setup(HYPS, [empty.lines], "hyp.txt", ["ref.txt"]), reading=empty.findings)
    assert [f.code for f in report.findings] == ["empty-file"]
    # Given by the API, an empty stream is a line-count finding: nothing else says what is wrong.
    assert one("line-count-mismatch", HYPS, [[]]).values["ref_lines"] == 0


def test_a_hypothesis_cut_short_says_where_the_files_stop_pairing() -> None:
    """A third of the lines: the first 20 pair, then the hypothesis stops (issue 39: once called 3 references)."""
    finding = one("line-count-mismatch", HYP[:20], [REF_EN], **NAMES)
    assert finding.values["pairs_until"] == 20 and finding.values["file"] == "system_a.en"
    assert "the first 20 lines pair, then system_a.en stops while ref.en goes on" in finding.problem
    assert finding.fix.startswith("give the system's output for all 60 lines") and finding.lines == (20, 21)
    assert found("refs-concatenated", HYP[:20], [REF_EN]) == []
    # Scoring the 20 lines, as sacreBLEU's API silently does, is a score of a third of the test set.
    assert sacrebleu.corpus_bleu(HYP[:20], [REF_EN]).score == sacrebleu.corpus_bleu(HYP[:20], [REF_EN[:20]]).score
    reference_cut = one("line-count-mismatch", HYP, [REF_EN[:45]], **NAMES)
    assert reference_cut.values["pairs_until"] == 45 and reference_cut.fix.startswith("give the reference of all 60")
