"""The session's state typed once, as the pages use it: a mapping whose keys are strings.

Streamlit types ``st.session_state`` as a proxy whose keys may be ``str | int``; every key of this app is a
string (named for its page: ``explore_candidate``), so the functions that read and write state take a
``MutableMapping[str, Any]`` (tests pass a plain dict) and the pages hand them ``session_state()``.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any, cast

import streamlit as st


def session_state() -> MutableMapping[str, Any]:
    """This session's state (``st.session_state``) as a mapping of string keys."""
    return cast(MutableMapping[str, Any], st.session_state)
