"""Lines of monospace text (a score line, a signature, a link) as escaped HTML instead of ``st.code``.

``st.code`` makes the browser fetch and run Streamlit's syntax highlighter (a 1.5 MB script) and its
code font before the page's first render can finish: on Explore's first view that was about 0.3 s
(bench/README.md, "First view of Explore"). Text that needs no highlighting is a ``<code>`` block in
the system's monospace font here; Explore's Export tab keeps ``st.code`` and its copy buttons.
Every text is escaped: it is shown, never read as markup.
"""

from __future__ import annotations

from html import escape

STYLESHEET = (
    "<style>"
    ".plain-code{display:block;margin:0 0 0.5rem 0;padding:0.6rem 0.8rem;border-radius:0.5rem;background:#F2F4F7;"
    "color:#1F2328;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,'Liberation Mono',monospace;"
    "font-size:0.85rem;line-height:1.5;white-space:pre-wrap;overflow-wrap:anywhere;}"
    # a link stays one line that scrolls: wrapped, a share token took ten lines of a phone's screen
    ".plain-code.one-line{white-space:nowrap;overflow-x:auto;overflow-wrap:normal;}"
    ".plain-code a{color:#0072B2;}"
    "</style>"
)


def code_html(*lines: str) -> str:
    """Each line as its own wrapping monospace block, escaped."""
    return STYLESHEET + "".join(f'<code class="plain-code">{escape(line, quote=True)}</code>' for line in lines)


def link_html(url: str) -> str:
    """A link to ``url`` showing the address itself, on one line that scrolls sideways (a phone copies it with a
    long press on the link)."""
    shown = escape(url, quote=True)
    return f'{STYLESHEET}<code class="plain-code one-line"><a href="{shown}">{shown}</a></code>'
