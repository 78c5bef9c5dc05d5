"""Corpus and Compare pages in Chromium: real uploads, literal display of hostile text, p-values, screenshots."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect
from sacrebleu.metrics import BLEU

from tests.browser.widgets import FOREIGN_SCRIPT, metric
from tests.conftest import file_bytes

SCRIPT = "<script>window.__x=1</script>"
IMG = "<img src=x onerror=window.__x=1>"
HYPOTHESES = [SCRIPT, IMG, "the cat sat on the mat", "a dog barked at the postman"]
REFERENCES = [SCRIPT, "an image <img src=y>", "the cat sat on a mat", "the dog barked at the postman"]
HOSTILE_NAME = "<img src=x onerror=window.__x=2>.txt"


def _full_screenshot(page: Page, settle: Callable[[Page], None], path: Path, height: int) -> None:
    """A tall screenshot (the main area scrolls inside the page, so full_page would cut it)."""
    page.set_viewport_size({"width": 1280, "height": height})
    settle(page)  # charts and tables re-layout to the new size
    expect(page.locator('[data-testid="stCode"] code').first).not_to_be_empty()
    expect(page.locator('[data-testid="stDataFrame"] canvas').first).to_be_attached()
    settle(page)
    page.screenshot(path=str(path))
    page.set_viewport_size({"width": 1280, "height": 900})


def test_corpus_upload_scores_and_shows_hostile_text_literally(
    app_page: Page,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    screenshot_dir: Path,
    settle_page: Callable[[Page], None],
    choose_input: Callable[..., None],
    upload: Callable[..., None],
) -> None:
    page = app_page
    page.goto(f"{streamlit_server}/corpus")
    wait_for_app(page)
    expect(page.locator('[data-testid="stMetric"]').filter(has_text="Corpus BLEU").first).to_be_visible()
    expect(metric(page, "Corpus BLEU").first).to_have_text("25.05")  # the bundled sample, as sacreBLEU
    _full_screenshot(page, settle_page, screenshot_dir / "corpus.png", 2600)

    choose_input(page, "Upload files")
    upload(page, "Hypothesis file", [("hyp.txt", file_bytes(HYPOTHESES))])  # kept before the next drop
    upload(page, "Reference files", [("ref.txt", file_bytes(REFERENCES))])
    expected = BLEU().corpus_score(HYPOTHESES, [REFERENCES]).score
    expect(page.locator('[data-testid="stMetric"]').filter(has_text="Corpus BLEU").first).to_contain_text(
        f"{expected:.2f}"
    )
    expect(metric(page, "Segments").first).to_have_text("4")

    # Explain line 1 (the <script> line): its raw text appears literally, as text
    line = page.get_by_label("Line to explain")
    line.fill("1")
    line.press("Enter")
    wait_for_app(page)
    expect(page.locator('[data-testid="stCode"]').filter(has_text=SCRIPT).first).to_be_visible()
    line.fill("2")
    line.press("Enter")
    wait_for_app(page)
    expect(page.locator('[data-testid="stCode"]').filter(has_text=IMG).first).to_be_visible()
    assert page.evaluate("window.__x") is None
    assert page.locator(f'[data-testid="stMain"] {FOREIGN_SCRIPT}').count() == 0  # ui.shell's own are allowed
    assert page.locator('[data-testid="stMain"] img[src="x"]').count() == 0

    # A reference file with a hostile name and one line too few: the message names it literally
    upload(
        page,
        "Reference files",
        [("ref.txt", file_bytes(REFERENCES)), (HOSTILE_NAME, file_bytes(REFERENCES[:3]))],
        kept=False,
    )
    alert = page.locator('[data-testid="stAlertContentError"]').first
    expect(alert).to_contain_text(f"hyp.txt has 4 lines but {HOSTILE_NAME} has 3")
    assert page.evaluate("window.__x") is None
    assert page.locator('[data-testid="stMain"] img[src="x"]').count() == 0
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)


def test_compare_page_shows_p_values(
    app_page: Page,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    screenshot_dir: Path,
    settle_page: Callable[[Page], None],
) -> None:
    page = app_page
    page.goto(f"{streamlit_server}/compare")
    wait_for_app(page)
    summary = (
        page.locator('[data-testid="stMarkdownContainer"]')
        .filter(has_text="approximate randomization")
        .filter(has_text="p =")
        .first
    )
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("system_b.en")
    expect(page.locator('[data-testid="stVegaLiteChart"]').first).to_be_visible()
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)
    _full_screenshot(page, settle_page, screenshot_dir / "compare.png", 2400)
