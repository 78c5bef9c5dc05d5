"""ui.metrics.bleu.ngram_table: Explore's n-gram table as a real, escaped HTML table, its CSV and JSON.

Expected numbers come from ../shared/golden.md (Example 1, Ca1: p1..p4 = 17/18, 10/17, 7/16, 4/15;
the clipping example "the the the ...": Count 7, Max_Ref_Count 2), never from the code under test.
"""

from __future__ import annotations

import csv
import io

import pytest

from bleucore import BleuOptions
from bleucore.metrics.bleu.explanation import explain
from tests.app.html_views import HtmlTables
from tests.conftest import PAYLOADS
from tests.golden_examples import CA1, CAND_2, REFS_1, REFS_2
from ui.metrics.bleu.ngram_table import COLUMNS, STYLESHEET, order_csv, order_html

TUTORIAL = BleuOptions(tokenize="none", smooth_method="none")
ALLOWED_TAGS = {"style", "div", "table", "thead", "tbody", "tr", "th", "td"}
ALLOWED_ATTRS = {"class", "role", "tabindex", "aria-label", "scope", "title"}


def parse(html: str) -> HtmlTables:
    assert html.startswith(STYLESHEET)
    return HtmlTables(html)


@pytest.mark.parametrize(("n", "matches", "total"), [(1, 17, 18), (2, 10, 17), (3, 7, 16), (4, 4, 15)])
def test_each_orders_table_sums_to_its_modified_precision(n: int, matches: int, total: int) -> None:
    [table] = parse(order_html(explain(CA1, list(REFS_1), TUTORIAL).order(n))).tables
    assert [cell.text for cell in table.header] == list(COLUMNS)
    assert all(cell.attrs.get("scope") == "col" and cell.attrs.get("title") for cell in table.header)
    counts = [[cell.text for cell in row] for row in table.rows]
    assert sum(int(row[1]) for row in counts) == total and sum(int(row[3]) for row in counts) == matches
    # each row is named by its n-gram: a header cell a screen reader reads before the counts
    assert all(
        (row[0].tag, row[0].attrs.get("scope")) == ("th", "row") and all(cell.tag == "td" for cell in row[1:])
        for row in table.rows
    )
    assert (
        counts
        == [list(r) for r in csv.reader(io.StringIO(order_csv(explain(CA1, list(REFS_1), TUTORIAL).order(n))))][1:]
    )


def test_a_clipped_ngram_shows_its_counts() -> None:
    # golden.md: "the" 7 times in the candidate, at most 2 times in one reference (reference 1)
    [table] = parse(order_html(explain(CAND_2, list(REFS_2), TUTORIAL).order(1))).tables
    [row] = table.rows
    assert [cell.text for cell in row] == ["the", "7", "2", "2", "1", "5", "1, 2, 3, 4, 5, 6, 7"]


def test_user_text_is_escaped_never_markup() -> None:
    text = " ".join(PAYLOADS)
    for n in (1, 2):
        html = order_html(explain(text, [text], TUTORIAL).order(n))
        parsed = parse(html)
        assert parsed.tags <= ALLOWED_TAGS and parsed.attrs <= ALLOWED_ATTRS, (parsed.tags, parsed.attrs)
        [table] = parsed.tables
        ngrams = [row[0].text for row in table.rows]
        tokens = text.split()
        assert ngrams == list(dict.fromkeys(" ".join(tokens[i : i + n]) for i in range(len(tokens) - n + 1)))
