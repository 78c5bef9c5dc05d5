"""The one page-state mechanism run on a page, the same for every page: ``open_state_page`` fills the widgets before
they are drawn (a new link wins, else the state saved or kept for this browser), ``mirror_state`` saves the state a
run draws and puts its link in the address before the long work, and ``publish_state`` does it again with the
run's end state and draws the share box. ``ui.state.page`` is the mechanism itself, without Streamlit."""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from dataclasses import replace
from typing import Any

import streamlit as st

from ui.inputs import identity
from ui.inputs.kept import kept_in
from ui.inputs.sources import SYSTEMS_UPLOAD, references_upload_key
from ui.links.share import PARAM
from ui.links.share_box import opened_link_notices, share_box
from ui.options.metrics import imported
from ui.shell.session import session_state
from ui.state.inputs import PastedInputs
from ui.state.page import StatePage, init_page, save_state


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
    if page.kept_on_server:
        identity.keep_state(page.prefix, state, needed=uploads or note is not None)
    if token is not None:
        st.query_params[PARAM] = token  # always: after a page switch the browser's address may differ
    else:
        st.query_params.pop(PARAM, None)  # no link reproduces this view: the address holds none
    return token, note


def arrival_state(page: StatePage) -> Any:
    """The state Corpus or Compare opens with where this browser has shown it no other (no link, none kept): its
    default, with its uploads chosen when the files another page was given would be scored here (references and an
    output, shared by ``ui.inputs.shared``: a reference uploaded once serves every page)."""
    default = page.default
    if isinstance(default, PastedInputs) and kept_in(references_upload_key(page.prefix)) and kept_in(SYSTEMS_UPLOAD):
        return replace(default, source="upload")
    return default


def open_state_page(page: StatePage, title: Callable[[], tuple[str, str]]) -> None:
    """Fill the page's widget keys (a new link in ``?s=`` wins, see ``init_page``), then draw its title and caption
    (``title()``: read once the keys are filled, so they can name the metrics picked) and any notice about the
    opened link."""
    session = session_state()
    on_server = identity.kept_state(page.prefix, page.default) if page.kept_on_server else None
    arrival = arrival_state(page) if on_server is None and page.saved_key not in session else None
    loaded, link_error = init_page(session, st.query_params.get(PARAM), page, on_server, arrival)
    heading, caption = title()
    st.title(heading)
    st.caption(caption)
    # A link made with uploads (files to score, or an imported metric's scores) asks for the files, unless this
    # browser's session still keeps files (a reload), or the address is this browser's own, whose files are gone: the
    # upload boxes say that (``kept.lost_notice``).
    uploads = isinstance(loaded, PastedInputs) and (loaded.source == "upload" or bool(imported(loaded.metrics)))
    opened_link_notices(link_error, uploads and not identity.keeps_files() and identity.lost() is None)
