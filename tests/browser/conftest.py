"""Fixtures for the browser tests: the real app served by Streamlit, driven in headless Chromium.

* ``streamlit_server`` (session): starts ``streamlit run app.py`` on a free loopback port and
  yields its base URL, e.g. ``http://127.0.0.1:40123``.
* ``browser`` (session): headless Chromium through Playwright: ``$CHROMIUM`` if set, else
  /usr/bin/chromium, else chromium, chromium-browser or google-chrome on PATH; fails (never
  skips) when there is none.
* ``page`` (function): a fresh context and page. Every request that leaves the machine is
  aborted and recorded in ``offsite_requests``; the test then fails at teardown.
* ``wait_for_app`` (fixture returning the helper ``wait_for_app(page, timeout_ms=...)``): waits
  until Streamlit finished running the script; call it after ``goto`` and every interaction.
* ``app_page``: ``page`` already at the base URL with the first run finished.
* ``choose_input`` (fixture returning ``choose_input(page, source, radio=None)``): picks Corpus's, Compare's
  or the Score doctor's input source ("Upload files", "Paste text") and waits for the run.
* ``upload`` (fixture returning ``upload(page, label, files, kept=True)``): drops ``(name, bytes)`` files on the
  drop zone ``label`` and waits until each is listed as kept, the state a person waits for before the next drop,
  and for the end of the run that listed them.
* ``settle_page`` (fixture returning ``settle(page)``): fonts loaded and two frames drawn, e.g.
  after ``set_viewport_size`` and before a screenshot. No test waits for a fixed time.
* ``screenshot_dir`` (session): ``docs/screenshots/`` for the README pictures.

Every test collected under ``tests/browser`` gets the ``browser`` marker.
Set ``BLEU_APP_PATH`` to serve another script than ``app.py`` (fixture development only).
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, WebSocketRoute, expect, sync_playwright

from devtools.chromium import BROWSER_NAMES, CHROMIUM_ARGS, LOCAL_HOSTS, find_chromium
from devtools.server import ServerError, serve
from tests.browser.widgets import choose

REPO_ROOT = Path(__file__).resolve().parents[2]
BROWSER_TESTS = Path(__file__).resolve().parent
CHROMIUM = find_chromium()
SERVER_START_TIMEOUT_S = 60.0
APP_RUN_TIMEOUT_MS = 30_000
ARTIFACTS_DIR = REPO_ROOT / "tests" / "artifacts"  # git-ignored; failure screenshots land here

# Assertions wait for their state as long as a script run may take: Playwright's default of 5 s was
# too short on a machine whose two cores were busy (a weights-box message arrived after 5 s).
expect.set_options(timeout=APP_RUN_TIMEOUT_MS)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test under tests/browser with ``browser`` (the hook sees the whole session)."""
    for item in items:
        if BROWSER_TESTS in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keep each phase's report on the item so the page fixture can tell a failed test."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


# --------------------------------------------------------------------------- server


def _app_path() -> Path:
    path = Path(os.environ.get("BLEU_APP_PATH", "app.py"))
    return path if path.is_absolute() else REPO_ROOT / path


@contextlib.contextmanager
def serve_app() -> Iterator[str]:
    """Serve the app on a free loopback port; yield its base URL without trailing slash; stop it by PID."""
    app = _app_path()
    if not app.is_file():
        pytest.fail(f"Streamlit app not found: {app} (set BLEU_APP_PATH or write app.py)")
    try:
        with serve(app, SERVER_START_TIMEOUT_S) as (_, base_url):
            yield base_url
    except ServerError as err:
        pytest.fail(str(err), pytrace=False)


@pytest.fixture(scope="session")
def streamlit_server() -> Iterator[str]:
    """One server for the session's browser tests."""
    with serve_app() as base_url:
        yield base_url


@pytest.fixture
def fresh_streamlit_server() -> Iterator[str]:
    """A server of its own, for tests of what its very first request does."""
    with serve_app() as base_url:
        yield base_url


# --------------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Chromium (``find_chromium``), headless, launched once per session."""
    if CHROMIUM is None or not CHROMIUM.exists():
        pytest.fail(
            f"no browser found ({CHROMIUM or 'none of ' + ', '.join(BROWSER_NAMES) + ' on PATH'}): run "
            "./scripts/test.sh (installs Debian's chromium) or set CHROMIUM=/path/to/chromium. "
            "Browser tests are never skipped.",
            pytrace=False,
        )
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def _is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in {"data", "blob", "about", "chrome", "chrome-extension"}:
        return True
    return parts.hostname in LOCAL_HOSTS


@pytest.fixture
def offsite_requests() -> list[str]:
    """URLs of requests the page tried to send off the machine (all were aborted)."""
    return []


@pytest.fixture
def context(browser: Browser, offsite_requests: list[str]) -> Iterator[BrowserContext]:
    """A fresh browser context (own cookies and storage) whose off-machine traffic is blocked."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    ctx.set_default_timeout(APP_RUN_TIMEOUT_MS)

    def guard(route: Route) -> None:
        offsite_requests.append(f"{route.request.method} {route.request.url}")
        route.abort("blockedbyclient")

    def guard_ws(ws: WebSocketRoute) -> None:
        offsite_requests.append(f"WEBSOCKET {ws.url}")
        ws.close()  # never connected to the real server

    # Only off-machine URLs are intercepted; loopback traffic (the app) goes straight through.
    ctx.route(lambda url: not _is_local(url), guard)
    ctx.route_web_socket(lambda url: not _is_local(url), guard_ws)
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture
def page(request: pytest.FixtureRequest, context: BrowserContext, offsite_requests: list[str]) -> Iterator[Page]:
    """A new page; at teardown, fail if the app tried to reach anything off this machine."""
    pg = context.new_page()
    yield pg
    call_report = getattr(request.node, "rep_call", None)
    if call_report is not None and call_report.failed:
        ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
        shot = ARTIFACTS_DIR / f"{request.node.name}.png"
        try:
            pg.screenshot(path=str(shot), full_page=True)
            print(f"failure screenshot: {shot}")
        except Exception as exc:  # a crashed page must not hide the test's own failure
            print(f"no failure screenshot: {exc}")
    pg.close()
    if offsite_requests:
        pytest.fail(
            "the app tried to reach off-machine addresses (blocked):\n  " + "\n  ".join(offsite_requests),
            pytrace=False,
        )


def _wait_for_app(page: Page, timeout_ms: int = APP_RUN_TIMEOUT_MS) -> None:
    """Wait until the app is connected, the script has run to its end and nothing is pending.

    Call it after ``page.goto`` and after every interaction that reruns the script. Streamlit
    marks its root element with ``data-test-script-state`` (``initial`` -> ``running`` ->
    ``notRunning``) and shows ``stStatusWidget`` ("Running...") while a run is under way, and an
    ``stSkeleton`` in place of an element whose code is still loading. A run started before a widget's
    code has arrived draws it with its default, not its value (an empty text area; Streamlit 1.67), so a
    test waits for every element, not only for the run.

    It cannot see a run that has not begun: Streamlit 1.67 marks the page running only when the server starts the
    run a widget asked for (nothing marks the request on its way; a chart's selection leaves after Vega has
    handled the pointer, an upload after a round trip for its URLs), so right after an interaction it may return
    on the old page. Before reading the page without polling (``count()``, ``inner_text()``, ``evaluate``, a
    bounding box), wait with ``expect`` for something only the new page has, then call it again for the end of
    that run.
    """
    # A just-made change is sent from the browser's event handlers: let two frames pass (a state
    # of the page, not a fixed time) so that a click or key press has been handled and sent.
    settle(page)
    page.wait_for_selector(
        '[data-testid="stApp"][data-test-connection-state="CONNECTED"]',
        state="attached",
        timeout=timeout_ms,
    )
    page.wait_for_function(
        """() => {
            const app = document.querySelector('[data-testid="stApp"]');
            if (!app || app.getAttribute('data-test-script-state') !== 'notRunning') return false;
            const status = document.querySelector('[data-testid="stStatusWidget"]');
            if (status && /Running/i.test(status.innerText || '')) return false;
            if (document.querySelector('[data-testid="stAppSkeleton"], [data-testid="stSkeleton"]')) return false;
            return document.querySelector('[data-testid="stMain"]') !== null;
        }""",
        timeout=timeout_ms,
        polling=100,
    )


def settle(page: Page) -> None:
    """Wait until the page's fonts are loaded and two animation frames have been drawn.

    After a resize or an interaction this lets the browser lay out and handle events; it waits for
    the page's own progress, so a slow machine only makes it slower, never wrong.
    """
    page.evaluate(
        """() => document.fonts.ready.then(() => new Promise(resolve =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))))"""
    )


@pytest.fixture(scope="session")
def settle_page() -> Callable[[Page], None]:
    """The helper ``settle(page)`` as a fixture: fonts loaded and two frames drawn (after a resize)."""
    return settle


@pytest.fixture(scope="session")
def wait_for_app() -> Callable[..., None]:
    """The helper ``wait_for_app(page, timeout_ms=30_000)``, as a fixture (no conftest import)."""
    return _wait_for_app


def _choose_input(page: Page, source: str, radio: str | None = None) -> None:
    """Pick ``source`` ("Upload files", "Paste text") in the page's input radio (the one showing ``radio``, where
    a page has several, as the Score doctor) and wait for the run it starts."""
    radios = page.get_by_test_id("stRadio")
    (radios.filter(has_text=radio) if radio else radios).get_by_text(source, exact=True).click()
    _wait_for_app(page)


@pytest.fixture
def choose_input() -> Callable[..., None]:
    """The helper ``choose_input(page, source, radio=None)``, as a fixture (no conftest import)."""
    return _choose_input


def _upload(page: Page, label: str, files: list[tuple[str, bytes]], kept: bool = True) -> None:
    """Drop ``files`` (name, bytes) on the drop zone ``label`` and wait for the run; with ``kept``, until each is
    listed as kept for the session and the run that listed them has ended. The run's end alone is not enough: the
    upload starts after a round trip, so the run may not have begun, and a second drop made while the first is
    still in flight was lost now and then (seen on a busy machine: the first drop's files kept, the second's gone,
    with no message). The list is drawn near the top, so the run goes on below it: waiting for its end lets a
    test read the rest of the page at once."""
    field = page.get_by_test_id("stFileUploader").filter(has_text=label).locator('input[type="file"]')
    field.set_input_files(files=[{"name": name, "mimeType": "text/plain", "buffer": data} for name, data in files])
    _wait_for_app(page)
    for name, _data in files if kept else []:
        listed = re.compile(rf"^{re.escape(name)}: [\d,]+ lines?, kept for this session$")
        expect(page.get_by_text(listed).first).to_be_visible()
    if kept:
        _wait_for_app(page)


@pytest.fixture
def upload() -> Callable[..., None]:
    """The helper ``upload(page, label, files, kept=True)``, as a fixture (no conftest import)."""
    return _upload


@pytest.fixture
def app_page(page: Page, streamlit_server: str) -> Page:
    """``page`` opened at the app's default page, with the first run finished."""
    page.goto(streamlit_server)
    _wait_for_app(page)
    return page


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    """Where tests save screenshots: docs/screenshots/ (the README's) when UPDATE_SCREENSHOTS=1,
    else tests/artifacts/screenshots/ (git-ignored), so a test run leaves the work tree clean."""
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        path = REPO_ROOT / "docs" / "screenshots"
    else:
        path = REPO_ROOT / "tests" / "artifacts" / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _compare_with_scores(
    page: Page,
    server: str,
    systems: dict[str, list[str]],
    score_file: tuple[str, bytes],
    human: tuple[str, bytes, str] | None = None,
) -> None:
    """Compare with data/sample's ref.en, ``systems`` (name -> lines) and one score file (name, bytes) uploaded as
    imported metric 1, waited for until the page names the file's source of each system's scores; ``human`` (file
    name, bytes, the metric's name): a second score file, uploaded as imported metric 2 and named in "Human scores"."""
    page.goto(f"{server}/compare")
    _wait_for_app(page)
    _choose_input(page, "Upload files")
    _upload(page, "Reference files", [("ref.en", (REPO_ROOT / "data" / "sample" / "ref.en").read_bytes())])
    _upload(page, "System outputs", [(name, ("\n".join(lines) + "\n").encode()) for name, lines in systems.items()])
    page.get_by_text("Scores from other metrics (COMET, MetricX, human scores)").click()
    _upload(page, "Score files of metric 1", [score_file])
    expect(page.get_by_text(f"{score_file[0]}: ", exact=False).first).to_be_visible()
    if human is not None:
        _upload(page, "Score files of metric 2", [human[:2]])
        expect(page.get_by_text(f"{human[0]}: ", exact=False).first).to_be_visible()
        choose(page, "Human scores", human[2])
        _wait_for_app(page)


@pytest.fixture
def compare_with_scores() -> Callable[..., None]:
    """The helper ``compare_with_scores(page, server, systems, score_file, human=None)``, as a fixture (no conftest
    import)."""
    return _compare_with_scores
