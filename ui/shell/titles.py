"""Hover titles and aria-labels that survive Streamlit's HTML sanitizer."""

from __future__ import annotations

import re

WORD_JOINER = "\u2060"
_CLOSING_TAG = re.compile(r"<(?=/)")
_COMMENT_END = re.compile(r"(--!?|\])>")


def keep_title(title: str) -> str:
    """The title with an invisible word joiner inside ``</``, ``-->`` and ``]>``.

    st.html sanitizes with DOMPurify, which drops a whole title attribute holding ``</script``,
    ``</style``, ``-->`` or ``]>``; the joiner keeps the hover text (escaping happens after this).
    """
    return _COMMENT_END.sub(rf"\1{WORD_JOINER}>", _CLOSING_TAG.sub(f"<{WORD_JOINER}", title))
