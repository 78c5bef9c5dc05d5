"""The link parts of the pages: notices about an opened link, and the "Share this view" box of Corpus and Compare."""

from __future__ import annotations

import streamlit as st

from ui.share import PARAM, remember
from ui.uploads import escape_markdown


def share_box(
    token: str | None, note: str | None, loaded_key: str, holds: str, *, with_texts: bool, uploads: bool
) -> None:
    """Put ``token`` in ``?s=`` and show the link, what it ``holds``, and why parts of the view are not in it.

    ``with_texts``: the pasted texts fit in the link; ``uploads``: the view uses uploaded files.
    """
    with st.expander("Share this view"):
        if token is not None:
            remember(st.session_state, loaded_key, token)  # type: ignore[arg-type]
            st.query_params[PARAM] = token  # always: after a page switch the browser's address may differ
            url = (st.context.url or "").split("?")[0]
            ending = " and the pasted texts." if with_texts else "."
            st.caption(f"The address bar holds a link to this view: {holds}{ending}")
            if url:
                st.code(f"{url}?{PARAM}={token}", language=None, wrap_lines=True)
        if note:
            st.caption(escape_markdown(note))
        if uploads:
            st.caption("Uploaded files cannot be part of a link: whoever opens it must upload the files again.")


def opened_link_notices(link_error: str | None, made_with_uploads: bool) -> None:
    """Say why an opened link could not be used, or that its uploaded files must be uploaded again."""
    if link_error:
        st.warning(escape_markdown(link_error), icon=":material/link_off:")
    if made_with_uploads:
        st.info("This link was made with uploaded files, which a link cannot hold: upload them again.")
