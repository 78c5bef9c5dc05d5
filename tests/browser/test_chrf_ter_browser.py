"""Explore's chrF & TER tab in Chromium: the character highlight and the TER alignment of the default
example are drawn, and hostile candidate text is shown, never run."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from bleucore.metrics.ter.explanation import explain_ter
from tests.browser.widgets import FOREIGN_SCRIPT
from tests.golden_examples import CA1, REFS_1

PAYLOADS = ["<script>window.__x=1</script>", '<img src=x onerror="window.__x=1">', "<svg/onload=window.__x=1>"]


def open_tab(page: Page, wait_for_app) -> None:  # type: ignore[no-untyped-def]
    page.get_by_role("tab", name="chrF & TER").click()
    wait_for_app(page)


def test_default_example_shows_chrf_highlight_and_ter_alignment(app_page: Page, wait_for_app) -> None:  # type: ignore[no-untyped-def]
    open_tab(app_page, wait_for_app)
    main = app_page.get_by_test_id("stMain")
    expect(main.get_by_role("group", name="Candidate: ", exact=False).first).to_be_visible()
    expect(main.locator(".chrf-ch.matched").first).to_be_visible()
    expect(main.locator(".chrf-ch.matched").first).to_have_attribute("title", re.compile(r"in a matched 3-gram$"))
    steps = explain_ter(CA1, list(REFS_1)).steps
    expect(main.locator(".ter-w")).to_have_count(len(steps))
    kept = sum(s.op == "keep" for s in steps)
    expect(main.locator(".ter-w.keep")).to_have_count(kept)
    expect(main.locator('.ter-w[aria-label^="substituted"]')).to_have_count(sum(s.op == "sub" for s in steps))


def test_payloads_in_the_candidate_execute_nothing(app_page: Page, wait_for_app) -> None:  # type: ignore[no-untyped-def]
    area = app_page.get_by_label("Candidate", exact=True)
    area.fill(" ".join(PAYLOADS) + " " + CA1)
    area.press("Control+Enter")
    wait_for_app(app_page)
    open_tab(app_page, wait_for_app)
    main = app_page.get_by_test_id("stMain")
    expect(main.locator(".ter-w").first).to_be_visible()
    assert app_page.evaluate("typeof window.__x") == "undefined"
    # ui.shell's own scripts (tests.browser.widgets.OWN_SCRIPTS) are the only scripts the page may hold
    assert main.locator(f"{FOREIGN_SCRIPT}, img, svg[onload]").count() == 0
    expect(main.locator(".chrf-text").first).to_contain_text("<script>window.__x=1</script>")
    expect(main.locator(".ter-seq")).to_contain_text("<img")
