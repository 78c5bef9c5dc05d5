"""Script injection through every entry point, in Chromium: hostile text is shown, never run or rendered.

Entry points: Explore's candidate, a reference, the custom weights box and the link state
(``?s=``, valid and invalid); Corpus's pasted hypothesis and references and its uploaded files;
Compare's uploaded system outputs. For each one and each payload the test checks that

* nothing executed: ``window.__x`` is undefined and no dialog opened;
* no element came from the input: no ``b``/``iframe``/``img``/``script``, no inline event handler,
  no ``javascript:`` or payload link, no injected ``style``, no ``title="x"``, no KaTeX from input;
* the payload's text is shown literally (the page text, whitespace collapsed, contains it);
* no request left the machine (the ``page`` fixture fails the test otherwise).

Several payloads share one input (one per line or reference) to keep the number of reruns small.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.widgets import FOREIGN_SCRIPT
from tests.conftest import file_bytes
from ui.links.share import encode_state
from ui.state import explore as es

PAYLOADS = [
    "<script>window.__x=1</script>",
    "<svg/onload=window.__x=1>",
    "<img/src/onerror=window.__x=1>",
    '<img src=x onerror="window.__x=1">',
    '<a href="javascript:window.__x=1">x</a>',
    "javascript:window.__x=1",
    "&lt;b&gt;entity&lt;/b&gt;",
    "&amp;lt;",
    '"><b>broken</b>',
    "'><iframe src=javascript:window.__x=1>",
    "[x](javascript:window.__x=1)",
    "![x](http://example.com/a.png)",
    "<style>body{display:none}</style>",
    "{{7*7}}",
    r"$\href{javascript:alert(1)}{x}$",
    "</textarea><b>x</b>",
    'a" title="x',
]
FILLER = "the cat sat on the mat"
WaitForApp = Callable[..., None]

# Everything in the page an injected payload could have created, counted in one pass.
CREATED_JS = (
    """() => {
    const main = document.querySelector('[data-testid="stMain"]');
    const all = Array.from(document.querySelectorAll('*'));
    const texts = new Set(['x', 'y', 'broken', 'entity']);
    return {
        x: typeof window.__x,
        handlers: all.filter(e => Array.from(e.attributes).some(a => a.name.toLowerCase().startsWith('on')))
                     .map(e => e.outerHTML.slice(0, 120)),
        // ui.shell's own scripts are allowed
        scripts: main.querySelectorAll('"""
    + FOREIGN_SCRIPT
    + """').length,
        bold: Array.from(main.querySelectorAll('b')).map(e => e.textContent),
        iframes: document.querySelectorAll('iframe').length,
        images: Array.from(main.querySelectorAll('img, image')).map(e => e.outerHTML.slice(0, 120)),
        jsLinks: all.filter(e => /javascript/i.test(e.getAttribute('href') || e.getAttribute('src') || '')).length,
        inputLinks: Array.from(main.querySelectorAll('a')).filter(a => texts.has(a.textContent.trim())).length,
        styles: Array.from(document.querySelectorAll('style')).filter(s =>
        s.textContent.includes('display:none')).length,
        titled: main.querySelectorAll('[title="x"]').length,
        katex: main.querySelectorAll('.katex').length,
        bodyShown: getComputedStyle(document.body).display !== 'none',
    };
}"""
)
CLEAN = {
    "x": "undefined",
    "handlers": [],
    "scripts": 0,
    "bold": [],
    "iframes": 0,
    "images": [],
    "jsLinks": 0,
    "inputLinks": 0,
    "styles": 0,
    "titled": 0,
    "katex": 0,
    "bodyShown": True,
}

# The text the main area shows: widgets' own values and the highlight's status markers left out.
SHOWN_TEXT_JS = """() => {
    const clone = document.querySelector('[data-testid="stMain"]').cloneNode(true);
    clone.querySelectorAll('textarea, input, .bleu-mark, style').forEach(e => e.remove());
    return clone.textContent;
}"""


def squash(text: str) -> str:
    """Whitespace runs as one space (tokens are shown joined by spaces, lines by newlines)."""
    return re.sub(r"\s+", " ", text).strip()


@pytest.fixture
def dialogs(page: Page) -> Iterator[list[str]]:
    """Messages of every dialog (alert, confirm, prompt) the page opened; each is dismissed."""
    opened: list[str] = []
    page.on("dialog", lambda dialog: (opened.append(dialog.message), dialog.dismiss()))
    yield opened


def shown_text(page: Page) -> str:
    return squash(page.evaluate(SHOWN_TEXT_JS))


def assert_safe(page: Page, dialogs: list[str], expected: Sequence[str], where: str) -> None:
    """Nothing ran or was created, and every expected text is shown literally."""
    created: dict[str, Any] = page.evaluate(CREATED_JS)
    assert created == CLEAN, (where, created)
    assert dialogs == [], (where, dialogs)
    expect(page.get_by_test_id("stException")).to_have_count(0)
    text = shown_text(page)
    missing = [p for p in expected if squash(p) not in text]
    assert not missing, (where, missing, text[:3000])


def fill(page: Page, label: str, text: str, wait_for_app: WaitForApp, nth: int = 0) -> None:
    area = page.get_by_label(label, exact=True).nth(nth)
    area.fill(text)
    area.press("Control+Enter")
    wait_for_app(page)


def as_files(files: dict[str, list[str]]) -> list[tuple[str, bytes]]:
    """Each file's name and its lines as bytes, as the ``upload`` fixture drops them."""
    return [(name, file_bytes(lines)) for name, lines in files.items()]


def open_page(page: Page, base: str, path: str, wait_for_app: WaitForApp) -> None:
    # Open the router first, as a visitor would; test_first_request.py covers a cold sub-page link.
    page.goto(base)
    wait_for_app(page)
    page.goto(f"{base}/{path}")
    wait_for_app(page)


def streams(count: int) -> list[list[str]]:
    """``count`` line-aligned streams holding every payload once (stream k, line i: payload i*count + k)."""
    lines = math.ceil(len(PAYLOADS) / count)
    return [
        [PAYLOADS[i * count + k] if i * count + k < len(PAYLOADS) else f"{FILLER} {k}" for i in range(lines)]
        for k in range(count)
    ]


# --------------------------------------------------------------------------- Explore


def test_explore_candidate(app_page: Page, wait_for_app: WaitForApp, dialogs: list[str]) -> None:
    fill(app_page, "Candidate", "\n".join(PAYLOADS), wait_for_app)
    expect(app_page.locator(".bleu-candidate")).to_contain_text("window.__x=1")
    assert_safe(app_page, dialogs, PAYLOADS, "Explore candidate")


def test_explore_reference(app_page: Page, wait_for_app: WaitForApp, dialogs: list[str]) -> None:
    fill(app_page, "Reference 1", "\n".join(PAYLOADS), wait_for_app)
    expect(app_page.locator(".bleu-reference").first).to_contain_text("window.__x=1")
    assert_safe(app_page, dialogs, PAYLOADS, "Explore reference")


def test_explore_weights_box_echo(app_page: Page, wait_for_app: WaitForApp, dialogs: list[str]) -> None:
    """The weights box's message quotes what was typed: as text, not Markdown."""
    app_page.get_by_test_id("stSidebar").get_by_text("Custom weights", exact=True).click()
    wait_for_app(app_page)
    typed = " ".join(PAYLOADS)
    box = app_page.get_by_label("Weights w_1, …, w_N", exact=True)
    box.fill(typed)
    box.press("Enter")
    wait_for_app(app_page)
    expect(app_page.get_by_test_id("stAlert").first).to_contain_text("weights must be numbers")
    assert_safe(app_page, dialogs, [repr(typed)], "Explore weights")


def test_explore_link_state(page: Page, streamlit_server: str, wait_for_app: WaitForApp, dialogs: list[str]) -> None:
    """A link (Explore's state format) with every payload in the candidate and one per reference."""
    assert len(PAYLOADS) <= es.MAX_REFERENCES
    token = encode_state({"v": es.LINK_VERSION, "c": "\n".join(PAYLOADS), "r": PAYLOADS, "tok": "none"})
    page.goto(f"{streamlit_server}/?s={token}")
    wait_for_app(page)
    expect(page.locator(".bleu-reference")).to_have_count(len(PAYLOADS))
    expect(page.get_by_label("Candidate", exact=True)).to_have_value("\n".join(PAYLOADS))
    references = [
        squash(t)
        for t in page.locator(".bleu-reference").evaluate_all(
            "els => els.map(e => { const c = e.cloneNode(true); c.querySelectorAll('.bleu-mark').forEach(m => "
            "m.remove()); return c.textContent; })"
        )
    ]
    assert references == [f"Reference {j}: {squash(p)}" for j, p in enumerate(PAYLOADS, start=1)]
    assert_safe(page, dialogs, PAYLOADS, "Explore link")


def test_explore_link_state_that_is_refused(
    page: Page, streamlit_server: str, wait_for_app: WaitForApp, dialogs: list[str]
) -> None:
    """A refused link's message quotes its hostile field (the version) as text."""
    version = " ".join(PAYLOADS)
    page.goto(f"{streamlit_server}/?s={encode_state({'v': version, 'c': 'x', 'r': ['x']})}")
    wait_for_app(page)
    expect(page.get_by_test_id("stAlert").first).to_contain_text("This link could not be opened")
    assert_safe(page, dialogs, [repr(version)], "Explore refused link")


# --------------------------------------------------------------------------- Corpus and Compare


def explain_every_line(page: Page, lines: list[list[str]], wait_for_app: WaitForApp, dialogs: list[str]) -> None:
    """Explain each line in turn: its hypothesis and references are shown raw in a code block."""
    for i in range(len(lines[0])):
        box = page.get_by_label("Line to explain", exact=True)
        box.fill(str(i + 1))
        box.press("Enter")
        wait_for_app(page)
        expect(page.get_by_test_id("stMetric").filter(has_text=f"Sentence BLEU of line {i + 1}")).to_be_visible()
        assert_safe(page, dialogs, [stream[i] for stream in lines], f"Corpus line {i + 1}")


def test_corpus_pasted_hypothesis_and_references(
    page: Page, streamlit_server: str, wait_for_app: WaitForApp, dialogs: list[str], choose_input: Callable[..., None]
) -> None:
    lines = streams(5)  # a hypothesis and 4 references (the most the paste form takes)
    open_page(page, streamlit_server, "corpus", wait_for_app)
    choose_input(page, "Paste text")
    count = page.get_by_label("Number of references", exact=True)
    count.fill("4")
    count.press("Enter")
    wait_for_app(page)
    fill(page, "Hypothesis: one segment per line", "\n".join(lines[0]), wait_for_app)
    for k in range(1, 5):
        fill(page, f"Reference {k}: one segment per line", "\n".join(lines[k]), wait_for_app)
    expect(page.get_by_test_id("stMetric").filter(has_text="Segments")).to_contain_text(str(len(lines[0])))
    explain_every_line(page, lines, wait_for_app, dialogs)


def test_corpus_uploaded_files(
    page: Page,
    streamlit_server: str,
    wait_for_app: WaitForApp,
    dialogs: list[str],
    choose_input: Callable[..., None],
    upload: Callable[..., None],
) -> None:
    lines = streams(5)
    open_page(page, streamlit_server, "corpus", wait_for_app)
    choose_input(page, "Upload files")
    upload(page, "Hypothesis file", as_files({"hyp.txt": lines[0]}))  # kept before the next drop
    upload(page, "Reference files", as_files({f"ref{k}.txt": lines[k] for k in range(1, 5)}))
    expect(page.get_by_test_id("stMetric").filter(has_text="Segments")).to_contain_text(str(len(lines[0])))
    explain_every_line(page, lines, wait_for_app, dialogs)


def test_compare_uploaded_systems(
    page: Page,
    streamlit_server: str,
    wait_for_app: WaitForApp,
    dialogs: list[str],
    choose_input: Callable[..., None],
    upload: Callable[..., None],
) -> None:
    """Two system files hold the payloads; the table of lines that changed most shows them."""
    half = math.ceil(len(PAYLOADS) / 2)
    first, second = PAYLOADS[:half], PAYLOADS[half:]
    second = second + [f"{FILLER} {i}" for i in range(half - len(second))]
    references = [f"{FILLER} {i} reference" for i in range(half)]
    open_page(page, streamlit_server, "compare", wait_for_app)
    choose_input(page, "Upload files")
    upload(page, "Reference files", as_files({"ref.txt": references}))  # kept before the next drop
    upload(page, "System outputs", as_files({"system_1.txt": first, "system_2.txt": second}))
    expect(page.get_by_text("Lines that changed most")).to_be_visible()
    table = page.get_by_test_id("stDataFrame").filter(has_text="baseline text")
    expect(table).to_contain_text("window.__x=1")
    assert_safe(page, dialogs, PAYLOADS, "Compare upload")
