"""chrF, chrF++ and TER beside BLEU on Corpus and Compare (AppTest through the router): the corpus
and sentence scores and both paired tests per metric equal sacreBLEU 2.6's, TER's direction is
worded as lower-is-better, and the metric choice survives the share link."""

from __future__ import annotations

import json
import os

import numpy as np
import pandas as pd
import pytest
from sacrebleu.metrics import CHRF, TER
from sacrebleu.significance import PairedTest
from streamlit.testing.v1 import AppTest

from tests.conftest import PAYLOADS, messages, open_app, sample_lines, upload
from ui.links.share import decode_state, encode_state
from ui.options import metrics as mo
from ui.shell.markdown import escape_markdown
from ui.state import compare as cps
from ui.state import corpus as cs

SYS_A = sample_lines("system_a.en")
SYS_B = sample_lines("system_b.en")
REF1 = sample_lines("ref.en")
REF2 = sample_lines("ref2.en")
REFS = [REF1, REF2]
# Close to B (its first 4 lines from A): p-values away from their floor 1/(n+1).
SYS_C = SYS_A[:4] + SYS_B[4:]
EPSILON = 1e-9

pytestmark = pytest.mark.usefixtures("sacrebleu_seed")  # tests/conftest.py


def sacre_metric(metric_id: str) -> CHRF | TER:
    return {"chrf": CHRF(), "chrf++": CHRF(word_order=2), "ter": TER()}[metric_id]


def signature_without_version(sig: str) -> str:
    return sig.rsplit("|version:", 1)[0]


def significance_tables(at: AppTest) -> dict[str, pd.DataFrame]:
    """Compare's significance tables in the order drawn, by the metric their score column is titled with."""
    return {
        json.loads(f.proto.columns)["score"]["label"]: f.value.set_index("system")
        for f in at.dataframe
        if "p (bootstrap)" in f.value.columns
    }


def metric_tables(at: AppTest) -> list[pd.DataFrame]:
    """Compare's significance tables of the metrics other than BLEU, in the order drawn, indexed by system."""
    return [table for label, table in significance_tables(at).items() if label != "BLEU"]


def bleu_table_shown(at: AppTest) -> bool:
    return "BLEU" in significance_tables(at)


def sacre_paired(systems: list[tuple[str, list[str]]], metric_id: str, test: str, n: int = 0) -> list:
    _, scores = PairedTest(systems, {"M": sacre_metric(metric_id)}, references=REFS, test_type=test, n_samples=n)()
    return next(v for k, v in scores.items() if k != "System")


# --------------------------------------------------------------------------- Corpus


def test_corpus_opens_with_bleu_only() -> None:
    at = open_app("corpus")
    assert at.pills(key=cs.CORPUS_METRICS).value == ["bleu"]
    assert [m.label for m in at.metric][:1] == ["Corpus BLEU"]
    assert not any("chrF" in m.label or "TER" in m.label for m in at.metric)
    token = at.query_params["s"]
    assert "m" not in decode_state(token)  # links made before the choice existed stay as they were
    assert cs.PAGE.from_link(token)[0].metrics == ("bleu",)


def test_corpus_chrf_chrfpp_and_ter_equal_sacrebleu() -> None:
    at = open_app("corpus")
    at.pills(key=cs.CORPUS_METRICS).set_value(["bleu", "chrf", "chrf++", "ter"]).run()
    assert not at.exception
    metrics = {m.label: m.value for m in at.metric}
    codes = [c.value for c in at.code]
    table = next(f.value for f in at.dataframe if "BLEU" in f.value.columns and "line" in f.value.columns)
    table = table.set_index("line").sort_index()
    for metric_id, label in (("chrf", "chrF2"), ("chrf++", "chrF2++"), ("ter", "TER")):
        sacre = sacre_metric(metric_id)
        corpus = sacre.corpus_score(SYS_A, REFS)
        assert metrics[f"Corpus {label}"] == f"{corpus.score:.2f}"
        assert f"{label} = {corpus.score:.2f}" in codes
        assert signature_without_version(str(sacre.get_signature())) in [signature_without_version(c) for c in codes]
        expected = [sacre.sentence_score(h, [r1, r2]).score for h, r1, r2 in zip(SYS_A, REF1, REF2)]
        np.testing.assert_allclose(table[label].to_numpy(), expected, rtol=0, atol=EPSILON)
        assert metrics[f"Mean of sentence {label}"] == f"{np.mean(expected):.2f}"
    assert metrics["Corpus BLEU"]  # BLEU stays beside them
    assert "sacreBLEU's default options" in " ".join(c.value for c in at.caption)


def test_corpus_without_bleu_and_with_nothing_picked() -> None:
    at = open_app("corpus")
    at.pills(key=cs.CORPUS_METRICS).set_value(["ter"]).run()
    assert not at.exception
    labels = [m.label for m in at.metric]
    assert "Corpus BLEU" not in labels and "Corpus TER" in labels
    at.pills(key=cs.CORPUS_METRICS).set_value([]).run()
    assert not at.exception
    assert "Pick at least one metric" in messages(at)


def test_corpus_metric_choice_survives_the_link_and_a_page_visit() -> None:
    at = open_app("corpus")
    at.pills(key=cs.CORPUS_METRICS).set_value(["chrf++", "ter"]).run()
    token = at.query_params["s"]
    assert cs.PAGE.from_link(token)[0].metrics == ("chrf++", "ter")
    fresh = open_app("corpus", token)
    assert fresh.pills(key=cs.CORPUS_METRICS).value == ["chrf++", "ter"]
    labels = [m.label for m in fresh.metric]
    assert "Corpus chrF2++" in labels and "Corpus TER" in labels and "Corpus BLEU" not in labels
    at.switch_page("app_pages/compare.py").run()
    at.switch_page("app_pages/corpus.py").run()
    assert at.pills(key=cs.CORPUS_METRICS).value == ["chrf++", "ter"]


def test_corpus_link_with_unknown_metrics_says_so() -> None:
    at = open_app("corpus", encode_state({"page": "corpus", "v": 2, "m": ["chrf", "meteor"]}))
    assert not at.exception
    assert "This link's metrics ['chrf', 'meteor'] are unknown: kept the rest, using metrics bleu." in messages(at)
    assert at.pills(key=cs.CORPUS_METRICS).value == ["bleu"]


# --------------------------------------------------------------------------- Compare


def test_compare_chrf_and_ter_tests_equal_sacrebleu() -> None:
    at = open_app("compare")
    at.pills(key=cps.COMPARE_METRICS).set_value(["chrf", "ter"]).run()
    assert not at.exception
    assert not bleu_table_shown(at)
    chrf, ter = metric_tables(at)
    summary = " ".join(m.value for m in at.markdown)
    for metric_id, table in (("chrf", chrf), ("ter", ter)):
        bs = sacre_paired([("a", SYS_A), ("b", SYS_B)], metric_id, "bs")
        ar = sacre_paired([("a", SYS_A), ("b", SYS_B)], metric_id, "ar")
        a, b = table.loc["system_a.en"], table.loc["system_b.en"]
        assert a["score"] == pytest.approx(bs[0].score, abs=EPSILON)
        assert b["score"] == pytest.approx(bs[1].score, abs=EPSILON)
        assert b["p (bootstrap)"] == pytest.approx(bs[1].p_value, abs=EPSILON)
        assert b["p (AR)"] == pytest.approx(ar[1].p_value, abs=EPSILON)
        assert b["mean"] == pytest.approx(bs[1].mean, abs=EPSILON)
        assert b["upper"] - b["lower"] == pytest.approx(2 * bs[1].ci, abs=1e-5)  # float32 half-widths
        assert a["mean"] == pytest.approx(bs[0].mean, abs=EPSILON)
        assert pd.isna(a["p (bootstrap)"]) and pd.isna(a["p (AR)"])
    # B has the higher chrF and the lower TER: better by both, TER's delta negative.
    assert chrf.loc["system_b.en", "direction"] == "better" and chrf.loc["system_b.en", "delta"] > 0
    assert ter.loc["system_b.en", "direction"] == "better" and ter.loc["system_b.en", "delta"] < 0
    assert "by TER: Δ -19.06 (better: fewer edits)" in summary
    assert "by chrF2: Δ +17.83 (better)" in summary
    assert "system_b.en: TER = 20.13" in [c.value for c in at.code]


def test_compare_close_systems_per_metric_with_another_baseline_and_settings() -> None:
    at = open_app("compare")
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [("system_c.en", SYS_C)])
    at.run()
    at.selectbox(key=cps.COMPARE_BASELINE).set_value("system_b.en").run()
    at.number_input(key=cps.COMPARE_SAMPLES).set_value(500)
    at.number_input(key=cps.COMPARE_TRIALS).set_value(2000)
    at.number_input(key=cps.COMPARE_SEED).set_value(7)
    at.pills(key=cps.COMPARE_METRICS).set_value(["bleu", "chrf++", "ter"]).run()
    assert not at.exception
    assert bleu_table_shown(at)
    chrfpp, ter = metric_tables(at)
    os.environ["SACREBLEU_SEED"] = "7"
    systems = [("b", SYS_B), ("a", SYS_A), ("c", SYS_C)]
    for metric_id, table in (("chrf++", chrfpp), ("ter", ter)):
        assert list(table.index) == ["system_b.en", "system_a.en", "system_c.en"]
        bs = sacre_paired(systems, metric_id, "bs", 500)
        ar = sacre_paired(systems, metric_id, "ar", 2000)
        for k, name in ((1, "system_a.en"), (2, "system_c.en")):
            assert table.loc[name, "p (bootstrap)"] == pytest.approx(bs[k].p_value, abs=EPSILON)
            assert table.loc[name, "p (AR)"] == pytest.approx(ar[k].p_value, abs=EPSILON)
            assert table.loc[name, "mean"] == pytest.approx(bs[k].mean, abs=EPSILON)
        assert table.loc["system_b.en", "mean"] == pytest.approx(bs[0].mean, abs=EPSILON)
    # Real tests, not the floor 1/(n+1) (sacreBLEU's p-values above).
    assert 0.01 < chrfpp.loc["system_c.en", "p (AR)"] < 0.99 and 0.01 < ter.loc["system_c.en", "p (bootstrap)"] < 0.99
    # Against B, A has the higher TER: worse, in words.
    assert ter.loc["system_a.en", "delta"] > 0 and ter.loc["system_a.en", "direction"] == "worse"
    summary = next(m.value for m in at.markdown if m.value.startswith("**system\\_a") and "by TER" in m.value)
    assert "(worse: more edits)" in summary


def test_compare_metric_choice_survives_the_link() -> None:
    at = open_app("compare")
    at.number_input(key=cps.COMPARE_SEED).set_value(3)
    at.pills(key=cps.COMPARE_METRICS).set_value(["bleu", "ter"]).run()
    token = at.query_params["s"]
    state, notes = cps.PAGE.from_link(token)
    assert state.metrics == ("bleu", "ter") and state.seed == 3 and not notes
    fresh = open_app("compare", token)
    assert fresh.pills(key=cps.COMPARE_METRICS).value == ["bleu", "ter"]
    pd.testing.assert_frame_equal(metric_tables(fresh)[0], metric_tables(at)[0])
    assert bleu_table_shown(fresh)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_payload_system_names_and_texts_stay_text(payload: str) -> None:
    at = open_app("compare")
    upload(at, cps.COMPARE_EXTRA_UPLOAD, [(payload + ".txt", [*SYS_C[:-1], payload])])
    at.pills(key=cps.COMPARE_METRICS).set_value(["chrf", "ter"]).run()
    assert not at.exception
    for table in metric_tables(at):
        assert list(table.index)[:2] == ["system_a.en", "system_b.en"]
        name = list(table.index)[2]
        assert payload in name  # the name as given, in a table cell (text)
    for label in ("chrF2", "TER"):
        start = f"**{escape_markdown(name)}** against **system\\_a\\.en** by {label}: Δ "
        assert any(m.value.startswith(start) for m in at.markdown), start


# --------------------------------------------------------------------------- chrF and TER options


def set_options(at: AppTest, prefix: str, values: dict[str, object]) -> None:
    for name, value in values.items():
        key = mo.keys(prefix)[name]
        if isinstance(value, bool):
            at.checkbox(key=key).check() if value else at.checkbox(key=key).uncheck()
        else:
            at.number_input(key=key).set_value(value)
    at.run()


CHANGED = {
    "char_order": 4,
    "word_order": 1,
    "beta": 1,
    "whitespace": True,
    "chrf_lowercase": True,
    "ter_normalized": True,
    "ter_no_punct": True,
    "ter_case_sensitive": True,
}
SACRE_CHANGED = {
    "chrF1": CHRF(char_order=4, beta=1, lowercase=True, whitespace=True),
    "chrF1+": CHRF(char_order=4, word_order=1, beta=1, lowercase=True, whitespace=True),
    "TER": TER(normalized=True, no_punct=True, case_sensitive=True),
}


def test_corpus_chrf_and_ter_options_equal_sacrebleu_and_survive_the_link() -> None:
    at = open_app("corpus")
    at.pills(key=cs.CORPUS_METRICS).set_value(["chrf", "chrf++", "ter"]).run()
    set_options(at, "corpus", CHANGED)
    assert not at.exception

    def check(app: AppTest) -> None:
        metrics = {m.label: m.value for m in app.metric}
        signatures = [signature_without_version(c.value) for c in app.code]
        table = next(f.value for f in app.dataframe if "line" in f.value.columns).set_index("line").sort_index()
        for label, sacre in SACRE_CHANGED.items():
            assert metrics[f"Corpus {label}"] == f"{sacre.corpus_score(SYS_A, REFS).score:.2f}", label
            assert signature_without_version(str(sacre.get_signature())) in signatures, label
            expected = [sacre.sentence_score(h, [r1, r2]).score for h, r1, r2 in zip(SYS_A, REF1, REF2)]
            np.testing.assert_allclose(table[label].to_numpy(), expected, rtol=0, atol=EPSILON)

    check(at)
    token = at.query_params["s"]
    state, notes = cs.PAGE.from_link(token)
    assert not notes and state.metric_options == mo.MetricSettings(**CHANGED)  # type: ignore[arg-type]
    fresh = open_app("corpus", token)
    assert fresh.number_input(key=mo.keys("corpus")["char_order"]).value == 4
    assert fresh.checkbox(key=mo.keys("corpus")["ter_no_punct"]).value is True
    check(fresh)


def test_compare_korean_sample_with_ter_asian_support_equals_sacrebleu() -> None:
    sys_a, sys_b, ref1, ref2 = (sample_lines(name) for name in ("system_a.ko", "system_b.ko", "ref.ko", "ref2.ko"))
    at = open_app("compare")
    at.radio(key=cps.COMPARE_SOURCE).set_value("sample-ko").run()
    at.pills(key=cps.COMPARE_METRICS).set_value(["chrf", "ter"]).run()
    set_options(at, "compare", {"whitespace": True, "ter_normalized": True, "ter_asian_support": True})
    assert not at.exception
    chrf, ter = metric_tables(at)
    for table, sacre in ((chrf, CHRF(whitespace=True)), (ter, TER(normalized=True, asian_support=True))):
        for test in ("bs", "ar"):
            _, scores = PairedTest(
                [("a", sys_a), ("b", sys_b)], {"M": sacre}, references=[ref1, ref2], test_type=test, n_samples=0
            )()
            result = next(v for k, v in scores.items() if k != "System")
            row = table.loc["system_b.ko"]
            assert row["score"] == pytest.approx(result[1].score, abs=EPSILON)
            column = "p (bootstrap)" if test == "bs" else "p (AR)"
            assert row[column] == pytest.approx(result[1].p_value, abs=EPSILON)
            if test == "bs":
                assert row["mean"] == pytest.approx(result[1].mean, abs=EPSILON)


def test_metric_options_link_validation() -> None:
    token = encode_state({"page": "compare", "v": 2, "m": ["chrf"], "mo": {"nc": 0, "ws": "yes", "b": 3}})
    at = open_app("compare", token)
    assert not at.exception
    text = messages(at)
    assert "This link's char order 0 is not a whole number from 1 to 20: kept the rest, using char order = 6." in text
    assert "This link's chrF whitespace 'yes' is not true or false: kept the rest, using chrF whitespace off." in text
    (chrf,) = metric_tables(at)
    sacre = CHRF(beta=3)
    assert chrf.loc["system_b.en", "score"] == pytest.approx(sacre.corpus_score(SYS_B, REFS).score, abs=EPSILON)


def test_corpus_downloads_hold_every_picked_metric() -> None:
    """The CSV and JSON a user downloads carry the chrF/TER columns and corpus scores shown on screen."""
    import io
    import json

    from bleucore import BleuOptions, corpus_statistics
    from ui.corpus import analysis as ca
    from ui.metrics import analysis as ma

    options = BleuOptions()
    analysis = ca.analyse(corpus_statistics(SYS_A, REFS, options), options, options, 2, SYS_A, REFS)
    settings = mo.MetricSettings()
    metrics = []
    for metric_id in ("chrf", "ter"):
        key = mo.metric_key(metric_id, settings)
        metrics.append(ma.metric_scores(key, ma.statistics(key, SYS_A, REFS), 2))
    csv, result = ca.downloads(analysis, {}, {"hypothesis": "system_a.en"}, metrics)
    table = pd.read_csv(io.StringIO(csv.decode("utf-8")))
    assert list(table.columns[list(table.columns).index("BLEU") :][:3]) == ["BLEU", "chrF2", "TER"]
    assert list(table["reference 1"]) == REF1 and list(table["reference 2"]) == REF2  # every reference, not the first
    data = json.loads(result)
    for metric_id, label in (("chrf", "chrF2"), ("ter", "TER")):
        sacre = sacre_metric(metric_id)
        expected = [sacre.sentence_score(h, [r1, r2]).score for h, r1, r2 in zip(SYS_A, REF1, REF2)]
        np.testing.assert_allclose(table.sort_values("line")[label].to_numpy(), expected, rtol=0, atol=1e-6)
        corpus = sacre.corpus_score(SYS_A, REFS)
        [entry] = [m for m in data["metrics"] if m["name"] == label]
        assert abs(entry["score"] - corpus.score) <= EPSILON
        assert signature_without_version(entry["signature"]) == signature_without_version(str(sacre.get_signature()))
        assert [row[label] for row in sorted(data["sentences"], key=lambda r: r["line"])] == pytest.approx(
            expected, abs=EPSILON
        )
    # nothing picked beside BLEU: the files are as before
    csv_bleu, result_bleu = ca.downloads(analysis, {}, {"hypothesis": "system_a.en"})
    assert "chrF2" not in csv_bleu.decode() and json.loads(result_bleu)["metrics"] == []


def test_a_metric_unpicked_and_picked_again_keeps_its_options() -> None:
    at = open_app("corpus")
    at.pills(key=cs.CORPUS_METRICS).set_value(["bleu", "chrf"]).run()
    at.number_input(key=mo.keys("corpus")["char_order"]).set_value(4).run()
    at.pills(key=cs.CORPUS_METRICS).set_value(["bleu"]).run()
    at.run()  # a further run (any widget) while chrF is hidden
    at.pills(key=cs.CORPUS_METRICS).set_value(["bleu", "chrf"]).run()
    assert not at.exception
    assert at.number_input(key=mo.keys("corpus")["char_order"]).value == 4
    expected = CHRF(char_order=4).corpus_score(SYS_A, REFS).score
    assert {m.label: m.value for m in at.metric}["Corpus chrF2"] == f"{expected:.2f}"


def test_compare_offers_each_metrics_significance_table_as_json() -> None:
    at = open_app("compare")
    at.pills(key=cps.COMPARE_METRICS).set_value(["bleu", "chrf", "ter"]).run()
    labels = [b.proto.label for b in at.get("download_button") if b.proto.label.endswith("(JSON)")]
    assert labels == [
        "Download the BLEU table (JSON)",
        "Download the chrF2 table (JSON)",
        "Download the TER table (JSON)",
    ]
