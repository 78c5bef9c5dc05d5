"""What Explore draws as HTML instead of Streamlit elements, read back from an AppTest (to keep its first view fast,
bench/README.md): the n-gram table (ui/metrics/bleu/ngram_table.py), the variants table (ui/metrics/bleu/variants.py:
cards on a phone) and lines of code (ui/shell/plain_code.py).

Each ``<table>`` of an st.html element becomes a DataFrame: the header cells' shown text as columns,
one row per body row, text unescaped, and a cell drawn as a number (``class="num"``) as an int or float.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

import pandas as pd
from streamlit.testing.v1 import AppTest

from tests.app.rendered_text import HtmlParts


@dataclass(frozen=True)
class Cell:
    """One ``<th>`` or ``<td>``: its tag, its attributes and its text (unescaped)."""

    tag: str
    attrs: dict[str, str | None]
    text: str

    @property
    def value(self) -> object:
        """The text, or the number a cell drawn as one (``class="num"``) shows."""
        if "num" not in (self.attrs.get("class") or "").split():
            return self.text
        return float(self.text) if "." in self.text else int(self.text)


@dataclass
class HtmlTable:
    """One ``<table>``: its attributes, its header cells and its body rows of cells."""

    attrs: dict[str, str | None] = field(default_factory=dict)
    header: list[Cell] = field(default_factory=list)
    rows: list[list[Cell]] = field(default_factory=list)


class HtmlTables(HTMLParser):
    """The tables of an HTML fragment, and every tag and attribute name it uses (to check what markup it holds)."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tables: list[HtmlTable] = []
        self.tags: set[str] = set()
        self.attrs: set[str] = set()
        self._cell: tuple[str, dict[str, str | None]] | None = None
        self._text = ""
        self._in_head = False
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.attrs.update(name for name, _ in attrs)
        if tag == "table":
            self.tables.append(HtmlTable(dict(attrs)))
        elif tag in ("thead", "tbody"):
            self._in_head = tag == "thead"
        elif tag == "tr" and not self._in_head:
            self.tables[-1].rows.append([])
        elif tag in ("th", "td"):
            self._cell, self._text = (tag, dict(attrs)), ""

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._text += data

    def handle_endtag(self, tag: str) -> None:
        if tag in ("th", "td") and self._cell is not None:
            cell = Cell(*self._cell, self._text)
            table = self.tables[-1]
            (table.header if self._in_head else table.rows[-1]).append(cell)
            self._cell = None


def html_tables(at: AppTest) -> list[pd.DataFrame]:
    """Every HTML table the page shows, in page order."""
    return [_frame(table) for element in at.get("html") for table in HtmlTables(element.proto.body).tables]


def _frame(table: HtmlTable) -> pd.DataFrame:
    return pd.DataFrame(
        [[cell.value for cell in row] for row in table.rows], columns=[cell.text for cell in table.header]
    )


def variants_tables(at: AppTest) -> list[pd.DataFrame]:
    """Explore's variants table (ui/metrics/bleu/variants.py) as st.table showed it: indexed by the row names."""
    found = [t for element in at.get("html") for t in HtmlTables(element.proto.body).tables]
    return [(f := _frame(t)).set_index(f.columns[0]) for t in found if t.attrs.get("class") == "bleu-variants"]


def ngram_tables(at: AppTest) -> list[pd.DataFrame]:
    """Explore's per-order n-gram tables (the ones with an "n-gram" column)."""
    return [t for t in html_tables(at) if "n-gram" in t.columns]


def code_lines(at: AppTest) -> list[str]:
    """Every line of code the page shows: ``st.code`` blocks and the HTML ones, in that order."""
    found = [c.value for c in at.code]
    for element in at.get("html"):
        found += [text for classes, text in HtmlParts(element.proto.body).code if "plain-code" in classes.split()]
    return found
