"""What Explore draws as HTML instead of Streamlit elements, read back from an AppTest (to keep its first view fast,
bench/README.md): the n-gram table (ui/metrics/bleu/ngram_table.py) and lines of code (ui/shell/plain_code.py).

Each ``<table>`` of an st.html element becomes a DataFrame: the header cells' shown text as columns,
one row per body row, text unescaped, and a cell drawn as a number (``class="num"``) as an int or float.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pandas as pd
from streamlit.testing.v1 import AppTest

from tests.app.rendered_text import HtmlParts


class _Tables(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tables: list[tuple[list[str], list[list[object]]]] = []
        self._cell: list[str] | None = None
        self._number = False
        self._in_head = False
        self._row: list[object] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append(([], []))
        elif tag == "thead":
            self._in_head = True
        elif tag == "tbody":
            self._in_head = False
        elif tag == "tr":
            self._row = []
        elif tag in ("th", "td"):
            self._cell = []
            self._number = "num" in (dict(attrs).get("class") or "").split()

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("th", "td") and self._cell is not None and self._row is not None:
            text = "".join(self._cell)
            value: object = text
            if self._number and not self._in_head:
                value = float(text) if "." in text else int(text)
            self._row.append(value)
            self._cell = None
        elif tag == "tr" and self._row is not None:
            header, rows = self.tables[-1]
            if self._in_head:
                header.extend(str(v) for v in self._row)
            else:
                rows.append(self._row)
            self._row = None


def html_tables(at: AppTest) -> list[pd.DataFrame]:
    """Every HTML table the page shows, in page order."""
    found = []
    for element in at.get("html"):
        parser = _Tables()
        parser.feed(element.proto.body)
        found += [pd.DataFrame(rows, columns=header) for header, rows in parser.tables]
    return found


def ngram_tables(at: AppTest) -> list[pd.DataFrame]:
    """Explore's per-order n-gram tables (the ones with an "n-gram" column)."""
    return [t for t in html_tables(at) if "n-gram" in t.columns]


def code_lines(at: AppTest) -> list[str]:
    """Every line of code the page shows: ``st.code`` blocks and the HTML ones, in that order."""
    found = [c.value for c in at.code]
    for element in at.get("html"):
        found += [text for classes, text in HtmlParts(element.proto.body).code if "plain-code" in classes.split()]
    return found
