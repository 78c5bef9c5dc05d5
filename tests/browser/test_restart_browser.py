"""A restart of the server, as the hosted demo has them (a redeploy, a sleep after idling, a crash), in Chromium
(issue 40): the server is killed by its PID and started again with the same command, port and store folder. The open
page reloads itself once connected again, and the same browser finds the same files, the same score and the same
share link; where the store's files are gone, the page says so in words about what happened, and shows nothing the
server no longer has. Each test has servers of its own (``devtools.server``), stopped by PID whatever happens."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

import pytest
from playwright.sync_api import Page, expect
from sacrebleu.metrics import BLEU

from devtools.server import START_TIMEOUT_S, start_server, stop_server
from tests.score_files import comet_json, comet_scores, system_lines, xcomet_json

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "sample"
REFS = ("ref.en", "ref2.en")
HYPOTHESIS = "system_a.en"
#: Set in the page before the restart: a page that reloaded itself no longer has it.
MARK = "window.__bleuBeforeRestart"


class Server:
    """The app on one port and store folder, started again on demand (the same command each time)."""

    def __init__(self, store: Path, log: IO[bytes]) -> None:
        self.store, self.log = store, log
        self.proc, self.base = start_server(ROOT / "app.py", self.log, START_TIMEOUT_S, store=store)
        self.port = int(self.base.rsplit(":", 1)[1])

    def restart(self, while_down: Callable[[], None]) -> None:
        """SIGKILL to the server's PID (no clean shutdown, as a crash or an evicted container), ``while_down()``,
        then the same command on the same port and store folder."""
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)
        stop_server(self.proc)  # its process group, should it have left any child
        while_down()
        self.proc, base = start_server(ROOT / "app.py", self.log, START_TIMEOUT_S, port=self.port, store=self.store)
        assert base == self.base

    def stop(self) -> None:
        stop_server(self.proc)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with tempfile.TemporaryFile() as log:
        started = Server(tmp_path / "store", log)
        try:
            yield started
        finally:
            started.stop()


def _lines(name: str) -> list[str]:
    return (SAMPLE / name).read_text(encoding="utf-8").splitlines()


def _score(page: Page):  # type: ignore[no-untyped-def]
    return page.get_by_test_id("stMetric").filter(has_text="Corpus BLEU").first.get_by_test_id("stMetricValue")


def _scored_upload(  # type: ignore[no-untyped-def]
    page: Page, server: Server, wait_for_app: Callable[..., None], choose_input, upload
) -> str:
    """Corpus with two references and a hypothesis uploaded, scored as sacreBLEU scores them; the score shown."""
    page.goto(f"{server.base}/corpus")
    wait_for_app(page)
    choose_input(page, "Upload files")
    upload(page, "Reference files", [(name, (SAMPLE / name).read_bytes()) for name in REFS])
    upload(page, "Hypothesis file", [(HYPOTHESIS, (SAMPLE / HYPOTHESIS).read_bytes())])
    expected = f"{BLEU().corpus_score(_lines(HYPOTHESIS), [_lines(r) for r in REFS]).score:.2f}"
    expect(_score(page)).to_have_text(expected)
    wait_for_app(page)
    return expected


def _restart(page: Page, server: Server, wait_for_app: Callable[..., None], while_down: Callable[[], None]) -> None:
    """Restart the server under the open page and wait until the page has reloaded itself and run."""
    page.evaluate(f"{MARK} = true")
    server.restart(while_down)
    page.wait_for_function(f"() => {MARK} === undefined", timeout=60_000)  # a new document: the page reloaded
    wait_for_app(page)


def test_a_restarted_server_serves_the_same_files_score_and_link(
    page: Page,
    server: Server,
    wait_for_app: Callable[..., None],
    choose_input,
    upload,  # type: ignore[no-untyped-def]
) -> None:
    score = _scored_upload(page, server, wait_for_app, choose_input, upload)
    address = page.url
    assert "s=" in address and "u=" in address
    _restart(page, server, wait_for_app, lambda: None)
    for name in (*REFS, HYPOTHESIS):
        expect(page.get_by_text(f"{name}: 60 lines, kept for this session")).to_be_visible()
    expect(_score(page)).to_have_text(score)
    assert page.url == address  # the view's link and the session's key, as before
    page.get_by_text("Share this view").click()
    token = address.split("s=", 1)[1].split("&", 1)[0]
    expect(page.get_by_test_id("stCode").filter(has_text=f"?s={token}")).to_have_count(1)
    expect(page.get_by_text("which a link cannot hold")).to_have_count(0)
    expect(page.get_by_test_id("stException")).to_have_count(0)


def test_a_store_lost_with_the_server_is_said_and_nothing_stale_is_shown(
    page: Page,
    server: Server,
    wait_for_app: Callable[..., None],
    choose_input,
    upload,  # type: ignore[no-untyped-def]
) -> None:
    """The issue's case: a restart without the store (a new container). Before, the open page went on showing the
    score and the files "kept for this session" until the next click, and a reload said "This link was made with
    uploaded files", about a link the visitor never opened."""
    _scored_upload(page, server, wait_for_app, choose_input, upload)
    _restart(page, server, wait_for_app, lambda: shutil.rmtree(server.store))
    expect(page.get_by_text("The files this browser uploaded are no longer on the server")).to_be_visible()
    expect(page.get_by_text("kept for this session")).to_have_count(0)
    expect(page.get_by_test_id("stMetric").filter(has_text="Corpus BLEU")).to_have_count(0)
    expect(page.get_by_text("which a link cannot hold")).to_have_count(0)
    # Uploading again starts a new session, whose files a reload finds
    upload(page, "Reference files", [(name, (SAMPLE / name).read_bytes()) for name in REFS])
    expect(page.get_by_text("are no longer on the server")).to_have_count(0)
    page.reload()
    wait_for_app(page)
    expect(page.get_by_text(f"{REFS[1]}: 60 lines, kept for this session")).to_be_visible()


def test_the_choices_below_the_scores_and_the_files_every_page_shares_survive_a_restart(
    page: Page,
    server: Server,
    wait_for_app: Callable[..., None],
    compare_with_scores,  # type: ignore[no-untyped-def]
    upload,  # type: ignore[no-untyped-def]
) -> None:
    """Issue 45, items 4 and 9: after a restart "Imported metric" and "Segments per system" were back at COMET's first
    metric and 3, and Corpus did not know the files uploaded on Compare."""
    lines = system_lines()
    systems = {name: lines[name] for name in ("system_a.en", "system_b.en")}
    compare_with_scores(page, server.base, systems, ("comet.json", comet_json(comet_scores(tuple(systems)))))
    upload(page, "Score files of metric 2", [("xcomet.json", xcomet_json(comet_scores(tuple(systems), seed=5)))])
    box = page.get_by_role("combobox", name="Imported metric", exact=True)
    for _attempt in range(5):  # a re-render of the loaded page may close the list mid-click
        box.click()
        option = page.get_by_role("option", name="xCOMET", exact=True)
        if option.is_visible():
            option.click()
            break
    expect(box).to_have_value("xCOMET")
    wait_for_app(page)
    count = page.get_by_label("Segments per system", exact=True)
    count.fill("5")
    count.press("Enter")
    wait_for_app(page)
    expect(count).to_have_value("5")
    _restart(page, server, wait_for_app, lambda: None)
    expect(page.get_by_role("combobox", name="Imported metric", exact=True)).to_have_value("xCOMET")
    expect(page.get_by_label("Segments per system", exact=True)).to_have_value("5")  # before: 3
    page.get_by_test_id("stSidebarNav").get_by_text("Corpus", exact=True).click()
    wait_for_app(page)
    expect(page.get_by_text("ref.en: 60 lines, kept for this session")).to_be_visible()  # before: an empty drop zone
    expect(page.get_by_role("combobox", name="Hypothesis to score", exact=True)).to_have_value("system_b.en")
    expected = BLEU().corpus_score(lines["system_b.en"], [_lines("ref.en")]).score
    expect(_score(page)).to_have_text(f"{expected:.2f}")
    expect(page.get_by_test_id("stException")).to_have_count(0)
