"""The "Share this view" box of the Corpus and Compare pages: mirror a link token in the address bar."""

from __future__ import annotations

import streamlit as st

from ui.share import PARAM
from ui.uploads import escape_markdown


def share_box(
    token: str | None, note: str | None, loaded_key: str, holds: str, *, with_texts: bool, uploads: bool
) -> None:
    """Put ``token`` in ``?s=`` and show the link, what it ``holds``, and why parts of the view are not in it.

    ``with_texts``: the pasted texts fit in the link; ``uploads``: the view uses uploaded files.
    """
    with st.expander("Share this view"):
        if token is not None:
            st.session_state[loaded_key] = token
            if st.query_params.get(PARAM) != token:
                st.query_params[PARAM] = token
            url = (st.context.url or "").split("?")[0]
            ending = " and the pasted texts." if with_texts else "."
            st.caption(f"The address bar holds a link to this view: {holds}{ending}")
            if url:
                st.code(f"{url}?{PARAM}={token}", language=None, wrap_lines=True)
        if note:
            st.caption(escape_markdown(note))
        if uploads:
            st.caption("Uploaded files cannot be part of a link: whoever opens it must upload the files again.")
