"""refs-concatenated: a reference file holding k references one after another (k times the hypothesis' lines)."""

from __future__ import annotations

import pytest
import sacrebleu

from devtools.realistic import realistic_corpus
from tests.core.doctor_rules.setups import HYPS, REF, REF2, found, one


def test_two_references_in_one_file_are_found_by_the_line_count() -> None:
    finding = one("refs-concatenated", HYPS, [REF + REF2], reference_names=["refs.txt"])
    assert finding.severity == "error" and finding.values == {"reference": "refs.txt", "k": 2, "lines": 30}
    assert finding.lines == (30, 31)  # where the second reference starts
    assert "split it into 2 files of 30 lines" in finding.fix and "pairs with it line for line" in finding.problem
    # Split as the fix says, they are two references; read as one file, sacreBLEU's API pairs its first 30 lines
    # (the first reference) and silently drops the rest.
    assert sacrebleu.corpus_bleu(HYPS, [REF, REF2]).score == pytest.approx(75.29586373193686)
    assert sacrebleu.corpus_bleu(HYPS, [REF + REF2]).score == pytest.approx(sacrebleu.corpus_bleu(HYPS, [REF]).score)


def test_three_references_and_other_counts() -> None:
    assert one("refs-concatenated", HYPS, [REF + REF2 + REF]).values["k"] == 3
    assert found("refs-concatenated", HYPS, [REF + REF2[:29]]) == []  # 59 lines: not a multiple
    assert found("refs-concatenated", HYPS, [REF, REF2]) == []


def test_a_multiple_that_is_not_copies_is_a_line_count_mismatch() -> None:
    """Issue 39: a hypothesis cut to a third of the reference's lines, or to half, is not three or two references;
    split as if it were, the reference would score the wrong lines. The line counts rule says where they stop."""
    _, hyps, refs = realistic_corpus(11, 90)
    cut = hyps[:30]
    assert found("refs-concatenated", cut, [refs]) == []
    mismatch = one("line-count-mismatch", cut, [refs])
    assert mismatch.values["pairs_until"] == 30 and "split" not in mismatch.fix
    assert "give the system's output for all 90 lines" in mismatch.fix
    assert found("refs-concatenated", hyps[:2], [refs[:90] + refs[:10]]) == []  # "50 references"
    half = one("line-count-mismatch", HYPS[:15], [REF])  # half the lines
    assert half.values["pairs_until"] == 15
