"""The bundled Korean sample (data/sample/*.ko) on Corpus and Compare: chosen in the input radio, it
is scored with ko-mecab, and its numbers are sacreBLEU 2.6's; back on the English sample, 13a."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

pytest.importorskip("sacrebleu")
from sacrebleu.compat import corpus_bleu as sacre_corpus_bleu
from sacrebleu.metrics import BLEU
from sacrebleu.significance import PairedTest

from tests.conftest import ROOT, sample_lines
from ui.state import compare as cps
from ui.state import corpus as cs

APP = str(ROOT / "app.py")


SYS_A, SYS_B, REF1, REF2 = (sample_lines(n) for n in ("system_a.ko", "system_b.ko", "ref.ko", "ref2.ko"))


pytestmark = pytest.mark.usefixtures("sacrebleu_seed")  # tests/conftest.py


def open_page(page: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=90)
    at.run()
    at.switch_page(page)
    at.run()
    assert not at.exception
    return at


def test_the_sample_is_60_aligned_lines_of_korean() -> None:
    assert len(SYS_A) == len(SYS_B) == len(REF1) == len(REF2) == 60
    assert all(line.strip() for line in SYS_A + SYS_B + REF1 + REF2)
    # the sample shows what it is for: ko-mecab moves the weak system's score far more than 13a would say
    weak_13a = sacre_corpus_bleu(SYS_A, [REF1, REF2], tokenize="13a").score
    weak_mecab = sacre_corpus_bleu(SYS_A, [REF1, REF2], tokenize="ko-mecab").score
    assert weak_mecab > 2 * weak_13a
    assert sacre_corpus_bleu(SYS_B, [REF1, REF2], tokenize="ko-mecab").score > weak_mecab + 20


def test_corpus_opens_the_korean_sample_with_ko_mecab() -> None:
    at = open_page("app_pages/corpus.py")
    at.radio(key=cs.CORPUS_SOURCE).set_value("sample-ko").run()
    assert not at.exception
    assert at.selectbox(key=cs.CORPUS.key("tokenize")).value == "ko-mecab"
    expected = BLEU(tokenize="ko-mecab").corpus_score(SYS_A, [REF1, REF2])
    full = next(
        re.search(r"Corpus BLEU to full precision: ([0-9.e+-]+)\.", c.value)
        for c in at.caption
        if "full precision" in c.value
    )
    assert full and float(full.group(1)) == pytest.approx(expected.score, abs=1e-9)
    assert any("tok:ko-mecab-0.996/ko-0.9.2-KO" in c.value for c in at.code)
    assert any("system_a.ko" in c.value and "ko-mecab" in c.value for c in at.caption)

    at.radio(key=cs.CORPUS_SOURCE).set_value("sample").run()  # back to English: sacreBLEU's 13a again
    assert at.selectbox(key=cs.CORPUS.key("tokenize")).value == "13a"


def test_compare_opens_the_korean_sample_with_ko_mecab() -> None:
    at = open_page("app_pages/compare.py")
    at.radio(key=cps.COMPARE_SOURCE).set_value("sample-ko").run()
    assert not at.exception
    assert at.selectbox(key=cps.COMPARE.key("tokenize")).value == "ko-mecab"
    table = next(f.value for f in at.dataframe if "p (bootstrap)" in f.value.columns).set_index("system")
    assert list(table.index) == ["system_a.ko", "system_b.ko"]
    _, scores = PairedTest(
        [("a", SYS_A), ("b", SYS_B)],
        {"BLEU": BLEU(tokenize="ko-mecab")},
        references=[REF1, REF2],
        test_type="bs",
        n_samples=0,
    )()
    assert table.loc["system_a.ko", "score"] == pytest.approx(scores["BLEU"][0].score, abs=1e-9)
    assert table.loc["system_b.ko", "score"] == pytest.approx(scores["BLEU"][1].score, abs=1e-9)
    assert table.loc["system_b.ko", "p (bootstrap)"] == pytest.approx(scores["BLEU"][1].p_value, abs=1e-9)


@pytest.mark.parametrize(
    ("page", "source", "options"),
    [
        ("app_pages/corpus.py", cs.CORPUS_SOURCE, cs.CORPUS),
        ("app_pages/compare.py", cps.COMPARE_SOURCE, cps.COMPARE),
    ],
)
def test_without_mecab_ko_the_sample_opens_and_ko_mecab_names_the_package(
    page: str, source: str, options: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util

    from bleucore.tokenizers import registry

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda m, *a: None if m == "mecab_ko" else real(m, *a))
    monkeypatch.setattr(registry, "_INSTANCES", {})
    at = open_page(page)
    at.radio(key=source).set_value("sample-ko").run()
    tokenize = options.key("tokenize")  # type: ignore[attr-defined]
    assert not at.exception and at.selectbox(key=tokenize).value == "13a"  # not switched to a tokenizer that cannot run
    at.selectbox(key=tokenize).set_value("ko-mecab").run()
    assert not at.exception
    assert any("pip install mecab" in e.value.replace("\\", "") for e in at.error)
