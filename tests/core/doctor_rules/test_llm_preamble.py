"""llm-preamble: a chat model's words around the translation, in English and Korean, counted where the reference
has none; what they cost (BLEU with and without them)."""

from __future__ import annotations

from bleucore.doctor.chat import strip_wrapper, wrapper
from tests.core.doctor_rules.parallel import ENGLISH, KOREAN, SYSTEM
from tests.core.doctor_rules.setups import found, one


def wrapped() -> list[str]:
    hyps = list(SYSTEM)
    hyps[3] = "Here is the translation: " + hyps[3]
    hyps[5] = f'"{hyps[5]}"'
    hyps[9] = hyps[9] + " (Note: the river is the Rhine.)"
    hyps[12] = "Sure! Here's the English version: " + hyps[12]
    hyps[14] = "Translation: " + hyps[14]
    return hyps


def test_wrappers_before_after_and_around_are_found_with_what_they_cost() -> None:
    finding = one("llm-preamble", wrapped(), [ENGLISH])
    assert finding.lines == (4, 6, 10) and finding.severity == "warning"
    values = finding.values
    assert values["count"] == 5 and values["lines"] == 24 and values["example"] == "Here is the translation:"
    assert values["kinds"] == {"before": 3, "quoted": 1, "after": 1}
    assert values["score"] < values["score_unwrapped"] and values["scored_lines"] == 24
    assert "remove the wrappers the same way from every system's output" in finding.fix


def test_korean_wrappers() -> None:
    hyps = list(KOREAN)
    hyps[0] = "다음은 번역입니다: " + hyps[0]
    hyps[1] = "물론입니다! 번역은 다음과 같습니다: " + hyps[1]
    hyps[2] = hyps[2] + " (참고: 베를린은 독일의 수도입니다.)"
    assert one("llm-preamble", hyps, [KOREAN]).values["count"] == 3
    assert strip_wrapper(hyps[1]) == KOREAN[1]


def test_text_that_only_looks_like_a_wrapper_is_not_one() -> None:
    plain = [
        "The minister said: we will build more schools.",
        "Here, the river is wide.",
        "Certainly not a good idea: the plan failed.",
        'He said "hello" to me and "bye".',
        "Note the difference between the two.",
    ]
    assert [wrapper(line) for line in plain] == [None] * 5
    assert found("llm-preamble", SYSTEM, [ENGLISH]) == []
    quoted = [f'"{line}"' for line in ENGLISH]
    assert found("llm-preamble", quoted, [quoted]) == []  # the references are quoted too: text to match
