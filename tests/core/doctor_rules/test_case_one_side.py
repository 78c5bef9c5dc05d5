"""case-mismatch: lowercased text on one side only: every capitalized word fails to match unless scored with -lc."""

from __future__ import annotations

import pytest
import sacrebleu

from tests.core.doctor_rules.setups import HYPS, REF, found, one

LOWER = [h.lower() for h in HYPS]


def test_a_lowercased_hypothesis_against_cased_references() -> None:
    finding = one("case-mismatch", LOWER, [REF], hypothesis_name="lc.txt", reference_names=["ref.txt"])
    assert finding.values == {"lower": ["lc.txt"], "mixed": ["ref.txt"]} and finding.severity == "warning"
    assert sacrebleu.corpus_bleu(LOWER, [REF]).score == pytest.approx(52.53819788848316)
    assert sacrebleu.corpus_bleu(LOWER, [REF], lowercase=True).score == pytest.approx(65.80370064762461)


def test_both_lowercased_or_too_few_letters_to_tell() -> None:
    assert found("case-mismatch", LOWER, [[r.lower() for r in REF]]) == []
    assert found("case-mismatch", ["ok 1", "fine 2"], [["OK 1", "Fine 2"]]) == []  # fewer than 20 cased letters
    assert found("case-mismatch", ["straße ist lang"] * 5, [["STRASSE IST LANG"] * 5]) != []  # ß grows under upper()
