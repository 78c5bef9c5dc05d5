"""How long a visitor waits for Explore's score, beside a bare Streamlit app showing one st.metric (bench/bare_app.py):
headless Chromium at 390×844 and 1280×900 against warm servers, the ratio printed.

    python bench/first_view.py            # 7 visits after one warm-up visit, median and range
    python bench/first_view.py --runs 15
    python bench/first_view.py --compare ../old   # also serve another checkout's Explore (e.g. a git worktree
                                                  # of an older commit) in the same run, and print its ratio

Not a test: a number for bench/README.md. It starts its own server (``streamlit run app.py`` on a
free loopback port, as deployed: .streamlit/config.toml applies), visits once to warm it (imports
done, caches filled), then opens N fresh browser contexts (no HTTP cache, a new session each) and
records in the page, with ``performance.now()`` from the navigation's start:

* ``html``: the page's HTML and scripts parsed (DOMContentLoaded),
* ``connected``: the WebSocket to the server is open,
* ``script``: the first script run has finished (``data-test-script-state`` back to notRunning),
* ``score``: the "BLEU (0–100)" metric is on screen with its value: what the visitor waits for,
* ``chips`` (Explore only): the first n-gram chip is drawn (below the first screen on a phone),
* ``settled`` (Explore only): the first run has finished and no element waits for its code (no skeleton left).

The ratio is taken on ``score``; ``chips`` and ``settled`` show the rest of the first view, so a
change that only brings the score forward cannot hide a slower explanation.

Separately, in this process: the cold import time of what Explore's first run imports
(``import_seconds``), and the server's script time for Explore on a warm process
(``streamlit.testing`` AppTest, median of N reruns).
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from devtools.chromium import CHROMIUM_ARGS, find_chromium  # noqa: E402
from devtools.server import serve  # noqa: E402

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
MARKS_JS = """
(() => {
  window.__marks = {};
  const mark = (name) => { if (!(name in window.__marks)) window.__marks[name] = performance.now(); };
  document.addEventListener('DOMContentLoaded', () => mark('html'));
  let sawRunning = false;
  // Checked on every frame (layout can move the metric without a DOM mutation).
  const check = () => {
    const app = document.querySelector('[data-testid="stApp"]');
    if (app) {
      if (app.getAttribute('data-test-connection-state') === 'CONNECTED') mark('connected');
      const state = app.getAttribute('data-test-script-state');
      if (state === 'running') sawRunning = true;
      if (sawRunning && state === 'notRunning') mark('script');
    }
    for (const m of document.querySelectorAll('[data-testid="stMetric"]')) {
      if (m.textContent.includes('BLEU (0–100)') && m.querySelector('[data-testid="stMetricValue"]')) {
        const box = m.getBoundingClientRect();
        if (box.height > 0 && box.bottom <= window.innerHeight) mark('score');
      }
    }
    const chip = document.querySelector('.bleu-candidate .bleu-tok');
    if (chip && chip.getBoundingClientRect().height > 0) mark('chips');
    if ('script' in window.__marks && 'score' in window.__marks &&
    !document.querySelector('[data-testid="stSkeleton"]')) mark('settled');
    const done = ['score', 'script', 'settled'].every(n => n in window.__marks) && (!chip || 'chips' in window.__marks);
    if (!done) requestAnimationFrame(check);
  };
  new MutationObserver(check).observe(document, {subtree: true, attributes: true, attributeFilter:
  ['data-test-script-state']});
  requestAnimationFrame(check);
})();
"""


def browser_path() -> str:
    """The Chromium the browser tests drive (devtools/chromium.py)."""
    found = find_chromium()
    if found is None or not found.exists():
        raise SystemExit("no Chromium: set CHROMIUM=/path/to/chromium")
    return str(found)


def visit(browser, url: str, viewport: dict[str, int] = PHONE, explanation: bool = False) -> dict[str, float]:
    """One fresh visit's marks; ``explanation``: also wait for Explore's first chip."""
    context = browser.new_context(viewport=viewport)
    context.add_init_script(MARKS_JS)
    page = context.new_page()
    page.goto(url)
    wanted = ["score", "script", "settled", *(["chips"] if explanation else [])]
    page.wait_for_function("names => names.every(n => n in window.__marks)", arg=wanted, timeout=60_000)
    marks = page.evaluate("window.__marks")
    context.close()
    return {k: v / 1000 for k, v in marks.items()}


def import_seconds() -> float:
    """Cold import of what Explore's first run needs, in a fresh interpreter."""
    code = (
        "import time; t = time.perf_counter(); import streamlit; s = time.perf_counter();"
        "import ui.metrics.bleu.cache, ui.metrics.bleu.charts, ui.metrics.bleu.highlight, "
        "ui.metrics.bleu.ngram_table, ui.options.sidebar, ui.links.share_box, ui.state.on_page;"
        "print(s - t, time.perf_counter() - s)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    streamlit_s, app_s = map(float, out.split())
    print(f"cold imports: streamlit {streamlit_s:.2f} s, then the app's modules {app_s:.2f} s")
    return app_s


def script_seconds(runs: int) -> float:
    """Explore's script time on a warm process (AppTest: no browser, no network)."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()  # warm: imports and caches
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--compare", type=Path, help="another checkout whose Explore is measured in the same run")
    args = parser.parse_args()
    import_seconds()
    print(f"server script time (warm, AppTest, median of {args.runs}): {script_seconds(args.runs):.3f} s")
    with contextlib.ExitStack() as stack:
        apps = {"explore": stack.enter_context(serve(ROOT / "app.py"))[1]}
        if args.compare is not None:
            other = args.compare.resolve()
            apps["compared"] = stack.enter_context(serve(other / "app.py", root=other))[1]
        apps["bare"] = stack.enter_context(serve(ROOT / "bench" / "bare_app.py"))[1]
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path=browser_path(), args=CHROMIUM_ARGS)
        for size_name, viewport in (("390x844", PHONE), ("1280x900", DESKTOP)):
            for app, url in apps.items():  # warm every server
                visit(browser, url, viewport, explanation=app != "bare")
            visits: dict[str, list[dict[str, float]]] = {app: [] for app in apps}
            for _ in range(args.runs):  # alternate, so a busy moment hits every app
                for app, url in apps.items():
                    visits[app].append(visit(browser, url, viewport, explanation=app != "bare"))
            print(
                f"first view at {size_name}, warm servers, {args.runs} fresh contexts each (seconds from navigation):"
            )
            for app, rows in visits.items():
                for name in ("html", "connected", "script", "score", "chips", "settled"):
                    if name not in rows[0]:
                        continue
                    values = sorted(v[name] for v in rows)
                    print(
                        f"  {app:8} {name:9} median {statistics.median(values):.2f}  (min {values[0]:.2f}, max "
                        f"{values[-1]:.2f})"
                    )
            bare_score = statistics.median(v["score"] for v in visits["bare"])
            ratio = statistics.median(v["score"] for v in visits["explore"]) / bare_score
            print(
                f"  Explore / bare app (score on screen): {ratio:.2f}x  (goal <= 1.3x: "
                f"{'met' if ratio <= 1.3 else 'not met'})"
            )
            if "compared" in visits:
                compared = statistics.median(v["score"] for v in visits["compared"]) / bare_score
                print(f"  compared checkout / bare app (score on screen): {compared:.2f}x")
        browser.close()


if __name__ == "__main__":
    main()
