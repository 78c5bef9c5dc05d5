"""ui.shell.plain_code: monospace lines and a link as escaped HTML (Explore's first view has no st.code)."""

from __future__ import annotations

from html.parser import HTMLParser

from tests.conftest import PAYLOADS
from ui.shell.plain_code import STYLESHEET, code_html, link_html


class Shown(HTMLParser):
    """The tags, the links' targets and the text outside the stylesheet."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.hrefs: list[str | None] = []
        self.text = ""
        self._style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
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
