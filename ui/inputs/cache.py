"""Cached inputs: the bundled sample files, decoded once."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from ui.inputs.uploads import TextFile, decode_bytes
from ui.shell.cache_limits import TTL_SECONDS


@st.cache_data(max_entries=4, ttl=TTL_SECONDS, show_spinner=False)
def text_files(paths: tuple[str, ...]) -> tuple[TextFile, ...]:
    """Files on the server (the bundled sample), decoded once, named by their file names."""
    return tuple(decode_bytes(Path(path).read_bytes(), Path(path).name) for path in paths)
