"""What the store of uploads must keep holding on disk (issue 40), in Chromium: an address copied into another browser
finds nothing of the first browser's files, and ten browsers uploading files of the same (hostile) names at once each
see only their own files and score, the names shown as text."""

from __future__ import annotations

import random
from collections.abc import Callable
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Page, expect
from sacrebleu.metrics import BLEU

from devtools.chromium import LOCAL_HOSTS

HOSTILE = "<img src=x onerror=window.__x=1>.txt"
WORDS = ["the", "a", "cat", "dog", "sat", "ran", "on", "under", "mat", "rug", "red", "big", "small"]


def _corpus(seed: int) -> tuple[list[str], list[str]]:
    rng = random.Random(seed)
    refs = [" ".join(rng.choice(WORDS) for _ in range(8)) for _ in range(12)]
    hyps = [" ".join(w if rng.random() < 0.6 else rng.choice(WORDS) for w in ref.split()) for ref in refs]
    return hyps, refs


def _text(lines: list[str]) -> bytes:
    return ("\n".join(lines) + "\n").encode()


def _score(page: Page):  # type: ignore[no-untyped-def]
    return page.get_by_test_id("stMetric").filter(has_text="Corpus BLEU").first.get_by_test_id("stMetricValue")


def _new_page(browser: Browser, offsite: list[str]) -> Page:
    """A page in a browser context of its own: its own cookies, so another browser to the app; a request off this
    machine is aborted and recorded in ``offsite``."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    context.set_default_timeout(30_000)

    def guard(route) -> None:  # type: ignore[no-untyped-def]
        offsite.append(route.request.url)
        route.abort("blockedbyclient")

    context.route(lambda url: urlsplit(url).hostname not in LOCAL_HOSTS, guard)
    return context.new_page()


def test_a_copied_address_in_another_browser_finds_nothing_of_the_first(
    page: Page,
    browser: Browser,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    choose_input: Callable[..., None],
    upload: Callable[..., None],
    offsite_requests: list[str],
) -> None:
    hyps, refs = _corpus(1)
    page.goto(f"{streamlit_server}/corpus")
    wait_for_app(page)
    choose_input(page, "Upload files")
    upload(page, "Reference files", [("ref.txt", _text(refs))])
    upload(page, "Hypothesis file", [("hyp.txt", _text(hyps))])
    expect(_score(page)).to_have_text(f"{BLEU().corpus_score(hyps, [refs]).score:.2f}")
    address = page.url
    assert "u=" in address
    other = _new_page(browser, offsite_requests)
    try:
        other.goto(address)
        wait_for_app(other)
        expect(other.get_by_text("This link was made with uploaded files")).to_be_visible()  # a link, not its files
        expect(other.get_by_text("kept for this session")).to_have_count(0)
        expect(other.get_by_text("hyp.txt")).to_have_count(0)
        expect(other.get_by_test_id("stMetric").filter(has_text="Corpus BLEU")).to_have_count(0)
        expect(other.get_by_text("are no longer on the server")).to_have_count(0)  # nor a word of the first's
    finally:
        other.context.close()
    page.reload()  # the first browser still has its files
    wait_for_app(page)
    expect(page.get_by_text("hyp.txt: 12 lines, kept for this session")).to_be_visible()


def test_ten_browsers_uploading_the_same_names_at_once_each_see_their_own_score(
    browser: Browser, streamlit_server: str, wait_for_app: Callable[..., None], choose_input: Callable[..., None]
) -> None:
    offsite: list[str] = []
    pages = [_new_page(browser, offsite) for _ in range(10)]
    corpora = [_corpus(10 + n) for n in range(10)]
    try:
        for page in pages:
            page.goto(f"{streamlit_server}/corpus")
        for page in pages:
            wait_for_app(page)
            choose_input(page, "Upload files")
        for page, (_hyps, refs) in zip(pages, corpora):  # every upload sent before any is waited for
            field = page.get_by_test_id("stFileUploader").filter(has_text="Reference files").locator("input")
            field.set_input_files(files=[{"name": "ref.txt", "mimeType": "text/plain", "buffer": _text(refs)}])
        for page, (hyps, _refs) in zip(pages, corpora):
            expect(page.get_by_text("ref.txt: 12 lines, kept for this session")).to_be_visible()
            wait_for_app(page)
            field = page.get_by_test_id("stFileUploader").filter(has_text="Hypothesis file").locator("input")
            field.set_input_files(files=[{"name": HOSTILE, "mimeType": "text/plain", "buffer": _text(hyps)}])
        for page, (hyps, refs) in zip(pages, corpora):
            expect(page.get_by_text(f"{HOSTILE}: 12 lines, kept for this session", exact=True)).to_be_visible()
            expect(_score(page)).to_have_text(f"{BLEU().corpus_score(hyps, [refs]).score:.2f}")
            assert page.evaluate("() => window.__x") is None  # the name is text, never markup
            expect(page.get_by_text("ref.txt: 12 lines, kept for this session")).to_have_count(1)
    finally:
        for page in pages:
            page.context.close()
    assert offsite == []
