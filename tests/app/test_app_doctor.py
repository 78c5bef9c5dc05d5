"""The score doctor page (AppTest through the router): files uploaded or text pasted on the page itself or on Corpus
(one input, shared both ways, nothing uploaded twice), or Explore's sentence; its tool table equals bleucore.tools and
sacreBLEU on those files; a wrong setup or a file that cannot be read shows the finding and no number; the
waterfall's steps add up; Korean words it all."""

from __future__ import annotations

import json
from decimal import Decimal

import pandas as pd
import pytest
import sacrebleu
from streamlit.testing.v1 import AppTest

from bleucore.tools import TOOLS, printed, score_as_tools, tool, waterfall
from tests.conftest import chart_rows, corpus_score, drop_zone, messages, open_app, sample_lines, upload
from ui.doctor import inputs as di
from ui.doctor import scores as ds
from ui.state import corpus as cs

HYP = sample_lines("system_a.en")
REFS = [sample_lines(name) for name in ("ref.en", "ref2.en")]


def tool_table(at: AppTest) -> pd.DataFrame:
    for frame in at.dataframe:
        if "Called as" in frame.value.columns or "호출" in frame.value.columns:
            return frame.value
    raise AssertionError(f"no tool table: {messages(at)}")


def test_the_bundled_sample_is_scored_as_each_tool_scores_it() -> None:
    at = open_app("doctor")
    table = tool_table(at)
    expected = score_as_tools(HYP, REFS)
    assert list(table["Tool"]) == [s.tool.name for s in expected]
    for row, score in zip(table.itertuples(index=False), expected):
        assert row[1] == score.points and row[2] == score.printed
    assert table.iloc[0, 1] == pytest.approx(sacrebleu.corpus_bleu(HYP, REFS).score, abs=1e-9)  # unrounded


def test_files_uploaded_on_corpus_are_checked_without_a_second_upload() -> None:
    at = open_app("corpus")
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    upload(at, cs.CORPUS_REF_UPLOAD, [("ref.en", REFS[0])]).run()
    upload(at, cs.CORPUS_HYP_UPLOAD, [("mine.en", HYP)]).run()
    at.switch_page("app_pages/doctor.py").run()
    assert not at.exception and at.radio(key=cs.CORPUS_SOURCE).value == "upload"
    table = tool_table(at)
    assert table.iloc[0, 1] == pytest.approx(sacrebleu.corpus_bleu(HYP, [REFS[0]]).score, abs=1e-9)
    # A shorter hypothesis file: the line-count finding, and no number at all.
    at.switch_page("app_pages/corpus.py").run()
    assert at.radio(key=cs.CORPUS_SOURCE).value == "upload"  # the doctor page leaves Corpus's input as it was
    upload(at, cs.CORPUS_HYP_UPLOAD, [("short.en", HYP[:-3])]).run()
    at.switch_page("app_pages/doctor.py").run()
    text = messages(at)
    assert f"short.en has {len(HYP) - 3:,} lines but ref.en has {len(REFS[0]):,}" in text
    assert "No tool's score is shown until the errors above are fixed" in text
    assert not [f for f in at.dataframe if "Called as" in f.value.columns]


def test_files_brought_to_the_doctor_first_are_corpus_files_too() -> None:
    at = open_app("doctor")
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    upload(at, cs.CORPUS_REF_UPLOAD, [("ref.en", REFS[0]), ("ref2.en", REFS[1])]).run()
    upload(at, cs.CORPUS_HYP_UPLOAD, [("mine.en", HYP)]).run()
    assert "Checking mine.en against ref.en and ref2.en, with the `13a` tokenizer." in [
        c.value.replace("\\", "") for c in at.caption
    ]  # the file names escaped as Markdown
    assert tool_table(at).iloc[0, 1] == pytest.approx(sacrebleu.corpus_bleu(HYP, REFS).score, abs=1e-9)
    # Corpus opens with the same kept files: nothing to upload again.
    at.switch_page("app_pages/corpus.py").run()
    assert not at.exception and at.radio(key=cs.CORPUS_SOURCE).value == "upload"
    assert "Setup check: no problem found for mine.en" in [e.label.replace("\\", "") for e in at.expander]
    assert corpus_score(at) == pytest.approx(sacrebleu.corpus_bleu(HYP, REFS).score, abs=1e-9)
    at.switch_page("app_pages/doctor.py").run()
    assert at.radio(key=cs.CORPUS_SOURCE).value == "upload" and len(tool_table(at)) == len(TOOLS)


def test_a_file_that_cannot_be_read_is_a_finding_and_the_other_files_stay() -> None:
    at = open_app("doctor")
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    upload(at, cs.CORPUS_REF_UPLOAD, [("ref.en", REFS[0])]).run()
    drop_zone(at, cs.CORPUS_HYP_UPLOAD).set_value([("out.bin", b"\x00\x01\x02binary", "application/octet-stream")])
    at.run()
    assert not at.exception
    text = messages(at)
    assert (
        "Error (certain): out.bin looks like a binary file (a NUL byte on line 1), not plain text: upload the "
        "plain-text (UTF-8) file, one segment per line."
    ) in text.replace("**", "")  # the file, the line, the fix
    assert "ref.en: 60 lines, kept for this session" in [c.value.replace("\\", "") for c in at.caption]
    upload(at, cs.CORPUS_HYP_UPLOAD, [("mine.en", HYP)]).run()  # the reference was kept: only the hypothesis again
    assert tool_table(at).iloc[0, 1] == pytest.approx(sacrebleu.corpus_bleu(HYP, [REFS[0]]).score, abs=1e-9)


def test_text_pasted_on_the_doctor_is_corpus_text_too() -> None:
    hyp = ["The cat sat on the mat today.", "It is raining in Seoul again."]
    ref = ["The cat sat on a mat today.", "It rains in Seoul again.", "An extra line."]
    at = open_app("doctor")
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.text_area(key=cs.CORPUS_HYP_PASTE).set_value("\n".join(hyp)).run()
    at.text_area(key=cs.corpus_ref_key(0)).set_value("\n".join(ref)).run()
    assert "Pasted hypothesis has 2 lines but Pasted reference 1 has 3" in messages(at)
    at.text_area(key=cs.corpus_ref_key(0)).set_value("\n".join(ref[:2])).run()
    assert tool_table(at).iloc[0, 1] == pytest.approx(sacrebleu.corpus_bleu(hyp, [ref[:2]]).score, abs=1e-9)
    at.switch_page("app_pages/corpus.py").run()
    assert at.radio(key=cs.CORPUS_SOURCE).value == "paste" and at.text_area(key=cs.CORPUS_HYP_PASTE).value == "\n".join(
        hyp
    )


def test_the_input_source_follows_each_page_on_every_round_trip() -> None:
    """Either page opens with the source last chosen on the other, every time (not only on a first visit: Streamlit
    keeps every widget's value across pages, so the pages cannot tell a return from a missing key)."""
    at = open_app("corpus")
    at.switch_page("app_pages/doctor.py").run()
    assert at.radio(key=cs.CORPUS_SOURCE).value == "sample"
    at.switch_page("app_pages/corpus.py").run()
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.switch_page("app_pages/doctor.py").run()
    assert not at.exception and at.radio(key=cs.CORPUS_SOURCE).value == "paste"
    at.radio(key=cs.CORPUS_SOURCE).set_value("sample-ko").run()
    at.switch_page("app_pages/corpus.py").run()
    assert not at.exception and at.radio(key=cs.CORPUS_SOURCE).value == "sample-ko"
    at.switch_page("app_pages/doctor.py").run()
    assert at.radio(key=cs.CORPUS_SOURCE).value == "sample-ko"


def test_the_korean_sample_is_scored_with_ko_mecab_beside_sacrebleus_defaults() -> None:
    hyp = sample_lines("system_a.ko")
    refs = [sample_lines(name) for name in ("ref.ko", "ref2.ko")]
    at = open_app("doctor")
    at.radio(key=cs.CORPUS_SOURCE).set_value("sample-ko").run()
    assert at.selectbox(key=cs.CORPUS.key("tokenize")).value == "ko-mecab"
    table = tool_table(at)
    assert list(table["Tool"])[:2] == ["sacreBLEU 2.6", "sacreBLEU 2.6 -tok ko-mecab"]
    assert table.iloc[1, 1] == pytest.approx(sacrebleu.corpus_bleu(hyp, refs, tokenize="ko-mecab").score, abs=1e-9)
    assert table.iloc[0, 1] == pytest.approx(sacrebleu.corpus_bleu(hyp, refs).score, abs=1e-9)
    assert at.selectbox(key=ds.TO).value == "sacrebleu-ko-mecab"
    at.selectbox(key=cs.CORPUS.key("tokenize")).set_value("13a").run()
    assert "the text is Korean but it is scored with the `13a` tokenizer" in messages(at)
    assert "sacreBLEU 2.6 -tok ko-mecab" not in list(tool_table(at)["Tool"])


def test_explores_sentence_is_checked_and_scored() -> None:
    at = open_app("doctor")
    at.radio(key=di.CHECK).set_value("explore").run()
    at.switch_page("app_pages/learn.py").run()
    at.switch_page("app_pages/doctor.py").run()
    assert at.radio(key=di.CHECK).value == "explore"  # the choice stays while another page is open
    table = tool_table(at)
    candidate = "It is a guide to action which ensures that the military always obeys the commands of the party"
    refs = [
        ["It is a guide to action that ensures that the military will forever heed Party commands"],
        [
            "It is the guiding principle which guarantees the military forces always being under the command of the "
            "Party"
        ],
        ["It is the practical guide for the army always to heed the directions of the party"],
    ]
    assert table.iloc[0, 1] == pytest.approx(sacrebleu.corpus_bleu([candidate], refs).score, abs=1e-9)
    # The wikidocs tutorial's own printed number for this sentence (README, "Tutorials").
    tutorial = table[table["Tool"] == tool("tutorial").name].iloc[0, 2]
    assert tutorial == repr(0.5045666840058485)


def test_the_waterfall_lists_each_step_with_its_change() -> None:
    at = open_app("doctor")
    at.selectbox(key=ds.FROM).set_value("nltk-sentence-mean").run()
    steps = waterfall(tool("nltk-sentence-mean"), tool("sacrebleu"), HYP, REFS)
    text = " ".join(m.value for m in at.markdown)
    for step in steps.steps:
        assert f"**{step.printed_delta():+}** points" in text
    assert "mean of sentence BLEU → corpus BLEU" in text and f"**sacreBLEU 2.6**: {steps.end_score.score:.2f}" in text
    # Each step says what it changed in these files' counts: the tokenizer step its token and match counts.
    tokens = steps.steps[0]
    assert tokens.field == "tokenize" and (
        f"Here: c {tokens.result_before.sys_len:,} → {tokens.result_after.sys_len:,} tokens, "
        f"{tokens.result_before.counts[0]:,} → {tokens.result_after.counts[0]:,} unigrams matched." in text
    )
    shown = sum((s.printed_delta() for s in steps.steps), Decimal(0))
    assert shown == printed(steps.end_score.score) - printed(steps.start_score.score)
    at.selectbox(key=ds.FROM).set_value("torchmetrics").run()
    at.selectbox(key=ds.TO).set_value("torchtext").run()
    assert "These two follow the same rules on every point" in messages(at)


def _waterfall_axis(at: AppTest) -> tuple[list[float], str, list[dict[str, object]]]:
    """The waterfall's score axis (its domain and title) and its bars."""
    spec = next(json.loads(c.proto.spec) for c in at.get("vega_lite_chart") if "layer" in json.loads(c.proto.spec))
    y = spec["layer"][0]["encoding"]["y"]
    return y["scale"]["domain"], y["title"], chart_rows(at, "low")


def test_the_waterfalls_axis_starts_near_the_scores_and_says_so() -> None:
    """Hugging Face evaluate's 26.01 to sacreBLEU's 25.05 is one step of -0.96: on an axis from 0 it was a sliver
    (under 4 % of the chart's height); the axis now starts at 24, its title says so, and the step is a third of it.
    From NLTK's mean of sentence BLEU (6.26) the axis still starts at 0, and its title says nothing."""
    at = open_app("doctor")
    at.selectbox(key=ds.FROM).set_value("hf-evaluate").run()
    assert not at.exception
    steps = waterfall(tool("hf-evaluate"), tool("sacrebleu"), HYP, REFS)
    (step,) = [s for s in steps.steps if s.printed_delta() != 0]
    assert f"{step.printed_delta():+}" == "-0.96"
    (low, high), title, bars = _waterfall_axis(at)
    assert 0 < low == 24 <= min(float(b["low"]) for b in bars) and high >= steps.start_score.score  # type: ignore[arg-type]
    assert title == "BLEU (0-100): the axis starts at 24, not at 0", title
    assert abs(float(step.printed_delta())) / (high - low) > 0.3
    scores = [b for b in bars if b["kind"] == "score"]
    assert [float(b["high"]) for b in scores] == [steps.start_score.score, steps.end_score.score]  # type: ignore[arg-type]
    assert all(float(b["low"]) == low for b in scores)  # type: ignore[arg-type]
    at.selectbox(key=ds.FROM).set_value("nltk-sentence-mean").run()
    (low, _high), title, _bars = _waterfall_axis(at)
    assert low == 0 and "not at 0" not in title


def test_the_page_speaks_korean() -> None:
    at = open_app("doctor", lang="ko")
    assert not at.exception
    assert [s.value for s in at.subheader][:1] == ["진단 결과"]
    table = tool_table(at)
    assert "호출" in table.columns and len(table) == len(TOOLS)


def test_corpus_leads_to_the_doctor_with_its_files() -> None:
    at = open_app("corpus")
    link = next(p for p in at.get("page_link") if p.proto.page.endswith("doctor"))
    assert link.proto.label.startswith("Score doctor: these files as NLTK")
    at.switch_page("app_pages/doctor.py").run()
    assert tool_table(at).iloc[0, 1] == pytest.approx(
        sacrebleu.corpus_bleu(HYP, REFS).score, abs=1e-9
    )  # the same sample
