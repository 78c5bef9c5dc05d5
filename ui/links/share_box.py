"""The link parts of the pages: notices about an opened link, the "Share this view" box of Corpus and Compare and
Explore's share part (``ui.state.on_page`` saves a page's state, puts its link in the address and draws these)."""

from __future__ import annotations

import streamlit as st

from ui.links.share import PARAM
from ui.shell import i18n
from ui.shell.i18n import _
from ui.shell.markdown import escape_markdown
from ui.shell.plain_code import link_html


def share_box(token: str | None, note: str | None, holds: str, *, with_texts: bool, uploads: bool) -> None:
    """Show the link ``token`` makes, what it ``holds``, and why parts of the view are not in it.

    ``with_texts``: the pasted texts fit in the link; ``uploads``: the view uses uploaded files.
    """
    with st.expander(_("Share this view")):
        if token is not None:
            shown = (
                _("The address bar holds a link to this view: {holds} and the pasted texts.")
                if with_texts
                else _("The address bar holds a link to this view: {holds}.")
            )
            st.caption(shown.format(holds=holds))
            if st.context.url:
                st.code(share_url(token), language=None, wrap_lines=True)
        if note:
            st.caption(escape_markdown(note))
        if uploads:
            st.caption(_("Uploaded files cannot be part of a link: whoever opens it must upload the files again."))


def share_link(token: str | None, note: str | None) -> None:
    """Explore's share part: the link ``token`` makes (``mirror_state`` put it in ``?s=``), or why there is none."""
    st.markdown("**" + _("Share this view") + "**")
    if token is None:
        st.info(escape_markdown(note or ""))
        return
    st.caption(_("The address bar always reproduces this view. Copy the link:"))
    st.html(
        link_html(share_url(token), copy=_("the link"))
    )  # not st.code: its highlighter's code slowed the first view


def share_url(token: str) -> str:
    """The address of the view ``token`` holds, in this session's language."""
    base = (st.context.url or "").split("?")[0]
    return f"{base}?{PARAM}={token}{i18n.link_suffix()}"


def opened_link_notices(link_error: str | None, made_with_uploads: bool) -> None:
    """Say why an opened link could not be used, or that its uploaded files must be uploaded again."""
    if link_error:
        st.warning(escape_markdown(link_error), icon=":material/link_off:")
    if made_with_uploads:
        st.info(_("This link was made with uploaded files, which a link cannot hold: upload them again."))
