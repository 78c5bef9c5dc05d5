"""empty-lines: empty hypothesis or reference lines, named with their numbers; many of them a warning."""

from __future__ import annotations

import pytest
import sacrebleu

from tests.core.doctor_rules.setups import HYPS, REF, found, one


def test_empty_hypothesis_lines_and_what_they_cost() -> None:
    hyps = list(HYPS)
    hyps[4] = hyps[7] = ""
    finding = one("empty-lines", hyps, [REF])
    assert (
        finding.lines == (5, 8)
        and finding.values == {"name": "hypothesis", "count": 2}
        and finding.severity == "warning"
    )
    assert sacrebleu.corpus_bleu(hyps, [REF]).score == pytest.approx(61.26737643978878)
    assert sacrebleu.corpus_bleu(HYPS, [REF]).score == pytest.approx(65.80370064762461)


def test_one_blank_line_in_forty_is_a_note_and_spaces_count_as_empty() -> None:
    refs = [f"line {i} of the reference" for i in range(40)]
    refs[12] = "   "
    finding = one("empty-lines", [f"line {i} of the output" for i in range(40)], [refs], reference_names=["ref.txt"])
    assert finding.severity == "note" and finding.lines == (13,) and finding.values["name"] == "ref.txt"
    assert found("empty-lines", HYPS, [REF]) == []
