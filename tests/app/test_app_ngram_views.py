"""The n-gram chips on the pages (AppTest): one order or all orders, captions that match the picture."""

from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from tests.app.html_views import ngram_tables
from tests.conftest import open_app as start
from tests.golden_examples import CAND_2
from ui.state import corpus as cs
from ui.state import explore as es

KO_CAND = "나는 오늘 아침에 학교에 갔다"
KO_REFS = ("나는 오늘 아침 학교에 갔다", "오늘 아침에 나는 학교로 갔다")


def bodies(at: AppTest) -> list[str]:
    return [h.proto.body for h in at.get("html")]


def chip_statuses(body: str) -> list[list[str]]:
    """The statuses of the chips in each candidate row of one st.html body."""
    rows = body.split('<div class="bleu-text bleu-candidate">')[1:]
    return [re.findall(r'<summary class="bleu-tok (\w+)"', row.split("</div>")[0]) for row in rows]


def test_explore_korean_bigrams_caption_and_chips_agree():
    at = start()
    at.text_area(key=es.CANDIDATE).input(KO_CAND)
    ids = at.session_state[es.REF_IDS]
    at.text_area(key=es.ref_key(ids[0])).input(KO_REFS[0])
    at.text_area(key=es.ref_key(ids[1])).input(KO_REFS[1])
    at.button(key=es.remove_key(ids[2])).click().run()
    at.selectbox(key=es.TOKENIZE).set_value("none").run()
    at.radio(key=es.ORDER).set_value(2).run()
    assert not at.exception, at.exception
    captions = [m.value for m in at.markdown]
    expected = "p2 = 3/4: 3 of the candidate's 4 bigrams are matched, 1 unmatched, 0 clipped"
    assert any(c.startswith(expected) for c in captions)
    [body] = [b for b in bodies(at) if "bleu-candidate" in b]
    assert chip_statuses(body) == [["matched", "matched", "unmatched", "matched"]]
    assert body.count(">아침에 학교에</summary>") == 1
    [table] = ngram_tables(at)  # the per-order table stays
    assert table["n-gram"].tolist() == ["나는 오늘", "오늘 아침에", "아침에 학교에", "학교에 갔다"]


def test_explore_all_orders_shows_a_row_per_order_and_no_table():
    at = start()
    at.radio(key=es.ORDER).set_value(0).run()
    assert not at.exception, at.exception
    assert at.radio(key=es.ORDER).value == 0
    [body] = [b for b in bodies(at) if "bleu-candidate" in b]
    rows = chip_statuses(body)
    # golden.md, Example 1 (Ca1): p1..p4 = 17/18, 10/17, 7/16, 4/15
    assert [len(r) for r in rows] == [18, 17, 16, 15]
    assert [r.count("matched") for r in rows] == [17, 10, 7, 4]
    for label in ("p1 = 17/18", "p2 = 10/17", "p3 = 7/16", "p4 = 4/15"):
        assert label in body
    assert any("p1 = 17/18, p2 = 10/17, p3 = 7/16, p4 = 4/15." in m.value for m in at.markdown)
    assert not ngram_tables(at) and "bleu-text bleu-reference" not in body


def test_explore_all_orders_survives_a_lower_n():
    at = start()
    at.radio(key=es.ORDER).set_value(0).run()
    at.number_input(key=es.MAX_ORDER).set_value(2).run()
    assert not at.exception, at.exception
    assert at.radio(key=es.ORDER).value == 0
    [body] = [b for b in bodies(at) if "bleu-candidate" in b]
    assert [len(r) for r in chip_statuses(body)] == [18, 17]


def test_corpus_sentence_offers_all_orders():
    at = start("corpus")
    control = at.segmented_control(key=cs.CORPUS_ORDER)
    assert control.options[-1] == "all orders"
    control.set_value(0).run()
    assert not at.exception, at.exception
    [body] = [b for b in bodies(at) if "bleu-candidate" in b]
    rows = chip_statuses(body)
    assert len(rows) == 4 and [len(r) for r in rows] == sorted((len(r) for r in rows), reverse=True)
    table = next(df.value for df in at.dataframe if "matched / total" in df.value.columns)
    matched = [int(f.split("/")[0]) for f in table["matched / total"]]
    assert [r.count("matched") for r in rows] == matched  # the picture agrees with the p_n table


def test_learn_example_2_shows_the_clip_and_the_references_it_used():
    at = start()
    at.switch_page("app_pages/learn.py").run()
    assert not at.exception, at.exception
    body = next(b for b in bodies(at) if f"<strong>Candidate:</strong> {CAND_2}" in b)
    assert chip_statuses(body) == [["matched"] * 2 + ["clipped"] * 5]  # golden.md: Count_clip 2 of 7
    # reference 1 "the cat is on the mat" holds "the" twice: both used
    used = (
        r'aria-label="used 1-gram “the” in (Reference \d), occurrence (\d) of (\d): used (\d) of (\d), '
        r'([^"]+)">the</mark>'
    )
    assert re.findall(used, body) == [
        ("Reference 1", "1", "2", "2", "2", "the Max_Ref_Count"),
        ("Reference 1", "2", "2", "2", "2", "the Max_Ref_Count"),
        ("Reference 2", "1", "1", "1", "1", "below Max_Ref_Count 2"),
    ]
