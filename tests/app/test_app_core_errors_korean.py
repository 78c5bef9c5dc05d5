"""bleucore's errors on a Korean page are worded from their codes, never glued in as bleucore's English (issue 45):
every way a score file is not the format it looks like (``BadScoreFile.problem``), TER's limit on a segment's word
pairs (Corpus, Compare and the Score doctor, where it was a traceback or English), a segment whose line and
references pass the segment limit together (a traceback on Corpus), NLTK's method 6 failing on a bucket, a
bootstrap resample and the report (one reason worded three times in English), and a labels file of too many labels.
Each is read as the page shows it, with the Korean walk's checker (``test_app_korean_everywhere.english_words``)."""

from __future__ import annotations

import json
import typing

import pytest

from bleucore.buckets import TooManyLabels
from bleucore.metrics.imported import BadScoreFile, FileProblem, NoScore, parse_scores
from bleucore.reading import TerWordPairs
from tests.app.test_app_korean_everywhere import SAMPLES, english_words, untranslated
from tests.conftest import messages, open_app, upload
from ui.compare import buckets as compare_buckets
from ui.metrics.error_wording import error_text
from ui.metrics.imported.wording import describe
from ui.options import imported as mi
from ui.shell import i18n
from ui.state import compare as cps
from ui.state import corpus as cs

_GOOD = json.dumps({"source": "x", "hypothesis": "y", "reference": "z", "prediction": 1.5})
_KEYED = json.dumps({"system_id": "a", "hypothesis": "y", "reference": "z", "prediction": 1.5})
#: A score file per kind of problem (``bleucore.metrics.imported.problems``; NoScore has no file that reaches it).
BAD_FILES = {
    "JsonSyntax": '{"s.txt": [{"COMET": 0x10}]}',
    "SecondJsonValue": '{"s.txt": [{"COMET": 0.5}]}\n{"t.txt": [{"COMET": 0.5}]}',
    "NotSystems": "[1, 2]",
    "NotSegments": '{"s.txt": 5}',
    "NoScoreKey": '{"s.txt": [{"src": "a"}]}',
    "ScoreNotNumber": '{"s.txt": [{"COMET": "0.5"}]}',
    "SegmentPastLines": "s.txt\tSegment 5\tscore: 0.5\n",
    "NotPrintedLine": "s.txt\tSegment 0\tscore: 0.5\nfoo\tbar\n",
    "OnlySystemScores": "s.txt\tscore: 0.5\n",
    "NotAnObject": _GOOD + "\n[1]\n",
    "SystemIdMismatch": _GOOD + "\n" + _KEYED + "\n",
    "SystemIdMismatch missing": _KEYED + "\n" + _GOOD + "\n",
    "SystemIdNotName": _KEYED + "\n" + json.dumps({"system_id": [1], "prediction": 1.0}) + "\n",
    "NoPrediction": _GOOD + "\n" + json.dumps({"hypothesis": "y"}) + "\n",
    "PredictionNotNumber": _GOOD + "\n" + json.dumps({"prediction": True}) + "\n",
}
#: The user's text a message may quote: the file's name, the systems' paths, MetricX's ``system_id``.
_QUOTED = ("bad.json", "s.txt", "foo", "bar")


def _in(lang: str, word: typing.Callable[[], str]) -> str:
    i18n.use(lang)
    try:
        return word()
    finally:
        i18n.use("en")


def _bad(case: str) -> BadScoreFile:
    with pytest.raises(BadScoreFile) as caught:
        parse_scores(BAD_FILES[case].encode("utf-8"), "bad.json")
    return caught.value


def test_every_kind_of_score_file_problem_has_a_file_here() -> None:
    kinds = {type(_bad(case).problem) for case in BAD_FILES} | {NoScore}
    assert kinds == set(typing.get_args(FileProblem))


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_a_score_file_that_is_not_its_format_is_named_in_korean(case: str) -> None:
    """The clause after "is not COMET's JSON output:" was bleucore's English (``BadScoreFile.detail``) in Korean."""
    err = _bad(case)
    korean, english = _in("ko", lambda: describe(err)), describe(err)
    assert "bad.json" in korean and korean != english
    assert english_words(korean, _QUOTED) == [], korean
    assert err.detail not in korean  # the command line's English stays the command line's
    assert str(err).startswith("bad.json is not ")  # ... and is unchanged


def test_no_score_is_worded_in_korean() -> None:
    err = BadScoreFile("bad.json", "COMET's printed output", NoScore())
    assert str(err) == "bad.json is not COMET's printed output: it has no score"
    assert english_words(_in("ko", lambda: describe(err)), _QUOTED) == []


@pytest.mark.parametrize("case", ["JsonSyntax", "ScoreNotNumber", "PredictionNotNumber"])
def test_a_bad_score_file_on_corpus_is_a_korean_message(case: str) -> None:
    at = open_app("corpus", lang="ko")
    upload(at, mi.keys("corpus", "imported-1").slot, [("bad.json", BAD_FILES[case].encode("utf-8"))]).run()
    assert not at.exception and "bad.json" in messages(at), messages(at)
    found = untranslated(at, *SAMPLES, *_QUOTED)
    assert not found, "\n".join(found)


# --- TER's word pairs per segment ------------------------------------------------------------------------------

#: A line of 2,001 words against a reference of 2,001: 4,004,001 word pairs, past TER's 4,000,000.
_LONG_HYP = " ".join(f"w{i}" for i in range(2001))
_LONG_REF = " ".join(f"v{i}" for i in range(2001))
_TER_WORDS = ("2,001단어", "4,000,000개")


def test_ter_past_its_word_pairs_leaves_ter_out_of_corpus_in_korean() -> None:
    """TER raised SegmentLimitError through the page (a traceback); now it is left out, named; BLEU and chrF stay."""
    at = open_app("corpus", lang="ko")
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.text_area(key=cs.CORPUS_HYP_PASTE).input(_LONG_HYP + "\nshort line")
    at.text_area(key=cs.corpus_ref_key(0)).input(_LONG_REF + "\nshort line")
    at.pills(key=cs.CORPUS_METRICS).set_value(["bleu", "chrf", "ter"]).run()
    assert not at.exception, [e.value for e in at.exception]
    said = messages(at)
    assert "TER" in said and all(w in said for w in _TER_WORDS), said
    assert {"코퍼스 BLEU", "코퍼스 chrF2"} <= {m.label for m in at.metric}
    assert "코퍼스 TER" not in [s.value for s in at.subheader]
    found = untranslated(at, _LONG_HYP, _LONG_REF, "short line")
    assert not found, "\n".join(found)


def test_ter_past_its_word_pairs_leaves_ter_out_of_compare_in_korean() -> None:
    at = open_app("compare", lang="ko")
    at.radio(key=cps.COMPARE_SOURCE).set_value("paste").run()
    at.text_area(key=cps.compare_ref_key(0)).input(_LONG_REF + "\nshort line")
    at.text_area(key=cps.compare_sys_key(0)).input(_LONG_HYP + "\nshort line")
    at.text_area(key=cps.compare_sys_key(1)).input(_LONG_HYP + " x\nshort line")
    at.pills(key=cps.COMPARE_METRICS).set_value(["bleu", "ter"]).run()
    assert not at.exception, [e.value for e in at.exception]
    said = messages(at)
    assert "TER" in said and all(w in said for w in _TER_WORDS), said
    found = untranslated(at, _LONG_HYP, _LONG_REF, "short line")
    assert not found, "\n".join(found)


def test_ter_past_its_word_pairs_on_the_doctor_in_korean() -> None:
    """The doctor's "cannot score" finding quoted bleucore's English ("segment 1: TER compares ...")."""
    from ui.doctor import scores as ds

    at = open_app("doctor", lang="ko")
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.text_area(key=cs.CORPUS_HYP_PASTE).set_value(_LONG_HYP + "\nshort line")
    at.text_area(key=cs.corpus_ref_key(0)).set_value(_LONG_REF + "\nshort line").run()
    at.radio(key=ds.METRIC).set_value("ter").run()
    said = messages(at)
    assert "1번째 줄을 채점할 수 없습니다" in said and all(w in said for w in ("2,001개", "4,000,000개")), said
    found = untranslated(at, _LONG_HYP, _LONG_REF, "short line")
    assert not found, "\n".join(found)


def test_ter_words_keep_the_command_lines_english() -> None:
    err = TerWordPairs(2001, 2001, 4_000_000, 0)
    assert str(err) == (
        "segment 1: TER compares 2,001 hypothesis words with 2,001 reference words; at most 4,000,000 word pairs per "
        "segment (2,000 x 2,000)"
    )
    assert english_words(_in("ko", lambda: error_text(err))) == []


# --- a segment past the segment limit -----------------------------------------------------------------------------


def test_a_segment_past_the_limit_is_a_korean_message_on_corpus() -> None:
    """Three pasted lines of 699,999 characters (each file within its limits; a line's final space is dropped):
    2,099,997 characters in one segment, past 2,000,000. bleucore's SegmentTooLong went through the page as a
    traceback."""
    line = ("가나다 " * 175_000)[:700_000]
    at = open_app("corpus", lang="ko")
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.number_input(key=cs.CORPUS_REF_COUNT).set_value(2).run()
    at.text_area(key=cs.CORPUS_HYP_PASTE).input(line)
    at.text_area(key=cs.corpus_ref_key(0)).input(line.replace("가", "라"))
    at.text_area(key=cs.corpus_ref_key(1)).input(line.replace("나", "마"))
    at.run()
    assert not at.exception, [e.value[:200] for e in at.exception]
    assert "2,099,997자" in messages(at) and "2,000,000자" in messages(at), messages(at)[:2000]
    assert not at.metric  # nothing scored
    found = untranslated(at, line)
    assert not found, "\n".join(found)


# --- NLTK's method 6 on a bucket, a resample and the report; the labels' limit ----------------------------------------

#: Two systems of 41 lines, one line with 3-grams: method 6 scores the corpus, but not a resample without that line,
#: a bucket of the two-word lines, or the report's buckets.
_REF = [f"w{i} x{i}" for i in range(40)] + ["a b c d e f"]
_ONE, _TWO = list(_REF), [f"w{i} y{i}" for i in range(40)] + ["a b c d e g"]


def test_method6_failing_on_a_bucket_a_resample_and_the_report_is_korean() -> None:
    at = open_app("compare", lang="ko")
    at.radio(key=cps.COMPARE_SOURCE).set_value("paste").run()
    at.text_area(key=cps.compare_ref_key(0)).input("\n".join(_REF))
    at.text_area(key=cps.compare_sys_key(0)).input("\n".join(_ONE))
    at.text_area(key=cps.compare_sys_key(1)).input("\n".join(_TWO))
    at.selectbox(key=cps.COMPARE.key("smooth_method")).set_value("nltk-method6").run()
    next(b for b in at.button if b.key == "compare_report_build").click().run()
    assert not at.exception, [e.value for e in at.exception]
    errors = [e.value.replace("\\", "") for e in at.error]
    reason = "nltk-method6에는 0이 아닌 트라이그램 정밀도 p_3이 필요합니다"
    for start in (
        "시스템 2에 대해서는 검정을 할 수 없습니다",
        "이 옵션으로는 구간별 점수를",
        "보고서를 만들 수 없습니다",
    ):
        assert any(e.startswith(start) and reason in e for e in errors), (start, errors)
    found = untranslated(at, *_REF, *_ONE, *_TWO)
    assert not found, "\n".join(found)


def test_a_labels_file_of_too_many_labels_is_korean_on_compare() -> None:
    """201 distinct labels, one past the limit: the bucket section said bleucore's English."""
    lines = [f"w{i} x{i} y{i} z{i}" for i in range(201)]
    other = [line.replace("z", "q") for line in lines]
    at = open_app("compare", lang="ko")
    at.radio(key=cps.COMPARE_SOURCE).set_value("paste").run()
    at.text_area(key=cps.compare_ref_key(0)).input("\n".join(lines))
    at.text_area(key=cps.compare_sys_key(0)).input("\n".join(lines))
    at.text_area(key=cps.compare_sys_key(1)).input("\n".join(other))
    at.run()
    labels = "".join(f"label{i}\n" for i in range(201)).encode()
    upload(at, compare_buckets.SLOTS.labels, [("labels.txt", labels)]).run()
    kind = next(c for c in at.get("segmented_control") if c.key == compare_buckets.SLOTS.kind)
    kind.set_value("label").run()
    assert not at.exception, [e.value for e in at.exception]
    assert "서로 다른 레이블이 201개" in messages(at), messages(at)
    found = untranslated(at, *lines, *other, "labels.txt")
    assert not found, "\n".join(found)


def test_too_many_labels_keeps_the_command_lines_english() -> None:
    assert str(TooManyLabels(201, 200)) == "the labels file has 201 distinct labels; at most 200 are allowed"
    assert english_words(_in("ko", lambda: error_text(TooManyLabels(201, 200)))) == []
