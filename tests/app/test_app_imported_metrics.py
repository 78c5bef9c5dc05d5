"""Issue 37 on the pages (AppTest through the router): COMET's scores uploaded on Compare and Corpus, one file per
system or one file for all, in each of the three formats bleucore reads, are a metric like the others: a choice of the
metric pills, a significance table whose values, interval and p-values are bleucore's on the same resamples, length
buckets, the examples, the report; three systems or more are ranked as WMT25 ranks them; every bad score file is a
message naming the file, in English and Korean, with nothing already given lost."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from bleucore import limits
from bleucore.buckets import BucketSettings, length_buckets
from bleucore.metrics import get_metric
from bleucore.metrics.imported import ImportedStatistics, imported_metric
from bleucore.significance import rank_systems, significance_table
from tests.app.html_views import HtmlTables
from tests.app.rendered_text import shown_texts
from tests.conftest import open_app, sample_lines, upload
from tests.score_files import chain_scores, comet_json, comet_printed, comet_scores, plain, system_lines
from ui.compare import ranking as compare_ranking
from ui.metrics.imported import files as score_files
from ui.metrics.imported import section as score_section
from ui.options import imported as mi
from ui.state import compare as cps
from ui.state import corpus as cs

REFS = [sample_lines(name) for name in ("ref.en", "ref2.en")]
TWO = ("system_a.en", "system_b.en")
SLOT = mi.keys("compare", "imported-1").slot
CORPUS_SLOT = mi.keys("corpus", "imported-1").slot


def page_text(at: AppTest) -> str:
    """Every text the page shows, Markdown's escapes and bold marks removed."""
    return " ".join(shown_texts(at)).replace("\\", "").replace("**", "")


def significance_frames(at: AppTest) -> list[pd.DataFrame]:
    """Every metric's significance table, in the page's order, indexed by system."""
    return [f.value.set_index("system") for f in at.dataframe if "p (bootstrap)" in f.value.columns]


def statistics(scores: dict[str, list[float]]) -> dict[str, ImportedStatistics]:
    return {name: ImportedStatistics.of(np.array(values, dtype=np.float64)) for name, values in scores.items()}


def compare_with_comet(files: list[tuple[str, bytes]], lang: str = "en") -> AppTest:
    at = open_app("compare", **({"lang": lang} if lang != "en" else {}))
    upload(at, SLOT, files).run()
    assert not at.exception, at.exception
    return at


def compare_with_four_systems(lang: str = "en") -> AppTest:
    lines = system_lines()
    at = open_app("compare", **({"lang": lang} if lang != "en" else {}))
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [(name, lines[name]) for name in ("system_c.en", "system_d.en")]).run()
    upload(at, SLOT, [("comet.json", comet_json(comet_scores()))]).run()
    assert not at.exception, at.exception
    return at


# --------------------------------------------------------------------------- a metric like the others


@pytest.mark.parametrize(
    "files",
    [
        pytest.param(lambda s: [("comet.json", comet_json(s))], id="one COMET JSON"),
        pytest.param(lambda s: [("comet.out", comet_printed(s))], id="one COMET printed output"),
        pytest.param(lambda s: [(f"{n}.comet", plain(v)) for n, v in s.items()], id="plain, one file per system"),
        pytest.param(lambda s: [(f"{n}.json", comet_json({n: v})) for n, v in s.items()], id="JSON, one per system"),
    ],
)
def test_every_format_gives_cometss_table_as_bleucore_on_the_same_resamples(
    files: Callable[[dict[str, list[float]]], list[tuple[str, bytes]]],
) -> None:
    scores = comet_scores(TWO)
    at = compare_with_comet(files(scores))
    pills = at.pills(key=cps.COMPARE_METRICS)
    assert pills.value == ["bleu", "imported-1"] and pills.options[-1] == "COMET"  # picked as its scores arrived
    assert "Corpus COMET and significance against the baseline" in [s.value for s in at.subheader]
    table = significance_frames(at)[-1]
    expected = significance_table(imported_metric("COMET", scores), statistics(scores), "system_a.en", 2)
    for row in expected.rows:
        shown = table.loc[row.system]
        assert shown["score"] == pytest.approx(float(np.mean(scores[row.system])), abs=1e-12) == row.score
        for column, value in (("lower", row.lower), ("upper", row.upper), ("p (bootstrap)", row.p_bootstrap)):
            assert shown[column] == value or (pd.isna(shown[column]) and value is None), column
        assert shown["p (AR)"] == row.p_randomization or row.is_baseline
    assert "sacreBLEU has no COMET" in page_text(at)


def test_a_name_and_lower_is_better_change_the_metric_and_stay_in_the_link() -> None:
    scores = comet_scores(TWO)
    at = compare_with_comet([("scores.out", comet_printed(scores))])
    entry = mi.keys("compare", "imported-1")
    at.text_input(key=entry.name).input("MetricX-24")
    at.checkbox(key=entry.lower).check().run()
    assert at.pills(key=cps.COMPARE_METRICS).options[-1] == "MetricX\\-24"  # a typed name is escaped Markdown
    table = significance_frames(at)[-1]
    delta = table.loc["system_b.en", "delta"]
    assert table.loc["system_b.en", "direction"] == ("better" if delta < 0 else "worse")
    token = at.query_params["s"]
    state, notes = cps.PAGE.from_link(token[0] if isinstance(token, list) else token)
    assert (
        not notes and state.imported.name("imported-1") == "MetricX-24" and state.imported.lower_is_better("imported-1")
    )
    assert "imported-1" in state.metrics


def test_the_length_buckets_of_comet_are_bleucores_and_word_frequency_says_it_has_none() -> None:
    scores = comet_scores(TWO)
    at = compare_with_comet([("comet.json", comet_json(scores))])
    show = next(c for c in at.get("segmented_control") if c.label == "Show")
    assert show.options == ["BLEU", "COMET"]
    show.set_value("COMET").run()
    metric = imported_metric("COMET", scores)
    expected = length_buckets({n: sample_lines(n) for n in TWO}, REFS, [metric], settings=BucketSettings())
    table = next(f.value for f in at.dataframe if list(f.value.columns[:2]) == ["bucket", "lines"]).set_index("bucket")
    for bucket in expected.buckets:
        for system in TWO:
            value = expected.value(bucket.name, system, "COMET")
            cell = table.loc[bucket.name, system]
            if value.value is None:
                assert cell == "no data"
            else:
                assert cell.startswith(f"{value.value:.4f} [{value.ci[0]:.4f}, {value.ci[1]:.4f}]"), cell
    next(c for c in at.get("segmented_control") if c.label == "Buckets").set_value("frequency").run()
    assert "COMET has no value here" in page_text(at)


def test_the_examples_follow_comet_and_are_drawn_with_bleus_chips() -> None:
    scores = comet_scores(TWO)
    at = compare_with_comet([("comet.json", comet_json(scores))])
    next(c for c in at.get("segmented_control") if c.key == cps.COMPARE_SENTENCE_METRIC).set_value("imported-1").run()
    assert not at.exception
    text = page_text(at)
    assert "COMET's scores were read from a file" in text
    gains = np.array(scores["system_b.en"]) - np.array(scores["system_a.en"])
    best = int(np.argmax(gains)) + 1
    line = f"Line {best}: COMET system_b.en {scores['system_b.en'][best - 1]:.4f}, system_a.en"
    assert line in text, text
    assert any("bleu-chip" in h.proto.body for h in at.get("html"))


# --------------------------------------------------------------------------- ranking


def test_three_systems_or_more_are_ranked_as_bleucore_ranks_them_with_a_rule_between_clusters() -> None:
    at = compare_with_four_systems()
    assert "Ranking" in [s.value for s in at.subheader]
    lines = system_lines()
    scores = comet_scores()
    bleu = get_metric("bleu")
    bleu_stats = {n: bleu.statistics(lines[n], REFS) for n in lines}
    expected = {
        "BLEU": rank_systems(bleu, bleu_stats, nrefs=2),
        "COMET": rank_systems(imported_metric("COMET", scores), statistics(scores)),
    }
    drawn = [h.proto.body for h in at.get("html") if "rank-table" in h.proto.body]
    assert len(drawn) == 2
    for body, (label, ranking) in zip(drawn, expected.items()):
        (table,) = HtmlTables(body).tables
        assert [c.text for c in table.header] == ["rank", "system", label, "cluster"]
        rows = [[c.text for c in row] for row in table.rows]
        assert rows == [
            [f"{r.rank[0]}-{r.rank[1]}", r.system, f"{r.value:.{2 if label == 'BLEU' else 4}f}", f"cluster {r.cluster}"]
            for r in ranking.rows
        ]
        assert body.count('class="cluster-start"') == ranking.clusters - 1
    comet = expected["COMET"]
    assert comet.clusters == 2 and comet.test == "wilcoxon"  # the near-ties share a cluster
    words = page_text(at)
    first = [r.system for r in comet.rows if r.cluster == 1]
    assert f"Cluster 1: {first[0]} and {first[1]}." in words
    assert "one-sided Wilcoxon signed-rank test" in words


def compare_with_a_chain(lang: str = "en") -> tuple[AppTest, dict[str, list[float]]]:
    """Compare with the sample's two systems and a third, and COMET scores that chain them into one cluster."""
    lines = system_lines()
    scores = chain_scores(len(REFS[0]))
    at = open_app("compare", **({"lang": lang} if lang != "en" else {}))
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [("system_c.en", lines["system_c.en"])]).run()
    upload(at, SLOT, [("comet.json", comet_json(scores))]).run()
    assert not at.exception, at.exception
    return at, scores


def test_a_chained_cluster_is_not_said_to_be_told_apart_by_no_test() -> None:
    """A ~ B ~ C with A > C (tests/core/test_ranking.py checks the chain with scipy): one cluster, and the page says
    the test tells 1 of the 3 pairs apart, and which, in every cell of the grid in words, title and aria-label."""
    at, scores = compare_with_a_chain()
    comet = rank_systems(imported_metric("COMET", scores), statistics(scores))
    assert comet.clusters == 1 and comet.separated == 1
    words = page_text(at)
    assert "no test tells" not in words and "not told apart by the tests" not in words
    assert "One cluster: every system's rank range overlaps the next one's, so no rule can be drawn" in words
    assert "The test tells 1 of the 3 pairs apart." in words
    assert "A can be significantly better than C in one cluster when B differs from neither" in words
    grids = [h.proto.body for h in at.get("html") if "pair-grid" in h.proto.body]
    assert len(grids) == 2  # BLEU's and COMET's
    (table,) = HtmlTables(grids[-1]).tables
    order = [r.system for r in comet.rows]
    assert [c.text for c in table.header] == ["row against column", "1", "2", "3"]
    assert [c.attrs["title"] for c in table.header[1:]] == order
    first, second = order[0], order[2]  # the two ends of the chain
    for r, row in enumerate(table.rows):
        assert row[0].text == f"{r + 1}. {order[r]}"
        for c, cell in enumerate(row[1:]):
            if r == c:
                assert cell.attrs["aria-label"] == "the same system"
                continue
            pair = comet.pair(order[r], order[c])
            p = "p < 0.001" if pair.p_value < 0.001 else f"p = {pair.p_value:.3f}"
            if (order[r], order[c]) == (first, second):
                word, sentence = "better", f"{first} is significantly better than {second} ({p})"
            elif (order[r], order[c]) == (second, first):
                word, sentence = "worse", f"{second} is significantly worse than {first} ({p})"
            else:
                word, sentence = "not told apart", f"{order[r]} and {order[c]} are not told apart ({p})"
            assert cell.text == word + p and cell.attrs["title"] == cell.attrs["aria-label"] == sentence
            assert cell.attrs["class"] == {"better": "better", "worse": "worse"}.get(word, "apart-not")


def test_a_chained_cluster_in_korean() -> None:
    at, _scores = compare_with_a_chain("ko")
    words = page_text(at)
    assert "검정은 쌍 3개 중 1개를 구별합니다." in words
    grid = [h.proto.body for h in at.get("html") if "pair-grid" in h.proto.body][-1]  # COMET's
    assert "유의하게" in grid and "구별되지 않습니다" in grid


def test_a_lower_is_better_name_taken_as_higher_is_better_is_a_warning_in_english_and_korean() -> None:
    for lang, said in (
        ("en", "MetricX-24 is taken as higher-is-better, but MetricX is an error score (lower is better)"),
        ("ko", "MetricX-24 지표가 높을수록 좋은 지표로 설정되어 있지만, MetricX 계열 지표는 오류 점수입니다"),
    ):
        at = compare_with_comet([("scores.out", comet_printed(comet_scores(TWO)))], lang)
        entry = mi.keys("compare", "imported-1")
        at.text_input(key=entry.name).input("MetricX-24").run()
        assert said in " ".join(w.value for w in at.warning).replace("\\", ""), lang
        at.checkbox(key=entry.lower).check().run()
        assert not [w for w in at.warning if "MetricX" in w.value], "its direction is right now"


def test_a_metric_ordering_the_systems_against_bleu_is_a_warning() -> None:
    """1 - sentence BLEU as a higher-is-better score: its systems' means run against corpus BLEU across the four
    systems, and the page says so with Pearson's r (bleucore's direction_warnings on the same values)."""
    import sacrebleu

    from bleucore.meta_evaluation import MetricValues, direction_warnings

    lines = system_lines()
    scores = {
        n: [round(1 - sacrebleu.sentence_bleu(h, [r[i] for r in REFS]).score / 100, 4) for i, h in enumerate(out)]
        for n, out in lines.items()
    }
    at = open_app("compare")
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [(name, lines[name]) for name in ("system_c.en", "system_d.en")]).run()
    upload(at, SLOT, [("quality.json", comet_json(scores))]).run()
    at.text_input(key=mi.keys("compare", "imported-1").name).input("Quality").run()
    assert not at.exception
    bleu = {n: sacrebleu.corpus_bleu(out, REFS).score for n, out in lines.items()}
    means = {n: float(np.mean(v)) for n, v in scores.items()}
    (expected,) = direction_warnings(
        [MetricValues("BLEU", True, False, bleu, {}), MetricValues("Quality", True, True, means, {})]
    )
    assert expected.pearson < 0
    words = " ".join(w.value for w in at.warning).replace("\\", "")
    assert (
        f"Quality, taken as higher-is-better, orders the systems against BLEU (Pearson's r = {expected.pearson:.2f}"
        in words
    )


def test_two_systems_are_not_ranked() -> None:
    at = compare_with_comet([("comet.json", comet_json(comet_scores(TWO)))])
    assert "Ranking" not in [s.value for s in at.subheader]


def test_the_report_carries_comet_and_the_ranking(monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.compare import report

    built = []
    original = report.build_report

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        built.append(original(*args, **kwargs))
        return built[-1]

    monkeypatch.setattr(report, "build_report", spy)
    report._report.clear()
    at = compare_with_four_systems()
    next(b for b in at.button if b.key == "compare_report_build").click().run()
    assert not at.exception and len(built) == 1
    records = built[0].records()
    scores = comet_scores()
    corpus = {r["system"]: r["value"] for r in records if r["analysis"] == "corpus" and r["metric"] == "COMET"}
    assert corpus == pytest.approx({n: float(np.mean(v)) for n, v in scores.items()})
    ranked = [r for r in records if r["analysis"] == "rank" and r["metric"] == "COMET"]
    expected = rank_systems(imported_metric("COMET", scores), statistics(scores))
    assert [(r["system"], r["rank"], r["cluster"]) for r in ranked] == [
        (row.system, list(row.rank), row.cluster) for row in expected.rows
    ]
    assert {r["metric"] for r in records if r["analysis"] == "length"} == {"BLEU", "COMET"}


def test_the_ranking_table_draws_every_name_as_text() -> None:
    from bleucore.significance import Ranking, RankRow

    ranking = Ranking("C<b>", True, "wilcoxon", (RankRow("<i>x</i>", 0.5, (1, 1), 1), RankRow("y&", 0.4, (2, 2), 2)))
    html = compare_ranking.table_html(ranking, 4)
    assert "<i>" not in html and "<b>" not in html and "&lt;i&gt;x&lt;/i&gt;" in html and "y&amp;" in html
    assert html.count('class="cluster-start"') == 1


# --------------------------------------------------------------------------- bad input


def _upload_inputs(at: AppTest, systems: tuple[str, ...] = TWO) -> AppTest:
    at.radio(key=cps.COMPARE_SOURCE).set_value("upload").run()
    upload(at, cps.COMPARE_REF_UPLOAD, [("ref.en", sample_lines("ref.en"))])
    lines = system_lines()
    upload(at, cps.COMPARE_SYS_UPLOAD, [(name, lines[name]) for name in systems]).run()
    at.text_input(key=mi.keys("compare", "imported-1").name).input("MyMetric").run()
    return at


BAD = {
    "line count": (
        lambda s: [("a.txt", plain(s["system_a.en"])), ("b.txt", plain(s["system_b.en"][:-1]))],
        TWO,
        ["b.txt has 59 scores but the references (ref.en) have 60 lines"],
        ["b.txt에는 점수가 59개 있지만 참조 번역(ref.en)은 60줄입니다"],
    ),
    "nan": (
        lambda s: [("a.txt", b"0.5\n0.6\n0.7\n0.8\nnan\n")],
        TWO,
        ["Line 5 of a.txt is “nan”, not one finite number"],
        ["a.txt의 5번째 줄 “nan” 값은 유한한 수 하나가 아닙니다"],
    ),
    "inf": (
        lambda s: [("a.txt", b"0.5\ninf\n")],
        TWO,
        ["Line 2 of a.txt is “inf”, not one finite number"],
        ["a.txt의 2번째 줄 “inf” 값은 유한한 수 하나가 아닙니다"],
    ),
    "missing system": (
        lambda s: [("comet.json", comet_json({"system_a.en": s["system_a.en"], "system_c.en": s["system_c.en"]}))],
        TWO,
        ["comet.json holds no scores for the system system_b.en; it holds outputs/system_a.en and outputs/system_c.en"],
        ["comet.json에는 시스템 system_b.en의 점수가 없습니다"],
    ),
    "file count": (
        lambda s: [("a.txt", plain(s["system_a.en"])), ("b.txt", plain(s["system_b.en"]))],
        ("system_a.en", "system_b.en", "system_c.en"),
        ["2 MyMetric score files for 3 systems"],
        ["시스템 3개에 MyMetric 점수 파일이 2개입니다"],
    ),
}


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("case", list(BAD))
def test_each_bad_score_file_is_a_message_naming_it_and_nothing_given_is_lost(case: str, lang: str) -> None:
    make, systems, english, korean = BAD[case]
    at = _upload_inputs(open_app("compare", **({"lang": lang} if lang != "en" else {})), systems)
    files = make(comet_scores())
    upload(at, SLOT, files).run()
    assert not at.exception, at.exception
    shown = " ".join(e.value for e in at.error).replace("\\", "")
    for needle in english if lang == "en" else korean:
        assert needle in shown, shown
    assert at.text_input(key=mi.keys("compare", "imported-1").name).value == "MyMetric"
    assert len(significance_frames(at)) == 1  # BLEU's table, still there; no MyMetric table
    kept = " ".join(c.value for c in at.caption).replace("\\", "")
    for name in ("ref.en", *systems):
        assert (f"{name}: 60 lines, kept" if lang == "en" else f"{name}: 60줄, 이 세션 동안 보관됨") in kept
    refused = case in ("nan", "inf")  # a file that holds no scores is refused as it arrives: it is not kept
    assert (f"{files[0][0]}: " in kept) != refused


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_files_and_systems_past_the_limits_are_messages(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    scores = comet_scores(TWO)
    at = _upload_inputs(open_app("compare", **({"lang": lang} if lang != "en" else {})))
    monkeypatch.setattr(score_section, "MAX_SCORES_UPLOAD_BYTES", 100)
    upload(at, SLOT, [("big.txt", plain(scores["system_a.en"]))]).run()
    size = len(plain(scores["system_a.en"]))
    too_large = {
        "en": f"The score file big.txt has {size:,} bytes; at most 100 are read.",
        "ko": f"점수 파일 big.txt의 크기는 {size:,}바이트입니다. 최대 100바이트까지 읽습니다.",
    }
    assert too_large[lang] in " ".join(e.value for e in at.error).replace("\\", "")
    monkeypatch.setattr(limits, "MAX_SYSTEMS", 1)
    upload(at, SLOT, [("comet.json", b'{"system_a.en": [{"COMET": 0.5}]}')]).run()
    too_many = {
        "en": "2 systems; at most 1 are compared at once.",
        "ko": "시스템이 2개입니다. 한 번에 최대 1개까지 비교합니다.",
    }
    assert too_many[lang] in " ".join(e.value for e in at.error).replace("\\", "")


def test_a_name_taken_by_another_metric_is_a_message() -> None:
    scores = comet_scores(TWO)
    at = compare_with_comet([("comet.json", comet_json(scores))])
    at.text_input(key=mi.keys("compare", "imported-1").name).input("BLEU").run()
    assert "Another metric is called BLEU" in " ".join(e.value for e in at.error)
    assert len(significance_frames(at)) == 1


def test_two_comet_files_are_two_metrics_the_second_named_with_its_number() -> None:
    """COMET's JSON scores under "COMET" whichever model made it: a second such file is "COMET (2)", a metric of its
    own in the pills and the tables, read from its own file."""
    first, second = comet_scores(TWO), {n: [v * 0.5 for v in values] for n, values in comet_scores(TWO).items()}
    at = compare_with_comet([("comet.json", comet_json(first))])
    upload(at, mi.keys("compare", "imported-2").slot, [("xcomet.json", comet_json(second))]).run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    pills = at.pills(key=cps.COMPARE_METRICS)
    assert pills.value == ["bleu", "imported-1", "imported-2"]
    assert [pills.format_func(m).replace("\\", "") for m in ("imported-1", "imported-2")] == ["COMET", "COMET (2)"]
    frames = significance_frames(at)
    assert len(frames) == 3
    for frame, scores in zip(frames[1:], (first, second)):
        assert [frame.loc[n, "score"] for n in TWO] == pytest.approx(
            [float(np.mean(scores[n])) for n in TWO], abs=1e-12
        )


# --------------------------------------------------------------------------- Corpus


def test_corpus_takes_scores_of_its_hypothesis_as_a_metric_like_the_others() -> None:
    scores = comet_scores(("system_a.en",))["system_a.en"]
    at = open_app("corpus")
    upload(at, CORPUS_SLOT, [("a.comet", plain(scores))]).run()
    assert not at.exception, at.exception
    assert at.pills(key=cs.CORPUS_METRICS).value == ["bleu", "imported-1"]
    assert "Corpus COMET" in [s.value for s in at.subheader]
    shown = next(m for m in at.metric if m.label == "Corpus COMET").value
    assert shown == f"{np.mean(scores):.4f}"
    table = next(f.value for f in at.dataframe if "COMET" in f.value.columns)
    assert table.sort_values("line")["COMET"].tolist() == scores
    sentence = next(c for c in at.get("segmented_control") if c.key == cs.CORPUS_SENTENCE_METRIC)
    sentence.set_value("imported-1").run()
    table = next(f.value for f in at.dataframe if "COMET" in f.value.columns)
    assert table["COMET"].tolist() == sorted(scores)  # worst COMET first
    worst = int(np.argmin(scores)) + 1
    assert next(m for m in at.metric if m.label == f"COMET of line {worst}").value == f"{min(scores):.4f}"
    show = next(c for c in at.get("segmented_control") if c.label == "Show")
    assert "COMET" in show.options


def test_the_name_in_a_json_file_is_the_metrics_default() -> None:
    text = comet_json({"system_a.en": [0.5, 0.6]}, key="MetricX-24").decode()
    assert score_files.name_in(text) == "MetricX-24"
    assert score_files.name_in(comet_json({"system_a.en": [0.5]}).decode()) == "COMET"
    assert score_files.name_in("0.5\n0.6") is None
    decoded = score_section.decode_scores(comet_json({"system_a.en": [0.5, 0.6]}, key="MetricX-24"), "mx.json")
    assert score_files.default_name([decoded]) == "MetricX-24"


def test_a_link_that_picked_comet_asks_for_its_scores_in_another_browser() -> None:
    scores = comet_scores(TWO)
    at = compare_with_comet([("comet.json", comet_json(scores))])
    token = at.query_params["s"]
    token = token[0] if isinstance(token, list) else token
    assert "imported-1" in cps.PAGE.from_link(token)[0].metrics
    elsewhere = open_app("compare", s=token)  # a new session: no score files kept for it
    assert "This link was made with uploaded files" in " ".join(i.value for i in elsewhere.info)
    assert elsewhere.pills(key=cps.COMPARE_METRICS).value == ["bleu"]
    assert len(significance_frames(elsewhere)) == 1
