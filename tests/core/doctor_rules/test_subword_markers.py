"""subword-markers: BPE's '@@ ' or SentencePiece's '▁' left in the output: words scored as pieces."""

from __future__ import annotations

import pytest
import sacrebleu

from tests.core.doctor_rules.setups import HYPS, REF, found, one


@pytest.mark.parametrize(
    ("marker", "kind", "score"), [("@@ ", "BPE", 28.917849332325716), ("\u2581", "SentencePiece", 39.281465090051285)]
)
def test_markers_are_named_with_their_kind_and_cost(marker: str, kind: str, score: float) -> None:
    pieces = [h.replace("cat", "ca" + marker + "t") for h in HYPS]
    finding = one("subword-markers", pieces, [REF])
    assert finding.values == {"name": "hypothesis", "kind": kind, "count": 30} and finding.lines == (1, 2, 3)
    assert sacrebleu.corpus_bleu(pieces, [REF]).score == pytest.approx(score)
    assert sacrebleu.corpus_bleu(HYPS, [REF]).score == pytest.approx(65.80370064762461)


def test_one_at_sign_in_a_hundred_lines_is_no_marker() -> None:
    hyps = [f"mail me at a@@b {i}" if i == 0 else f"line {i} is here" for i in range(100)]
    assert found("subword-markers", hyps, [hyps]) == []
