"""pre-tokenized: text tokenized on one side only (a warning) or on every side (a note), and whom it costs."""

from __future__ import annotations

import pytest
import sacrebleu

from bleucore.tools import score_as_tools
from tests.core.doctor_rules.setups import HYPS, REF, found, one

TOKENIZED = [h[:-1] + " ." for h in HYPS]


def test_a_tokenized_hypothesis_against_plain_references() -> None:
    finding = one("pre-tokenized", TOKENIZED, [REF])
    assert (
        finding.severity == "warning" and finding.values["tokenized"] == ["hypothesis"] and finding.lines == (1, 2, 3)
    )
    scores = {s.tool.key: s.points for s in score_as_tools(TOKENIZED, [REF])}
    plain = {s.tool.key: s.points for s in score_as_tools(HYPS, [REF])}
    assert scores["sacrebleu"] == pytest.approx(plain["sacrebleu"])  # 13a splits the full stop off both sides
    assert scores["nltk-corpus"] == pytest.approx(53.7284965911771)  # 'today.' is not 'today .'
    assert plain["nltk-corpus"] == pytest.approx(66.06328636027614)


def test_split_clitics_cost_sacrebleu_too() -> None:
    tokenized = [f"It does n't matter , number {i} ." for i in range(30)]
    plain = [f"It doesn't matter, number {i}." for i in range(30)]
    assert one("pre-tokenized", tokenized, [plain]).values["plain"] == ["reference 1"]
    assert sacrebleu.corpus_bleu(tokenized, [plain]).score == pytest.approx(54.10822690539397)
    assert sacrebleu.corpus_bleu(plain, [plain]).score == pytest.approx(100.0)


def test_every_side_tokenized_is_a_note_and_plain_text_nothing() -> None:
    finding = one("pre-tokenized", TOKENIZED, [[r[:-1] + " ." for r in REF]])
    assert finding.severity == "note" and finding.values["everywhere"] is True
    assert found("pre-tokenized", HYPS, [REF]) == []


def test_tokenized_references_and_plain_output_ask_for_the_original_references() -> None:
    """Issue 39: with the references tokenized and the output plain, 'score detokenized output' pointed the wrong
    way: the output is plain already."""
    finding = one("pre-tokenized", HYPS, [[r[:-1] + " ." for r in REF]])
    assert finding.values["tokenized"] == ["reference 1"] and finding.values["plain"] == ["hypothesis"]
    assert finding.fix.startswith("score against the original, detokenized references")
    assert finding.values["hypothesis_plain"] is True  # the app words the fix from the values
    tokenized_output = one("pre-tokenized", TOKENIZED, [REF])
    assert tokenized_output.fix.startswith("score detokenized output")
    assert tokenized_output.values["hypothesis_plain"] is False
