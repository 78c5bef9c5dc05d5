"""Corpus draws every metric's own picture: chrF/chrF++ precision, recall and F-β per order from the corpus totals,
and TER's edits by type against the reference length, with the numbers sacreBLEU 2.6 gives the same files."""

from __future__ import annotations

import pytest
from sacrebleu.metrics import CHRF, TER

from tests.conftest import chart_rows, open_app, sample_lines
from tests.sacrebleu_reference import sacrebleu_edits_by_type
from ui.state import corpus as cs

HYPS = sample_lines("system_a.en")
REFS = [sample_lines(name) for name in ("ref.en", "ref2.en")]


def test_chrf_plus_plus_orders_and_ter_edits_follow_sacrebleu() -> None:
    at = open_app("corpus")
    at.pills(key=cs.CORPUS_METRICS).set_value(["chrf++", "ter"]).run()
    assert not at.exception
    rows = chart_rows(at, "measure")
    orders = list(dict.fromkeys(r["order"] for r in rows))
    assert orders == [f"character {n}-grams" for n in range(1, 7)] + ["word 1-grams", "word 2-grams"]
    sacre = CHRF(word_order=2)
    stats = sacre._extract_corpus_statistics(HYPS, REFS)  # sacreBLEU's per-order [hyp, ref, match] sums
    summed = [sum(col) for col in zip(*stats)]
    for i, order in enumerate(orders):
        hyp, ref, match = summed[3 * i : 3 * i + 3]
        by_measure = {r["measure"]: r for r in rows if r["order"] == order}
        assert by_measure["precision"]["value"] == pytest.approx(100 * match / hyp)
        assert by_measure["recall"]["value"] == pytest.approx(100 * match / ref)
        assert (by_measure["precision"]["matched"], by_measure["precision"]["candidate n-grams"]) == (match, hyp)
    ter = TER().corpus_score(HYPS, REFS)
    edits = {r["edit"]: r["count"] for r in chart_rows(at, "edit")}
    assert sum(edits.values()) == ter.num_edits and edits == sacrebleu_edits_by_type(HYPS, REFS)
    assert all(edits.values())  # every kind occurs in the sample, so none can hide behind another
    caption = next(c.value for c in at.caption if c.value.startswith("TER ="))
    assert f"= {ter.num_edits:,} / {ter.ref_length:,.1f} = {ter.score:.2f}" in caption


def test_chrf_and_ter_by_reference_length_equal_sacrebleu_on_each_bucket() -> None:
    """Corpus's length charts use compare-mt's buckets (bleucore.buckets: reference 1's words under the sidebar's
    tokenizer), the buckets of the bucket section and of the report."""
    import numpy as np

    from bleucore.buckets import LENGTH_CUTOFFS, bucket_index, bucket_names
    from bleucore.tokenizers import tokenize_lines

    at = open_app("corpus")
    at.pills(key=cs.CORPUS_METRICS).set_value(["chrf", "ter"]).run()
    assert not at.exception
    subheaders = [h.value for h in at.subheader]
    assert "chrF2 by reference length" in subheaders and "TER by reference length" in subheaders
    assert "BLEU by reference length" not in subheaders  # BLEU is not picked: its charts are not drawn
    words = [len(tokens) for tokens in tokenize_lines(REFS[0], "13a", False)]
    index = bucket_index(words, LENGTH_CUTOFFS)
    for label, sacre in (("chrF2", CHRF()), ("TER", TER())):
        rows = chart_rows_with(at, label)
        assert rows, label
        for row in rows:
            members = np.flatnonzero(index == bucket_names(LENGTH_CUTOFFS).index(row["bucket"]))
            assert row["segments"] == members.size
            expected = sacre.corpus_score([HYPS[i] for i in members], [[ref[i] for i in members] for ref in REFS]).score
            assert row["corpus"] == pytest.approx(expected, abs=1e-9), (label, row["bucket"])


def chart_rows_with(at, label: str) -> list[dict]:  # type: ignore[no-untyped-def]
    """The rows of the length-bucket chart whose y axis names ``label``."""
    import json

    from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df

    for chart in at.get("vega_lite_chart"):
        if f"corpus {label} of the bucket" in json.dumps(json.loads(chart.proto.spec), ensure_ascii=False):
            return convert_arrow_bytes_to_pandas_df(chart.proto.datasets[0].data.data).to_dict(orient="records")
    return []


def test_compare_sentence_analyses_follow_the_picked_metric() -> None:
    """With TER picked, Compare's per-line scatter holds sacreBLEU's sentence TER of both systems and counts a
    line as the system's when it needs fewer edits."""
    from ui.state import compare as cps

    sys_b = sample_lines("system_b.en")
    at = open_app("compare")
    at.pills(key=cps.COMPARE_METRICS).set_value(["bleu", "ter"]).run()
    at.segmented_control(key=cps.COMPARE_SENTENCE_METRIC).set_value("ter").run()
    assert not at.exception
    rows = sorted(chart_rows(at, "better"), key=lambda r: r["line"])
    sacre = TER()
    expected_a = [sacre.sentence_score(h, [r[i] for r in REFS]).score for i, h in enumerate(HYPS)]
    expected_b = [sacre.sentence_score(h, [r[i] for r in REFS]).score for i, h in enumerate(sys_b)]
    assert [r["baseline"] for r in rows] == pytest.approx(expected_a, abs=1e-9)
    assert [r["system"] for r in rows] == pytest.approx(expected_b, abs=1e-9)
    fewer = sum(b < a for a, b in zip(expected_a, expected_b))
    more = sum(b > a for a, b in zip(expected_a, expected_b))
    assert [r["better"] for r in rows].count("system") == fewer
    caption = next(c.value for c in at.caption if c.value.startswith("By TER"))
    assert f"better on {fewer} lines, worse on {more}" in caption


def test_corpus_chrf_and_ter_say_why_the_corpus_score_is_not_the_mean() -> None:
    at = open_app("corpus")
    at.pills(key=cs.CORPUS_METRICS).set_value(["chrf", "ter"]).run()
    captions = " ".join(c.value for c in at.caption)
    chrf = CHRF().corpus_score(HYPS, REFS).score
    mean = sum(CHRF().sentence_score(h, [r[i] for r in REFS]).score for i, h in enumerate(HYPS)) / len(HYPS)
    assert f"Here: {chrf:.2f} against {mean:.2f} ({chrf - mean:+.2f})." in captions
    assert "Corpus TER divides all edits by all reference words" in captions


def test_corpus_table_line_and_explanation_follow_the_sentence_metric() -> None:
    """chrF++ (β = 3) and TER picked, BLEU not: the title names them, the table has no BLEU column and is worst
    first by the sentence metric, the line shown first is its worst, explained under the page's options with
    sacreBLEU's sentence score and per-order statistics, and the hand-off opens Explore's chrF & TER tab."""
    from tests.conftest import sentence_table
    from ui.options.metrics import keys as option_keys
    from ui.state import explore as es
    from ui.state.handoff import PENDING

    at = open_app("corpus")
    at.pills(key=cs.CORPUS_METRICS).set_value(["chrf++", "ter"]).run()
    at.number_input(key=option_keys("corpus")["beta"]).set_value(3).run()
    assert not at.exception
    assert [t.value for t in at.title] == ["Corpus chrF++ and TER"]
    chrf = CHRF(word_order=2, beta=3)
    by_chrf = [chrf.sentence_score(h, [r[i] for r in REFS]).score for i, h in enumerate(HYPS)]
    table = sentence_table(at)
    assert list(table.columns) == ["line", "chrF3++", "TER", "hypothesis", "reference 1", "reference 2"]
    worst = min(range(60), key=lambda i: (by_chrf[i], i)) + 1
    assert next(iter(table["line"])) == worst and table["chrF3++"].is_monotonic_increasing
    assert table.set_index("line")["chrF3++"].sort_index().tolist() == pytest.approx(by_chrf, abs=1e-9)
    assert at.number_input(key=cs.CORPUS_LINE).value == worst
    refs = [r[worst - 1] for r in REFS]
    assert {m.label: m.value for m in at.metric}[f"Sentence chrF3++ of line {worst}"] == f"{by_chrf[worst - 1]:.2f}"
    orders = next(f.value for f in at.dataframe if "recall" in f.value.columns)
    (stats,) = chrf._extract_corpus_statistics([HYPS[worst - 1]], [[r] for r in refs])  # the best reference's
    assert list(orders.columns)[-1] == "F3" and len(orders) == 8  # 6 character and 2 word orders
    for k, row in enumerate(orders.to_dict(orient="records")):
        assert (row["candidate"], row["reference"], row["matched"]) == tuple(stats[3 * k : 3 * k + 3]), row
    assert any(
        c.value.startswith("Explore's chrF & TER tab explains the line with sacreBLEU's default") for c in at.caption
    )

    at.segmented_control(key=cs.CORPUS_SENTENCE_METRIC).set_value("ter").run()
    ter = TER()
    by_ter = [ter.sentence_score(h, [r[i] for r in REFS]).score for i, h in enumerate(HYPS)]
    table = sentence_table(at)
    worst = min(range(60), key=lambda i: (-by_ter[i], i)) + 1  # the most edits first
    assert next(iter(table["line"])) == worst and table["TER"].is_monotonic_decreasing
    assert at.number_input(key=cs.CORPUS_LINE).value == worst
    assert {m.label: m.value for m in at.metric}[f"Sentence TER of line {worst}"] == f"{by_ter[worst - 1]:.2f}"
    counts = next(f.value for f in at.dataframe if "edit" in f.value.columns).set_index("edit")["count"]
    edits = ter.sentence_score(HYPS[worst - 1], [r[worst - 1] for r in REFS]).num_edits
    assert counts["total edits"] == edits == counts.drop("total edits").sum()
    at.button(key="corpus_open_explore").click().run()
    assert not at.exception and PENDING not in at.session_state  # Explore opened
    assert at.session_state[es.CANDIDATE] == HYPS[worst - 1]
    assert at.session_state[es.TAB] == "chrF & TER"
    assert any(h.value == f"TER = {by_ter[worst - 1]:.2f}" for h in at.subheader)  # its tab is drawn


def test_compare_examples_mark_lines_as_the_sentence_metric_sees_them() -> None:
    """The examples mark each hypothesis by the sentence metric (TER's edits, chrF's character n-grams, BLEU's
    n-grams); BLEU's n-gram section is drawn only with BLEU picked; a segment opened by TER opens Explore's chrF & TER
    tab."""
    from ui.state import compare as cps
    from ui.state import explore as es

    at = open_app("compare")
    at.pills(key=cps.COMPARE_METRICS).set_value(["chrf", "ter"]).run()
    assert not at.exception
    assert "N-grams one system matches and the other misses" not in [h.value for h in at.subheader]
    for metric_id, mark, per_line in (("ter", '<div class="ter-seq">', 1), ("chrf", 'class="chrf-text"', 2)):
        at.segmented_control(key=cps.COMPARE_SENTENCE_METRIC).set_value(metric_id).run()
        html = " ".join(h.proto.body for h in at.get("html"))
        assert html.count(mark) == 2 * 3 * 2 * per_line  # 3 lines each side, 2 systems (chrF: and the reference)
        assert 'class="bleu-text' not in html
    from ui.options.metrics import keys as option_keys

    at.number_input(key=option_keys("compare")["char_order"]).set_value(2).run()  # the page's chrF options
    html = " ".join(h.proto.body for h in at.get("html"))
    assert "in a matched 2-gram" in html and "in a matched 3-gram" not in html
    at.pills(key=cps.COMPARE_METRICS).set_value(["bleu", "ter"]).run()
    at.segmented_control(key=cps.COMPARE_SENTENCE_METRIC).set_value("bleu").run()
    assert "N-grams one system matches and the other misses" in [h.value for h in at.subheader]
    assert 'class="bleu-text' in " ".join(h.proto.body for h in at.get("html"))
    at.segmented_control(key=cps.COMPARE_SENTENCE_METRIC).set_value("ter").run()
    at.button(key="compare_open_explore").click().run()
    assert not at.exception and at.session_state[es.TAB] == "chrF & TER"
