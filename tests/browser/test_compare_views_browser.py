"""Compare's sections as a phone (390 x 844) and a laptop (1280 x 900) show them (issue 45, items 5, 6 and 12), measured
by the elements' boxes: the human-score scatters fit the page's content and name every system in a legend whose
labels never overlap (ui/compare/meta.py); a chart's hover toolbar keeps off the table above it (ui/shell/style.py);
the disagreement examples draw one legend and one order of chips, the others a click away (ui/compare/pictures.py).
A screenshot of each is saved to the screenshot dir."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

from tests.browser.charts import chart_texts, overlaps
from tests.score_files import comet_json, comet_scores, system_lines, xcomet_json

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 900}


def with_human_scores(
    page: Page, server: str, compare_with_scores: Callable[..., None], wait: Callable[..., None]
) -> None:
    """Compare with the sample's reference, four systems, xCOMET's scores and ESA's, ESA named as human scores."""
    compare_with_scores(page, server, system_lines(), ("xcomet.json", xcomet_json(comet_scores())))
    drop = (
        page.get_by_test_id("stFileUploader").filter(has_text="Score files of metric 2").locator('input[type="file"]')
    )
    drop.set_input_files(
        files=[
            {"name": "esa.json", "mimeType": "application/json", "buffer": comet_json(comet_scores(seed=38), key="ESA")}
        ]
    )
    expect(page.get_by_text("esa.json: ", exact=False).first).to_be_visible()
    wait(page)
    choice = page.get_by_test_id("stSelectbox").filter(has_text="Human scores")
    choice.scroll_into_view_if_needed()
    choice.locator("input").click()
    page.get_by_role("option", name="ESA", exact=True).click()
    wait(page)
    expect(page.get_by_role("heading", name="Metrics checked against people")).to_be_visible()


def scatters(page: Page) -> Locator:
    """The human-score scatters: the charts after the section's heading."""
    heading = "//h3[contains(., 'Metrics checked against people')]"
    return page.locator(f"xpath={heading}/following::*[@data-testid='stVegaLiteChart']")


def content_box(page: Page) -> dict[str, float]:
    """The page's content area: the main block's box inside its padding."""
    return dict(
        page.get_by_test_id("stMainBlockContainer").evaluate(
            "e => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);"
            " return {left: r.left + parseFloat(s.paddingLeft), right: r.right - parseFloat(s.paddingRight)}; }"
        )
    )


def check_scatters(page: Page, settle: Callable[[Page], None], size: dict[str, int]) -> list[dict[str, Any]]:
    """Each scatter inside the content area, every text inside its chart, none over another, each system named."""
    charts = scatters(page)
    expect(charts).to_have_count(2)  # BLEU and xCOMET, each against ESA
    area = content_box(page)
    for i in range(2):
        chart = charts.nth(i)
        chart.scroll_into_view_if_needed()
        settle(page)
        box = chart.bounding_box()
        assert box is not None and area["left"] - 0.5 <= box["x"], (size, i, box, area)
        assert box["x"] + box["width"] <= area["right"] + 0.5, (size, i, box, area)
        texts = chart_texts(page, chart)
        for t in texts:
            inside = (
                t["left"] >= -1 and t["right"] <= t["width"] + 1 and t["top"] >= -1 and t["bottom"] <= t["height"] + 1
            )
            assert inside and not str(t["text"]).endswith("…"), (size, i, t)  # (1 px: a glyph's box, not the layout's)
        for j, a in enumerate(texts):
            for b in texts[j + 1 :]:
                assert not overlaps(a, b), (size, i, a, b)
        legend = sorted(str(t["text"]) for t in texts if t["role"] == "role-legend-label")
        assert legend == sorted(system_lines()), (size, legend)  # every name readable without hovering
    return texts


def test_the_human_score_scatters_fit_the_page_and_name_every_system(
    page: Page,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    settle_page: Callable[[Page], None],
    compare_with_scores: Callable[..., None],
    screenshot_dir: Path,
) -> None:
    """Names printed beside the points lay on top of each other (system_b and system_d score alike), and the charts,
    220 px each side by side, ran past the content's right edge. At 390 and at 1280 px each chart is inside the
    content area, its texts inside it and apart, and its legend names the four systems. At 1280 px the hover toolbar
    of the chart under the correlation table stays off the table's cells."""
    page.set_viewport_size(LAPTOP)
    with_human_scores(page, streamlit_server, compare_with_scores, wait_for_app)
    check_scatters(page, settle_page, LAPTOP)
    table = page.get_by_test_id("stDataFrame").filter(has_text="Pearson (systems)")
    chart = scatters(page).last  # the right-hand one, under the table's last column
    chart.hover()
    toolbar = chart.locator("xpath=ancestor::*[@data-testid='stElementContainer'][1]").get_by_test_id(
        "stElementToolbar"
    )
    expect(toolbar).to_be_visible()
    expect(toolbar).to_have_css("opacity", "1")
    cells, bar = table.bounding_box(), toolbar.bounding_box()
    assert cells is not None and bar is not None and bar["y"] >= cells["y"] + cells["height"] - 0.5, (bar, cells)
    page.screenshot(path=screenshot_dir / "compare-human-scatters-1280.png")
    page.set_viewport_size(PHONE)
    settle_page(page)
    check_scatters(page, settle_page, PHONE)
    scatters(page).first.screenshot(path=screenshot_dir / "compare-human-scatter-390.png")


#: Per disagreement example on a 390 px phone: both hypotheses, one order of chips each (about 810 px; 2,360 with every
#: order and a legend on both sides, when ten segments for each of three systems made Compare 83,600 px tall).
EXAMPLE_HEIGHT_PX = 1000
#: The whole page then (about 37,000 px).
PAGE_HEIGHT_PX = 50_000


def test_disagreement_examples_show_one_legend_one_order_and_both_lines_on_a_phone(
    page: Page,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    settle_page: Callable[[Page], None],
    compare_with_scores: Callable[..., None],
    screenshot_dir: Path,
) -> None:
    """Ten segments a system on a 390 x 844 phone: one chip legend above the examples (none inside them), each
    hypothesis with its line as text (its spans marked) and one row of chips (the unigrams) with the other orders a
    click away, each example under ``EXAMPLE_HEIGHT_PX`` high and the page under ``PAGE_HEIGHT_PX``."""
    page.set_viewport_size(PHONE)
    compare_with_scores(page, streamlit_server, system_lines(), ("xcomet.json", xcomet_json(comet_scores())))
    count = page.get_by_label("Segments per system")
    count.fill("10")
    count.press("Enter")
    wait_for_app(page)
    boxes = page.get_by_test_id("stExpander").filter(has_text="against system_a.en")
    expect(boxes).to_have_count(3)  # system_b, system_c and system_d against the baseline
    examples = boxes.get_by_test_id("stMarkdown").filter(has_text="xCOMET scores")
    expect(examples.nth(10)).to_be_attached()  # more than one system's ten
    settle_page(page)
    shown = examples.count()
    heights = boxes.evaluate_all("es => es.map(e => e.getBoundingClientRect().height)")
    assert sum(heights) / shown < EXAMPLE_HEIGHT_PX, (sum(heights), shown)
    assert page.get_by_test_id("stMain").evaluate("e => e.scrollHeight") < PAGE_HEIGHT_PX
    expect(boxes.locator(".bleu-legend")).to_have_count(0)
    heading = "//h4[contains(., 'Where BLEU and xCOMET disagree')]"
    expect(page.locator(f"xpath={heading}/following::*[contains(@class, 'bleu-legend')]")).to_have_count(1)
    sides = boxes.get_by_test_id("stColumn").filter(has=page.locator(".bleu-chip"))
    expect(sides).to_have_count(2 * shown)
    for i in (0, 1, 2 * shown - 1):  # the first example's two sides (the baseline's, the system's) and the last one
        side = sides.nth(i)
        expect(side.locator(".xspans")).to_have_count(1)  # the line, its spans marked
        expect(side.locator(".bleu-order:not(details .bleu-order)")).to_have_count(1)
        expect(side.locator(".bleu-order-label").first).to_contain_text("1-grams: p1 = ")
        more = side.locator("details.bleu-more")
        expect(more.locator(".bleu-order").first).to_be_hidden()
        more.locator(":scope > summary").click()
        expect(more.locator(".bleu-order")).to_have_count(3)
        expect(more.locator(".bleu-order").last).to_be_visible()
    sides.first.scroll_into_view_if_needed()
    page.screenshot(path=screenshot_dir / "compare-disagreement-390.png")  # the first example's baseline side
