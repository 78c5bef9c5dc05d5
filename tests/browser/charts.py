"""Charts as Chromium draws them: wait for a page's charts, read the rows their SVG marks carry, and retry a check
until the marks show the run's numbers. The Corpus and Compare walks (test_corpus_walk_browser.py,
test_kept_files_browser.py) read their charts with these; the phone tests read each chart's texts and their boxes
(``chart_texts``, ``overlaps``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

#: How long the charts may take to draw what the page's numbers already show (as long as a run may take).
DRAWN_TIMEOUT_S = 30.0


def expect_charts(page: Page, count: int) -> None:
    """Wait until the page shows ``count`` charts: after a page load the chart component loads after the run ends."""
    expect(page.get_by_test_id("stVegaLiteChart")).to_have_count(count)


def chart_rows(page: Page, field: str) -> list[dict[str, object]]:
    """The data rows of the first chart whose marks carry ``field`` (``charts_rows``)."""
    return charts_rows(page, field)[0]


def charts_rows(page: Page, field: str) -> list[list[dict[str, object]]]:
    """The data rows of each visible chart whose marks carry ``field``, in page order, read from the drawn SVG marks
    (Vega binds each mark's scenegraph item, whose ``datum`` is its row, to the element), one per distinct row: the
    fields Vega derives for one layer (``*_start``, ``*_end``, ``*sort_index``) are dropped, so a row drawn by bars
    and by labels counts once. A chart in a closed expander is not drawn and not read."""
    charts, found = page.get_by_test_id("stVegaLiteChart"), []
    for i in range(charts.count()):
        chart = charts.nth(i)
        if chart.evaluate("e => e.closest('details:not([open])') !== null"):
            continue  # in a closed expander: not drawn
        chart.scroll_into_view_if_needed()
        page.wait_for_function(  # drawn with its data (a chart's frame may come before its rows)
            "e => [...e.querySelectorAll('svg *')].some(x => x.__data__ && x.__data__.datum)",
            arg=chart.element_handle(),
            polling=100,
        )
        rows = chart.evaluate(
            """(e, field) => {
                const out = new Map();
                for (const el of e.querySelectorAll('svg *')) {
                    const datum = el.__data__ && el.__data__.datum;
                    if (!datum || !(field in datum)) continue;
                    const row = Object.fromEntries(Object.entries(datum).filter(([k]) =>
                        !/(_start|_end|sort_index)$/.test(k)));
                    out.set(JSON.stringify(row), row);
                }
                return [...out.values()];
            }""",
            field,
        )
        if rows:
            found.append(rows)
    assert found, f"no chart draws {field!r}"
    return found


def until_drawn(page: Page, check: Callable[[], None]) -> None:
    """Run ``check``, assertions on the rows the charts draw, until it passes: the numbers above a chart show
    before the chart has its new rows (the run may not have reached it, and Vega draws rows a moment after it gets
    them), so a first read can see the last run's marks, another tokenizer's or the other language's. Tried again
    after two animation frames (the page's own progress, not a fixed time); after ``DRAWN_TIMEOUT_S`` the last
    try's failure is the test's."""
    deadline = time.monotonic() + DRAWN_TIMEOUT_S
    while True:
        try:
            check()
            return
        except (AssertionError, LookupError, PlaywrightError):
            if time.monotonic() > deadline:
                raise
        page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


#: Every text of a Vega chart drawn as SVG: its role (title, axis title or label, legend, a text mark), its text and
#: its box, relative to the chart's own box (Streamlit's stVegaLiteChart element).
CHART_TEXTS_JS = """chart => {
    const box = chart.getBoundingClientRect();
    return [...chart.querySelectorAll('svg g.mark-text text')].filter(t => t.textContent.trim()).map(t => {
        const r = t.getBoundingClientRect();
        const role = t.closest('g.mark-text').getAttribute('class').split(' ').find(c => c.startsWith('role-'));
        return {role, text: t.textContent, left: r.left - box.left, right: r.right - box.left,
                top: r.top - box.top, bottom: r.bottom - box.top, width: box.width, height: box.height};
    });
}"""


def chart_texts(page: Page, chart) -> list[dict[str, Any]]:
    """The chart's texts once Vega has drawn it at its final width (its SVG as wide as the element)."""
    expect(chart.locator(".role-title-text text")).to_have_count(1)
    page.wait_for_function(
        "chart => { const svg = chart.querySelector('svg'); return svg && Math.abs(svg.getBoundingClientRect().width "
        "- chart.getBoundingClientRect().width) < 1; }",
        arg=chart.element_handle(),
    )
    return list(chart.evaluate(CHART_TEXTS_JS))


def overlaps(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (
        a["left"] < b["right"] - 1
        and b["left"] < a["right"] - 1
        and a["top"] < b["bottom"] - 1
        and b["top"] < a["bottom"] - 1
    )
