"""unicode-normalization: Korean saved in NFD (as some file systems do) against NFC references scores 0."""

from __future__ import annotations

import unicodedata

import sacrebleu

from tests.core.doctor_rules.setups import HYPS, KO_HYP, KO_REF, REF, found, one

NFD = [unicodedata.normalize("NFD", line) for line in KO_HYP]


def test_korean_in_nfd_against_nfc_is_an_error_and_scores_zero() -> None:
    finding = one("unicode-normalization", NFD, [KO_REF], tokenize="ko-mecab", hypothesis_name="mac.txt")
    assert finding.severity == "error" and finding.values["forms"] == {"mac.txt": "NFD", "reference 1": "NFC"}
    assert finding.lines == (1, 2, 3)
    assert sacrebleu.corpus_bleu(NFD, [KO_REF], tokenize="char").score == 0.0  # not one character in common
    assert sacrebleu.corpus_bleu(KO_HYP, [KO_REF], tokenize="char").score > 50


def test_one_file_mixing_forms_and_plain_ascii() -> None:
    mixed = [NFD[0], *KO_HYP[1:]]
    assert one("unicode-normalization", mixed, [KO_REF]).values["forms"]["hypothesis"] == "mixed"
    assert found("unicode-normalization", HYPS, [REF]) == []  # ASCII is NFC and NFD alike
    assert found("unicode-normalization", NFD, [[unicodedata.normalize("NFD", r) for r in KO_REF]]) == []  # both NFD
