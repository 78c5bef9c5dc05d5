"""Every text a page shows, read from an AppTest's element tree, and the English words left in it.

The walk reads each element's protobuf message: labels, help texts, options, captions, Markdown and
HTML text (with its ``title``/``aria-label``), tab and expander labels, progress texts, a
dataframe's visible column headers and text cells, and a Vega-Lite chart's titles, axis and legend
titles, tooltip names, legend entries and text of its data. Code blocks (signatures, commands; ``st.code`` or an
HTML ``<code>``, ui/shell/plain_code.py) and LaTeX (formulas) are left out: they stay as they are in every language.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

from google.protobuf.message import Message
from streamlit.testing.v1 import AppTest

#: Fields that hold identifiers, values or styling, never words to read.
_TECHNICAL = {
    "id",
    "form_id",
    "key",
    "element_id",
    "css_class",
    "page_script_hash",
    "dg_id",
    "url",
    "format",
    "icon",
    "theme",
    "type",
    "language",
    "raw_value",
    "deferred_file_id",
    "mime",
    "file_name",
    "default",
    "value",
    "selection_mode",
    "editing_mode",
    "column_order",
    "selection_state",
    "selection_default",
    "styler",
    "label_visibility",
    "width_config",
    "height_config",
    "code_text",
    "page",  # page: a page link's target, not shown
}
_SKIPPED_ELEMENTS = {"code", "latex"}


class HtmlParts(HTMLParser):
    """An HTML fragment read two ways: ``text``, what it says as prose (its text and title/aria-label/alt attributes,
    without style, script and code), and ``code``, each ``<code>`` block as (its class attribute, its text)."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.text: list[str] = []
        self.code: list[tuple[str, str]] = []
        self._skip = 0  # inside style or script
        self._code = 0  # tags open inside the current <code>
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._code:
            self._code += 1
        elif tag == "code":
            self.code.append((dict(attrs).get("class") or "", ""))
            self._code = 1
        elif tag in ("style", "script"):
            self._skip += 1
        self.text += [v for k, v in attrs if k in ("title", "aria-label", "alt") and v]

    def handle_endtag(self, tag: str) -> None:
        if self._code:
            self._code -= 1
        elif tag in ("style", "script"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if self._code:
            classes, text = self.code[-1]
            self.code[-1] = (classes, text + data)
        elif not self._skip and data.strip():
            self.text.append(data.strip())


def _arrow(data: bytes) -> Any:
    import pyarrow as pa

    return pa.ipc.open_stream(data).read_all()


def _text_cells(table: Any, columns: list[str] | None = None) -> Iterator[str]:
    import pyarrow as pa

    for name, column in zip(table.column_names, table.columns):
        if columns is not None and name not in columns:
            continue
        if pa.types.is_string(column.type) or pa.types.is_large_string(column.type):
            yield from (v for v in column.to_pylist() if isinstance(v, str))


def _dataframe(proto: Any) -> Iterator[str]:
    """Visible column headers (a column_config label wins over the frame's name) and text cells."""
    table = _arrow(proto.arrow_data.data)
    config = json.loads(proto.columns) if proto.columns else {}
    order = list(proto.column_order)
    pandas_meta = json.loads((table.schema.metadata or {}).get(b"pandas", b"{}"))
    index_names = {c for c in pandas_meta.get("index_columns", []) if isinstance(c, str)}
    shown = []
    for name in table.column_names:
        settings = config.get(name, config.get(f"name:{name}", {}))
        hidden = settings.get("hidden") or (order and name not in order)
        if name in index_names and name.startswith("__index_level_"):
            hidden = True
        if hidden:
            continue
        shown.append(name)
        yield settings.get("label") or name
        if settings.get("help"):
            yield settings["help"]
    yield from _text_cells(table, shown)
    if proto.placeholder:
        yield proto.placeholder


def _vega_spec(node: Any) -> Iterator[str]:
    """Titles, axis/legend titles (the field's name when the chart gives none), tooltip names, legend domains."""
    if isinstance(node, list):
        for item in node:
            yield from _vega_spec(item)
        return
    if not isinstance(node, dict):
        return
    for key, value in node.items():
        if key == "title" and isinstance(value, str):
            yield value
        elif key == "title" and isinstance(value, dict) and isinstance(value.get("text"), str):
            yield value["text"]
        elif key == "encoding" and isinstance(value, dict):
            for channel, spec in value.items():
                for item in spec if isinstance(spec, list) else [spec]:
                    if not isinstance(item, dict):
                        continue
                    shown_name = channel in ("x", "y", "color", "strokeDash", "tooltip", "shape", "size", "opacity")
                    if shown_name and "title" not in item and isinstance(item.get("field"), str):
                        yield item["field"]
                    yield from _vega_spec(item)
        elif key == "domain" and isinstance(value, list):
            yield from (v for v in value if isinstance(v, str))
        elif key in ("data", "datasets", "params", "config", "$schema", "autosize", "usermeta"):
            continue
        else:
            yield from _vega_spec(value)


def _chart(proto: Any) -> Iterator[str]:
    spec = json.loads(proto.spec)
    yield from _vega_spec(spec)
    if proto.alt:
        yield proto.alt
    for dataset in proto.datasets:
        yield from _text_cells(_arrow(dataset.data.data))
    if proto.data.data:
        yield from _text_cells(_arrow(proto.data.data))


def _fields(message: Message) -> Iterator[str]:
    for descriptor, value in message.ListFields():
        if descriptor.name in _TECHNICAL:
            continue
        values = value if isinstance(value, (list, tuple)) or hasattr(value, "append") else [value]
        for item in values:
            if isinstance(item, Message):
                yield from _fields(item)
            elif isinstance(item, str) and item.strip():
                yield item


def _element(node: Any) -> Iterator[str]:
    proto = getattr(node, "proto", None)
    if not isinstance(proto, Message):
        return
    kind = type(node).__name__.lower()
    if kind in _SKIPPED_ELEMENTS:
        return
    if kind == "html":
        yield from HtmlParts(proto.body).text
    elif kind == "dataframe" or (kind == "unknownelement" and proto.DESCRIPTOR.name == "Dataframe"):
        yield from _dataframe(proto)
    elif proto.DESCRIPTOR.name == "VegaLiteChart":
        yield from _chart(proto)
    elif kind == "table":
        yield from _table(proto)
    else:
        yield from _fields(proto)


def _table(proto: Any) -> Iterator[str]:
    """st.table: its header, index and text cells."""
    table = _arrow(proto.arrow_data.data)
    yield from (n for n in table.column_names if not n.startswith("__index_level_"))
    yield from _text_cells(table)


def shown_texts(at: AppTest) -> list[str]:
    """Every text the page shows, in tree order."""
    found: list[str] = []

    def walk(node: Any) -> None:
        found.extend(_element(node))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return found


WORD = re.compile(r"[A-Za-z][A-Za-z_'’+-]*[A-Za-z+]")


def words(text: str) -> list[str]:
    """The Latin words of ``text`` (two letters or more), outside $formulas$, `code` and URLs."""
    text = re.sub(r"\$[^$]*\$|`[^`]*`|https?://\S+|\?s=\S+|\b0x[0-9A-Fa-f]+", " ", text)
    return WORD.findall(text)
