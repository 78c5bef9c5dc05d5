"""MetricX's JSONL on the pages (issue 46): dropped as an imported metric's scores, it is named MetricX, its "Lower is
better" is ticked as it arrives (MetricX scores errors) and the page says so beside its sources, in English and
Korean; unticking it is the user's choice, kept over later runs; one file per system or one for all (``system_id``,
matched to the systems by name) give the same table."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import open_app, upload
from tests.score_files import comet_scores, metricx_jsonl
from ui.options import imported as mi
from ui.state import compare as cps

TWO = ("system_a.en", "system_b.en")
ENTRY = mi.keys("compare", "imported-1")
TICKED = {
    "en": "mx.jsonl: MetricX's JSONL, an error score (0 is a perfect translation), so lower is better, ticked for you",
    "ko": "mx.jsonl: MetricX의 JSONL 파일은 오류 점수(0이 완벽한 번역)라서 낮을수록 좋으므로 “낮을수록 좋음”을 "
    "선택해 두었습니다.",
}


def captions(at: AppTest) -> str:
    return " ".join(c.value for c in at.caption).replace("\\", "")


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_metricx_is_named_ticked_lower_and_said_so(lang: str) -> None:
    scores = {name: [v * 25 for v in values] for name, values in comet_scores(TWO).items()}
    at = open_app("compare", **({"lang": lang} if lang != "en" else {}))
    upload(at, ENTRY.slot, [("mx.jsonl", metricx_jsonl(scores, system_ids=True))]).run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert at.checkbox(key=ENTRY.lower).value is True
    assert TICKED[lang] in captions(at), captions(at)
    pills = at.pills(key=cps.COMPARE_METRICS)
    assert pills.value == ["bleu", "imported-1"] and pills.format_func("imported-1") == "MetricX"
    at.checkbox(key=ENTRY.lower).uncheck().run()
    at.run()  # a later run keeps the user's choice: the box is ticked only as the files arrive
    assert at.checkbox(key=ENTRY.lower).value is False
    unticked = {"en": "yet “Lower is better” is unticked", "ko": "“낮을수록 좋음”이 해제되어 있습니다"}
    assert unticked[lang] in captions(at)


def test_one_file_per_system_and_one_for_all_give_the_same_scores() -> None:
    scores = {name: [v * 25 for v in values] for name, values in comet_scores(TWO).items()}
    shown = []
    for files in (
        [("mx.jsonl", metricx_jsonl(scores, system_ids=True))],
        [(f"{name}.jsonl", metricx_jsonl({name: scores[name]})) for name in TWO],
    ):
        at = open_app("compare")
        upload(at, ENTRY.slot, files).run()
        assert not at.exception and not at.error, [e.value for e in at.error]
        frame = [f.value for f in at.dataframe if "p (bootstrap)" in f.value.columns][-1].set_index("system")
        shown.append([frame.loc[name, "score"] for name in TWO])
        assert at.checkbox(key=ENTRY.lower).value is True
    assert shown[0] == shown[1] == pytest.approx([sum(scores[n]) / len(scores[n]) for n in TWO], abs=1e-12)
