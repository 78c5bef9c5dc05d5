"""Explore in Chromium with a Korean candidate: the advice to use ko-mecab, one click, the morphemes
as chips, and the score sacreBLEU 2.6 gives with ko-mecab (computed here by sacreBLEU itself)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.widgets import metric, type_into
from tests.golden_examples import KO_CAND, KO_REF

sacrebleu = pytest.importorskip("sacrebleu")
from sacrebleu.metrics import BLEU  # noqa: E402


def test_korean_candidate_switches_to_ko_mecab_and_scores_as_sacrebleu(
    app_page: Page, wait_for_app: Callable[..., None], screenshot_dir: Path
) -> None:
    page = app_page
    type_into(page, "Candidate", KO_CAND, wait_for_app)
    type_into(page, "Reference 1", KO_REF, wait_for_app)
    for last in (3, 2):  # keep one reference: remove the default's others, last first
        page.get_by_role("button", name=f"Remove reference {last}", exact=True).click()
        expect(page.get_by_label(f"Reference {last}", exact=True)).to_have_count(0)
        wait_for_app(page)

    whitespace = BLEU(tokenize="none", smooth_method="none").sentence_score(KO_CAND, [KO_REF])
    expect(metric(page, "BLEU (0–100)")).to_have_text(f"{whitespace.score:.2f}")
    expect(page.get_by_text("The candidate is Korean", exact=False)).to_be_visible()

    page.get_by_role("button", name="Use ko-mecab").click()
    wait_for_app(page)
    expect(page.get_by_role("combobox", name="Tokenizer")).to_have_value("ko-mecab")
    mecab = BLEU(tokenize="ko-mecab", smooth_method="none")
    expected = mecab.sentence_score(KO_CAND, [KO_REF])
    assert abs(expected.score - whitespace.score) > 1  # the switch must show in the number
    expect(metric(page, "BLEU (0–100)")).to_have_text(f"{expected.score:.2f}")
    morphemes = mecab.tokenizer(KO_CAND).split()
    expect(page.locator(".bleu-candidate details.bleu-chip > summary")).to_have_text(morphemes)
    expect(page.get_by_role("button", name="Use ko-mecab")).to_have_count(0)

    page.get_by_role("tab", name="Tokenizers").click()
    wait_for_app(page)
    for name in ("none", "char", "ko-mecab"):
        score = BLEU(tokenize=name, smooth_method="none").sentence_score(KO_CAND, [KO_REF]).score
        expect(metric(page, f"BLEU, {name}")).to_have_text(f"{score:.2f}")
    expect(page.get_by_text("one morpheme", exact=False)).to_be_visible()
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)
    # the tab's table is a data grid whose code loads with the tab (the first view no longer has one): drawn, it
    # lists its headers in an accessible table after the canvas
    expect(page.get_by_test_id("stDataFrame").locator("th").first).to_be_attached()
    heading = page.get_by_text("Korean: whitespace, characters and ko-mecab")
    heading.evaluate("e => e.scrollIntoView({block: 'start'})")
    expect(heading).to_be_in_viewport()
    page.screenshot(path=str(screenshot_dir / "tokenizers-korean.png"))
