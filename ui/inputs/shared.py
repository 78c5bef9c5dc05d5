"""Files one upload serves on every page (issue 45, item 9): Corpus's (and the Score doctor's) drop zones and
Compare's keep their files in the same store slots, so a reference uploaded on Compare is Corpus's reference too, and
Compare's systems and Corpus's hypothesis are one set of outputs: Corpus scores the one chosen, Compare every one.

``sources.STORE_SLOTS`` names each shared drop zone's slot. A drop zone of one file (Corpus's hypothesis) adds its
file to the shared outputs in place of the one it gave before and of a file of the same name. Files a session kept
before, under its drop zones' own keys, move into the shared slots the first time a page reads them (``adopt``), the
same file once."""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from ui.inputs.sources import STORE_SLOTS
from ui.inputs.store import InputStore, KeptFile
from ui.inputs.uploads import TextFile, unique_names


def store_slot(slot: str) -> str:
    """The store slot of the drop zone ``slot`` (its own key, unless it shares its files)."""
    return STORE_SLOTS.get(slot, slot)


def pooled(slot: str) -> bool:
    """True for a drop zone whose files are shared with another page's (so its slot holds many files)."""
    return slot in STORE_SLOTS


def own_id(slot: str, file_id: str) -> str:
    """The store id of a file the drop zone ``slot`` gives to shared files: the store knows which one it holds (a
    drop zone of one file replaces it), through a reload and a restart too."""
    return f"{slot}:{file_id}"


def own(slot: str, file: KeptFile) -> bool:
    """True for the shared file the drop zone ``slot`` gave (``own_id``)."""
    return file.file_id.startswith(f"{slot}:")


def _adopted_key(slot: str) -> str:
    return f"{slot}__adopted"


def adopt(session: MutableMapping[str, Any], slot: str, store: InputStore, key: str | None, me: str) -> None:
    """Once per browser session, before the shared slot of ``slot`` is read: move the files kept under the old keys
    of the drop zones that share it into it, after the files it holds and leaving out a file it holds already (the
    same name and lines); a repeated name is numbered, and a file the session's share cannot hold is named as not
    kept. ``key`` and ``me``: the session's (``ui.inputs.identity``)."""
    shared = store_slot(slot)
    if not pooled(slot) or session.get(_adopted_key(shared)):
        return
    session[_adopted_key(shared)] = True
    if key is None:  # nothing kept yet
        return
    files = store.files(key, me, shared)
    unkept = list(store.unkept(key, me, shared))
    moved = False
    for old in (s for s, target in STORE_SLOTS.items() if target == shared):
        former = store.files(key, me, old)
        held = {(f.file.name, f.file.lines) for f in files}
        new = [f for f in former if (f.file.name, f.file.lines) not in held]
        names = unique_names([*(f.file.name for f in files), *(f.file.name for f in new)])[len(files) :]
        files += [KeptFile(own_id(old, f.file_id), TextFile(n, f.file.lines), f.size) for f, n in zip(new, names)]
        unkept += [entry for entry in store.unkept(key, me, old) if entry not in unkept]
        if former or store.unkept(key, me, old):
            moved = True
            store.set_files(key, me, old, [])
            store.set_unkept(key, me, old, [])
    if moved:
        left = store.set_files(key, me, shared, files, partial=True)
        store.set_unkept(key, me, shared, [*unkept, *((f.file.name, why) for f, why in left)])
