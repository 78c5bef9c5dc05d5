"""ui.shell.plain_code: monospace lines and a link as escaped HTML (Explore's first view has no st.code)."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from tests.conftest import PAYLOADS
from ui.shell.plain_code import STYLESHEET, code_html, link_html


class Shown(HTMLParser):
    """The tags, the links' targets and the text outside the stylesheet."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.hrefs: list[str | None] = []
        self.attrs: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.text = ""
        self._style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs.append((tag, attrs))
        self._style = tag == "style"
        if tag == "a":
            self.hrefs.append(dict(attrs).get("href"))

    def handle_endtag(self, tag: str) -> None:
        self._style = False

    def handle_data(self, data: str) -> None:
        if not self._style:
            self.text += data


def shown(html: str) -> Shown:
    assert html.startswith(STYLESHEET)
    parser = Shown()
    parser.feed(html)
    return parser


def test_each_line_is_one_code_block_of_text() -> None:
    lines = ["BLEU = 50.46 94.4/58.8/43.8/26.7 (BP = 1.000 ratio = 1.000 hyp_len = 18 ref_len = 18)", *PAYLOADS]
    page = shown(code_html(*lines))
    assert page.tags == ["style"] + ["code"] * len(lines)  # no payload became an element
    assert page.text == "".join(lines)


def test_the_link_shows_and_targets_the_same_address() -> None:
    url = 'http://127.0.0.1:8501/?s=eyJ2IjozfQ&lang=ko"><script>x</script>'
    page = shown(link_html(url))
    assert page.tags == ["style", "code", "a"]
    assert page.hrefs == [url] and page.text == url


def test_a_copy_button_beside_each_line_names_what_it_copies_escaped() -> None:
    lines = ["BLEU = 50.46 94.4/58.8/43.8/26.7", *PAYLOADS]
    names = ["sacreBLEU's line", *PAYLOADS]
    page = shown(code_html(*lines, copy=names))
    assert page.tags == ["style"] + ["div", "code", "button"] * len(lines)  # no payload became an element
    assert page.text == "".join(line + "Copy" for line in lines)
    labels = [dict(a).get("aria-label") for tag, a in page.attrs if tag == "button"]
    assert labels == [f"Copy {name}" for name in names]
    link = shown(link_html("http://127.0.0.1:8501/?s=eyJ2IjozfQ", copy="the link"))
    assert link.tags == ["style", "div", "code", "a", "button"] and link.hrefs == [
        "http://127.0.0.1:8501/?s=eyJ2IjozfQ"
    ]


def test_a_copy_button_needs_a_name_per_line() -> None:
    with pytest.raises(ValueError, match="2 lines and 1 names"):
        code_html("a", "b", copy=["one"])
