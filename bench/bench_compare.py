"""Compare's slow steps in a browser (issue 45, item 13): a reference, six systems and six COMET files uploaded in
headless Chromium, then the widget changes a researcher makes, each timed on the server (a script, not a test).

    python bench/bench_compare.py                 # 2,000 lines shaped like WMT22's test set
    python bench/bench_compare.py --lines 500
    python bench/bench_compare.py --root DIR      # serve another checkout (e.g. `git archive main` unpacked in DIR)
    python bench/bench_compare.py --profile spy.txt   # and record the server with py-spy (collapsed stacks)

It starts the app as the browser tests do (loopback, free port, headless, its own store), opens Compare, chooses
"Upload files" and uploads one reference and six systems (``devtools.corpora``'s lines shaped like WMT22's
English-German reference, seeded) and one plain COMET file per system (seeded scores), then changes, one at a
time: the system set against the baseline, the sentence metric, the examples on each side, the n-grams' order, the
disagreement's segments per system, builds the report, names COMET as the human scores (part of the page's link:
the whole page reruns) and changes the baseline (the whole page). For each step it prints:

* ``server CPU``: the server process's user + system seconds (with any child it waited for) from the interaction
  until the page has drawn the step's result and no run is under way: what the step costs whatever else runs;
* ``wall``: the same interval in seconds (it includes Chromium's drawing and, on a busy machine, the waits for a core);
* ``runs``: how the step's runs ended on the websocket (``fragment``: a section ran alone; ``page``: the whole
  page; ``stopped``: a run replaced by the next).

Read the load average it prints beside the numbers: other jobs on the machine stretch the wall times, not the CPU.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Page, WebSocket, expect, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402

from devtools.chromium import CHROMIUM_ARGS, find_chromium  # noqa: E402
from devtools.corpora import WMT22_EN_DE, corpus_shaped_like  # noqa: E402
from devtools.server import serve  # noqa: E402

SYSTEMS = 6
STEP_TIMEOUT_MS = 600_000
KINDS = {
    ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY: "fragment",
    ForwardMsg.FINISHED_SUCCESSFULLY: "page",
    ForwardMsg.FINISHED_EARLY_FOR_RERUN: "stopped",
}
IDLE_JS = """() => {
    const app = document.querySelector('[data-testid="stApp"]');
    if (!app || app.getAttribute('data-test-script-state') !== 'notRunning') return false;
    if (app.getAttribute('data-test-connection-state') !== 'CONNECTED') return false;
    const status = document.querySelector('[data-testid="stStatusWidget"]');
    if (status && /Running/i.test(status.innerText || '')) return false;
    return !document.querySelector('[data-testid="stSkeleton"]');
}"""


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds the process has used (all its threads, and its children that ended)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


class Runs:
    """How each run ended, as the page's websocket carries it."""

    def __init__(self, page: Page) -> None:
        self.ended: list[str] = []
        page.on("websocket", self._attach)

    def _attach(self, ws: WebSocket) -> None:
        if urlsplit(ws.url).path.endswith("/_stcore/stream"):
            ws.on("framereceived", self._received)

    def _received(self, payload: str | bytes) -> None:
        if isinstance(payload, bytes):
            msg = ForwardMsg()
            msg.ParseFromString(payload)
            if msg.WhichOneof("type") == "script_finished":
                self.ended.append(KINDS.get(msg.script_finished, "other"))


def idle(page: Page) -> None:
    """Wait until the app's run has ended and every element is drawn (two frames let a click be sent first)."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")
    page.wait_for_function(IDLE_JS, polling=50, timeout=STEP_TIMEOUT_MS)


def choose(page: Page, label: str, option: str) -> None:
    """Pick ``option`` in the selectbox ``label``: open its list (again, if a re-render closed it) and click."""
    box, item = page.get_by_role("combobox", name=label, exact=True), page.get_by_role("option", name=option)
    for _ in range(5):
        box.click()
        try:
            expect(item).to_be_visible(timeout=5_000)
            item.click(timeout=5_000)
            return
        except (AssertionError, PlaywrightTimeoutError):
            page.keyboard.press("Escape")
    raise RuntimeError(f"could not pick {option!r} in {label!r}")


def segment(page: Page, label: str, option: str) -> None:
    """Click ``option`` in the segmented control ``label`` (a radio group)."""
    page.get_by_role("radiogroup", name=label).get_by_role("radio", name=option, exact=True).click()


def upload(page: Page, label: str, files: list[tuple[str, bytes]]) -> None:
    field = page.get_by_test_id("stFileUploader").filter(has_text=label).locator('input[type="file"]')
    field.set_input_files(files=[{"name": n, "mimeType": "text/plain", "buffer": b} for n, b in files])
    for name, _data in files:
        listed = re.compile(rf"^{re.escape(name)}: [\d,]+ lines?, kept for this session$")
        expect(page.get_by_text(listed).first).to_be_visible(timeout=STEP_TIMEOUT_MS)


def text_file(lines: list[str]) -> bytes:
    return ("\n".join(lines) + "\n").encode("utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=2000, help="lines of the test set (default 2,000)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to serve (default: this one)")
    parser.add_argument(
        "--profile",
        type=Path,
        help="record the server with py-spy (pip install py-spy) into this file, in its raw (collapsed) format",
    )
    args = parser.parse_args()
    corpus = corpus_shaped_like(WMT22_EN_DE, 7, args.lines, references=1, systems=SYSTEMS)
    names = [f"system{k + 1}.de" for k in range(SYSTEMS)]
    rng = random.Random(45)
    comet = {
        n: [round(min(1.0, max(0.0, rng.gauss(0.80 - 0.01 * k, 0.08))), 4) for _ in range(args.lines)]
        for k, n in enumerate(names)
    }
    load = os.getloadavg()[0]
    rows: list[tuple[str, float, float, str]] = []
    with (
        tempfile.TemporaryDirectory(prefix="bleu-bench-store-") as store,
        serve(args.root / "app.py", root=args.root, store=Path(store)) as (proc, base),
        sync_playwright() as playwright,
    ):
        spy = None
        if args.profile:  # stopped by its PID below, and it stops by itself when the server does
            command = ["py-spy", "record", "-p", str(proc.pid), "-f", "raw", "-r", "100", "-o", str(args.profile)]
            spy = subprocess.Popen([*command, "--nonblocking"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        browser = playwright.chromium.launch(executable_path=str(find_chromium()), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(STEP_TIMEOUT_MS)
        expect.set_options(timeout=STEP_TIMEOUT_MS)
        runs = Runs(page)
        page.goto(f"{base}/compare")
        idle(page)

        def step(label: str, act: Callable[[], None], done: Callable[[], None] | None = None) -> None:
            mark, cpu, started = len(runs.ended), cpu_seconds(proc.pid), time.perf_counter()
            act()
            if done is not None:
                done()
            idle(page)
            while not [k for k in runs.ended[mark:] if k != "stopped"]:  # the run's end reached this client
                page.wait_for_timeout(50)
            rows.append(
                (label, time.perf_counter() - started, cpu_seconds(proc.pid) - cpu, " ".join(runs.ended[mark:]))
            )
            print(f"  {label}: {rows[-1][1]:.2f} s wall, {rows[-1][2]:.2f} s server CPU ({rows[-1][3]})", flush=True)

        def heading(name: str) -> Callable[[], None]:
            return lambda: expect(page.get_by_role("heading", name=name, exact=True)).to_be_visible()

        step(
            "choose Upload files",
            lambda: page.get_by_test_id("stRadio").get_by_text("Upload files", exact=True).click(),
        )
        step(
            "upload the reference",
            lambda: upload(page, "Reference files", [("ref.de", text_file(corpus.references[0]))]),
        )
        step(
            "upload six systems",
            lambda: upload(page, "System outputs", [(n, text_file(s)) for n, s in zip(names, corpus.systems)]),
            heading("Ranking"),
        )
        page.get_by_text("Scores from other metrics (COMET, MetricX, human scores)").click()
        step(
            "upload six COMET files",
            lambda: upload(
                page, "Score files of metric 1", [(f"{n}.comet", text_file([str(v) for v in comet[n]])) for n in names]
            ),
            heading("Corpus COMET and significance against the baseline"),
        )
        step("other system", lambda: choose(page, "System to set against the baseline", names[2]))
        step(
            "sentence metric",
            lambda: segment(page, "Sentence metric", "COMET"),
        )
        page.get_by_text("Examples that tell the story").click()
        idle(page)

        def examples() -> None:
            box = page.get_by_label("Examples on each side", exact=True)
            box.fill("4")
            box.press("Enter")

        step("examples on each side", examples)
        step("n-grams' order", lambda: segment(page, "Order", "n = 2"))

        def segments() -> None:
            box = page.get_by_label("Segments per system", exact=True)
            box.fill("4")
            box.press("Enter")

        step("segments per system", segments)
        step(
            "build the report",
            lambda: page.get_by_role("button", name="Build the report").click(),
            lambda: expect(page.get_by_role("button", name="Report (HTML)")).to_be_visible(),
        )
        step("human scores (in the link)", lambda: choose(page, "Human scores", "COMET"))
        step("baseline", lambda: choose(page, "Baseline", names[1]))
        exceptions = page.get_by_test_id("stException").count()
        browser.close()
        if spy is not None:
            spy.send_signal(signal.SIGINT)  # py-spy writes its file on SIGINT
            spy.wait(timeout=60)
    print(
        f"{args.lines:,} lines x {SYSTEMS} systems, served from {args.root}; load average {load:.2f} before, "
        f"{os.getloadavg()[0]:.2f} after; {exceptions} exceptions shown"
    )
    print("| step | server CPU s | wall s | runs |\n| --- | ---: | ---: | --- |")
    for label, wall, cpu, kinds in rows:
        print(f"| {label} | {cpu:.2f} | {wall:.2f} | {kinds} |")
    return 1 if exceptions else 0


if __name__ == "__main__":
    sys.exit(main())
