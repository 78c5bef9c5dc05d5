"""invisible-characters: each invisible character named with its lines, and what it really does to each tool."""

from __future__ import annotations

import pytest
import sacrebleu

from bleucore.doctor.rules.invisible_characters import INVISIBLE
from bleucore.tools import score_as_tools
from tests.core.doctor_rules.setups import HYPS, REF, found, one

CLEAN = sacrebleu.corpus_bleu(HYPS, [REF]).score


def with_char(char: str) -> list[str]:
    return [h.replace(" ", char, 1) if i % 3 == 0 else h for i, h in enumerate(HYPS)]


def scores(hyps: list[str]) -> dict[str, float | None]:
    return {s.tool.key: s.points for s in score_as_tools(hyps, [REF])}


@pytest.mark.parametrize("char", [c for c, (_, kind) in INVISIBLE.items() if kind == "joins"])
def test_a_character_no_tool_splits_at_costs_every_tool(char: str) -> None:
    finding = one("invisible-characters", with_char(char), [REF])
    assert finding.lines == (1, 4, 7) and finding.values["count"] == 10 and finding.severity == "warning"
    assert finding.values["character"] == INVISIBLE[char][0]
    clean, dirty = scores(HYPS), scores(with_char(char))
    assert all(dirty[key] < clean[key] for key in clean)  # type: ignore[operator]
    assert sacrebleu.corpus_bleu(with_char(char), [REF]).score == pytest.approx(dirty["sacrebleu"], abs=1e-9)
    assert dirty["sacrebleu"] < CLEAN


@pytest.mark.parametrize("char", ["\u00a0", "\u202f"])
def test_a_no_break_space_costs_the_tools_that_split_on_ascii_spaces_only(char: str) -> None:
    finding = one("invisible-characters", with_char(char), [REF])
    assert finding.values["kind"] == "space" and "multi-bleu.perl" in finding.effect
    clean, dirty = scores(HYPS), scores(with_char(char))
    assert sacrebleu.corpus_bleu(with_char(char), [REF]).score == pytest.approx(CLEAN)  # str.split() splits at it
    assert dirty["nltk-corpus"] == clean["nltk-corpus"]
    assert dirty["multi-bleu"] < clean["multi-bleu"] and dirty["tutorial-simplified"] < clean["tutorial-simplified"]  # type: ignore[operator]


def test_a_carriage_return_costs_only_split_on_single_spaces() -> None:
    crlf = [h + "\r" for h in HYPS]
    finding = one("invisible-characters", crlf, [REF], hypothesis_name="win.txt")
    assert finding.severity == "note" and finding.values["kind"] == "line-end" and finding.lines == (1, 2, 3)
    clean, dirty = scores(HYPS), scores(crlf)
    assert {k for k in clean if dirty[k] != clean[k]} == {"tutorial-simplified"}
    assert sacrebleu.corpus_bleu(crlf, [REF]).score == pytest.approx(CLEAN)


def test_a_byte_order_mark_on_the_first_line_only_and_clean_text() -> None:
    finding = one("invisible-characters", HYPS, [["\ufeff" + REF[0], *REF[1:]]], reference_names=["ref.txt"])
    assert finding.lines == (1,) and finding.values["name"] == "ref.txt" and finding.problem.endswith("on 1 line")
    assert found("invisible-characters", HYPS, [REF]) == []
