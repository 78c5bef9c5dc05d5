"""Issue 39's findings on the Score doctor page, in English and Korean: each planted in pasted text (a chat model's
output, swapped files, a merged line, a cut-short output, mostly short lines, tokenized references, no language
identifier) and issue 45's output cut off line by line, and read in the page's words."""

from __future__ import annotations

import pytest

from bleucore.doctor import language
from tests.conftest import messages, open_app, sample_lines
from tests.core.doctor_rules.parallel import ENGLISH, GERMAN, KOREAN, SLOVAK, SYSTEM
from tests.generators import cut_off
from ui.doctor import source as dsrc
from ui.state import corpus as cs

HYP, REF = sample_lines("system_a.en"), sample_lines("ref.en")


def planted(lines: dict[int, str]) -> list[str]:
    return [lines.get(i, line) for i, line in enumerate(SYSTEM)]


#: Finding -> (hypothesis, reference, source or None, its words in English, in Korean).
CASES = {
    "wrong-language": (
        planted({3: GERMAN[3], 7: SLOVAK[7], 10: KOREAN[10], 11: KOREAN[11]}),
        ENGLISH,
        None,
        "4 of the 24 lines of Pasted hypothesis are not in English (Korean 2, German 1 and Slovak 1) (lines 4, 8, 11)",
        "붙여 넣은 가설 번역의 24줄 중 4줄이 영어가 아닙니다(한국어 2, 독일어 1 및 슬로바키아어 1) (4, 8, 11번째 줄)",
    ),
    "llm-preamble": (
        planted({3: "Here is the translation: " + SYSTEM[3], 5: f'"{SYSTEM[5]}"', 14: "Translation: " + SYSTEM[14]}),
        ENGLISH,
        None,
        "3 of the 24 lines of Pasted hypothesis hold a chat model's words around the translation (a preamble on 2 "
        "lines and quotes around the whole line on 1 line; for example “Here is the translation:”)",
        "붙여 넣은 가설 번역의 24줄 중 3줄에 채팅 모델이 번역 앞뒤에 덧붙인 말이 있습니다(머리말 2줄 및 줄 전체를 감싼 "
        "따옴표 1줄; 예: “Here is the translation:”)",
    ),
    "refusal": (
        planted({2: "I'm sorry, but I can't help with that request.", 6: "죄송하지만 번역해 드릴 수 없습니다."}),
        ENGLISH,
        None,
        "2 of the 24 lines of Pasted hypothesis are refusals, not translations",
        "붙여 넣은 가설 번역의 24줄 중 2줄이 번역이 아니라 번역 거절입니다",
    ),
    "source-copy": (
        GERMAN,
        ENGLISH,
        GERMAN,
        "24 of the 24 lines with words among the 24 lines of Pasted hypothesis are lines of Pasted source: the source "
        "file was given as the hypothesis",
        "붙여 넣은 가설 번역의 24줄 가운데 단어가 있는 24줄 중 24줄이 붙여 넣은 원문의 줄입니다: "
        "원문 파일을 가설 번역으로 주었습니다",
    ),
    "swapped-files": (
        ENGLISH,
        planted(
            {
                2: "Here is the translation: " + SYSTEM[2],
                9: "Translation: " + SYSTEM[9],
                5: "I'm sorry, but I can't help with that request.",
                12: "I cannot translate this text.",
            }
        ),
        None,
        "Pasted reference 1 reads like a system's output and Pasted hypothesis like a reference (2 signs: chat "
        "wrappers on 2 lines against 0 and refusals on 2 lines against 0): the files are likely swapped",
        "붙여 넣은 참조 번역 1 파일은 시스템 출력처럼, 붙여 넣은 가설 번역 파일은 참조 번역처럼 읽힙니다"
        "(징후 2개: 채팅 모델이 덧붙인 말 2줄 (가설 쪽은 0줄) 및 번역 거절 2줄 (가설 쪽은 0줄)): "
        "두 파일이 바뀐 것 같습니다",
    ),
    "merged-lines": (
        [*HYP[:20], HYP[20] + " " + HYP[21], *HYP[22:], "A closing line nobody translated."],
        REF,
        None,
        "line 21 of Pasted hypothesis holds two segments: lines 21 and 22 of Pasted reference 1; the line counts are "
        "equal, but the 39 lines after it resemble the next line of Pasted reference 1 more than their own",
        "붙여 넣은 가설 번역의 21번째 줄에 두 문장이 들어 있습니다: 붙여 넣은 참조 번역 1의 21번째 줄과 "
        "22번째 줄; 줄 수는 같지만, 그 뒤의 39줄은 자기 짝보다 붙여 넣은 참조 번역 1의 다음 줄과 더 닮았습니다",
    ),
    "line-count-mismatch": (
        HYP[:30],
        REF,
        None,
        "Pasted hypothesis has 30 lines but Pasted reference 1 has 60; the first 30 lines pair, then Pasted hypothesis "
        "stops while Pasted reference 1 goes on",
        "붙여 넣은 가설 번역 파일은 30줄인데 붙여 넣은 참조 번역 1 파일은 60줄입니다; 처음 30줄은 짝이 맞고, "
        "그다음 붙여 넣은 가설 번역 파일은 끝나는데 붙여 넣은 참조 번역 1 파일은 이어집니다",
    ),
    "all-short": (
        ["a cat"] * 16 + SYSTEM[:8],
        ["a cat"] * 16 + ENGLISH[:8],
        None,
        "16 of the 24 lines of Pasted hypothesis have fewer than 4 `13a` tokens (the longest line has",
        "붙여 넣은 가설 번역의 24줄 중 16줄이 `13a` 토큰 4개 미만입니다 (가장 긴 줄은",
    ),
    "short-output": (  # issue 45: lines cut to 50-75 % of their words got "no problem found"
        cut_off(REF, 45),
        REF,
        None,
        "Pasted hypothesis is 63% as long as Pasted reference 1 in words (BP about 0.55), and 57 of its 60 lines stop "
        "mid-sentence, far shorter than their reference: the output looks cut off",
        "붙여 넣은 가설 번역의 길이는 붙여 넣은 참조 번역 1의 63%이고(단어 기준, BP 약 0.55), 60줄 중 57줄이 참조 "
        "번역보다 훨씬 짧은 채 문장 중간에서 끝납니다: 출력이 잘린 것으로 보입니다",
    ),
    "pre-tokenized": (
        SYSTEM,
        [line[:-1] + " ." for line in ENGLISH],
        None,
        "score against the original, detokenized references (sacreBLEU's test sets, or detokenize them with "
        "sacremoses)",
        "토큰화하지 않은 원래 참조 번역과 비교하세요(sacreBLEU의 테스트 세트를 쓰거나, "
        "sacremoses로 토큰화를 되돌리세요)",
    ),
}


def paste(lang: str, hyp: list[str], ref: list[str], source: list[str] | None):  # type: ignore[no-untyped-def]
    """The doctor page with the texts pasted."""
    at = open_app("doctor", lang=lang)
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.text_area(key=cs.CORPUS_HYP_PASTE).set_value("\n".join(hyp))
    at.text_area(key=cs.corpus_ref_key(0)).set_value("\n".join(ref))
    if source is not None:
        at.text_area(key=dsrc.SOURCE_PASTE).set_value("\n".join(source))
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("code", list(CASES))
def test_each_new_finding_is_worded_on_the_page(code: str, lang: str) -> None:
    hyp, ref, source, english, korean = CASES[code]
    text = messages(paste(lang, hyp, ref, source)).replace("**", "")
    assert (english if lang == "en" else korean) in text, text


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_without_a_language_identifier_the_page_says_what_it_cannot_tell(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(language, "missing", lambda: language.PACKAGE)
    monkeypatch.setattr(language, "classify", lambda lines: pytest.fail("py3langid used while missing"))
    hyp = planted({3: GERMAN[3], 7: SLOVAK[7], 9: GERMAN[9]})
    hyp[0] += f" ({lang})"  # an input of its own: the cached reports of other tests were made with py3langid
    text = messages(paste(lang, hyp, ENGLISH, None)).replace("**", "")
    expected = {
        "en": "3 lines of Pasted hypothesis share few words with their references, and without the `py3langid` package "
        "their language cannot be told from the references' (same script)",
        "ko": "붙여 넣은 가설 번역의 3줄이 참조 번역과 겹치는 단어가 적은데, `py3langid` 패키지가 없어서",
    }[lang]
    assert expected in text, text
