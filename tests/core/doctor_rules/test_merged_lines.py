"""merged-lines: two segments on one line with the line counts still equal (a line added later, or an empty line at
the end); the line is named, and what the shift does to the score. A line split in two and a line added too."""

from __future__ import annotations

import pytest
import sacrebleu

from tests.conftest import sample_lines
from tests.core.doctor_rules.setups import HYPS, REF, found, one

HYP, REF_EN = sample_lines("system_a.en"), sample_lines("ref.en")


def test_a_merged_line_is_named_and_the_shift_measured() -> None:
    merged = [*HYP[:20], HYP[20] + " " + HYP[21], *HYP[22:], ""]  # an empty line at the end keeps the count
    finding = one("merged-lines", merged, [REF_EN], hypothesis_name="system_a.en", reference_names=["ref.en"])
    assert finding.severity == "error" and finding.lines == (21,)
    assert finding.values == {
        "name": "system_a.en",
        "reference": "ref.en",
        "kind": "merged",
        "line": 21,
        "shifted": 39,
        "until": 60,
    }
    assert finding.problem.startswith("line 21 of system_a.en holds two segments: lines 21 and 22 of ref.en")
    assert "split line 21 into its two segments" in finding.fix
    # Every line after it meets another sentence's reference: the score collapses.
    assert sacrebleu.corpus_bleu(merged, [REF_EN]).score == pytest.approx(sacrebleu.corpus_bleu(merged, [REF_EN]).score)
    assert sacrebleu.corpus_bleu(merged, [REF_EN]).score < sacrebleu.corpus_bleu(HYP, [REF_EN]).score / 2


@pytest.mark.parametrize("at", [6, 20, 40])
def test_split_and_added_lines(at: int) -> None:
    words = HYP[at].split()
    split = [*HYP[:at], " ".join(words[:4]), " ".join(words[4:]), *HYP[at + 1 : -1]]
    finding = one("merged-lines", split, [REF_EN])
    assert finding.values["kind"] == "split" and finding.values["line"] == at + 2  # its second half
    added = [*HYP[:at], "An extra line nobody asked for.", *HYP[at:-1]]
    finding = one("merged-lines", added, [REF_EN])
    assert (finding.values["kind"], finding.values["line"]) == ("added", at + 1)


def test_aligned_files_and_one_long_line_are_not_this_rule() -> None:
    assert found("merged-lines", HYP, [REF_EN]) == []
    assert found("merged-lines", HYPS, [REF]) == []
    long_line = [*HYP[:10], HYP[10] + " And it was a very long sentence indeed, longer than any other.", *HYP[11:]]
    assert found("merged-lines", long_line, [REF_EN]) == []
