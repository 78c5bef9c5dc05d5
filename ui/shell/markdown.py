"""User text in Markdown: every page's one escaper, and the error box whose message may quote a file name or a line.

Streamlit reads labels, captions and messages as Markdown; text from a user (a file name, a line, a link's
value) is escaped before it is placed in one, so it shows as written and never becomes markup.
"""

from __future__ import annotations

import re

import streamlit as st

# Every ASCII punctuation character may be backslash-escaped in CommonMark.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:&\"'=@%^,;?/])")


def escape_markdown(text: str) -> str:
    """``text`` with every Markdown-special ASCII character backslash-escaped, for st.* labels and messages."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text).replace("\n", " ")


def show_error(message: str) -> None:
    """An error box whose text (which may quote a file name or line) is never read as Markdown."""
    st.error(escape_markdown(message), icon=":material/error:")
