"""Whose kept files these are: the browser session's store key and its owner, the store itself, and the page states
kept for a reload.

The key sits in the address as ``?u=`` (so a reload, or a restarted server, finds it) and in the session; it is
never part of a share link, and the store answers only the browser that made it (a digest of Streamlit's
``_streamlit_xsrf`` cookie), so a copied address opened elsewhere finds nothing. The store is a SQLite database in the
folder ``$BLEU_EXPLORER_STORE`` names (on Streamlit Community Cloud, a root-level secret of that name is set as an
environment variable), else ``data/store/`` in the app's folder (git-ignored). An address whose session this browser
had but the store no longer has (removed after its idle time, to make room, or a store that was not kept) is noted
once per server session (``lost``), so the page says what happened instead of showing nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
from pathlib import Path
from typing import Any, TypeVar

import streamlit as st

from ui.inputs.store import EVICTED, EXPIRED, KEPT, UNKNOWN, InputStore
from ui.links.codec import link_data, read_state
from ui.links.share import LinkReader
from ui.shell.session import session_state

T = TypeVar("T")

PARAM = "u"
SESSION_KEY = "inputs_store_key"
#: Why the session the address named is gone (``EXPIRED``, ``EVICTED``, ``UNKNOWN``), until files are kept again.
LOST_KEY = "inputs_store_lost"
#: Set once the page has said so in this run (``ui.inputs.kept.lost_notice``); cleared at the start of
#: every run.
NOTICE_SHOWN = "inputs_store_lost_said"
#: The environment variable naming the store's folder, and the folder without it.
STORE_ENV = "BLEU_EXPLORER_STORE"
DEFAULT_FOLDER = Path(__file__).resolve().parents[2] / "data" / "store"
DATABASE = "inputs.sqlite3"
_LOST = (EXPIRED, EVICTED, UNKNOWN)
_KEY_SHAPE = re.compile(r"[A-Za-z0-9_-]{24}")
_COOKIE = "_streamlit_xsrf"


def store_folder() -> Path:
    """The folder of the store's database: ``$BLEU_EXPLORER_STORE``, else ``data/store/`` in the app's folder."""
    configured = os.environ.get(STORE_ENV, "").strip()
    return Path(configured).expanduser() if configured else DEFAULT_FOLDER


@st.cache_resource(show_spinner=False)
def _store() -> InputStore:
    return InputStore(store_folder() / DATABASE)


def store() -> InputStore:
    """The process's one store (every session's files; bounded by ``ui.inputs.limits``)."""
    return _store()


def owner() -> str:
    """This browser: a digest of its XSRF token (the same after a page load, a reload or a server restart)."""
    cookie = st.context.cookies.get(_COOKIE)
    return hashlib.sha256(browser_token(cookie if isinstance(cookie, str) else "")).hexdigest()


def browser_token(cookie: str) -> bytes:
    """The browser's XSRF token in Tornado's cookie ``2|mask|masked token|time``: the masked token XOR the
    4-byte mask repeated (the mask is new on every page load, the token is not); another form as it is."""
    parts = cookie.split("|")
    try:
        if len(parts) == 4 and parts[0] == "2":
            mask, masked = bytes.fromhex(parts[1]), bytes.fromhex(parts[2])
            if len(mask) == 4:
                return bytes(b ^ mask[i % 4] for i, b in enumerate(masked))
    except ValueError:
        pass
    return cookie.encode()


def keep_address() -> None:
    """Every page, first thing in every run: find this session's key (the one it has, checked against the store,
    else the address's if this browser owns it: a reload or a restarted server) and keep it in the address, so a
    reload on any page (Explore after a hand-off included) finds the files again; note a key that is gone."""
    session = session_state()
    session.pop(NOTICE_SHOWN, None)
    key = session.get(SESSION_KEY)
    status: str | None = None
    if isinstance(key, str):
        status = store().status(key, owner())
        if status != KEPT:  # removed while this session was open (or the browser's cookie changed: then silently)
            del session[SESSION_KEY]
            key = None
    else:
        given = st.query_params.get(PARAM, "")
        status = store().status(given, owner()) if _KEY_SHAPE.fullmatch(given) and LOST_KEY not in session else None
        if status == KEPT:
            key = session[SESSION_KEY] = given
    if status in _LOST:
        session[LOST_KEY] = status
    if isinstance(key, str) and st.query_params.get(PARAM) != key:
        st.query_params[PARAM] = key


def current() -> tuple[str | None, str]:
    """(this session's key, or None before its first kept file, and its owner), as ``keep_address`` found it."""
    key = session_state().get(SESSION_KEY)
    return (key if isinstance(key, str) else None), owner()


def identity() -> tuple[str, str]:
    """(this session's store key, its owner), the key made at the first kept file and put in ``?u=``."""
    found, me = current()
    if found is not None:
        return found, me
    key = secrets.token_urlsafe(18)
    while not store().claim(key, me):
        key = secrets.token_urlsafe(18)
    session = session_state()
    session[SESSION_KEY] = key
    session.pop(LOST_KEY, None)
    st.query_params[PARAM] = key
    return key, me


def lost() -> str | None:
    """Why the files this browser's address named are gone (``EXPIRED``, ``EVICTED``, ``UNKNOWN``), or None."""
    reason = session_state().get(LOST_KEY)
    return reason if isinstance(reason, str) else None


def keeps_files() -> bool:
    """True when the store keeps files for this browser session (a reload, or a link opened in the same browser)."""
    key, me = current()
    return key is not None and store().file_count(key, me) > 0


def query() -> dict[str, str]:
    """The store key as a query parameter, for a page switch that must keep it (``st.switch_page``)."""
    key, _me = current()
    return {PARAM: key} if key is not None else {}


def keep_state(page: str, state: Any, needed: bool) -> None:
    """Keep a page's state for a reload (its link's fields, pasted texts included, as JSON): always once the session
    has a key, else when ``needed`` (uploads, or what the link could not hold, such as long pasted texts), unless
    the address names a session that is gone (``lost``): a new key would hide that, and the link holds the view."""
    if current()[0] is not None or (needed and lost() is None):
        key, me = identity()
        store().set_state(key, me, page, json.dumps(link_data(state, with_texts=True), ensure_ascii=False))


def kept_state(page: str, default: T) -> T | None:
    """The page's state kept for this browser, read as a link is (``default``'s type and values for what it lacks);
    None in a session that keeps nothing."""
    key, me = current()
    data = store().state(key, me, page) if key is not None else None
    try:
        fields = json.loads(data) if data is not None else None
    except ValueError:
        return None
    return read_state(LinkReader(fields), default) if isinstance(fields, dict) else None  # type: ignore[type-var]
