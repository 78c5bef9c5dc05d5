"""The link parts of the pages: notices about an opened link, and the "Share this view" box of Corpus and Compare
(``publish_state`` saves a page's state and shares it)."""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from typing import Any

import streamlit as st

from ui.inputs import kept
from ui.inputs.uploads import escape_markdown
from ui.links.page_state import StatePage, init_page, save_state
from ui.links.share import PARAM
from ui.shell import i18n
from ui.shell.i18n import _
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
    """Explore's share part: put ``token`` in ``?s=`` and show the link, or say why there is none."""
    st.markdown("**" + _("Share this view") + "**")
    if token is None:
        st.query_params.pop(PARAM, None)
        st.info(escape_markdown(note or ""))
        return
    st.query_params[PARAM] = token  # always: after a page switch the browser's address may differ from ours
    st.caption(_("The address bar always reproduces this view. Copy the link:"))
    st.html(link_html(share_url(token)))  # not st.code: its highlighter's code slowed the first view


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


def publish_state(
    session: MutableMapping[str, Any], page: StatePage, state: Any, holds: str, *, with_texts: bool, uploads: bool
) -> None:
    """Save ``state`` for later visits and mirror it in the address bar (``?s=``) with the share box.

    ``with_texts``: the view holds pasted texts (kept in the link when they fit).
    """
    token, note = mirror_state(session, page, state, uploads=uploads)
    share_box(token, note, holds, with_texts=with_texts and note is None, uploads=uploads)


def mirror_state(
    session: MutableMapping[str, Any], page: StatePage, state: Any, *, uploads: bool
) -> tuple[str | None, str | None]:
    """Save ``state`` for later visits, keep it for a reload and put its link in ``?s=``; (token, note) as
    ``save_state``. A page calls it once it has read the state a run draws, before the long work, so that a reload
    during the run reopens this view, not the last one; ``publish_state`` calls it again with the run's end state."""
    token, note = save_state(session, page, state)
    kept.keep_state(page.prefix, state, needed=uploads or note is not None)
    if token is not None:
        st.query_params[PARAM] = token  # always: after a page switch the browser's address may differ
    return token, note


def open_state_page(page: StatePage, title: Callable[[], tuple[str, str]]) -> None:
    """Fill the page's widget keys (a new link in ``?s=`` wins, see ``init_page``), then draw its title and caption
    (``title()``: read once the keys are filled, so they can name the metrics picked) and any notice about the
    opened link."""
    loaded, link_error = init_page(st.session_state, st.query_params.get(PARAM), page, kept.kept_state(page.prefix))  # type: ignore[arg-type]
    heading, caption = title()
    st.title(heading)
    st.caption(caption)
    # A link made with uploads asks for the files, unless this browser's session still keeps files (a reload).
    opened_link_notices(link_error, loaded is not None and loaded.source == "upload" and not kept.keeps_files())
