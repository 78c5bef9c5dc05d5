"""Compare in Chromium: a person picks TER beside BLEU, reads TER's p-values (sacreBLEU's) and its
lower-is-better wording, and a reload of the page's address keeps the choice."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect
from sacrebleu.metrics import TER
from sacrebleu.significance import PairedTest

from tests.conftest import sample_lines
from ui.links.share import decode_state


def _picked(url: str) -> list[str]:
    """The metrics the address's share link holds."""
    token = parse_qs(urlsplit(url).query).get("s", [""])[0]
    return list(decode_state(token).get("m", ["bleu"])) if token else []


def _pill(page: Page, name: str):  # type: ignore[no-untyped-def]
    group = page.get_by_test_id("stButtonGroup").filter(has_text="chrF++")
    return group.get_by_role("button", name=name, exact=True)


def test_picking_ter_on_compare_shows_its_p_values(
    page: Page, streamlit_server: str, wait_for_app: Callable[..., None], sacrebleu_seed: None
) -> None:
    refs = [sample_lines("ref.en"), sample_lines("ref2.en")]
    systems = [("a", sample_lines("system_a.en")), ("b", sample_lines("system_b.en"))]
    p_values = {}
    for test in ("bs", "ar"):
        _, scores = PairedTest(systems, {"TER": TER()}, references=refs, test_type=test, n_samples=0)()
        p_values[test] = scores["TER"][1].p_value
    delta = scores["TER"][1].score - scores["TER"][0].score

    page.goto(f"{streamlit_server}/compare")
    wait_for_app(page)
    _pill(page, "TER").click()
    wait_for_app(page)
    line = page.get_by_test_id("stMarkdownContainer").filter(has_text="by TER:").first
    expect(line).to_contain_text(
        f"system_b.en against system_a.en by TER: Δ {delta:+.2f} (better: fewer edits), "
        f"p = {p_values['bs']:.4f} (paired bootstrap), p = {p_values['ar']:.4f} (approximate randomization)"
    )
    expect(page.get_by_role("heading", name="Corpus TER and significance against the baseline")).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)

    # The address is the share link: reloading it keeps TER picked and its numbers.
    page.wait_for_url(lambda url: _picked(url) == ["bleu", "ter"])
    page.reload()
    wait_for_app(page)
    expect(_pill(page, "TER")).to_have_attribute("aria-pressed", "true")
    expect(_pill(page, "BLEU")).to_have_attribute("aria-pressed", "true")
    expect(_pill(page, "chrF")).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_test_id("stMarkdownContainer").filter(has_text="by TER:").first).to_contain_text(
        f"p = {p_values['ar']:.4f} (approximate randomization)"
    )
