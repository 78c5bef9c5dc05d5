"""The Korean catalog uses one word per BLEU term (locale/ko/glossary.tsv): a message whose English names the term
says it with the glossary's word (or an accepted synonym), and no message uses a variant the glossary rules out."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from tests.conftest import ROOT

LOCALE = ROOT / "locale" / "ko"
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def glossary() -> list[tuple[str, list[str], list[str]]]:
    """(english, accepted Korean words, ruled-out variants) per term."""
    return [(english, accepted, never) for english, accepted, never, _other in _rows()]


def _rows() -> list[tuple[str, list[str], list[str], list[str]]]:
    """Each term's row, with the English phrases where its word is not the term ("full precision": a number's
    digits, not BLEU's precision)."""
    rows = []
    for line in (LOCALE / "glossary.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        english, korean, also, never, other = ([*line.split("\t"), "", "", "", ""])[:5]
        split = [list(filter(None, column.split("|"))) for column in (also, never, other)]
        rows.append((english, [korean, *split[0]], split[1], split[2]))
    return rows


def messages() -> list[tuple[str, str]]:
    with open(LOCALE / "LC_MESSAGES" / "bleu_explorer.po", "rb") as handle:
        catalog = read_po(handle)
    pairs = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        pairs += [(PLACEHOLDER.sub(" ", i), s) for i, s in zip(ids, strings) if i and s]
    return pairs


def test_every_term_is_said_with_the_glossarys_word() -> None:
    wrong = []
    for english, accepted, _never, other in _rows():
        pattern = re.compile(rf"\b{re.escape(english)}s?\b", re.IGNORECASE)
        elsewhere = re.compile("|".join(re.escape(phrase) for phrase in other) or "(?!)", re.IGNORECASE)
        wrong += [
            f"{english}: {msgid[:70]!r} -> {msgstr[:70]!r}"
            for msgid, msgstr in messages()
            if pattern.search(elsewhere.sub(" ", msgid)) and not any(word in msgstr for word in accepted)
        ]
    assert not wrong, "\n".join(wrong)


def test_no_message_uses_a_ruled_out_variant() -> None:
    """A variant ruled out for one term may be part of another term's word ("정확도" is not precision's word, but
    "쌍별 정확도" is pairwise accuracy's): the terms' own words are taken out before the variants are looked for."""
    words = sorted({word for _en, accepted, _never in glossary() for word in accepted}, key=len, reverse=True)
    found = [
        f"{variant}: {msgstr[:80]!r}"
        for _en, _ok, never in glossary()
        for _id, msgstr in messages()
        for variant in never
        if variant in re.sub("|".join(map(re.escape, words)), " ", msgstr)
    ]
    assert not found, "\n".join(found)


def test_the_glossary_checks_something() -> None:
    terms = {english for english, _ok, _never in glossary()}
    assert {"precision", "recall", "brevity penalty", "geometric mean", "candidate", "reference"} <= terms
    said = [msgstr for msgid, msgstr in messages() if "brevity penalty" in msgid.lower()]
    assert len(said) >= 5 and all("브레버티 패널티" in s or "간결성 패널티" in s or "BP" in s for s in said)
    precision = [msgstr for _id, msgstr in messages() if "precision" in _id.lower()]
    assert precision and not any("정확도" in s for s in precision)  # precision is never 정확도, even beside 쌍별 정확도


def test_a_numbers_full_precision_is_not_blues_precision() -> None:
    """Issue 45: "to full precision" (every digit of a number) was "전체 정밀도", BLEU's word for precision; the
    glossary says the phrase is not the term, and the Korean says what it is: the value before rounding."""
    full = [msgstr for msgid, msgstr in messages() if "full precision" in msgid.lower()]
    assert len(full) >= 5 and all("반올림하지 않은" in s and "정밀도" not in s for s in full), full
