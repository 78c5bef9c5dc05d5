"""ui.metrics.bleu.ngram_table: Explore's n-gram table as a real, escaped HTML table, its CSV and JSON.

Expected numbers come from ../shared/golden.md (Example 1, Ca1: p1..p4 = 17/18, 10/17, 7/16, 4/15;
the clipping example "the the the ...": Count 7, Max_Ref_Count 2), never from the code under test.
"""

from __future__ import annotations

import csv
import io
from html.parser import HTMLParser

import pytest

from bleucore import BleuOptions
from bleucore.metrics.bleu.explanation import explain
from tests.conftest import PAYLOADS
from tests.golden_examples import CA1, CAND_2, REFS_1, REFS_2
from ui.metrics.bleu.ngram_table import COLUMNS, STYLESHEET, order_csv, order_html

TUTORIAL = BleuOptions(tokenize="none", smooth_method="none")
ALLOWED_TAGS = {"style", "div", "table", "thead", "tbody", "tr", "th", "td"}
ALLOWED_ATTRS = {"class", "role", "tabindex", "aria-label", "scope", "title"}


class Table(HTMLParser):
    """The table's tags and attributes, its header cells (with their scope and title) and its rows' cells."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.attrs: set[str] = set()
        self.header: list[tuple[str, str | None, str | None]] = []
        self.rows: list[list[tuple[str, str | None, str]]] = []
        self._cell: dict[str, str | None] | None = None
        self._text = ""
        self._in_head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.attrs.update(name for name, _ in attrs)
        if tag == "thead":
            self._in_head = True
        elif tag == "tbody":
            self._in_head = False
        elif tag == "tr" and not self._in_head:
            self.rows.append([])
        elif tag in ("th", "td"):
            self._cell, self._text = {"tag": tag, **dict(attrs)}, ""

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._text += data

    def handle_endtag(self, tag: str) -> None:
        if tag in ("th", "td") and self._cell is not None:
            if self._in_head:
                self.header.append((self._text, self._cell.get("scope"), self._cell.get("title")))
            else:
                self.rows[-1].append((str(self._cell["tag"]), self._cell.get("scope"), self._text))
            self._cell = None


def parse(html: str) -> Table:
    assert html.startswith(STYLESHEET)
    table = Table()
    table.feed(html)
    return table


@pytest.mark.parametrize(("n", "matches", "total"), [(1, 17, 18), (2, 10, 17), (3, 7, 16), (4, 4, 15)])
def test_each_orders_table_sums_to_its_modified_precision(n: int, matches: int, total: int) -> None:
    table = parse(order_html(explain(CA1, list(REFS_1), TUTORIAL).order(n)))
    assert [name for name, _, _ in table.header] == list(COLUMNS)
    assert all(scope == "col" and title for _, scope, title in table.header)
    counts = [[text for _, _, text in row] for row in table.rows]
    assert sum(int(row[1]) for row in counts) == total and sum(int(row[3]) for row in counts) == matches
    # each row is named by its n-gram: a header cell a screen reader reads before the counts
    assert all(row[0][:2] == ("th", "row") and all(tag == "td" for tag, _, _ in row[1:]) for row in table.rows)
    assert counts == [list(r) for r in csv.reader(io.StringIO(order_csv(explain(CA1, list(REFS_1), TUTORIAL).order(n))))][1:]


def test_a_clipped_ngram_shows_its_counts() -> None:
    # golden.md: "the" 7 times in the candidate, at most 2 times in one reference (reference 1)
    [row] = parse(order_html(explain(CAND_2, list(REFS_2), TUTORIAL).order(1))).rows
    assert [text for _, _, text in row] == ["the", "7", "2", "2", "1", "5", "1, 2, 3, 4, 5, 6, 7"]


def test_user_text_is_escaped_never_markup() -> None:
    text = " ".join(PAYLOADS)
    for n in (1, 2):
        html = order_html(explain(text, [text], TUTORIAL).order(n))
        table = parse(html)
        assert table.tags <= ALLOWED_TAGS and table.attrs <= ALLOWED_ATTRS, (table.tags, table.attrs)
        ngrams = [row[0][2] for row in table.rows]
        tokens = text.split()
        assert ngrams == list(dict.fromkeys(" ".join(tokens[i : i + n]) for i in range(len(tokens) - n + 1)))
