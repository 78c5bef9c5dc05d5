"""Lines of monospace text (a score line, a signature, a link) as escaped HTML instead of ``st.code``, each with a copy
button where asked.

``st.code`` makes the browser fetch and run Streamlit's syntax highlighter (a 1.5 MB script) and its
code font before the page's first render can finish: on Explore's first view that was about 0.3 s
(bench/README.md, "First view of Explore"). Text that needs no highlighting is a ``<code>`` block in
the system's monospace font here; Explore's Export tab keeps ``st.code`` and its copy buttons.
Every block wraps (a link too: in a box that scrolled sideways, a phone showed a few letters of it and no sign of the
rest), and a copy button beside it copies its text (``COPY_JS``, in the page-wide script of ``ui.shell.style``: the
sanitized HTML of st.html keeps a ``<button>`` but never its handler). Every text is escaped: it is shown, never read
as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ui.shell.i18n import _

STYLESHEET = (
    "<style>"
    ".plain-code{display:block;margin:0 0 0.5rem 0;padding:0.6rem 0.8rem;border-radius:0.5rem;background:#F2F4F7;"
    "color:#1F2328;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,'Liberation Mono',monospace;"
    "font-size:0.85rem;line-height:1.5;white-space:pre-wrap;overflow-wrap:anywhere;}"
    # a link's token has no spaces: it breaks anywhere, in a smaller font (about eight lines of a phone, not ten)
    ".plain-code.link{font-size:0.75rem;line-height:1.4;}"
    ".plain-code a{color:#0072B2;}"
    ".plain-code-row{display:flex;align-items:flex-start;gap:0.4rem;margin:0 0 0.5rem 0;}"
    ".plain-code-row .plain-code{flex:1 1 auto;min-width:0;margin:0;}"
    ".plain-copy{flex:0 0 auto;font:inherit;font-size:0.8rem;padding:0.3rem 0.6rem;border:1px solid #D0D7DE;"
    "border-radius:0.5rem;background:#FFFFFF;color:#1F2328;cursor:pointer;}"
    ".plain-copy:hover,.plain-copy:focus-visible{border-color:#0072B2;color:#0072B2;}"
    "</style>"
)
#: One listener for every copy button of the page (installed once per tab): the text of the ``<code>`` beside the
#: button goes to the clipboard (``navigator.clipboard``; where the page is not a secure context, the text is selected
#: and copied with ``execCommand``), and the button says it was copied for two seconds.
COPY_JS = """<script data-bleu-copy>
(() => {
  if (window.__bleuCopy) return;
  window.__bleuCopy = true;
  document.addEventListener('click', event => {
    const button = event.target instanceof Element ? event.target.closest('button.plain-copy') : null;
    const code = button ? button.parentElement.querySelector('code') : null;
    if (!code) return;
    const said = () => {
      const [text, label] = [button.textContent, button.getAttribute('aria-label')];
      button.textContent = button.dataset.copied;
      button.setAttribute('aria-label', button.dataset.copied);
      setTimeout(() => { button.textContent = text; button.setAttribute('aria-label', label); }, 2000);
    };
    const select = () => {
      const range = document.createRange();
      range.selectNodeContents(code);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      if (document.execCommand('copy')) said();
    };
    if (!navigator.clipboard || !window.isSecureContext) return select();
    navigator.clipboard.writeText(code.textContent).then(said, select);
  });
})();
</script>"""


def _copy_button(what: str) -> str:
    """A button that copies the code beside it; its name says what (visible: "Copy")."""
    name = escape(_("Copy {what}").format(what=what), quote=True)
    copied, copy = escape(_("Copied"), quote=True), escape(_("Copy"))  # outside the f-string, where pybabel reads them
    return (
        f'<button type="button" class="plain-copy" aria-label="{name}" title="{name}" '
        f'data-copied="{copied}">{copy}</button>'
    )


def _row(code: str, what: str | None) -> str:
    return code if what is None else f'<div class="plain-code-row">{code}{_copy_button(what)}</div>'


def code_html(*lines: str, copy: Sequence[str] = ()) -> str:
    """Each line as its own wrapping monospace block, escaped; with ``copy`` (what each line is, in words, one per
    line) each beside a button that copies it."""
    names: list[str | None] = [*copy] if copy else [None] * len(lines)
    if len(names) != len(lines):
        raise ValueError(f"{len(lines)} lines and {len(names)} names of what they are")
    blocks = (f'<code class="plain-code">{escape(line, quote=True)}</code>' for line in lines)
    return STYLESHEET + "".join(_row(block, what) for block, what in zip(blocks, names))


def link_html(url: str, copy: str | None = None) -> str:
    """A link to ``url`` showing the address itself, wrapped (a phone also copies it with a long press on the link);
    with ``copy`` (what it is, in words) beside a button that copies it."""
    shown = escape(url, quote=True)
    return STYLESHEET + _row(f'<code class="plain-code link"><a href="{shown}">{shown}</a></code>', copy)
