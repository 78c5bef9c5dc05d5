"""Load test: many concurrent Explore sessions against one local server (not part of the test suite).

Starts ``streamlit run app.py`` as the browser fixtures do (loopback, free port, headless, no
telemetry, no file watcher) and opens N browser sessions (one headless Chromium (devtools/chromium.py) with the
flags of DEVELOPERS.md, one context each, Playwright's async API). Sessions arrive --ramp seconds
apart. Once all are open, and --settle seconds more so the last pages finish loading, each
session resumes with its arrival offset (the barrier must not make 20 staggered users start
typing at the same instant) and edits the Explore candidate several times with distinct texts,
so N sessions edit concurrently. Before each edit a session pauses for a think time drawn
uniformly from [--think-min, --think] seconds, by default 3 to 10 s: a person reads the new
score and the coloured n-grams, then types or pastes the next candidate. --think-min 0 --think 3
is a stress setting (each of 20 users resubmitting every 1.5 s on average). Every shown BLEU and
brevity penalty is checked against bleucore's own computation of that input. The server's
resident memory is sampled before, every 0.5 s during, and after the sessions.

Each edit's time is split in two, and printed as two parts (issue 47):

- the server's share, judged by default: the round trip on the page's Streamlit websocket (Playwright's
  ``websocket``, ``framesent`` and ``framereceived`` events), from the BackMsg ``rerun_script`` the page sends after
  Ctrl+Enter to the ForwardMsg ``script_finished`` (FINISHED_SUCCESSFULLY) that ends that run, whose metric deltas
  must carry the expected BLEU and brevity penalty; beside it the server's CPU per edit. The timestamps are taken in
  this Python client, when its asyncio loop dispatches the events (Chromium's browser process -> Playwright's
  driver -> Python): a frame's arrival is not delayed by the page's rendering, but under load Chromium's browser
  process, the driver and this client's loop can add delay to both ends (they share the cores with the pages); the
  loop's lag is reported alongside. A visitor's own browser runs on their machine: this is the app's part.
- the browser's share, reported beside it: the redraw, from ``script_finished`` until the page shows the new score
  and the run has finished (checked in the page every 50 ms), and the wait from Ctrl+Enter until the page sent its
  ``rerun_script``; then the whole in-browser time, Ctrl+Enter to the new score shown (``--judge browser`` judges
  it). The browsers run on the same machine as the server, so on a small machine this includes Chromium's
  rendering of all N pages competing for the same cores.

The CPU lines tell where the time goes: server, browser side and this client's CPU, the server's
CPU per edit and its peak per 0.5 s (one Python process: N edits at once need about N times the
per-edit CPU of one core), and the whole machine's CPU pressure (PSI), which includes other users.
--pin gives the server a CPU of its own, as it would have without co-located browsers.

    python scripts/load_test.py                 # 20 sessions x 5 edits, judged on the server's round trip
    python scripts/load_test.py --think-min 0 --think 3   # the stress setting
    python scripts/load_test.py --judge browser # judged on the whole in-browser time instead
    python scripts/load_test.py --sessions 5 --edits 3
    python scripts/load_test.py --pin           # server on the first CPU, browsers on the others
    ./scripts/load.sh run python scripts/load_test.py --sessions 30   # the same beside a busy loop per core

The last line runs it on a machine whose cores are also busy with another job (scripts/load.sh starts one busy loop
per core and stops them by PID afterwards): the redraw then includes waiting for a core, as on a shared host.
Read the load average and the CPU pressure lines beside the numbers: other users of the machine count too. The server
keeps its store of uploads in a temporary folder (BLEU_EXPLORER_STORE), removed afterwards.

Exit status: 0 when every shown result is right and the judged 95th percentile (--judge, see its
help) is below --target seconds (default 2), 1 otherwise, 2 when the server does not start. Both
distributions are always reported. Everything is bounded: a time limit for the whole run
(--limit), per edit and per websocket wait, and the server is stopped by its PID (SIGTERM, then
SIGKILL to its own process group) whatever happens.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from google.protobuf.message import DecodeError  # type: ignore[import-untyped, unused-ignore]
from playwright.async_api import Browser, Page, Route, WebSocket, async_playwright, expect
from playwright.async_api import TimeoutError as PlaywrightTimeout
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from bleucore import sentence_bleu
from devtools.chromium import CHROMIUM_ARGS, LOCAL_HOSTS, find_chromium
from devtools.server import start_server, stop_server
from ui.state import explore as es

CHROMIUM = str(find_chromium() or "/usr/bin/chromium")
FIRST_VIEW_TIMEOUT_MS = 120_000
EDIT_TIMEOUT_MS = 60_000
POLL_MS = 50  # how often a page checks for the new score (the latency's resolution)
WIRE_GRACE_S = 10.0  # how long to wait for script_finished on the websocket once the score is shown
STREAM_PATH = "/_stcore/stream"  # Streamlit's websocket
SCORE_LABEL, BP_LABEL = "BLEU (0–100)", "Brevity penalty"

# True once the app has finished a run and the two metrics show the expected values.
SHOWN_JS = """([score, bp, labels]) => {
    const app = document.querySelector('[data-testid="stApp"]');
    if (!app || app.getAttribute('data-test-script-state') !== 'notRunning') return false;
    const status = document.querySelector('[data-testid="stStatusWidget"]');
    if (status && /Running/i.test(status.innerText || '')) return false;
    const value = (label) => {
        for (const m of document.querySelectorAll('[data-testid="stMetric"]')) {
            const l = m.querySelector('[data-testid="stMetricLabel"]');
            if (l && l.innerText.trim() === label) {
                return m.querySelector('[data-testid="stMetricValue"]').innerText.trim();
            }
        }
        return null;
    };
    return value(labels[0]) === score && value(labels[1]) === bp;
}"""
READ_JS = """(labels) => labels.map(label => {
    for (const m of document.querySelectorAll('[data-testid="stMetric"]')) {
        const l = m.querySelector('[data-testid="stMetricLabel"]');
        if (l && l.innerText.trim() === label) return m.querySelector('[data-testid="stMetricValue"]').innerText.trim();
    }
    return null;
})"""
# --------------------------------------------------------------------------- server


def cpu_seconds(pid: int, children: bool = False) -> float:
    """CPU time (user + system) a process has used, with its ended children's when ``children``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if children else 0)
    return ticks / os.sysconf("SC_CLK_TCK")


def browser_cpu_seconds(server_pid: int) -> float:
    """CPU time used so far by this script's descendants other than the server: the browser side."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended meanwhile
        parents[int(stat.parent.name)] = int(fields[1])

    def below(pid: int, root: int) -> bool:
        while pid > 1:
            if pid == root:
                return True
            pid = parents.get(pid, 0)
        return False

    total = 0.0
    for pid in parents:
        if pid != os.getpid() and below(pid, os.getpid()) and not below(pid, server_pid):
            try:
                total += cpu_seconds(pid, children=True)  # closed pages' renderers count in their parent
            except OSError:
                pass
    return total


def cpu_pressure_s() -> float | None:
    """Seconds so far in which some task on this machine waited for a CPU (PSI), None without PSI."""
    try:
        first = Path("/proc/pressure/cpu").read_text().splitlines()[0].split()
    except (OSError, IndexError):
        return None
    if first[0] != "some":
        return None
    return int(dict(f.split("=") for f in first[1:])["total"]) / 1e6


def split_cpus() -> tuple[set[int], set[int]]:
    """For --pin: the first allowed CPU for the server, the others for the browsers and this client."""
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        raise SystemExit(f"load_test: --pin needs at least 2 CPUs, this process may use {cpus}")
    return {cpus[0]}, set(cpus[1:])


def rss_mb(pid: int) -> float:
    """Resident memory of a process in MB: psutil if installed, else VmRSS from /proc."""
    try:
        import psutil  # type: ignore[import-untyped, import-not-found, unused-ignore]

        return float(psutil.Process(pid).memory_info().rss) / 2**20
    except ImportError:
        pass
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


# --------------------------------------------------------------------------- inputs


def expected(text: str) -> tuple[str, str]:
    """What Explore shows for ``text`` with its default options and references: (BLEU, BP)."""
    score = sentence_bleu(text, list(es.DEFAULT.references), es.to_options(es.DEFAULT))
    return f"{score.score:.2f}", f"{score.bp:.4f}"


def edits_for(session: int, count: int, first_shown: tuple[str, str]) -> list[tuple[str, tuple[str, str]]]:
    """``count`` distinct candidates (perturbed references), each showing a score unlike the one before."""
    rng = random.Random(session)
    references = [r.split() for r in es.DEFAULT.references]
    vocabulary = sorted({w for r in references for w in r})
    out: list[tuple[str, tuple[str, str]]] = []
    seen = {es.DEFAULT.candidate}
    previous = first_shown
    while len(out) < count:
        tokens = list(rng.choice(references))
        for _ in range(rng.randint(1, 4)):
            position = rng.randrange(len(tokens))
            if rng.random() < 0.5:
                tokens[position] = rng.choice(vocabulary)
            else:
                del tokens[position]
        text = " ".join(tokens) + f" s{session}"
        shown = expected(text)
        if text in seen or shown == previous:
            continue  # the same score again would be "shown" before the redraw
        seen.add(text)
        out.append((text, shown))
        previous = shown
    return out


# --------------------------------------------------------------------------- websocket


@dataclass
class EditWire:
    """One edit's frames on the page's websocket, stamped with ``time.perf_counter`` in this client."""

    want: tuple[str, str]  # the BLEU and brevity penalty the run must send
    requested: float | None = None  # first BackMsg rerun_script sent after the edit
    finished: float | None = None  # first successful script_finished after that request
    reruns: int = 0  # rerun_script BackMsgs sent until the run finished
    sent: dict[str, str] = field(default_factory=dict)  # metric label -> value sent in the run
    done: asyncio.Event = field(default_factory=asyncio.Event)


class WireClock:
    """Watches one page's Streamlit websocket and times the edit armed with ``arm``."""

    def __init__(self, page: Page) -> None:
        self.edit: EditWire | None = None
        self.undecodable = 0
        page.on("websocket", self._attach)

    def arm(self, want: tuple[str, str]) -> EditWire:
        """Start timing a new edit: call before the keypress that requests the rerun."""
        self.edit = EditWire(want)
        return self.edit

    def _attach(self, ws: WebSocket) -> None:
        if urlsplit(ws.url).path.endswith(STREAM_PATH):
            ws.on("framesent", self._sent)
            ws.on("framereceived", self._received)

    def _sent(self, payload: str | bytes) -> None:
        now = time.perf_counter()
        edit = self.edit
        if edit is None or edit.finished is not None or isinstance(payload, str):
            return
        msg = BackMsg()
        try:
            msg.ParseFromString(payload)
        except DecodeError:
            self.undecodable += 1
            return
        if msg.WhichOneof("type") == "rerun_script":
            edit.reruns += 1
            if edit.requested is None:
                edit.requested = now

    def _received(self, payload: str | bytes) -> None:
        now = time.perf_counter()
        edit = self.edit
        if edit is None or edit.requested is None or edit.finished is not None or isinstance(payload, str):
            return
        msg = ForwardMsg()
        try:
            msg.ParseFromString(payload)
        except DecodeError:
            self.undecodable += 1
            return
        kind = msg.WhichOneof("type")
        if kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            element = msg.delta.new_element
            if element.WhichOneof("type") == "metric":
                edit.sent[element.metric.label] = element.metric.body
        elif kind == "script_finished" and msg.script_finished == ForwardMsg.FINISHED_SUCCESSFULLY:
            edit.finished = now
            edit.done.set()


# --------------------------------------------------------------------------- sessions


@dataclass
class Results:
    latencies: list[float] = field(default_factory=list)  # in-browser redraw per edit
    first: list[float] = field(default_factory=list)  # in-browser redraw of each session's first edit
    first_view: list[float] = field(default_factory=list)  # page.goto -> first view shown, per session
    later: list[float] = field(default_factory=list)  # ... and of its other edits
    server: list[float] = field(default_factory=list)  # server round trip per edit
    to_request: list[float] = field(default_factory=list)  # Ctrl+Enter -> rerun_script sent
    after_finish: list[float] = field(default_factory=list)  # script_finished -> score shown
    reruns: int = 0  # rerun requests over all measured edits
    undecodable: int = 0  # binary frames that did not parse as BackMsg / ForwardMsg
    unmeasured: list[str] = field(default_factory=list)  # edits without a server measure
    loop_lag: list[float] = field(default_factory=list)  # this client's asyncio loop, 0.5 s sleeps
    server_busy: list[float] = field(default_factory=list)  # server CPU cores used in each 0.5 s sample
    server_cpu_all_open: float = 0.0  # server CPU seconds once every session had opened Explore
    browser_cpu: float = 0.0
    client_cpu: float = 0.0
    rss_all_open: float = 0.0
    wrong: list[str] = field(default_factory=list)
    offsite: list[str] = field(default_factory=list)


async def open_explore(page: Page, base: str, number: int, results: Results) -> bool:
    """Open Explore and check its first view (the tutorials' Example 1) against bleucore."""
    started = time.perf_counter()
    try:
        await page.goto(base, timeout=FIRST_VIEW_TIMEOUT_MS)
    except PlaywrightTimeout as err:  # a machine too busy to load the page: a failed session, not a traceback
        results.wrong.append(f"session {number}, first view: the page did not load ({err})")
        return False
    first = expected(es.DEFAULT.candidate)
    try:
        await page.wait_for_function(
            SHOWN_JS, arg=[*first, [SCORE_LABEL, BP_LABEL]], polling=POLL_MS, timeout=FIRST_VIEW_TIMEOUT_MS
        )
    except PlaywrightTimeout as err:
        got = await page.evaluate(READ_JS, [SCORE_LABEL, BP_LABEL])
        results.wrong.append(f"session {number}, first view: shown {got}, bleucore {first} ({err})")
        return False
    results.first_view.append(time.perf_counter() - started)
    area = page.get_by_label("Candidate", exact=True)
    try:
        await expect(area).to_have_value(es.DEFAULT.candidate, timeout=FIRST_VIEW_TIMEOUT_MS)
    except AssertionError:
        results.wrong.append(f"session {number}, first view: candidate box holds {await area.input_value()!r}")
        return False
    # Playwright's first fill and key press in a page compile its own injected code: about 0.2 s of
    # the renderer's CPU that would otherwise land on the first measured edit. Filling in the same
    # text and pressing End changes nothing, so the app does not rerun.
    await area.fill(es.DEFAULT.candidate)
    await area.press("End")
    return True


async def edit_explore(
    page: Page, clock: WireClock, number: int, edits: int, think: tuple[float, float], results: Results
) -> None:
    """Type ``edits`` candidates; time each redraw in the page and on the wire, check the numbers."""
    area = page.get_by_label("Candidate", exact=True)
    rng = random.Random(1000 + number)
    for k, (text, want) in enumerate(edits_for(number, edits, expected(es.DEFAULT.candidate)), start=1):
        await asyncio.sleep(rng.uniform(*think))
        await area.fill(text)
        wire = clock.arm(want)
        started = time.perf_counter()
        await area.press("Control+Enter")
        try:
            await page.wait_for_function(
                SHOWN_JS, arg=[*want, [SCORE_LABEL, BP_LABEL]], polling=POLL_MS, timeout=EDIT_TIMEOUT_MS
            )
        except PlaywrightTimeout as err:  # a wrong number never matches: report what is shown instead
            got = await page.evaluate(READ_JS, [SCORE_LABEL, BP_LABEL])
            results.wrong.append(f"session {number}, edit {k} {text!r}: shown {got}, bleucore {want} ({err})")
            continue
        shown = time.perf_counter()
        results.latencies.append(shown - started)
        (results.first if k == 1 else results.later).append(shown - started)
        try:  # the page has seen script_finished; its event may still be on the way to this client
            await asyncio.wait_for(wire.done.wait(), timeout=WIRE_GRACE_S)
        except TimeoutError:
            pass
        sent = (wire.sent.get(SCORE_LABEL), wire.sent.get(BP_LABEL))
        if wire.requested is None or wire.finished is None:
            results.unmeasured.append(
                f"session {number}, edit {k}: rerun request {'seen' if wire.requested else 'not seen'}, "
                f"script_finished {'seen' if wire.finished else 'not seen'} within {WIRE_GRACE_S:g} s"
            )
        elif sent != want:
            results.unmeasured.append(f"session {number}, edit {k}: the run sent {sent}, bleucore {want}")
        else:
            results.server.append(wire.finished - wire.requested)
            results.to_request.append(wire.requested - started)
            results.after_finish.append(shown - wire.finished)
            results.reruns += wire.reruns


async def session(
    browser: Browser,
    base: str,
    server_pid: int,
    number: int,
    args: argparse.Namespace,
    results: Results,
    barrier: asyncio.Barrier,
) -> None:
    """One user: arrive (staggered by --ramp), wait until every session is open, then edit."""
    context = await browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")

    async def guard(route: Route) -> None:
        results.offsite.append(route.request.url)
        await route.abort("blockedbyclient")

    await context.route(lambda url: urlsplit(url).hostname not in LOCAL_HOSTS, guard)
    try:
        page: Page = await context.new_page()
        clock = WireClock(page)  # before goto: the websocket opens with the page
        opened = False
        try:
            await asyncio.sleep(number * args.ramp)
            opened = await open_explore(page, base, number, results)
        finally:
            if await barrier.wait() == 0:  # all sessions open at once while they edit
                results.rss_all_open = rss_mb(server_pid)
                results.server_cpu_all_open = cpu_seconds(server_pid)
        if opened:
            # Resume with the arrival offset: the barrier holds every session until all are open, but
            # must not turn 20 staggered arrivals into 20 users who start typing at the same instant.
            await asyncio.sleep(args.settle + number * args.ramp)
            await edit_explore(page, clock, number, args.edits, (args.think_min, args.think), results)
        results.undecodable += clock.undecodable
    finally:
        await context.close()


async def run_sessions(base: str, pid: int, args: argparse.Namespace) -> tuple[Results, list[float]]:
    results = Results()
    samples: list[float] = []
    done = asyncio.Event()

    async def sample_memory() -> None:
        while not done.is_set():
            samples.append(rss_mb(pid))
            asleep, cpu = time.perf_counter(), cpu_seconds(pid)
            await asyncio.sleep(0.5)
            slept = time.perf_counter() - asleep
            results.loop_lag.append(slept - 0.5)
            results.server_busy.append((cpu_seconds(pid) - cpu) / slept)

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        browser_cpu = browser_cpu_seconds(pid)
        client_cpu = time.process_time()
        sampler = asyncio.create_task(sample_memory())
        barrier = asyncio.Barrier(args.sessions)
        try:
            await asyncio.wait_for(
                asyncio.gather(*(session(browser, base, pid, n, args, results, barrier) for n in range(args.sessions))),
                timeout=args.limit,
            )
        except TimeoutError:
            results.wrong.append(f"the sessions did not finish within --limit {args.limit:g} s")
        finally:
            done.set()
            await sampler
            results.browser_cpu = browser_cpu_seconds(pid) - browser_cpu
            results.client_cpu = time.process_time() - client_cpu
            await browser.close()
    return results, samples


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation between order statistics."""
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def distribution(values: list[float]) -> str:
    """Median, 95th percentile and maximum of ``values`` in seconds."""
    if not values:
        return "none measured"
    return f"median {statistics.median(values):.3f} s, p95 {percentile(values, 95):.3f} s, max {max(values):.3f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=20, help="concurrent browser sessions (default 20)")
    parser.add_argument("--edits", type=int, default=5, help="candidate edits per session (default 5)")
    parser.add_argument("--think-min", type=float, default=3.0, help="least think time before an edit (s, default 3)")
    parser.add_argument("--think", type=float, default=10.0, help="most think time before an edit (s, default 10)")
    parser.add_argument(
        "--settle", type=float, default=5.0, help="pause once every session is open, before any edit (s, default 5)"
    )
    parser.add_argument("--ramp", type=float, default=0.5, help="seconds between two sessions' arrivals (default 0.5)")
    parser.add_argument("--target", type=float, default=2.0, help="95th percentile latency to stay below (s)")
    parser.add_argument(
        "--judge",
        choices=("browser", "server"),
        default="server",
        help="which 95th percentile must stay below --target: 'server' (default), the websocket round trip from "
        "rerun request to script_finished, the app's part without the rendering (a real user's browser runs on "
        "their own machine); 'browser', Ctrl+Enter to new score shown, the whole time a person sees here, with "
        "all N pages rendered by one Chromium on the server's cores. Both parts are always reported.",
    )
    parser.add_argument(
        "--pin",
        action="store_true",
        help="give the server the first allowed CPU and the browsers and this client the others, so the "
        "server round trip is not inflated by the co-located browsers (other processes may still use it)",
    )
    parser.add_argument("--limit", type=float, default=600.0, help="time limit for all sessions (s)")
    args = parser.parse_args()
    if not 1 <= args.sessions <= 50 or not 1 <= args.edits <= 50:
        parser.error("--sessions and --edits must be between 1 and 50")
    if not 0 <= args.think_min <= args.think or args.settle < 0:
        parser.error("need 0 <= --think-min <= --think and --settle >= 0")

    server_cpus, client_cpus = split_cpus() if args.pin else (None, None)
    load_before = os.getloadavg()
    with tempfile.TemporaryFile() as log, tempfile.TemporaryDirectory(prefix="bleu-load-store-") as store:
        try:
            if server_cpus:
                os.sched_setaffinity(0, server_cpus)  # the server and all its threads inherit it
            proc, base = start_server(ROOT / "app.py", log, store=Path(store))
        except RuntimeError as err:
            log.seek(0)
            print(f"load_test: {err}\n{log.read().decode(errors='replace')}", file=sys.stderr)
            return 2
        try:
            if client_cpus:
                os.sched_setaffinity(0, client_cpus)  # Playwright's driver and Chromium inherit it
            time.sleep(1.0)
            before = rss_mb(proc.pid)
            cpu_before = cpu_seconds(proc.pid)
            pressure_before = cpu_pressure_s()
            started = time.monotonic()
            results, during = asyncio.run(run_sessions(base, proc.pid, args))
            elapsed = time.monotonic() - started
            cpu_end = cpu_seconds(proc.pid)
            server_cpu = cpu_end - cpu_before
            pressure_after = cpu_pressure_s()
            time.sleep(5.0)  # let the server drop the closed sessions
            after = rss_mb(proc.pid)
        finally:
            stop_server(proc)

    lat, rtt = results.latencies, results.server
    print(f"server {base}, pid {proc.pid}: {args.sessions} sessions x {args.edits} edits in {elapsed:.1f} s")
    print(
        f"workload: arrivals {args.ramp:g} s apart, {args.settle:g} s pause once all are open (then the same "
        f"offsets), "
        f"think time {args.think_min:g}-{args.think:g} s before each edit"
    )
    loads = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average (1, 5, 15 min): {load_before[0]:.2f} before the server started, {loads} at the end")
    if server_cpus and client_cpus:
        print(f"pinned: server on CPU {sorted(server_cpus)}, browsers and this client on CPUs {sorted(client_cpus)}")
    judged = rtt if args.judge == "server" else lat
    judged_mark = f" (judged: target p95 < {args.target:g} s)"
    per_edit = (cpu_end - results.server_cpu_all_open) / len(lat) if lat and results.server_cpu_all_open else None
    print(f"the server's share{judged_mark if judged is rtt else ' (reported)'}:")
    print(
        f"  round trip (rerun_script sent -> script_finished received, on the websocket), {len(rtt)} edits: "
        f"{distribution(rtt)}"
    )
    if per_edit is not None:
        print(
            f"  server CPU per edit (after all sessions opened) {per_edit * 1000:.0f} ms: {args.sessions} edits at "
            f"once take >= {args.sessions * per_edit:.1f} s of one core (one process); peak server use in a "
            f"0.5 s sample {max(results.server_busy, default=0.0):.2f} cores"
        )
    if results.loop_lag:
        print(
            f"  this client's asyncio loop lag (0.5 s sleeps, delays both websocket timestamps): "
            f"median {statistics.median(results.loop_lag):.3f} s, max {max(results.loop_lag):.3f} s"
        )
    print(f"the browser's share{judged_mark if judged is lat else ' (reported)'}:")
    if rtt:
        print(
            f"  redraw (script_finished received -> new score shown in the page): {distribution(results.after_finish)}"
        )
        print(
            f"  key press (Ctrl+Enter -> rerun_script sent): {distribution(results.to_request)}; "
            f"{results.reruns} rerun requests for {len(rtt)} edits"
        )
    print(f"  in-browser total (Ctrl+Enter -> new score shown), {len(lat)} edits: {distribution(lat)}")
    if results.first and results.later:
        print(
            f"  in-browser total of each session's first edit (Streamlit's frontend still compiles its update "
            f"path): {distribution(results.first)}; of the other edits: {distribution(results.later)}"
        )
    if results.first_view:
        arrivals = len(results.first_view)
        print(
            f"first view (page.goto -> score shown; the {arrivals} pages load at once in one Chromium on this "
            f"machine, about 4 s of CPU each): {distribution(results.first_view)}"
        )
    peak = max(during, default=before)
    print(
        f"server RSS: before {before:.1f} MB (fresh), {results.rss_all_open:.1f} MB with all sessions open, "
        f"peak {peak:.1f} MB, after {after:.1f} MB (growth +{after - before:.1f} MB; "
        f"+{peak - results.rss_all_open:.1f} MB while editing); {len(during)} samples"
    )
    print(
        f"CPU in {elapsed:.1f} s of sessions: server {server_cpu:.1f} s ({server_cpu / elapsed:.2f} cores, "
        f"{server_cpu / max(len(lat) + args.sessions, 1) * 1000:.0f} ms per page view or edit); "
        f"browser side (Chromium, Playwright driver) on the same machine {results.browser_cpu:.1f} s "
        f"({results.browser_cpu / elapsed:.2f} cores); this client {results.client_cpu:.1f} s "
        f"({results.client_cpu / elapsed:.2f} cores)"
    )
    if pressure_before is not None and pressure_after is not None:
        print(
            f"CPU pressure (whole machine, other users included): some task waited for a CPU "
            f"{(pressure_after - pressure_before) / elapsed:.0%} of the time"
        )
    print(f"results checked against bleucore: {len(lat)} right, {len(results.wrong)} wrong")
    for line in results.wrong[:20]:
        print(f"  WRONG {line}")
    for line in results.unmeasured[:20]:
        print(f"  NO SERVER MEASURE {line}")
    if results.undecodable:
        print(f"  {results.undecodable} binary websocket frames did not parse as BackMsg / ForwardMsg")
    for url in results.offsite[:20]:
        print(f"  OFF-MACHINE REQUEST (blocked) {url}")
    expected_edits = args.sessions * args.edits
    why = [
        *([f"{len(results.wrong)} wrong or not shown"] if results.wrong else []),
        *([f"{len(results.offsite)} off-machine requests"] if results.offsite else []),
        *([f"{len(judged)} of {expected_edits} edits measured"] if len(judged) != expected_edits else []),
        *(
            [f"the judged p95 {percentile(judged, 95):.3f} s is not below {args.target:g} s"]
            if judged and percentile(judged, 95) >= args.target
            else []
        ),
    ]
    print("PASS" if not why else "FAIL: " + "; ".join(why))
    return 1 if why else 0


if __name__ == "__main__":
    sys.exit(main())
