"""Cached reads of the kept score files, per file digest (and the metric name a JSON's scores are read under)."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from bleucore.metrics.imported import ScoreFile
from ui.inputs.uploads import TextFile, digest
from ui.metrics.imported import files as score_files
from ui.shell.cache_limits import MAX_INPUT_ENTRIES, TTL_SECONDS


@st.cache_data(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _score_file(file_digest: str, metric: str, _file: TextFile) -> ScoreFile:

    return score_files.read_score_file(_file, metric)


def score_file(file: TextFile, metric: str) -> ScoreFile:
    """``files.read_score_file``, cached per file and metric name (bleucore's typed errors are not cached)."""
    return _score_file(digest([file]), metric, file)


@st.cache_data(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _default_name(file_digest: str, _files: tuple[TextFile, ...]) -> str:

    return score_files.default_name(_files)


def default_name(files: Sequence[TextFile]) -> str:
    """``files.default_name`` (the first file's JSON key, else COMET), cached per file."""
    return _default_name(digest(list(files[:1])), tuple(files[:1]))


@st.cache_data(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _said_direction(files_digest: str, _files: tuple[TextFile, ...]) -> bool | None:

    return score_files.said_direction(_files)


def said_direction(files: Sequence[TextFile]) -> bool | None:
    """``files.said_direction`` (False for MetricX's JSONL), cached per set of files."""
    return _said_direction(digest(list(files)), tuple(files))
