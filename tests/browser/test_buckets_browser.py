"""Compare's bucket chart in Chromium, with the user's own uploaded files: clicking a bucket in the Altair chart
(its selection, no other widget) lists that bucket's lines with both systems' sentence BLEU, each equal to
sacreBLEU's; a line opens in Explore, and Back returns to Compare with the files still loaded and the bucket's
chart there."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect
from sacrebleu.metrics import BLEU

from bleucore.buckets import length_buckets
from bleucore.metrics import get_metric
from tests.conftest import SAMPLE, sample_lines

REFS = ("ref.en", "ref2.en")
SYSTEMS = ("system_a.en", "system_b.en")
HEADING = re.compile(r"Bucket (\S+): ([\d,]+) lines")


def _expect_files_kept(page: Page) -> None:
    for name in (*REFS, *SYSTEMS):
        expect(page.get_by_text(f"{name}: 60 lines, kept for this session").first).to_be_visible()


def _bucket_chart(page: Page) -> Locator:
    section = page.get_by_test_id("stHeading").filter(has_text="Where the systems differ")
    section.scroll_into_view_if_needed()
    chart = page.get_by_test_id("stVegaLiteChart").last
    expect(chart).to_be_visible()
    chart.scroll_into_view_if_needed()
    return chart


def _grid_rows(table: Locator) -> list[list[str]]:
    """The rows the data grid has drawn, read from its accessible table (one ``td`` per cell)."""
    rows = []
    for row in table.locator('[role="row"]').all():
        cells = [c.inner_text().strip() for c in row.locator('[role="gridcell"]').all()]
        if cells:
            rows.append(cells)
    return rows


def _orange_runs(chart: Locator) -> tuple[list[int], int, int]:
    """In a screenshot of the chart: the tallest run of system_b.en's orange (#E69F00) in each second pixel column,
    the screenshot's width and its height."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(chart.screenshot())).convert("RGB")
    pixels = image.load()
    runs = []
    for x in range(0, image.width, 2):
        run = tallest = 0
        for y in range(image.height):
            r, g, b = pixels[x, y]
            run = run + 1 if abs(r - 230) < 12 and abs(g - 159) < 12 and b < 20 else 0
            tallest = max(tallest, run)
        runs.append(tallest)
    return runs, image.width, image.height


def _tallest_bar(chart: Locator) -> tuple[int, int]:
    """(the tallest run of system_b.en's orange in one pixel column; the chart's height) in a screenshot."""
    runs, _, height = _orange_runs(chart)
    return max(runs), height


def _first_bar_centre(chart: Locator) -> float:
    """Where system_b.en's leftmost bar stands, as a fraction of the chart's width: a bar is a bucket with lines.
    Runs of 14 pixels or less are left out: the legend's orange square is about 10 across."""
    runs, width, _ = _orange_runs(chart)
    columns = [2 * i for i, run in enumerate(runs) if run > 14]
    assert columns, "the chart has no orange bar"
    end = columns[0]
    while end + 2 in columns:
        end += 2
    return (columns[0] + end) / 2 / width


def _expect_tall_bars(page: Page, chart: Locator, timeout_s: float = 60) -> None:
    """system_b.en's tallest bar (its BLEU is over 60) is a fair part of the chart's height: a layer drawn beyond
    the plot (the click bands once were 400 px in a 300 px chart) made Vega shrink the plot to a strip of about
    25 px. Polled until the chart is drawn (a state, not a time), failing after ``timeout_s``."""
    import time

    deadline = time.monotonic() + timeout_s
    while True:
        tallest, height = _tallest_bar(chart)
        if tallest > 0.15 * height:
            return
        assert time.monotonic() < deadline, (tallest, height)
        page.wait_for_timeout(250)


def test_clicking_a_bucket_lists_its_lines_with_both_scores_and_opens_one_in_explore(
    app_page: Page,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    choose_input: Callable[..., None],
    upload: Callable[..., None],
) -> None:
    page = app_page
    page.goto(f"{streamlit_server}/compare")
    wait_for_app(page)
    choose_input(page, "Upload files")
    upload(page, "Reference files", [(n, (SAMPLE / n).read_bytes()) for n in REFS])
    upload(page, "System outputs", [(n, (SAMPLE / n).read_bytes()) for n in SYSTEMS])
    _expect_files_kept(page)
    systems = {name: sample_lines(name) for name in SYSTEMS}
    refs = [sample_lines(r) for r in REFS]
    expected = length_buckets(systems, refs, [get_metric("bleu")])
    sizes = {b.name: b.size for b in expected.buckets}
    chart = _bucket_chart(page)
    _expect_tall_bars(page, chart)
    heading = page.get_by_test_id("stMarkdown").filter(has_text=HEADING)
    expect(heading).to_have_count(0)  # nothing is listed before a click
    # A click on a bar picks its bucket, which has lines. One click and one awaited heading: a click's selection
    # reaches the server a moment after the click, so clicking on until a heading shows could read the heading of
    # one click and the lines of the next.
    centre = _first_bar_centre(chart)
    box = chart.bounding_box()
    assert box is not None
    # A point inside the chart, not on the page: charts above it are drawn late and move it down, and the click
    # finds the chart where it is once it stands still (Playwright waits for two frames with the same box).
    chart.click(position={"x": box["width"] * centre, "y": box["height"] * 0.35})
    expect(heading).to_have_count(1)
    wait_for_app(page)
    match = HEADING.search(heading.inner_text())
    assert match is not None
    found, count = match.group(1), int(match.group(2).replace(",", ""))
    assert count == sizes[found] and count > 0, (found, count, sizes)
    members = list(expected.bucket(found).segments)

    # The listed lines: each row's line number and both systems' sentence BLEU, as sacreBLEU scores them.
    table = heading.first.locator("xpath=following::div[@data-testid='stDataFrame'][1]")
    expect(table).to_be_visible()
    table.scroll_into_view_if_needed()
    expect(table.locator('[role="gridcell"]').first).to_have_text(str(members[0] + 1))
    rows = _grid_rows(table)
    assert len(rows) >= min(8, len(members)), "the grid drew the bucket's first lines"
    bleu = BLEU(effective_order=True)
    for k, cells in enumerate(rows):  # line, baseline BLEU, system BLEU, difference, both texts, reference 1
        line = int(cells[0])
        assert line == members[k] + 1, (k, line, members)
        references = [r[line - 1] for r in refs]
        a = bleu.sentence_score(systems[SYSTEMS[0]][line - 1], references).score
        b = bleu.sentence_score(systems[SYSTEMS[1]][line - 1], references).score
        assert abs(float(cells[1]) - a) < 1e-9 and abs(float(cells[2]) - b) < 1e-9, (cells, a, b)
        assert abs(float(cells[3]) - (b - a)) < 1e-9
        texts = [systems[SYSTEMS[0]][line - 1].strip(), systems[SYSTEMS[1]][line - 1].strip(), references[0].strip()]
        assert len(cells) >= 6 and cells[4:] == texts[: len(cells) - 4], cells  # the grid draws the columns in view

    # One line opens in Explore; Back returns to Compare with the uploads still there.
    first_line = min(members) + 1
    page.get_by_role("button", name=f"Open line {first_line} of system_b.en in Explore").click()
    wait_for_app(page)
    expect(page.get_by_label("Candidate", exact=True)).to_have_value(systems["system_b.en"][first_line - 1].rstrip())
    expect(page.get_by_test_id("stException")).to_have_count(0)
    page.go_back()
    wait_for_app(page)
    _expect_files_kept(page)
    expect(_bucket_chart(page)).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)
