"""refs-concatenated: a reference file holding k references one after another (k times the hypothesis' lines)."""

from __future__ import annotations

import pytest
import sacrebleu

from tests.core.doctor_rules.setups import HYPS, REF, REF2, found, one


def test_two_references_in_one_file_are_found_by_the_line_count() -> None:
    finding = one("refs-concatenated", HYPS, [REF + REF2], reference_names=["refs.txt"])
    assert finding.severity == "error" and finding.values == {"reference": "refs.txt", "k": 2, "lines": 30}
    assert finding.lines == (30, 31)  # where the second reference starts
    assert "split it into 2 files of 30 lines" in finding.fix
    # Split as the fix says, they are two references; read as one file, sacreBLEU's API pairs its first 30 lines
    # (the first reference) and silently drops the rest.
    assert sacrebleu.corpus_bleu(HYPS, [REF, REF2]).score == pytest.approx(75.29586373193686)
    assert sacrebleu.corpus_bleu(HYPS, [REF + REF2]).score == pytest.approx(sacrebleu.corpus_bleu(HYPS, [REF]).score)


def test_three_references_and_other_counts() -> None:
    assert one("refs-concatenated", HYPS, [REF + REF2 + REF]).values["k"] == 3
    assert found("refs-concatenated", HYPS, [REF + REF2[:29]]) == []  # 59 lines: not a multiple
    assert found("refs-concatenated", HYPS, [REF, REF2]) == []
