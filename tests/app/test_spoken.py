"""How a filled-in value is read aloud (``ui.shell.spoken``): the Korean particle after it, from its last sound
(Hangul, numbers read in Sino-Korean, Latin letters spelled or read as a word, a closing bracket's content skipped),
and the English article before it; and the templates that ask for them (``{name:을}``, ``{metric:a}``), filled by
``fill_spoken``."""

from __future__ import annotations

import pytest

from ui.options.bleu import SHORT_NAMES
from ui.shell import i18n
from ui.shell.spoken import article, fill_spoken, particle, with_particle

#: (value, particle asked for, what is written). Each particle is asked for in the form that would be wrong.
KOREAN = [
    # Hangul: a final consonant, none, and ㄹ (which takes 로, not 으로)
    ("참조 번역", "이", "참조 번역이"),
    ("파일", "로", "파일로"),
    ("파일", "를", "파일을"),
    ("사과", "으로", "사과로"),
    ("책", "로", "책으로"),
    ("시스템", "가", "시스템이"),
    ("튜토리얼 프리셋", "으로", "튜토리얼 프리셋으로"),
    ("sacreBLEU 기본값", "로", "sacreBLEU 기본값으로"),
    # a closing bracket's content is skipped: the file name, read up to "en"
    ("system_a.en(약한 시스템, 60줄)", "를", "system_a.en(약한 시스템, 60줄)을"),
    ("BLEU (0-100)", "을", "BLEU (0-100)를"),
    ("(60줄)", "를", "(60줄)을"),  # only a bracket: its content is what is read
    # closing quotes and Markdown marks are skipped
    ("“word”", "을", "“word”를"),
    ("**0.65**", "을", "**0.65**를"),
    ("`13a`", "을", "`13a`를"),
    # file names: the extension read last
    ("ref.en", "와", "ref.en과"),
    ("hyp.txt", "을", "hyp.txt를"),  # txt: no vowel, spelled (티엑스티)
    ("scores.json", "를", "scores.json을"),  # 제이슨
    ("out.xml", "로", "out.xml로"),  # 엑스엠엘: ㄹ
    ("data.tsv", "은", "data.tsv는"),
    # numbers in Sino-Korean: the last digit, or the power of ten the trailing zeros make
    ("1", "를", "1을"),  # 일
    ("2", "을", "2를"),  # 이
    ("3", "가", "3이"),  # 삼
    ("6", "는", "6은"),  # 육
    ("7", "으로", "7로"),  # 칠: ㄹ
    ("10", "가", "10이"),  # 십
    ("100", "로", "100으로"),  # 백
    ("1,000", "를", "1,000을"),  # 천
    ("20000", "가", "20000이"),  # 이만
    ("300000000", "는", "300000000은"),  # 삼억
    ("2000000000000", "을", "2000000000000를"),  # 이조
    ("0", "가", "0이"),  # 영
    ("50.46", "를", "50.46을"),  # 오십 점 사육
    ("0.65", "을", "0.65를"),  # 영 점 육오
    ("0.50", "를", "0.50을"),  # 영 점 오영
    ("COMET-22", "을", "COMET-22를"),
    ("flores101", "로", "flores101로"),  # 백일: ㄹ
    ("65%", "을", "65%를"),  # 퍼센트
    # Latin letters: spelled when an acronym, a short piece or without vowels; read as a word otherwise
    ("MQM", "를", "MQM을"),  # 엠
    ("TER", "으로", "TER로"),  # 알: ㄹ
    ("TER", "는", "TER은"),
    ("xCOMET-XL", "를", "xCOMET-XL을"),  # 엘
    ("ESA", "을", "ESA를"),
    ("chrF", "을", "chrF를"),  # 에프
    ("chrF++", "을", "chrF++를"),  # 플러스
    ("MetricX", "이", "MetricX가"),  # 엑스
    ("COMET", "가", "COMET이"),  # 코멧
    ("BLEU", "과", "BLEU와"),  # 블루
    ("JSON", "를", "JSON을"),  # 제이슨
    ("none", "는", "none은"),  # 논
    ("13a", "을", "13a를"),  # 에이
    ("intl", "으로", "intl로"),  # 인틀: ㄹ
    ("ko-mecab", "는", "ko-mecab은"),  # 메캅
    ("ko-mecab", "로", "ko-mecab으로"),
    ("char", "을", "char를"),  # 차
    ("zh", "을", "zh를"),  # 지에이치
    ("en", "를", "en을"),  # 이엔
    ("--paired-ar", "와", "--paired-ar과"),  # 에이알
    ("file", "를", "file을"),  # 파일
    ("sample", "으로", "sample로"),  # 샘플: ㄹ
    ("line", "가", "line이"),  # 라인
    ("name", "는", "name은"),  # 네임
    ("base", "을", "base를"),  # 베이스
    ("code", "을", "code를"),  # 코드
    ("chat", "가", "chat이"),  # 챗
    ("output", "는", "output은"),  # 아웃풋
    ("text", "을", "text를"),  # 텍스트
    ("string", "를", "string을"),  # 스트링
    ("café", "을", "café를"),  # 카페
    ("ㄹ", "으로", "ㄹ로"),
    ("ん", "를", "ん을"),
    ("", "을", "를"),
]


@pytest.mark.parametrize(("value", "form", "written"), KOREAN)
def test_the_particle_follows_the_last_sound_read_aloud(value: str, form: str, written: str) -> None:
    assert with_particle(value, form) == written
    other = {"을": "를", "를": "을", "이": "가", "가": "이", "은": "는", "는": "은", "과": "와", "와": "과"}
    other |= {"으로": "로", "로": "으로"}
    assert particle(value, other[form]) == written[len(value) :]  # either form asks for the same particle


ENGLISH = [
    ("MQM", "an"),  # em
    ("xCOMET-XL", "an"),  # ex
    ("ESA", "an"),
    ("LLM", "an"),
    ("F1", "an"),
    ("8-gram", "an"),
    ("11", "an"),
    ("18,000", "an"),
    ("80", "an"),
    ("hour", "an"),
    ("umbrella", "an"),
    ("**MQM**", "an"),
    ("COMET-22", "a"),
    ("COMET", "a"),
    ("BLEU", "a"),
    ("TER", "a"),  # tee
    ("DA", "a"),
    ("chrF2", "a"),
    ("MetricX-24", "a"),
    ("110", "a"),
    ("1,800", "a"),
    ("user", "a"),
    ("one", "a"),
    ("", "a"),
]


@pytest.mark.parametrize(("value", "expected"), ENGLISH)
def test_the_article_follows_the_first_sound_read_aloud(value: str, expected: str) -> None:
    assert article(value) == expected


def test_a_template_fills_particles_and_articles_and_keeps_every_other_spec() -> None:
    korean = "{name:을} {n:,로} {score:.2f}{rest}"
    assert fill_spoken(korean, name="system_a.en(약한 시스템, 60줄)", n=1000, score=2.5, rest="!") == (
        "system_a.en(약한 시스템, 60줄)을 1,000으로 2.50!"
    )
    assert fill_spoken(korean, name="TER", n=12, score=1, rest="") == "TER을 12로 1.00"
    english = "the chance of {metric:a} difference, {p:.3f}"
    assert fill_spoken(english, metric="MQM", p=0.5) == "the chance of an MQM difference, 0.500"
    assert fill_spoken(english, metric="COMET-22", p=0.5) == "the chance of a COMET-22 difference, 0.500"
    assert fill_spoken("{n:,} {x!r} {}", "first", n=1234, x="a") == "1,234 'a' first"  # str.format's own rules
    with pytest.raises(ValueError):
        korean.format(name="x", n=1, score=1, rest="")  # str.format cannot: such a template needs fill_spoken


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_sidebars_reset_button_names_its_preset_with_the_right_particle(lang: str) -> None:
    i18n.use(lang)
    try:
        said = {name: fill_spoken(i18n._("Reset to {preset}"), preset=i18n._(name)) for name in SHORT_NAMES.values()}
    finally:
        i18n.use("en")
    if lang == "ko":
        assert sorted(said.values()) == ["sacreBLEU 기본값으로 되돌리기", "튜토리얼 프리셋으로 되돌리기"]
    else:
        assert sorted(said.values()) == ["Reset to sacreBLEU defaults", "Reset to the tutorial preset"]
