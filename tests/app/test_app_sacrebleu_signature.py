"""Corpus shows, beside bleucore's signature, the signature sacreBLEU 2.6 prints for the same settings and the
command that reproduces the number, for BLEU, chrF and TER; settings sacreBLEU lacks are named instead."""

from __future__ import annotations

import pytest
from sacrebleu.metrics import BLEU, CHRF, TER

from tests.conftest import SAMPLE, open_app, sample_lines
from ui.state import corpus as cs

HYPS = sample_lines("system_a.en")
REFS = [sample_lines(name) for name in ("ref.en", "ref2.en")]


def sacre_signature(metric: object) -> str:
    metric.corpus_score(HYPS, REFS)  # type: ignore[attr-defined]
    return metric.get_signature().format()  # type: ignore[attr-defined]


def codes(at) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.value for c in at.code]


@pytest.mark.parametrize(
    ("tokenize", "smooth", "sacre"),
    [("13a", "exp", BLEU()), ("intl", "floor", BLEU(tokenize="intl", smooth_method="floor"))],
)
def test_corpus_bleu_shows_sacrebleus_signature_and_command(tokenize: str, smooth: str, sacre: object) -> None:
    at = open_app("corpus")
    at.selectbox(key=cs.CORPUS.key("tokenize")).set_value(tokenize).run()
    at.selectbox(key=cs.CORPUS.key("smooth_method")).set_value(smooth).run()
    assert not at.exception
    assert sacre_signature(sacre) in codes(at)
    command = next(c for c in codes(at) if c.startswith("sacrebleu "))
    assert command.startswith("sacrebleu ref.en ref2.en -i system_a.en -m bleu -tok " + tokenize)


def test_chrf_and_ter_show_sacrebleus_signatures() -> None:
    at = open_app("corpus")
    at.pills(key=cs.CORPUS_METRICS).set_value(["bleu", "chrf++", "ter"]).run()
    assert not at.exception
    shown = codes(at)
    for metric in (BLEU(), CHRF(word_order=2), TER()):
        assert sacre_signature(metric) in shown, metric
    assert "sacrebleu ref.en ref2.en -i system_a.en -m chrf --chrf-word-order 2" in shown
    assert "sacrebleu ref.en ref2.en -i system_a.en -m ter" in shown


def test_nltk_smoothing_has_no_sacrebleu_signature_and_says_so() -> None:
    at = open_app("corpus")
    at.selectbox(key=cs.CORPUS.key("smooth_method")).set_value("nltk-method1").run()
    assert not at.exception
    assert not any("version:2.6.0" in c for c in codes(at))
    captions = " ".join(c.value for c in at.caption).replace("\\", "")  # Markdown escapes
    assert "sacreBLEU 2.6 has no equivalent for smoothing nltk-method1" in captions


def test_the_json_result_names_its_options_and_both_signatures() -> None:
    import json

    from bleucore import BleuOptions, corpus_statistics
    from ui.corpus import analysis as ca
    from ui.corpus import cache

    options = BleuOptions(tokenize="intl", smooth_method="floor")
    sentence = options.with_changes(effective_order=True)
    analysis = ca.analyse(corpus_statistics(HYPS, REFS, options), options, sentence, 2, HYPS, REFS)
    files = {"hypothesis": "system_a.en", "references": ["ref.en", "ref2.en"]}
    csv, result = cache.downloads("digest-json-test", options, sentence, analysis, files)
    data = json.loads(result)
    assert data["options"]["corpus"]["tokenize"] == "intl" and data["options"]["corpus"]["smooth_method"] == "floor"
    assert data["options"]["sentence"]["effective_order"] is True
    assert data["options"]["signature"] == analysis.corpus.signature  # type: ignore[union-attr]
    assert data["options"]["sacrebleu_signature"] == sacre_signature(BLEU(tokenize="intl", smooth_method="floor"))
    assert csv.decode().splitlines()[0].endswith("hypothesis,reference 1,reference 2")


def test_compare_shows_sacrebleus_paired_signatures_and_commands_that_reproduce_the_p_values(
    sacrebleu_seed: None,
) -> None:
    """Compare, for BLEU, chrF++ and TER, another baseline and seed: the commands shown, run with the real
    ``sacrebleu`` in the sample's folder, print the signatures shown above them and the p-values in the table."""
    import os
    import re
    import shlex
    import subprocess

    from ui.state import compare as cps

    at = open_app("compare")
    at.pills(key=cps.COMPARE_METRICS).set_value(["bleu", "chrf++", "ter"])
    at.number_input(key=cps.COMPARE_SAMPLES).set_value(200)
    at.number_input(key=cps.COMPARE_TRIALS).set_value(300)
    at.number_input(key=cps.COMPARE_SEED).set_value(777)
    at.run()
    at.selectbox(key=cps.COMPARE_BASELINE).set_value("system_b.en").run()
    assert not at.exception
    blocks = [c.value for c in at.code if c.language == "bash"]
    assert len(blocks) == 3, blocks
    tables = [f.value.set_index("system") for f in at.dataframe if "p (bootstrap)" in f.value.columns]
    for block, table, flag in zip(blocks, tables, ("-m bleu", "-m chrf --chrf-word-order 2", "-m ter")):
        lines = block.splitlines()
        assert len(lines) == 4 and flag in lines[1] and flag in lines[3], lines
        for (comment, command), column, test in zip((lines[:2], lines[2:]), ("p (bootstrap)", "p (AR)"), ("bs", "ar")):
            assert command.startswith(f"SACREBLEU_SEED=777 sacrebleu ref.en ref2.en -i system_b.en system_a.en {flag} ")
            env_part, _, argv = command.partition(" ")
            done = subprocess.run(
                shlex.split(argv),
                cwd=SAMPLE,
                capture_output=True,
                text=True,
                check=True,
                env={**os.environ, env_part.split("=")[0]: env_part.split("=")[1]},
            )
            printed = done.stdout.strip().splitlines()
            assert comment == f"# {printed[-1].split()[-1]}", (comment, printed[-1])
            assert f"|{test}:" in comment and "|seed:777|" in comment and comment.endswith("|version:2.6.0")
            (p_value,) = re.findall(r"\(p = ([0-9.]+)\)", done.stdout)  # sacreBLEU's table: one system tested
            assert float(p_value) == pytest.approx(table.loc["system_a.en", column], abs=5e-5), (command, p_value)
    assert any(
        c.value.startswith("nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|order:4") for c in at.code
    )  # bleucore's


def test_the_json_result_names_every_metrics_options_and_sacrebleus_signature() -> None:
    """Corpus's JSON: chrF++ (β = 3) and TER (normalized) each carry their options by name, bleucore's signature and
    the one sacreBLEU 2.6 prints for them; Compare's table JSON carries its metric's options by name too."""
    import json

    from bleucore import BleuOptions, corpus_statistics
    from ui.corpus import analysis as ca
    from ui.corpus import cache
    from ui.metrics.analysis import metric_scores, statistics
    from ui.metrics.sacrebleu_view import paired_citation
    from ui.options.metrics import MetricSettings, metric_key, metric_of

    options = BleuOptions()
    analysis = ca.analyse(
        corpus_statistics(HYPS, REFS, options), options, options.with_changes(effective_order=True), 2, HYPS, REFS
    )
    settings = MetricSettings(beta=3, ter_normalized=True)
    results = []
    for metric_id in ("chrf++", "ter"):
        key = metric_key(metric_id, settings)
        results.append(metric_scores(key, statistics(key, HYPS, REFS), 2))
    files = {"hypothesis": "system_a.en", "references": ["ref.en", "ref2.en"]}
    _csv, result = cache.downloads("digest-json-metrics", options, options, analysis, files, results)
    chrf_entry, ter_entry = json.loads(result)["metrics"]
    assert chrf_entry["options"] == {
        "char_order": 6,
        "word_order": 2,
        "beta": 3,
        "lowercase": False,
        "whitespace": False,
        "eps_smoothing": False,
    }
    assert chrf_entry["sacrebleu_signature"] == sacre_signature(CHRF(word_order=2, beta=3))
    assert ter_entry["options"] == {
        "normalized": True,
        "no_punct": False,
        "asian_support": False,
        "case_sensitive": False,
    }
    assert ter_entry["sacrebleu_signature"] == sacre_signature(TER(normalized=True))
    assert ter_entry["score"] == pytest.approx(TER(normalized=True).corpus_score(HYPS, REFS).score, abs=1e-9)
    citation = paired_citation(
        metric_of(metric_key("ter", settings)), ["ref.en", "ref2.en"], ["a", "b"], 1000, 10000, 12345
    )
    assert citation["options"]["normalized"] is True and citation["sacrebleu_signature"] == sacre_signature(
        TER(normalized=True)
    )
