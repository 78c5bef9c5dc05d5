"""Explore's chrF and TER (AppTest): the three scores beside BLEU, the chrF & TER tab, escaping.
Expected numbers come from sacreBLEU 2.6, computed here."""

from __future__ import annotations

import html
import re
from pathlib import Path

from sacrebleu.metrics import CHRF, TER
from streamlit.testing.v1 import AppTest

from bleucore.metrics.ter.explanation import explain_ter
from tests.conftest import metric
from tests.golden_examples import CA1, KO_CAND, KO_REF, REFS_1
from ui.metrics.chrf import view as chrf_view
from ui.metrics.ter import view as ter_view
from ui.state import explore as es

APP = str(Path(__file__).resolve().parents[2] / "app.py")
TAB = "chrF & TER"


def start() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert not at.exception, at.exception
    return at


def bodies(at: AppTest) -> str:
    return "\n".join(h.proto.body for h in at.get("html"))


def open_tab(at: AppTest) -> AppTest:
    at.session_state[es.TAB] = TAB
    at.run()
    assert not at.exception, at.exception
    return at


def test_default_shows_chrf_chrfpp_and_ter_beside_bleu() -> None:
    at = start()
    refs = list(REFS_1)
    assert metric(at, "chrF2") == f"{CHRF().sentence_score(CA1, refs).score:.2f}"
    assert metric(at, "chrF2++") == f"{CHRF(word_order=2).sentence_score(CA1, refs).score:.2f}"
    assert metric(at, "TER") == f"{TER().sentence_score(CA1, refs).score:.2f}"


def test_tab_highlights_characters_and_draws_the_alignment() -> None:
    at = open_tab(start())
    refs = list(REFS_1)
    headers = [h.value for h in at.subheader]
    assert f"chrF2 = {CHRF().sentence_score(CA1, refs).score:.2f}" in headers
    assert f"TER = {TER().sentence_score(CA1, refs).score:.2f}" in headers
    html = bodies(at)
    assert 'class="chrf-ch matched"' in html and "in a matched 3-gram" in html  # order 3 by default
    explanation = explain_ter(CA1, refs)
    assert html.count('class="ter-w ') == len(explanation.steps)
    at.radio(key=es.CHRF_ORDER).set_value(6).run()
    assert "in a matched 6-gram" in bodies(at)


def test_korean_particles_explain_why_chrf_is_above_bleu() -> None:
    at = start()
    at.text_area(key=es.CANDIDATE).set_value(KO_CAND)
    for position, ref_id in enumerate(at.session_state[es.REF_IDS]):
        at.text_area(key=es.ref_key(ref_id)).set_value(KO_REF if position == 0 else "")
    open_tab(at)
    notes = [i.value.replace("\\", "") for i in at.info]
    bleu = float(metric(at, "BLEU (0–100)"))
    chrf = CHRF().sentence_score(KO_CAND, [KO_REF]).score
    assert chrf - bleu >= chrf_view.DISAGREEMENT
    assert any(n.startswith(f"chrF ({chrf:.1f}) is well above BLEU ({bleu:.1f})") for n in notes), notes
    assert metric(at, "chrF2") == f"{CHRF().sentence_score(KO_CAND, [KO_REF]).score:.2f}"


def test_user_text_is_escaped() -> None:
    at = start()
    payload = '<img src=x onerror="alert(1)"> </span><script>alert(2)</script>'
    at.text_area(key=es.CANDIDATE).set_value(payload + " " + CA1).run()
    open_tab(at)
    html = bodies(at)
    assert "<script>" not in html and "<img" not in html
    assert "&lt;script&gt;" in html


def test_char_statuses_and_disagreement_rules() -> None:
    statuses = chrf_view.char_statuses("ab cd", "abx", 2)
    assert statuses == ["matched", "matched", "unmatched", "unmatched", "unmatched"]  # "ab" matched; "bc", "cd" not
    assert chrf_view.disagreement(40.0, 50.0, ["a"], "a") is None
    assert "학생이" in (chrf_view.disagreement(10.0, 60.0, ["학생이"], "학생은 갔다") or "")
    # A word BLEU matched through another reference is never called a miss (it is not in BLEU's unmatched list).
    assert "학생이" not in (chrf_view.disagreement(10.0, 60.0, [], "학생은 갔다") or "")
    rows = ter_view.count_rows(explain_ter("b a c", ["a b c"]))
    assert rows[-1] == {"edit": "total edits", "count": TER().sentence_score("b a c", ["a b c"]).num_edits}


def test_long_texts_skip_ter_with_a_message() -> None:
    at = start()
    at.text_area(key=es.CANDIDATE).set_value(" ".join(["word"] * (ter_view.MAX_WORDS + 1))).run()
    assert metric(at, "TER") == "—"
    open_tab(at)
    assert any(f"up to {ter_view.MAX_WORDS} words" in i.value for i in at.info)


def test_a_word_bleu_matched_in_another_reference_is_never_called_a_miss() -> None:
    """The tutorial's Korean example: 아침에 is not in reference 1 but is in reference 2, so BLEU's n-gram view shows
    it matched; the chrF note (scored against one reference) must not say BLEU counts it as a miss."""
    from bleucore import explain

    candidate, refs = "나는 오늘 아침에 학교에 갔다", ["나는 오늘 아침 학교에 갔다", "오늘 아침에 나는 학교로 갔다"]
    result = explain(candidate, refs)
    assert all(row.count_clip > 0 for row in result.order(1).rows if row.text == "아침에")  # BLEU's picture: matched
    at = start()
    at.text_area(key=es.CANDIDATE).set_value(candidate)
    ids = at.session_state[es.REF_IDS]
    for position, ref_id in enumerate(ids):
        at.text_area(key=es.ref_key(ref_id)).set_value(refs[position] if position < 2 else "")
    open_tab(at)
    notes = " ".join(i.value.replace("\\", "") for i in at.info)
    assert "“아침에” as a miss" not in notes


def test_each_ter_edit_has_one_mark_of_its_own() -> None:
    """An insertion is marked "+" only: a strike-through would say "deleted" at the same time."""
    from ui.metrics.ter import view as ter_view

    rules = {part.split("{")[0]: part.split("{")[1] for part in ter_view.STYLE.split("}") if "{" in part}
    assert "line-through" not in rules[".ter-w.ins"]
    assert len({rules[f".ter-w.{op}"] for op in ("keep", "sub", "ins", "del")}) == 4  # four distinct looks


def test_each_ter_step_says_its_edit_with_its_words() -> None:
    """A step's title and aria-label word its edit from the step's own words (and a shift, when there was one)."""

    def labels(hypothesis: str, reference: str) -> list[str]:
        steps = explain_ter(hypothesis, [reference]).steps
        return [html.unescape(re.search(r'aria-label="([^"]*)"', ter_view.step_html(s)).group(1)) for s in steps]

    assert labels("big cat sat the mat", "the cat sat on the mat")[:4] == [
        "substituted: the candidate's “big” for the reference's “the” (1 edit)",
        "kept: “cat”",
        "kept: “sat”",
        "deleted: the reference's “on” is missing from the candidate (1 edit)",
    ]
    assert labels("the cat sat on the big mat", "the cat sat on the mat")[5] == (
        "inserted: the candidate's “big” is not in the reference (1 edit)"
    )
    assert (
        labels("mat the cat sat", "the cat sat on mat")[-1]
        == "kept: “mat”; shifted here from elsewhere in the candidate"
    )


def test_the_order_table_names_its_orders_as_the_chart_does() -> None:
    from bleucore.metrics.chrf import ChrfOptions, explain_chrf
    from ui.metrics.chrf.corpus_chart import order_frame
    from ui.shell import i18n

    explanation = explain_chrf(CA1, REFS_1, ChrfOptions(word_order=2))
    names = [row["order"] for row in chrf_view.order_rows(explanation)]
    assert names == [f"character {n}-grams" for n in range(1, 7)] + ["word 1-grams", "word 2-grams"]
    assert list(dict.fromkeys(order_frame(explanation.orders)["order"])) == names
    i18n.use("ko")
    try:
        korean = [row["order"] for row in chrf_view.order_rows(explanation)]
    finally:
        i18n.use("en")
    assert korean == [f"문자 {n}-gram" for n in range(1, 7)] + ["단어 1-gram", "단어 2-gram"]
