"""swapped-files: the reference reads like a system's output and the hypothesis like a reference; one sign is
'possibly', two 'likely'; a trait pointing the other way says nothing."""

from __future__ import annotations

import pytest
import sacrebleu

from tests.core.doctor_rules.parallel import ENGLISH, GERMAN, SYSTEM
from tests.core.doctor_rules.setups import found, one


def llm_output() -> list[str]:
    out = list(SYSTEM)
    out[2] = "Here is the translation: " + out[2]
    out[9] = "Translation: " + out[9]
    out[5] = "I'm sorry, but I can't help with that request."
    out[12] = "I cannot translate this text."
    return out


def test_a_reference_with_a_systems_traits_and_a_clean_hypothesis() -> None:
    finding = one("swapped-files", ENGLISH, [llm_output()], hypothesis_name="ref.txt", reference_names=["out.txt"])
    assert finding.severity == "warning" and finding.values["sure"] == "likely"
    assert finding.values["signs"] == {
        "chat-wrappers": {"reference": 2, "hypothesis": 0},
        "refusals": {"reference": 2, "hypothesis": 0},
    }
    assert "out.txt reads like a system's output and ref.txt like a reference (2 signs" in finding.problem
    # Swapped, the number is another one: BLEU is not symmetric.
    forward = sacrebleu.corpus_bleu(llm_output(), [ENGLISH]).score
    assert sacrebleu.corpus_bleu(ENGLISH, [llm_output()]).score != pytest.approx(forward, abs=0.1)


def test_one_sign_is_possibly() -> None:
    out = list(SYSTEM)
    out[3], out[8] = GERMAN[3], GERMAN[8]
    finding = one("swapped-files", ENGLISH, [out], source=GERMAN)
    assert finding.severity == "note" and finding.values["sure"] == "possibly"
    assert list(finding.values["signs"]) == ["source-copies"]


def test_the_right_way_round_and_traits_on_both_sides_say_nothing() -> None:
    assert found("swapped-files", llm_output(), [ENGLISH]) == []
    assert found("swapped-files", SYSTEM, [ENGLISH]) == []
    both = llm_output()
    out = list(both)
    out[5], out[12] = SYSTEM[5], SYSTEM[12]
    out[20] = "Sure! Here's the translation: " + SYSTEM[20]
    out[21] = "Translation: " + SYSTEM[21]
    out[22] = "Certainly! The translation is: " + SYSTEM[22]
    out[23] = "Here is the English version: " + SYSTEM[23]
    hyps = [o if "sorry" in o or "cannot" in o else e for o, e in zip(both, ENGLISH)]  # refusals on this side
    assert found("swapped-files", hyps, [out]) == []  # wrappers one way, refusals the other: cannot be told


def test_subword_markers_and_loops_in_the_reference_are_signs() -> None:
    out = [line.replace("the", "th@@ e") if i % 2 else line for i, line in enumerate(SYSTEM)]
    out[1] = out[3] = "the the the the the city council"
    finding = one("swapped-files", ENGLISH, [out])
    assert set(finding.values["signs"]) == {"subword-markers", "repetition-loops"}
    assert finding.values["signs"]["repetition-loops"] == {"reference": 2, "hypothesis": 0}
