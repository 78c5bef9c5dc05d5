"""Compare's bucket chart in Chromium: clicking a bucket (the chart's Altair selection) lists that bucket's lines
with both systems' sentence scores, the count equal to bleucore's bucket, and a line opens in Explore."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from bleucore.buckets import length_buckets
from bleucore.metrics import get_metric
from tests.conftest import ROOT

SAMPLE = ROOT / "data" / "sample"
HEADING = re.compile(r"Bucket (\S+): ([\d,]+) lines")


def _lines(name: str) -> list[str]:
    return (SAMPLE / name).read_text(encoding="utf-8").splitlines()


def test_clicking_a_bucket_lists_its_lines_and_opens_one_in_explore(
    app_page: Page, streamlit_server: str, wait_for_app: Callable[..., None]
) -> None:
    page = app_page
    page.goto(f"{streamlit_server}/compare")
    wait_for_app(page)
    systems = {name: _lines(name) for name in ("system_a.en", "system_b.en")}
    expected = length_buckets(systems, [_lines("ref.en"), _lines("ref2.en")], [get_metric("bleu")])
    sizes = {b.name: b.size for b in expected.buckets}
    section = page.get_by_test_id("stHeading").filter(has_text="Where the systems differ")
    section.scroll_into_view_if_needed()
    chart = page.get_by_test_id("stVegaLiteChart").last
    expect(chart).to_be_visible()
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    assert box is not None
    heading = page.get_by_test_id("stMarkdown").filter(has_text=HEADING)
    found = None
    # The buckets are columns across the plot; the first ones hold the sample's short lines.
    for step in range(1, 12):
        page.mouse.click(box["x"] + box["width"] * step / 12, box["y"] + box["height"] * 0.35)
        wait_for_app(page)
        if heading.count():
            match = HEADING.search(heading.first.inner_text())
            assert match is not None
            name, count = match.group(1), int(match.group(2).replace(",", ""))
            assert count == sizes[name], (name, count, sizes)
            if count:
                found = name
                break
    assert found is not None, "no click on the chart picked a bucket with lines"
    line_box = page.get_by_label("Line of this bucket to open")
    expect(line_box).to_be_visible()
    first_line = min(i for i in expected.bucket(found).segments) + 1
    page.get_by_role("button", name=f"Open line {first_line} of system_b.en in Explore").click()
    wait_for_app(page)
    expect(page.get_by_label("Candidate", exact=True)).to_have_value(systems["system_b.en"][first_line - 1].rstrip())
    expect(page.get_by_test_id("stException")).to_have_count(0)
