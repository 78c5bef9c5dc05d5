"""``python -m bleucore.report`` with human scores, on real MQM ratings (tests/data/mqm_ted_ende; issue 46): the JSON
``meta`` records hold mt-metrics-eval's SPA and acc_eq, the HTML, LaTeX and printed summary show them; ``--rank``
adds WMT25's AutoRank of every metric but the human one; every delta carries Kocmi et al.'s estimate (records
``human_agreement``, an HTML table); buckets under 20 lines show their numbers untested."""

from __future__ import annotations

import json
import re

import pytest

from bleucore.cli.report import main
from bleucore.significance import autorank
from bleucore.significance.thresholds import MODELS
from tests.conftest import ROOT

FOLDER = ROOT / "tests" / "data" / "mqm_ted_ende"
EXPECTED = json.loads((FOLDER / "expected.json").read_text(encoding="utf-8"))
SYSTEMS = EXPECTED["systems"]


def _args() -> list[str]:
    files = [str(FOLDER / f"{name}.de") for name in SYSTEMS]
    return [str(FOLDER / "ref.de"), "-i", *files, "--names", *SYSTEMS, "--n-samples", "200"]


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("wmt25")
    mqm = [str(FOLDER / f"{name}.mqm") for name in SYSTEMS]
    outputs = {kind: str(folder / f"report.{kind}") for kind in ("json", "html", "tex")}
    args = [*_args(), "--scores", "MQM", *mqm, "--human", "MQM", "--rank"]
    assert main([*args, "--json", outputs["json"], "--html", outputs["html"], "--latex", outputs["tex"]]) == 0
    return {kind: (folder / f"report.{kind}").read_text(encoding="utf-8") for kind in outputs}


def test_meta_records_hold_mt_metrics_evals_spa_and_acc_eq(written: dict[str, str]) -> None:
    records = json.loads(written["json"])
    meta = {(r["metric"], r["level"]): r for r in records if r["analysis"] == "meta"}
    assert {metric for metric, _ in meta} == {"BLEU", "chrF2", "TER"}  # never MQM against itself
    for label in ("BLEU", "chrF2"):
        assert meta[(label, "system")]["soft_pairwise_accuracy"] == EXPECTED[label]["spa"]
        assert meta[(label, "segment")]["acc_eq"] == EXPECTED[label]["acc_eq"]
        assert meta[(label, "segment")]["tie_threshold"] == EXPECTED[label]["tie_threshold"]
    ter = meta[("TER", "segment")]
    assert 0 <= ter["acc_eq_untied"] <= ter["acc_eq"] <= 1  # calibration never lowers it


def test_the_html_and_latex_show_wmt25s_meta_evaluation(written: dict[str, str]) -> None:
    html, tex = written["html"], written["tex"]
    assert "<h2>WMT25's meta-evaluation against MQM</h2>" in html
    bleu = EXPECTED["BLEU"]
    row = re.search(r"<tr><td>BLEU</td>(.*?)</tr>", html[html.index("meta-evaluation against MQM</h2>") :]).group(1)
    cells = re.findall(r"<td>(.*?)</td>", row)
    assert cells[:4] == [
        f"{bleu['spa']:.3f}",
        f"{1 - bleu['spa']:.3f}",
        f"{bleu['acc_eq']:.3f}",
        f"{bleu['tie_threshold']:.4g}",
    ]
    assert " vs " in cells[5] and "(people)" in cells[5]  # the pair where BLEU's confidence is furthest off
    assert f"BLEU & {bleu['spa']:.3f} & {1 - bleu['spa']:.3f} & {bleu['acc_eq']:.3f} &" in tex
    assert "Metric vs MQM & SPA & PCE" in tex


def test_the_printed_summary_shows_them(capsys: pytest.CaptureFixture[str]) -> None:
    mqm = [str(FOLDER / f"{name}.mqm") for name in SYSTEMS]
    assert main([*_args(), "-m", "bleu", "--scores", "MQM", *mqm, "--human", "MQM"]) == 0
    out = capsys.readouterr().out
    assert "WMT25's meta-evaluation against MQM" in out
    assert re.search(rf"BLEU\s*│\s*{EXPECTED['BLEU']['spa']:.3f}\s*│\s*{EXPECTED['BLEU']['acc_eq']:.3f}", out)


def test_autorank_combines_every_metric_but_the_human_one(written: dict[str, str]) -> None:
    records = json.loads(written["json"])
    ranks = [r for r in records if r["analysis"] == "autorank"]
    assert [r["place"] for r in ranks] == [1, 2, 3, 4, 5] and ranks[0]["value"] == 1.0 and ranks[-1]["value"] == 5.0
    assert ranks[0]["metrics"] == ["BLEU", "chrF2", "TER"]
    corpus = {(r["metric"], r["system"]): r["value"] for r in records if r["analysis"] == "corpus"}
    scores = {m: [corpus[(m, s)] for s in SYSTEMS] for m in ("BLEU", "chrF2", "TER")}
    expected = autorank(SYSTEMS, scores, lower_is_better={"TER"})
    assert [(r["system"], r["value"]) for r in ranks] == [(row.system, row.autorank) for row in expected.rows]
    assert "<h2>AutoRank</h2>" in written["html"] and "MQM, the human judgement, is left out" in written["html"]
    assert "Place & System & AutoRank" in written["tex"]


def test_every_delta_carries_its_estimate_of_human_agreement(written: dict[str, str]) -> None:
    records = json.loads(written["json"])
    estimates = {(r["system"], r["metric"]): r for r in records if r["analysis"] == "human_agreement"}
    assert len(estimates) == (len(SYSTEMS) - 1) * 4  # BLEU, chrF2, TER, MQM
    for system in SYSTEMS[1:]:
        bleu = estimates[(system, "BLEU")]
        assert bleu["estimate"] == pytest.approx(MODELS["bleu"].accuracy(bleu["delta"]), abs=1e-15)
        assert bleu["model"] == "bleu" and "Kocmi et al. 2024" in bleu["source"]
        assert estimates[(system, "chrF2")]["model"] == "chrf"
        assert (estimates[(system, "TER")]["estimate"], estimates[(system, "TER")]["reason"]) == (None, "not_covered")
        assert (estimates[(system, "MQM")]["estimate"], estimates[(system, "MQM")]["reason"]) == (None, "human")
    html = written["html"]
    assert "<h2>How likely people agree with each delta</h2>" in html
    assert "no estimate: the paper does not cover this metric" in html and "the human judgement itself" in html


def test_small_buckets_show_their_numbers_untested(written: dict[str, str]) -> None:
    records = json.loads(written["json"])
    length = [r for r in records if r["analysis"] == "length" and r["system"] == SYSTEMS[1] and r["metric"] == "BLEU"]
    small = [r for r in length if 0 < r["size"] < 20]
    big = [r for r in length if r["size"] >= 20]
    assert small and big, "the slice has both kinds of bucket"
    assert all(r["tested"] is False and r["p_value"] is None and r["value"] is not None for r in small)
    assert all(r["tested"] is True and r["p_value"] is not None for r in big)
    assert re.search(r"<td>\d+ \(\d+ lines: not tested\)</td>", written["html"])
    assert "a bucket of fewer than 20 lines is not tested" in written["html"]
