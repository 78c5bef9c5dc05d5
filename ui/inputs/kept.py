"""Uploaded files that stay for the whole browser session: each uploader is a drop zone whose files move into
``ui.inputs.store`` in its callback and are listed under it, each with a button that removes it everywhere.

A file the session's share of the store cannot hold is used while this server session lasts, not kept; the store
keeps its name, so the page names every such file, on every run and after a reload, until it is uploaded again (and
kept) or removed. Whose files these are, and what a reload finds, is ``ui.inputs.identity``.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, MutableMapping, Sequence
from typing import Any

import streamlit as st

from ui.inputs import identity
from ui.inputs.kept_wording import box_help, limits_caption, unkept_messages
from ui.inputs.limits import IDLE_SECONDS, MAX_SESSION_FILES, MAX_UPLOAD_MB
from ui.inputs.shared import adopt, own, own_id, pooled, store_slot
from ui.inputs.store import EVICTED, EXPIRED, KeptFile, StoreFull, text_bytes
from ui.inputs.uploads import InputError, TextFile, decode_bytes, unique_names
from ui.shell.held import wish_values
from ui.shell.i18n import _
from ui.shell.markdown import escape_markdown
from ui.shell.session import session_state


def _version_key(slot: str) -> str:
    return f"{slot}__version"


def uploader_key(session: MutableMapping[str, Any], slot: str) -> str:
    """The key of the slot's drop zone now (a new one after every upload, so it empties)."""
    version = int(session.get(_version_key(slot), 0))
    return slot if version == 0 else f"{slot}_{version}"


def _notes_key(slot: str) -> str:
    return f"{slot}__notes"


def _transient_key(slot: str) -> str:
    return f"{store_slot(slot)}__unkept"


def _transient(session: MutableMapping[str, Any], slot: str) -> list[KeptFile]:
    """The slot's files used in this server session but not kept (their names are in the store)."""
    files = session.get(_transient_key(slot))
    return list(files) if isinstance(files, list) else []


def _settle(slot: str, files: Sequence[KeptFile], multiple: bool) -> None:
    """Keep ``files`` as the slot's files, as many as fit (for a slot of one file, the last: else the file kept before
    stays kept); the others are used now and named, and so are earlier files not kept (a reload lost them) that are
    not given again (in a slot of one file, only the file given counts)."""
    session = session_state()
    key, me = identity.identity()
    store, where = identity.store(), store_slot(slot)
    if multiple:
        left = store.set_files(key, me, where, files, partial=True)
    else:
        try:
            store.set_files(key, me, where, files[-1:])
            left = []
        except StoreFull as err:
            left = [(files[-1], err.reason)]
    given = {f.file.name for f in files}
    earlier = [(name, why) for name, why in store.unkept(key, me, where) if multiple and name not in given]
    store.set_unkept(key, me, where, [*earlier, *((f.file.name, why) for f, why in left)])
    session[_transient_key(slot)] = [f for f, _why in left]


#: What a drop zone makes of an uploaded file's bytes (its name given): a TextFile, or InputError in the page's words.
Decoder = Callable[[bytes, str], TextFile]


def _absorb(
    slot: str, multiple: bool, box_mb: int, held: bool, decode: Decoder | None, choice: str | None = None
) -> None:
    """The drop zone's callback (before the run, so no upload racing a rerun is lost): its files move into the
    store and the drop zone empties under a new key; files the store cannot keep are used now and named."""
    session = session_state()
    uploaded = session.get(uploader_key(session, slot))
    new = [uploaded] if uploaded is not None and not isinstance(uploaded, list) else list(uploaded or [])
    if not new:
        session.pop(_notes_key(slot), None)
        return
    session[_version_key(slot)] = int(session.get(_version_key(slot), 0)) + 1
    if len(new) > MAX_SESSION_FILES:  # before reading any: thousands of files would freeze the page
        session[_notes_key(slot)] = [
            _("{n:,} files at once: a session takes at most {limit} files. Upload fewer.").format(
                n=len(new), limit=MAX_SESSION_FILES
            )
        ]
        return
    key, me = identity.identity()
    adopt(session, slot, identity.store(), key, me)
    kept = identity.store().files(key, me, store_slot(slot))
    transient = _transient(session, slot)
    single = pooled(slot) and not multiple  # one file among files shared with another page: it takes the place of
    if single:  # the file this drop zone gave before, and of a file of its name (once it is read)
        name = new[0].name
        kept, transient = (
            [f for f in files if f.file.name != name and not own(slot, f)] for files in (kept, transient)
        )
    taken = [f.file.name for f in (*kept, *transient)] if multiple or pooled(slot) else []
    added, notes = [], []
    for upload, name in zip(new, unique_names([*taken, *(u.name for u in new)])[len(taken) :]):
        try:
            data = upload.getvalue()
            file = decode_bytes(data, name, box_mb, held) if decode is None else decode(data, name)
        except InputError as err:
            notes.append(str(err))
            continue
        file_id = upload.file_id or secrets.token_hex(8)
        added.append(KeptFile(own_id(slot, file_id) if single else file_id, file, text_bytes(file)))
    session[_notes_key(slot)] = notes
    if added:
        if choice is not None:  # the file dropped is the one chosen among the slot's files (before the run reads it)
            session.update(wish_values(choice, added[-1].file.name))
        many = multiple or pooled(slot)
        _settle(slot, [*kept, *transient, *(added if multiple else added[:1])] if many else added[:1], many)


def _remove(slot: str, file_id: str, multiple: bool) -> None:
    """Remove a kept file everywhere; files used now but not kept move into the room it leaves."""
    session = session_state()
    session.pop(_notes_key(slot), None)
    key, me = identity.identity()
    where, multiple = store_slot(slot), multiple or pooled(slot)
    rest = [f for f in identity.store().files(key, me, where) if f.file_id != file_id]
    transient = _transient(session, slot)
    if multiple:
        _settle(slot, [*rest, *transient], multiple)
    elif transient:
        identity.store().set_files(key, me, where, [])
        _settle(slot, transient, multiple)
    else:
        identity.store().set_files(key, me, where, rest)


def _forget(slot: str, name: str) -> None:
    """Remove a file that was not kept: it is no longer used, nor named."""
    session = session_state()
    session.pop(_notes_key(slot), None)
    session[_transient_key(slot)] = [f for f in _transient(session, slot) if f.file.name != name]
    key, me = identity.identity()
    names = identity.store().unkept(key, me, store_slot(slot))
    identity.store().set_unkept(key, me, store_slot(slot), [(n, why) for n, why in names if n != name])


def lost_notice() -> None:
    """Once per run, where uploads are drawn: the files this browser's address named are gone, and why."""
    session = session_state()
    reason = identity.lost()
    if reason is None or session.get(identity.NOTICE_SHOWN):
        return
    session[identity.NOTICE_SHOWN] = True
    if reason == EXPIRED:
        text = _(
            "The files this browser uploaded were removed from the server {hours} hours after their last use: upload "
            "them again."
        ).format(hours=IDLE_SECONDS // 3600)
    elif reason == EVICTED:
        text = _(
            "The files this browser uploaded were removed from the server to make room for other visitors' files: "
            "upload them again."
        )
    else:
        text = _(
            "The files this browser uploaded are no longer on the server (it was set up again without them): "
            "upload them again."
        )
    st.info(text, icon=":material/history:")


def kept_files(
    slot: str,
    label: str,
    kind: str,
    help_text: str,
    multiple: bool,
    box_mb: int = MAX_UPLOAD_MB,
    held: bool = True,
    decode: Decoder | None = None,
    choice: str | None = None,
) -> tuple[list[TextFile], list[str]]:
    """Draw the slot's drop zone, its kept files and those not kept; (the files used, in order, and messages about
    any not read or not kept). ``kind`` names one file in a remove button ("reference file"); ``box_mb`` is the drop
    zone's size and ``held`` whether its files are scored line by line (``ui.inputs.uploads.decode_bytes``); ``choice``
    the key of a choice among the slot's files (``ui.shell.held``) that a file dropped here becomes;
    ``decode`` reads an upload by other rules (score files: ``ui.metrics.imported``)."""
    session = session_state()
    lost_notice()
    key, me = identity.current()  # no key is made for a drop zone only seen: the address gains ?u= with a kept file
    st.file_uploader(
        label,
        accept_multiple_files=multiple,
        key=uploader_key(session, slot),
        help=f"{help_text} {box_help(box_mb, held)}",
        on_change=_absorb,
        args=(slot, multiple, box_mb, held, decode, choice),
        max_upload_size=box_mb,
    )
    store, where = identity.store(), store_slot(slot)
    adopt(session, slot, store, key, me)
    kept = store.files(key, me, where) if key is not None else []
    unkept = store.unkept(key, me, where) if key is not None else []
    transient = _transient(session, slot)
    used = {f.file.name: f for f in transient}
    for item in kept:
        words = _("{name}: {lines:,} lines, kept for this session").format(name=item.file.name, lines=len(item.file))
        _listed(words, kind, item.file.name, f"{slot}__remove_{item.file_id}", _remove, (slot, item.file_id, multiple))
    for name, _why in unkept:
        file = used.get(name)
        words = (
            _("{name}: {lines:,} lines, used now but not kept").format(name=name, lines=len(file.file))
            if file is not None
            else _("{name}: not kept").format(name=name)
        )
        tag = hashlib.blake2b(name.encode("utf-8", "surrogatepass"), digest_size=6).hexdigest()
        _listed(words, kind, name, f"{slot}__forget_{tag}", _forget, (slot, name))
    errors = [*session.get(_notes_key(slot), []), *unkept_messages(unkept, set(used))]
    if (
        not multiple and not pooled(slot) and transient
    ):  # a new file that could not be kept is the one used, while this session lasts
        return [transient[-1].file], errors
    return [f.file for f in (*kept, *transient)], errors


def kept_in(slot: str) -> list[TextFile]:
    """The files the slot uses now, in order, without drawing its drop zone (for a choice drawn above it)."""
    key, me = identity.current()
    adopt(session_state(), slot, identity.store(), key, me)
    kept = identity.store().files(key, me, store_slot(slot)) if key is not None else []
    return [f.file for f in (*kept, *_transient(session_state(), slot))]


def _listed(words: str, kind: str, name: str, button: str, action: Any, args: tuple[Any, ...]) -> None:
    """One file under a drop zone: what it is, and a button that removes it."""
    with st.container(horizontal=True, vertical_alignment="center", gap="small"):
        st.caption(escape_markdown(words))
        st.button(
            escape_markdown(_("Remove {kind} {name}").format(kind=kind, name=name)),
            icon=":material/close:",
            key=button,
            on_click=action,
            args=args,
            type="tertiary",
        )


def upload_columns(
    ref_slot: str,
    ref_help: str,
    slot: str,
    label: str,
    kind: str,
    help_text: str,
    multiple: bool,
    choice: str | None = None,
) -> tuple[list[TextFile], list[TextFile], list[str]]:
    """The upload source of Corpus and Compare: reference files on the left, the outputs (``kept_files`` of
    ``slot``) on the right, the limits below; (references, outputs, messages about files not read or not kept:
    the files listed are still used)."""
    lost_notice()
    left, right = st.columns(2)
    with left:
        refs, ref_errors = kept_files(
            ref_slot, _("Reference files (one or more)"), _("reference file"), ref_help, multiple=True
        )
    with right:
        outputs, errors = kept_files(slot, label, kind, help_text, multiple, choice=choice)
    st.caption(limits_caption())
    return refs, outputs, [*ref_errors, *errors]
