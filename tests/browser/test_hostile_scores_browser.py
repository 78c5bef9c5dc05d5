"""Hostile score files on the real server in Chromium (issue 48): on Compare with COMET's scores as metric 1, a JSON
nested 10^5 deep, a file of 1e308 and a JSON with a 5,000-digit number dropped as metric 2 beside a good file are
each one message naming the file; the good files stay, COMET's table stays, no exception box is drawn, and the
server's own log holds no traceback (the server here is the test's own, its output in a file the test reads)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from devtools.server import REPO_ROOT, start_server, stop_server
from tests.hostile_scores import CASES
from tests.score_files import comet_json, comet_scores, plain, system_lines

HOSTILE = {
    "deep.json": (CASES["JSON nested 10^5 deep (lists)"], "Line 1 of deep.json nests lists and objects"),
    "big.txt": (CASES["every line 1e308"], "Line 1 of big.txt is 1e308: a score must be between"),
    "digits.json": (CASES["JSON 5,000 digits elsewhere"], "Line 3 of digits.json has a number of more than 100"),
}


@pytest.fixture
def logged_server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A server of this test's own, started as the session's is, its output written to a file: (base URL, log)."""
    log_path = tmp_path / "server.log"
    with open(log_path, "wb") as log:
        proc, base = start_server(REPO_ROOT / "app.py", log)
        try:
            yield base, log_path
        finally:
            stop_server(proc)


def test_hostile_score_files_are_messages_and_the_server_logs_no_traceback(
    page: Page,
    logged_server: tuple[str, Path],
    compare_with_scores: Callable[..., None],
    upload: Callable[..., None],
) -> None:
    base, log = logged_server
    systems = {name: lines for name, lines in system_lines().items() if name in ("system_a.en", "system_b.en")}
    scores = comet_scores(tuple(systems))
    compare_with_scores(page, base, systems, ("comet.json", comet_json(scores)))
    files = [(name, case.make(60)) for name, (case, _) in HOSTILE.items()]
    upload(page, "Score files of metric 2", [*files, ("b.txt", plain(scores["system_b.en"]))], kept=False)
    for _name, (_case, message) in HOSTILE.items():
        expect(page.get_by_test_id("stAlert").filter(has_text=message)).to_have_count(1)
    for kept in ("comet.json", "b.txt"):
        expect(page.get_by_text(f"{kept}: ", exact=False).first).to_be_visible()
    expect(page.get_by_role("heading", name="Corpus COMET and significance against the baseline")).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)
    text = log.read_text(encoding="utf-8", errors="replace")
    assert "Traceback" not in text, text[-3000:]
