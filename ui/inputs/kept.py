"""Uploaded files that stay for the whole browser session: each uploader is a drop zone whose files move
into ``ui.inputs.store`` in its callback and are listed under it, each with a button that removes it everywhere.

The session's store key sits in the address as ``?u=`` (so a reload finds it) and in the session; it is
never part of a share link, and the store answers only the browser that made it (a digest of Streamlit's
``_streamlit_xsrf`` cookie), so a copied address opened elsewhere finds no files.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import MutableMapping
from typing import Any

import streamlit as st

from ui.inputs.store import (
    IDLE_SECONDS,
    MAX_SESSION_BYTES,
    MAX_SESSION_FILES,
    InputStore,
    KeptFile,
    StoreFull,
    text_bytes,
)
from ui.inputs.uploads import MAX_UPLOAD_MB, InputError, TextFile, decode_bytes, unique_names
from ui.shell.i18n import _
from ui.shell.markdown import escape_markdown
from ui.shell.session import session_state

PARAM = "u"
SESSION_KEY = "inputs_store_key"
_KEY_SHAPE = re.compile(r"[A-Za-z0-9_-]{24}")
_COOKIE = "_streamlit_xsrf"


@st.cache_resource(show_spinner=False)
def _store() -> InputStore:
    return InputStore()


def store() -> InputStore:
    """The process's one store (every session's files; bounded by ``ui.inputs.store``'s limits)."""
    return _store()


def _owner() -> str:
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


def _adopt(owner: str) -> str | None:
    """The session's key: the one it has, else the address's if this browser owns it (a reload), else None."""
    session = session_state()
    key = session.get(SESSION_KEY)
    if not isinstance(key, str):
        given = st.query_params.get(PARAM, "")
        key = given if _KEY_SHAPE.fullmatch(given) and store().claim(given, owner) else None
        if key is not None:
            session[SESSION_KEY] = key
    if key is not None and st.query_params.get(PARAM) != key:
        st.query_params[PARAM] = key
    return key


def identity() -> tuple[str, str]:
    """(this session's store key, its owner), the key made once per browser session and kept in ``?u=``."""
    owner = _owner()
    key = _adopt(owner)
    if key is None:
        key = st.session_state[SESSION_KEY] = _new_key(owner)
        st.query_params[PARAM] = key
    return key, owner


def keep_address() -> None:
    """Every page, every run: a session that keeps files keeps its key in the address, so a reload on any page
    (Explore after a hand-off included) finds them again."""
    _adopt(_owner())


def _new_key(owner: str) -> str:
    while True:
        key = secrets.token_urlsafe(18)
        if store().claim(key, owner):
            return key


def keep_state(page: str, state: Any, needed: bool) -> None:
    """Keep a page's state for a reload: always once the session keeps files, else when ``needed`` (the link
    could not hold everything, such as long pasted texts)."""
    if needed or isinstance(st.session_state.get(SESSION_KEY), str):
        key, owner = identity()
        store().set_state(key, owner, page, state)


def kept_state(page: str) -> Any | None:
    """The page's state kept for this browser (None in a session that keeps nothing)."""
    owner = _owner()
    key = _adopt(owner)
    return store().state(key, owner, page) if key is not None else None


def keeps_files() -> bool:
    """True when the store keeps files for this browser session (a reload, or a link opened in the same browser)."""
    owner = _owner()
    key = _adopt(owner)
    return key is not None and store().file_count(key, owner) > 0


def query() -> dict[str, str]:
    """The store key as a query parameter, for a page switch that must keep it (``st.switch_page``)."""
    key = st.session_state.get(SESSION_KEY)
    return {PARAM: key} if isinstance(key, str) else {}


def limits_caption() -> str:
    """What the store keeps and for how long, in words."""
    return (
        _(
            "Files larger than {limit} MB are refused by the server: split a larger file, or score it with the command "
            "line (python -m bleucore)."
        ).format(limit=MAX_UPLOAD_MB)
        + " "
        + _(
            "Uploaded files are kept on the server for this browser session, so leaving the page, opening a line in "
            "Explore or reloading never asks for them again: at most {files} files and {mb} MB per session, removed "
            "{hours} hours after their last use. They are never part of a shareable link."
        ).format(files=MAX_SESSION_FILES, mb=MAX_SESSION_BYTES // (1024 * 1024), hours=IDLE_SECONDS // 3600)
    )


def _version_key(slot: str) -> str:
    return f"{slot}__version"


def uploader_key(session: MutableMapping[str, Any], slot: str) -> str:
    """The key of the slot's drop zone now (a new one after every upload, so it empties)."""
    version = int(session.get(_version_key(slot), 0))
    return slot if version == 0 else f"{slot}_{version}"


def _notes_key(slot: str) -> str:
    return f"{slot}__notes"


def _remove(slot: str, file_id: str) -> None:
    st.session_state.pop(_notes_key(slot), None)
    st.session_state.pop(_transient_key(slot), None)
    key, owner = identity()
    kept = store().files(key, owner, slot)
    store().set_files(key, owner, slot, [f for f in kept if f.file_id != file_id])


def _transient_key(slot: str) -> str:
    return f"{slot}__unkept"


def _absorb(slot: str, multiple: bool) -> None:
    """The drop zone's callback (before the run, so no upload racing a rerun is lost): its files move into the
    store and the drop zone empties under a new key; files the store cannot keep stay in it, used but not kept."""
    session = session_state()
    uploaded = session.get(uploader_key(session, slot))
    new = [uploaded] if uploaded is not None and not isinstance(uploaded, list) else list(uploaded or [])
    session.pop(_transient_key(slot), None)
    if not new:
        session.pop(_notes_key(slot), None)
        return
    key, owner = identity()
    kept = store().files(key, owner, slot)
    notes: list[str] = []
    if len(new) > MAX_SESSION_FILES:  # before reading any: thousands of files would freeze the page
        session[_notes_key(slot)] = [
            _("{n:,} files at once: a session takes at most {limit} files. Upload fewer.").format(
                n=len(new), limit=MAX_SESSION_FILES
            )
        ]
        return
    taken = [f.file.name for f in kept] if multiple else []
    added = []
    for upload, name in zip(new, unique_names([*taken, *(u.name for u in new)])[len(taken) :]):
        try:
            file = decode_bytes(upload.getvalue(), name)
        except InputError as err:
            notes.append(str(err))
            continue
        added.append(KeptFile(upload.file_id or secrets.token_hex(8), file, text_bytes(file)))
    files = [*kept, *added] if multiple else (added[:1] or kept)
    session[_notes_key(slot)] = notes
    try:
        store().set_files(key, owner, slot, files)
    except StoreFull as err:
        notes.append(_store_full(err))
        session[_transient_key(slot)] = [f.file for f in files]
        return
    session[_version_key(slot)] = int(session.get(_version_key(slot), 0)) + 1


def kept_files(slot: str, label: str, kind: str, help_text: str, multiple: bool) -> tuple[list[TextFile], list[str]]:
    """Draw the slot's drop zone and its kept files; (the files, in order, and messages about any not read or
    not kept). ``kind`` names one file in a remove button ("reference file")."""
    session = session_state()
    owner = _owner()
    key = _adopt(owner)  # no key is made for a drop zone only seen: the address gains ?u= with the first kept file
    errors: list[str] = list(session.get(_notes_key(slot), []))  # the last upload's problems, until the next change
    st.file_uploader(
        label,
        accept_multiple_files=multiple,
        key=uploader_key(session, slot),
        help=help_text,
        on_change=_absorb,
        args=(slot, multiple),
    )
    kept = store().files(key, owner, slot) if key is not None else []
    for item in kept:
        with st.container(horizontal=True, vertical_alignment="center", gap="small"):
            st.caption(
                escape_markdown(
                    _("{name}: {lines:,} lines, kept for this session").format(
                        name=item.file.name, lines=len(item.file)
                    )
                )
            )
            st.button(
                escape_markdown(_("Remove {kind} {name}").format(kind=kind, name=item.file.name)),
                icon=":material/close:",
                key=f"{slot}__remove_{item.file_id}",
                on_click=_remove,
                args=(slot, item.file_id),
                type="tertiary",
            )
    unkept = session.get(_transient_key(slot))
    if isinstance(unkept, list):  # over the session's share: used while the drop zone holds them
        return list(unkept), errors
    return [f.file for f in kept], errors


def upload_columns(
    ref_slot: str, ref_help: str, slot: str, label: str, kind: str, help_text: str, multiple: bool
) -> tuple[list[TextFile], list[TextFile], list[str]]:
    """The upload source of Corpus and Compare: reference files on the left, the outputs (``kept_files`` of
    ``slot``) on the right, the limits below; (references, outputs, messages about files not read or not kept:
    the files listed are still used)."""
    left, right = st.columns(2)
    with left:
        refs, ref_errors = kept_files(
            ref_slot, _("Reference files (one or more)"), _("reference file"), ref_help, multiple=True
        )
    with right:
        outputs, errors = kept_files(slot, label, kind, help_text, multiple)
    st.caption(limits_caption())
    return refs, outputs, [*ref_errors, *errors]


def _store_full(err: StoreFull) -> str:
    if err.reason == "files":
        return _(
            "{name} is used now but not kept for later visits: a session keeps at most {files} files. Remove a file "
            "you no longer need to keep it."
        ).format(name=err.name, files=MAX_SESSION_FILES)
    return _(
        "{name} is used now but not kept for later visits: a session keeps at most {mb} MB of files. Remove a file "
        "you no longer need to keep it."
    ).format(name=err.name, mb=MAX_SESSION_BYTES // (1024 * 1024))
