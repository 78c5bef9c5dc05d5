"""Issue 46 on Compare (AppTest through the router): four systems, BLEU, TER, COMET-22 and MQM-like human scores.
Every delta of the significance tables has Kocmi et al. 2024's estimate beside its p-value (bleucore's
``human_agreement`` of the page's delta, the paper named, "no estimate" and why for TER, for the human scores and for
a name that says no model); "Metrics checked against people" shows bleucore's SPA, PCE, acc_eq and tie threshold
beside the correlations, in words with the systems, pairs and segments behind them (and says when the threshold calls
every pair a tie); the human scores leave the disagreement section; AutoRank equals bleucore's ``autorank`` of the
corpus values, the human scores left out; the report built on the page holds the meta-evaluation; in English and
Korean, a hostile metric name escaped."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from bleucore.meta_evaluation import MetaRow, human_rows, metric_values
from bleucore.metrics import get_metric
from bleucore.metrics.imported import imported_metric
from bleucore.significance import autorank, human_agreement, threshold_model
from tests.conftest import open_app, sample_lines, upload
from tests.score_files import comet_json, comet_scores, mqm_scores, system_lines
from ui.compare import meta
from ui.options import imported as mi
from ui.shell.markdown import escape_markdown
from ui.state import compare as cps

NAMES = tuple(system_lines())
REFS = [sample_lines(name) for name in ("ref.en", "ref2.en")]
PICKED = ["bleu", "ter", "imported-1", "imported-2"]


def unescaped(text: str) -> str:
    return text.replace("\\", "")


def compare(comet_key: str = "COMET-22", lang: str = "en", human: bool = True) -> AppTest:
    """Compare with the four systems, COMET's scores (under ``comet_key``) and MQM-like scores named as human."""
    lines = system_lines()
    at = open_app("compare", lang=lang) if lang != "en" else open_app("compare")
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [(n, lines[n]) for n in NAMES[2:]]).run()
    upload(at, mi.keys("compare", "imported-1").slot, [("comet.json", comet_json(comet_scores(), key=comet_key))]).run()
    upload(at, mi.keys("compare", "imported-2").slot, [("mqm.json", comet_json(mqm_scores(), key="MQM"))]).run()
    at.pills(key=cps.COMPARE_METRICS).set_value(PICKED).run()
    if human:
        at.selectbox(key=meta.HUMAN_KEY).set_value("imported-2").run()
    assert not at.exception, at.exception
    return at


@pytest.fixture(scope="module")
def page() -> AppTest:
    return compare()


def values(comet_key: str = "COMET-22"):  # type: ignore[no-untyped-def]
    lines = system_lines()
    return [
        metric_values(get_metric("bleu"), lines, REFS),
        metric_values(get_metric("ter"), lines, REFS),
        metric_values(imported_metric(comet_key, comet_scores()), lines, REFS),
        metric_values(imported_metric("MQM", mqm_scores()), lines, REFS),
    ]


def significance_tables(at: AppTest) -> list[pd.DataFrame]:
    return [f.value.set_index("system") for f in at.dataframe if "p (bootstrap)" in f.value.columns]


def system_sentence(at: AppTest, system: str, label: str) -> str:
    found = [m.value for m in at.markdown if m.value.startswith(f"**{escape_markdown(system)}** against")]
    return next(unescaped(s) for s in found if f"by {label}:" in unescaped(s))


def test_every_delta_has_kocmis_estimate_beside_its_p_value(page: AppTest) -> None:
    tables = significance_tables(page)
    assert len(tables) == 4
    metrics = [get_metric("bleu"), get_metric("ter"), imported_metric("COMET-22", comet_scores()), None]
    for table, metric, v in zip(tables, metrics, values()):
        assert table.loc[NAMES[0], "agreement"] == "—"  # the baseline
        corpus = [v.corpus[n] for n in NAMES]
        for name in NAMES[1:]:
            delta = table.loc[name, "delta"]
            assert delta == pytest.approx(v.corpus[name] - v.corpus[NAMES[0]], abs=1e-9)  # the page's delta: bleucore's
            said = system_sentence(page, name, v.label)
            if metric is None:  # the human scores themselves
                assert table.loc[name, "agreement"] == "no estimate"
                assert "No estimate of how likely people agree: MQM holds the human scores themselves." in said
                continue
            expected = human_agreement(metric, delta, corpus)
            if expected.estimate is None:
                assert v.label == "TER" and expected.reason == "not_covered"
                assert table.loc[name, "agreement"] == "no estimate"
                assert "No estimate of how likely people agree: the paper fitted no curve for TER." in said
            else:
                assert table.loc[name, "agreement"] == f"{expected.estimate:.0%}"
                assert (
                    f"People agree with the direction of {v.label} deltas this large in about {expected.estimate:.0%} "
                    "of system pairs (Kocmi et al. 2024, “Navigating the Metrics Maze”, ACL 2024)."
                ) in said
            assert said.index("(approximate randomization)") < said.index("agree")  # beside its p-value, after it
    captions = " ".join(unescaped(c.value) for c in page.caption)
    assert "70% means that in about 7 of 10 system pairs with a delta this large the people agreed" in captions
    # the paper's own numbers (its table; COMET-22 in 0-1 scores: 0.35 and 0.56 points are 0.0035 and 0.0056)
    assert "BLEU needs a delta of 1.39 for 70% and 2.34 for 80%" in captions
    assert "COMET-22 needs a delta of 0.0035 for 70% and 0.0056 for 80%" in captions
    ceiling = threshold_model(get_metric("bleu")).a / 100  # type: ignore[union-attr]
    assert f"however large the delta, the estimate stays below {ceiling:.1%}" in captions


def test_a_name_that_says_no_model_has_no_estimate_and_says_how_to_get_one() -> None:
    at = compare(comet_key="COMET", human=False)
    table = significance_tables(at)[2]
    assert set(table.loc[list(NAMES[1:]), "agreement"]) == {"no estimate"}
    said = system_sentence(at, NAMES[1], "COMET")
    assert "the name COMET does not say which model made the scores: name it after the model" in said


def rows() -> tuple[MetaRow, ...]:
    return human_rows(values(), "MQM")


def test_spa_and_acc_eq_are_bleucores_beside_the_correlations(page: AppTest) -> None:
    table = next(f.value for f in page.dataframe if "spa" in f.value.columns).set_index("metric")
    assert sorted(table.index) == ["BLEU", "COMET-22", "TER"]
    assert list(table.columns).index("spa") > list(table.columns).index("pairwise_accuracy")
    for row in rows():
        if row.level == "system":
            assert row.spa is not None
            assert table.loc[row.metric, "spa"] == pytest.approx(row.spa.value, abs=1e-12)
            assert table.loc[row.metric, "pce"] == pytest.approx(row.spa.pce, abs=1e-12)
            assert table.loc[row.metric, "pearson"] == pytest.approx(row.pearson, abs=1e-12)
        else:
            assert row.acc_eq is not None
            assert table.loc[row.metric, "acc_eq"] == pytest.approx(row.acc_eq.value, abs=1e-12)
            assert table.loc[row.metric, "tie_threshold"] == pytest.approx(row.acc_eq.epsilon, abs=1e-12)
            assert table.loc[row.metric, "acc_eq_untied"] == pytest.approx(row.acc_eq.untied, abs=1e-12)


def test_spa_and_acc_eq_in_words_with_what_stands_behind_them(page: AppTest) -> None:
    said = " ".join(unescaped(m.value) for m in page.markdown)
    everything_tied = []
    for row in rows():
        if row.level == "system":
            assert row.spa is not None
            assert (
                f"**{row.metric}**: SPA {row.spa.value:.3f} (PCE {row.spa.pce:.3f}) over the 6 pairs of 4 systems, "
                "each pair's two p-values from 1,000 permutations of 60 segments"
            ) in said
            continue
        ties = row.acc_eq
        assert ties is not None and ties.items == 60 and ties.pairs_per_item == 6
        digits = 4 if row.metric == "COMET-22" else 2
        assert (
            f"acc_eq {ties.value:.3f} at a tie threshold of {ties.epsilon:.{digits}f}, over 60 segments of 6 pairs "
            f"each (360 pairs): {ties.concordant:,} ordered as the people order them, {ties.ties_both:,} tied by both, "
            f"{ties.discordant:,} ordered the other way, {ties.ties_human:,} tied by the people only and "
            f"{ties.ties_metric:,} by {row.metric} only."
        ) in said
        if ties.ties_both + ties.ties_metric == 360:
            everything_tied.append(row.metric)
            assert f"At this threshold {row.metric} calls every pair a tie" in said
        else:
            assert f"At this threshold {row.metric} calls" not in said
    assert everything_tied == ["BLEU"], "the MQM-like scores tie so often that BLEU's best threshold ties every pair"
    captions = " ".join(unescaped(c.value) for c in page.caption)
    assert "It rewards a metric that is as sure as the people are" in captions
    assert "A threshold as wide as the metric's whole range (100 for sentence BLEU) calls every pair a tie" in captions
    pairs = next(f.value for f in page.dataframe if "gap" in f.value.columns)
    worst = [(r.metric, p.first, p.second) for r in rows() if r.spa is not None for p in r.spa.worst_pairs(3)]
    assert list(zip(pairs["metric"], pairs["first"], pairs["second"])) == worst


def test_the_human_scores_leave_the_disagreement_section() -> None:
    at = compare(human=False)
    agreement = [unescaped(m.value) for m in at.markdown if "move the same way" in m.value]
    assert any("MQM and BLEU" in s for s in agreement[0].split("\n"))  # before: MQM is an imported metric there
    assert any(s.key == cps.COMPARE_DISAGREE_IMPORTED for s in at.selectbox)
    at.selectbox(key=meta.HUMAN_KEY).set_value("imported-2").run()
    agreement = [unescaped(m.value) for m in at.markdown if "move the same way" in m.value]
    assert agreement and not any("MQM" in s for s in agreement) and any("COMET-22 and BLEU" in s for s in agreement)
    assert not any(s.key == cps.COMPARE_DISAGREE_IMPORTED for s in at.selectbox)  # one imported metric left: no choice
    captions = " ".join(unescaped(c.value) for c in at.caption)
    assert "MQM holds the human scores: it is checked against people below, not here." in captions


def test_autorank_is_bleucores_of_every_metric_but_the_human_one(page: AppTest) -> None:
    table = next(f.value for f in page.dataframe if "autorank" in f.value.columns)
    bleu, ter, comet, _people = values()
    expected = autorank(
        NAMES,
        {v.label: [v.corpus[n] for n in NAMES] for v in (bleu, ter, comet)},
        lower_is_better={"TER"},
    )
    assert list(table["system"]) == [r.system for r in expected.rows]
    assert list(table["place"]) == [r.place for r in expected.rows]
    assert list(table["autorank"]) == pytest.approx([r.autorank for r in expected.rows], abs=1e-9)
    for k in range(3):
        assert list(table[f"z{k}"]) == pytest.approx([r.scaled[k] for r in expected.rows], abs=1e-9)
    said = " ".join(unescaped(m.value) for m in page.markdown)
    assert "AutoRank combines BLEU, TER and COMET-22 as WMT25 ranks systems without human judgements" in said
    assert "TER negated first: lower is better." in said and "MQM, the human scores, is left out" in said
    assert "#### AutoRank: every metric at once" in said


def test_the_report_built_on_the_page_holds_the_meta_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.compare import report

    built, pages = [], []
    original, original_html = report.build_report, report.html_report
    monkeypatch.setattr(report, "build_report", lambda *a, **k: built.append(original(*a, **k)) or built[-1])
    monkeypatch.setattr(report, "html_report", lambda r: pages.append(original_html(r)) or pages[-1])
    report._report.clear()
    at = compare()
    next(b for b in at.button if b.key == "compare_report_build").click().run()
    assert not at.exception and len(built) == 1
    assert built[0].human == "MQM"
    meta_records = [r for r in built[0].records() if r["analysis"] == "meta"]
    expected = [row.to_dict() for row in rows()]
    assert json.loads(json.dumps(meta_records)) == pytest.approx(json.loads(json.dumps(expected)))
    assert "<h2>WMT25's meta-evaluation against MQM</h2>" in pages[0] and "<h2>Metrics against MQM</h2>" in pages[0]
    assert {r["metric"] for r in built[0].records() if r["analysis"] == "autorank"} == {"AutoRank"}
    captions = " ".join(unescaped(c.value) for c in at.caption)
    assert "With MQM named as human scores, it checks every other metric against them as `--human` does" in captions


def test_the_new_words_in_korean() -> None:
    at = compare(lang="ko")
    tables = significance_tables(at)
    bleu = values()[0]
    delta = tables[0].loc[NAMES[1], "delta"]
    estimate = human_agreement(get_metric("bleu"), delta, [bleu.corpus[n] for n in NAMES]).estimate
    assert estimate is not None and tables[0].loc[NAMES[1], "agreement"] == f"{estimate:.0%}"
    assert set(tables[1].loc[list(NAMES[1:]), "agreement"]) == {"추정치 없음"}
    said = " ".join(unescaped(m.value) for m in at.markdown)
    assert f"이만큼 큰 BLEU 차이라면 시스템 쌍의 약 {estimate:.0%}에서 사람도 같은 방향에 동의합니다" in said
    assert "이 논문은 TER 지표의 곡선을 구하지 않았습니다" in said
    assert "시스템 4개의 쌍 6개에 대한 SPA" in said and "이 임계값에서 BLEU 지표는 모든 쌍을 동점으로 봅니다" in said
    assert (
        "AutoRank는 WMT25가 사람 평가 없이 시스템 순위를 매기는 방식으로 BLEU, TER 및 COMET-22 지표를 합칩니다" in said
    )
    captions = " ".join(unescaped(c.value) for c in at.caption)
    assert "70%는 차이가 이만큼인 시스템 쌍 10개 중 약 7개에서" in captions and "동점 임계값" in captions


HOSTILE = "<b>x</b> *y* [z](http://e)"


def test_a_hostile_metric_name_is_escaped_in_the_new_words() -> None:
    at = compare(comet_key="COMET", human=False)  # COMET's key: the scores found under any name given
    at.text_input(key=mi.keys("compare", "imported-1").name).set_value(HOSTILE).run()
    at.selectbox(key=meta.HUMAN_KEY).set_value("imported-2").run()
    assert not at.exception, at.exception
    shown = escape_markdown(HOSTILE)
    texts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    with_name = [t for t in texts if "x</b>" in unescaped(t)]
    assert with_name, "the name is in the new sentences"
    assert all(shown in t for t in with_name), [t for t in with_name if shown not in t]
    assert any(f"AutoRank combines BLEU, TER and {shown}" in t for t in with_name)
    assert any(f"**{shown}**: SPA" in t for t in with_name)
    assert all("<b>" not in h.proto.body for h in at.get("html"))
