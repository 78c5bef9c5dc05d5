"""Corpus shows, beside bleucore's signature, the signature sacreBLEU 2.6 prints for the same settings and the
command that reproduces the number, for BLEU, chrF and TER; settings sacreBLEU lacks are named instead."""

from __future__ import annotations

import pytest
from sacrebleu.metrics import BLEU, CHRF, TER

from tests.conftest import ROOT, open_app
from ui.corpus import state as cs

SAMPLE = ROOT / "data" / "sample"
HYPS = (SAMPLE / "system_a.en").read_text(encoding="utf-8").splitlines()
REFS = [(SAMPLE / name).read_text(encoding="utf-8").splitlines() for name in ("ref.en", "ref2.en")]


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
