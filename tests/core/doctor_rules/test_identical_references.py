"""duplicate-refs: the same reference file given twice: nrefs says 2, the score is one reference's."""

from __future__ import annotations

import sacrebleu

from tests.core.doctor_rules.setups import HYPS, REF, REF2, found, one


def test_the_same_file_twice() -> None:
    finding = one("duplicate-refs", HYPS, [REF, REF2, list(REF)], reference_names=["a.txt", "b.txt", "c.txt"])
    assert finding.severity == "warning" and finding.values == {"first": "a.txt", "second": "c.txt"}
    bleu = sacrebleu.BLEU()
    assert bleu.corpus_score(HYPS, [REF, list(REF)]).score == sacrebleu.corpus_bleu(HYPS, [REF]).score  # adds nothing
    assert "nrefs:2" in str(bleu.get_signature())  # yet the signature says two references


def test_different_references_and_one_line_apart() -> None:
    assert found("duplicate-refs", HYPS, [REF, REF2]) == []
    assert found("duplicate-refs", HYPS, [REF, [*REF[:-1], "another last line"]]) == []
