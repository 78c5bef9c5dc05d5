"""A choice among options that come and go: a system's file replaced, a metric's score file uploaded again, another
tokenizer's tools in the doctor's table. While the option chosen last is not offered the widget shows a fallback,
and the choice is not forgotten: once the option is back the widget shows it again (issue 45: replacing xCOMET's
file switched "Imported metric" back to COMET-22 for good).

The choice is kept under a key of its own (``wish_key``), set only when a person picks an option (the widget's
``on_change``) or a page state is restored (``wish_values``); a page's state reads it (``wish``), so the choice is in
its link and in the state the server keeps for a reload or a restart (``ui.state.page``), not the fallback shown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping, Sequence
from typing import Any

import streamlit as st


def wish_key(key: str) -> str:
    """The session key of the option chosen last in the widget ``key``."""
    return f"{key}__wish"


def wish(session: Mapping[str, Any], key: str, default: Any) -> Any:
    """The option chosen last in the widget ``key`` (its value before any was chosen; ``default`` before it was
    drawn)."""
    return session.get(wish_key(key), session.get(key, default))


def wish_values(key: str, value: Any) -> dict[str, Any]:
    """Widget key -> value that shows ``value`` chosen in the widget ``key`` (a page state's, ``widget_values``)."""
    return {key: value, wish_key(key): value}


def _picked(session: MutableMapping[str, Any], key: str) -> None:
    session[wish_key(key)] = session[key]


def hold(key: str, options: Sequence[Any], fallback: Any) -> dict[str, Any]:
    """Call before drawing the choice widget ``key`` among ``options``: it shows the option chosen last when that is
    offered, else its value if that is, else ``fallback``. Returns the widget's ``on_change`` and ``args``, which
    record a new choice (``st.radio(..., **hold(key, options, fallback))``)."""
    session = st.session_state
    if wish_key(key) not in session:
        session[wish_key(key)] = session.get(key)
    wished = session[wish_key(key)]
    if wished in options:
        if session.get(key) != wished:
            session[key] = wished
    elif session.get(key) not in options:
        session[key] = fallback
    picked: Callable[[MutableMapping[str, Any], str], None] = _picked
    return {"on_change": picked, "args": (session, key)}
