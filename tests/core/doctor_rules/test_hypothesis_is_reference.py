"""hyp-equals-ref: the hypothesis is (nine lines in ten or more) one of the references: the score is about 100."""

from __future__ import annotations

import pytest
import sacrebleu

from tests.core.doctor_rules.setups import HYPS, REF, REF2, found, one


def test_a_reference_given_as_the_hypothesis() -> None:
    finding = one("hyp-equals-ref", REF, [REF2, REF], hypothesis_name="out.txt", reference_names=["r1", "r2"])
    assert finding.severity == "error" and finding.values == {
        "hypothesis": "out.txt",
        "reference": "r2",
        "same": 30,
        "lines": 30,
    }
    assert sacrebleu.corpus_bleu(REF, [REF2, REF]).score == pytest.approx(100.0)


def test_nine_lines_in_ten_and_fewer() -> None:
    mostly = REF[:27] + HYPS[27:]
    assert one("hyp-equals-ref", mostly, [REF]).values["same"] == 27
    assert found("hyp-equals-ref", REF[:26] + HYPS[26:], [REF]) == []
    assert found("hyp-equals-ref", HYPS, [REF, REF2]) == []
