"""The HTML report opened in Chromium as a file, with the network switched off: it asks for nothing (the only
request is the file itself), every chart is drawn (an SVG with its bars), the tables hold the numbers of the
JSON written in the same run, and a system name that is markup shows as text. Compare's "Build the report"
downloads the command line's report for the same files."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page, Route, expect

from devtools.corpora import tokenized_corpus
from tests.conftest import ROOT


def test_the_html_report_opens_offline_and_requests_nothing(browser: Browser, tmp_path: Path) -> None:
    outs, ref = tokenized_corpus(3, 150, 2)
    files = {
        "ref.txt": ref,
        "a.txt": outs[0],
        "b.txt": outs[1],
        "labels.txt": [("news", "talks")[i % 2] for i in range(150)],
    }
    for name, lines in files.items():
        (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bleucore.report",
            str(tmp_path / "ref.txt"),
            "-i",
            str(tmp_path / "a.txt"),
            str(tmp_path / "b.txt"),
            "--names",
            "A",
            "<img src=x onerror=window.__x=1>",
            "-m",
            "bleu",
            "chrf++",
            "--labels",
            str(tmp_path / "labels.txt"),
            "--n-samples",
            "100",
            "--html",
            str(tmp_path / "r.html"),
            "--json",
            str(tmp_path / "r.json"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr
    records = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))

    requests: list[str] = []
    blocked: list[str] = []

    def block(route: Route) -> None:
        blocked.append(route.request.url)
        route.abort("blockedbyclient")

    # Its own context (the app's fixture lets loopback through): offline, and every http(s) request blocked.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, offline=True)
    context.route("http*://**/*", block)
    page = context.new_page()
    page.on("request", lambda request: requests.append(request.url))
    url = (tmp_path / "r.html").as_uri()
    page.goto(url)
    page.wait_for_load_state("load")
    assert requests == [url] and not blocked, f"the report asked for more than itself: {requests}, {blocked}"

    charts = page.locator("figure > svg")
    # length and label: BLEU and chrF2++; frequency: F, precision, recall
    expect(charts).to_have_count(2 + 2 + 3)
    for k in range(charts.count()):
        box = charts.nth(k).bounding_box()
        assert box is not None and box["width"] > 300 and box["height"] > 150
        assert charts.nth(k).locator("path, rect").count() > 10, "the chart has its marks"
    assert page.evaluate("window.__x") is None, "a system name never runs as markup"
    expect(page.get_by_text("<img src=x onerror=window.__x=1>").first).to_be_visible()
    text = page.locator("body").inner_text()
    for record in records:
        if record["analysis"] == "length" and record["value"] is not None and record["system"] == "A":
            assert f"{record['value']:.2f} [{record['ci'][0]:.2f}, {record['ci'][1]:.2f}]" in text, record
    assert "no data" in text
    page.screenshot(path=str(tmp_path / "report.png"), full_page=True)
    context.close()


def test_the_page_builds_the_command_lines_report(
    app_page: Page, streamlit_server: str, wait_for_app: Callable[..., None], tmp_path: Path
) -> None:
    """Compare's "Build the report" on the bundled sample downloads the JSON and LaTeX that
    ``python -m bleucore.report`` writes for the same files (same resamples, seed and metric), record for record."""
    page = app_page
    page.goto(f"{streamlit_server}/compare")
    wait_for_app(page)
    build = page.get_by_role("button", name="Build the report")
    build.scroll_into_view_if_needed()
    build.click()
    wait_for_app(page)
    downloaded = {}
    for label in ("Numbers (JSON)", "Table (LaTeX)", "Report (HTML)"):
        button = page.get_by_role("button", name=label)
        expect(button).to_be_visible()
        with page.expect_download() as download:
            button.click()
        downloaded[label] = Path(download.value.path()).read_text(encoding="utf-8")
    sample = ROOT / "data" / "sample"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bleucore.report",
            str(sample / "ref.en"),
            str(sample / "ref2.en"),
            "-i",
            str(sample / "system_a.en"),
            str(sample / "system_b.en"),
            "--names",
            "system_a.en",
            "system_b.en",
            "-m",
            "bleu",
            "--json",
            str(tmp_path / "r.json"),
            "--latex",
            str(tmp_path / "t.tex"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(downloaded["Numbers (JSON)"]) == json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert downloaded["Table (LaTeX)"] == (tmp_path / "t.tex").read_text(encoding="utf-8")
    html = downloaded["Report (HTML)"]
    assert html.count("<svg") == 1 + 3 and "<script" not in html, "length (BLEU) and frequency (F, P, R) charts"
