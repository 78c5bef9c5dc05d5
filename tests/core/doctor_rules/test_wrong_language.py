"""wrong-language: hypothesis lines in another language than the references': another script (Korean among
English) and the same script (German and Slovak among English, told by py3langid); what they do to the score."""

from __future__ import annotations

import pytest
import sacrebleu

from bleucore.doctor import language
from bleucore.doctor.rules import wrong_language
from tests.core.doctor_rules.parallel import ENGLISH, GERMAN, KOREAN, SLOVAK, SYSTEM
from tests.core.doctor_rules.setups import found, one


def planted() -> list[str]:
    hyps = list(SYSTEM)
    hyps[3], hyps[7], hyps[10], hyps[11] = GERMAN[3], SLOVAK[7], KOREAN[10], KOREAN[11]
    return hyps


def test_lines_in_other_languages_are_counted_by_language() -> None:
    finding = one("wrong-language", planted(), [ENGLISH], hypothesis_name="out.en")
    assert finding.severity == "warning" and finding.lines == (4, 8, 11)
    assert finding.values == {
        "name": "out.en",
        "reference_language": "en",
        "languages": {"ko": 2, "de": 1, "sk": 1},
        "count": 4,
        "lines": 24,
        "sampled": False,
    }
    assert "4 of the 24 lines of out.en are not in English (Korean 2, German 1, Slovak 1)" in finding.problem
    assert "dropping them would raise the score" in finding.fix  # the advice keeps them
    # Each such line matches nothing: the score falls, as it should for lines that are not translations.
    assert sacrebleu.corpus_bleu(planted(), [ENGLISH]).score < sacrebleu.corpus_bleu(SYSTEM, [ENGLISH]).score - 5


def test_a_good_system_and_its_look_alikes_are_not_this_rule() -> None:
    assert found("wrong-language", SYSTEM, [ENGLISH]) == []
    # A poor English line (few words in common with its reference) is still English.
    poor = list(SYSTEM)
    poor[4] = "Schools are what the people in charge promised for the coming twelve months."
    assert found("wrong-language", poor, [ENGLISH]) == []
    # German references and German output: the references' language is German.
    assert found("wrong-language", GERMAN, [GERMAN]) == []


def test_korean_references_and_english_lines() -> None:
    hyps = list(KOREAN)
    hyps[0], hyps[1] = SYSTEM[0], SYSTEM[1]
    finding = one("wrong-language", hyps, [KOREAN])
    assert finding.values["reference_language"] == "ko" and finding.values["languages"] == {"en": 2}


def test_without_py3langid_another_script_is_still_found_and_the_rest_is_a_note(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(language, "missing", lambda: language.PACKAGE)
    monkeypatch.setattr(language, "classify", lambda lines: pytest.fail("py3langid used while missing"))
    findings = found("wrong-language", planted(), [ENGLISH]) + found("language-id-missing", planted(), [ENGLISH])
    by_code = {f.code: f for f in findings}
    assert by_code["wrong-language"].values["languages"] == {"ko": 2}  # Hangul tells itself
    assert by_code["language-id-missing"].values == {"name": "hypothesis", "count": 2, "package": "py3langid"}
    assert "pip install py3langid" in by_code["language-id-missing"].fix


def test_past_the_classified_maximum_the_count_is_a_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wrong_language, "MAX_CLASSIFIED", 2)
    finding = one("wrong-language", planted(), [ENGLISH])  # 4 lines looked at, 2 classified: each counts twice
    assert finding.values["sampled"] and finding.problem.startswith("about ")
    assert finding.values["count"] == 2 * len(finding.lines) == sum(finding.values["languages"].values())
