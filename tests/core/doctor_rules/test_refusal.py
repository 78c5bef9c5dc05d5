"""refusal: lines where a chat model refused to translate, in English and Korean; a sorry that is the text is not."""

from __future__ import annotations

import sacrebleu

from bleucore.doctor.chat import is_refusal
from tests.core.doctor_rules.parallel import ENGLISH, SYSTEM
from tests.core.doctor_rules.setups import found, one

REFUSALS = [
    "I'm sorry, but I can't help with that request.",
    "I cannot translate this text.",
    "As an AI language model, I cannot provide translations of harmful content.",
    "죄송하지만 번역해 드릴 수 없습니다.",
]


def test_refusals_are_counted_and_kept() -> None:
    hyps = list(SYSTEM)
    for i, refusal in zip((2, 6, 11, 20), REFUSALS):
        hyps[i] = refusal
    finding = one("refusal", hyps, [ENGLISH], hypothesis_name="llm.txt")
    assert finding.lines == (3, 7, 12) and finding.values == {"name": "llm.txt", "count": 4, "lines": 24}
    assert "leaving them out" in finding.fix and "report how many lines were refused" in finding.fix
    # Leaving the refused lines out would raise the score: the advice does not.
    kept = [i for i in range(24) if i not in (2, 6, 11, 20)]
    answered = sacrebleu.corpus_bleu([hyps[i] for i in kept], [[ENGLISH[i] for i in kept]]).score
    assert answered > sacrebleu.corpus_bleu(hyps, [ENGLISH]).score + 5


def test_a_sorry_in_the_text_is_not_a_refusal() -> None:
    text = ["I'm sorry for your loss.", "We are sorry that the train was late.", "She cannot help laughing."]
    assert not any(map(is_refusal, text))
    assert found("refusal", SYSTEM, [ENGLISH]) == []
    refs = list(ENGLISH)
    refs[0] = hyps0 = "I'm sorry, but I can't help you with that."  # a line of dialogue, in the reference too
    assert found("refusal", [hyps0, *SYSTEM[1:]], [refs]) == []
