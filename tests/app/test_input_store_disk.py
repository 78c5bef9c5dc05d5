"""The store on disk (issue 40): what a server keeps outlives its process, for the same browser only; removed
sessions are remembered with why; many threads and two servers share one folder; decoded files are held within a
budget counted as the memory their strings take; and the pages say in words what happened to files that are gone
or not kept, naming each of them."""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from pathlib import Path

import pytest

from tests.conftest import drop_zone, messages, open_app
from ui.inputs import identity
from ui.inputs.decoded import DecodedFiles, resident_bytes
from ui.inputs.limits import IDLE_SECONDS, MAX_SESSION_FILES
from ui.inputs.store import EVICTED, EXPIRED, KEPT, OTHER, UNKNOWN, InputStore, KeptFile, text_bytes
from ui.inputs.uploads import TextFile
from ui.state import compare as cps
from ui.state import corpus as cs

LINES = [f"the cat {i} sat on the mat" for i in range(12)]


def item(name: str, lines: list[str] = LINES, file_id: str | None = None) -> KeptFile:
    file = TextFile(name, tuple(lines))
    return KeptFile(file_id or name, file, text_bytes(file))


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_a_store_opened_again_on_its_folder_has_what_the_last_process_kept(tmp_path: Path) -> None:
    """A restarted server: the same files (in order, lines exact), names not kept and page states, for their owner."""
    path = tmp_path / "store" / "inputs.sqlite3"
    odd = ["", "emoji 🙂 and 한국어", "tab\there", "trailing \r inside", "last"]
    first = InputStore(path)
    first.set_files("k", "me", "refs", [item("b.txt"), item("a.txt", odd)])
    first.set_unkept("k", "me", "refs", [("c.txt", "files")])
    first.set_state("k", "me", "corpus", '{"src": "upload"}')
    again = InputStore(path)  # another process would see the same: the database file is all there is
    assert [(f.file.name, f.file.lines) for f in again.files("k", "me", "refs")] == [
        ("b.txt", tuple(LINES)),
        ("a.txt", tuple(odd)),
    ]
    assert again.unkept("k", "me", "refs") == [("c.txt", "files")]
    assert again.state("k", "me", "corpus") == '{"src": "upload"}'
    assert again.files("k", "someone else", "refs") == [] and again.state("k", "someone else", "corpus") is None
    assert again.status("k", "me") == KEPT and again.status("k", "someone else") == OTHER


def test_removed_sessions_are_remembered_with_why_and_their_keys_never_given_again() -> None:
    clock = Clock()
    store = InputStore(max_bytes=250, idle_seconds=60, clock=clock)
    one = item("one.txt", ["a" * 99])  # 100 bytes
    store.set_files("idle", "me", "refs", [one])
    clock.now += 61
    store.set_files("full", "me", "refs", [one])
    store.set_files("fuller", "me", "refs", [one])
    assert store.status("idle", "me") == EXPIRED
    store.set_files("new", "me", "refs", [one])  # 300 bytes: the least recently used goes
    assert store.status("full", "me") == EVICTED and store.status("fuller", "me") == KEPT
    assert store.status("full", "you") == OTHER and store.status("never", "me") == UNKNOWN
    assert not store.claim("full", "me") and not store.claim("idle", "you")  # a removed key is not reused
    assert store.files("full", "me", "refs") == []


def test_expired_sessions_are_cleaned_up_without_being_read(tmp_path: Path) -> None:
    clock = Clock()
    store = InputStore(tmp_path / "s.sqlite3", idle_seconds=60, clock=clock)
    for key in ("a", "b", "c"):
        store.set_files(key, "me", "refs", [item("x.txt")])
    clock.now += 3600  # past the idle time and the sweep's interval
    store.claim("d", "me")  # any use of the store sweeps
    with sqlite3.connect(tmp_path / "s.sqlite3") as db:
        assert db.execute("SELECT key FROM sessions").fetchall() == [("d",)]
        assert db.execute("SELECT COUNT(*) FROM files").fetchone() == (0,)
        assert sorted(db.execute("SELECT key, reason FROM gone")) == [("a", EXPIRED), ("b", EXPIRED), ("c", EXPIRED)]


def test_partial_keeps_every_file_that_fits_and_returns_the_others_with_why() -> None:
    store = InputStore(session_bytes=255, session_files=2)
    big, small = item("big.txt", ["y" * 249]), item("small.txt", ["z" * 9])  # 250 and 10 bytes
    left = store.set_files("k", "me", "sys", [small, big, item("c.txt", ["c"]), item("d.txt", ["d"])], partial=True)
    assert [(f.file.name, why) for f, why in left] == [("big.txt", "bytes"), ("d.txt", "files")]
    assert [f.file.name for f in store.files("k", "me", "sys")] == ["small.txt", "c.txt"]
    store.set_files("k", "me", "sys", [item("c.txt", ["c"])])  # small.txt removed: its bytes are free again
    assert store.set_files("k", "me", "sys", [item("c.txt", ["c"]), big], partial=True) == []


def test_many_threads_and_two_servers_on_one_folder(tmp_path: Path) -> None:
    path = tmp_path / "inputs.sqlite3"
    servers = [InputStore(path), InputStore(path)]
    errors: list[BaseException] = []

    def session(n: int) -> None:
        store, key = servers[n % 2], f"key{n}"
        try:
            for round_ in range(15):
                lines = [f"{key} {round_} {i}" for i in range(round_ % 4 + 1)]
                files = [item(f"{key}-{i}.txt", [line], file_id=f"{key}-{round_}-{i}") for i, line in enumerate(lines)]
                store.set_files(key, f"owner{n}", "sys", files)
                store.set_state(key, f"owner{n}", "compare", f'{{"round": {round_}}}')
                seen = servers[(n + 1) % 2].files(key, f"owner{n}", "sys")  # what the other server reads
                assert [f.file.lines for f in seen] == [f.file.lines for f in files]
        except BaseException as err:  # reported below, with every thread's
            errors.append(err)

    threads = [threading.Thread(target=session, args=(n,)) for n in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert [len(servers[0].files(f"key{n}", f"owner{n}", "sys")) for n in range(10)] == [15 % 4] * 10


def test_a_state_is_written_again_after_another_server_wrote_its_own(tmp_path: Path) -> None:
    """A server skips writing a state it wrote last, unless another server has written since (a browser that a
    load balancer sent to the other one) or the session was made again."""
    first, second = InputStore(tmp_path / "s.sqlite3"), InputStore(tmp_path / "s.sqlite3")
    first.set_files("k", "me", "refs", [item("a.txt")])
    first.set_state("k", "me", "corpus", "one")
    second.set_state("k", "me", "corpus", "two")
    first.set_state("k", "me", "corpus", "one")
    assert second.state("k", "me", "corpus") == "one"
    first.remove("k", "me")
    first.set_files("k", "me", "refs", [item("a.txt")])  # the same browser uploads again under its key
    first.set_state("k", "me", "corpus", "one")
    assert second.state("k", "me", "corpus") == "one"


def test_a_file_that_is_not_a_database_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "inputs.sqlite3"
    path.write_bytes(b"not a database" * 100)
    store = InputStore(path)
    store.set_files("k", "me", "refs", [item("a.txt")])
    assert [f.file.name for f in InputStore(path).files("k", "me", "refs")] == ["a.txt"]
    assert [p.name.split("-")[0] for p in tmp_path.iterdir() if "unreadable" in p.name] == ["inputs.sqlite3.unreadable"]


def test_decoded_files_are_held_within_a_budget_of_their_real_memory() -> None:
    """Four-byte characters: a line of 1,000 emoji takes about 4,000 bytes as a string, not 1,000 or its UTF-8 size."""
    wide = tuple("🙂" * 1_000 for _ in range(100))
    assert resident_bytes(wide) >= 4 * 1_000 * 100
    cache = DecodedFiles(budget=3 * resident_bytes(wide))
    for n in range(10):
        cache.put(f"d{n}", wide)
        assert cache.held <= cache.budget
    assert cache.get("d9") == wide and cache.get("d0") is None  # the least recently used went first
    store = InputStore(memory_bytes=resident_bytes(wide) + 1)
    store.set_files("k", "me", "refs", [item(f"{n}.txt", list(wide)) for n in range(5)])
    assert [f.file.lines for f in store.files("k", "me", "refs")] == [wide] * 5  # decoded again from the disk
    assert store.decoded.held <= store.decoded.budget


def _upload(at, slot: str, names: list[str]) -> None:  # type: ignore[no-untyped-def]
    drop_zone(at, slot).set_value([(name, ("\n".join(LINES) + "\n").encode(), "text/plain") for name in names])
    at.run()
    assert not at.exception, [e.value for e in at.exception]


def test_every_file_not_kept_is_named_until_it_is_uploaded_again_or_removed() -> None:
    """Issue 40: with 32 files kept, dropping 1 and then 7 more named only the first, and a reload lost all 8 without
    a word."""
    at = open_app("compare")
    at.radio(key=cps.COMPARE_SOURCE).set_value("upload").run()
    _upload(at, cps.COMPARE_REF_UPLOAD, ["ref.txt"])
    _upload(at, cps.COMPARE_SYS_UPLOAD, [f"s{i}.txt" for i in range(MAX_SESSION_FILES - 1)])
    _upload(at, cps.COMPARE_SYS_UPLOAD, ["x.txt"])
    assert "x.txt is used now but not kept for later visits: a session keeps at most 32 files." in messages(at)
    more = [f"y{i}.txt" for i in range(7)]
    _upload(at, cps.COMPARE_SYS_UPLOAD, more)
    named = "x.txt, y0.txt, y1.txt, y2.txt, y3.txt, y4.txt, y5.txt and y6.txt"
    assert f"{named} are used now but not kept for later visits: a session keeps at most 32 files." in messages(at)
    reloaded = open_app("compare", at.query_params["s"], **{identity.PARAM: at.query_params[identity.PARAM]})
    assert (
        f"{named} were not kept: a session keeps at most 32 files. Remove files you no longer need, then upload "
        in (messages(reloaded))
    )
    next(b for b in reloaded.button if b.label == "Remove system file y3\\.txt").click().run()  # not kept: forgotten
    next(b for b in reloaded.button if b.label == "Remove system file s0\\.txt").click().run()  # kept: room for one
    _upload(reloaded, cps.COMPARE_SYS_UPLOAD, ["x.txt"])
    assert "x.txt: 12 lines, kept for this session" in " ".join(c.value.replace("\\", "") for c in reloaded.caption)
    left = "y0.txt, y1.txt, y2.txt, y4.txt, y5.txt and y6.txt were not kept"
    assert left in messages(reloaded) and "x.txt," not in messages(reloaded)


@pytest.mark.parametrize(
    ("reason", "words"),
    [
        (
            EXPIRED,
            f"were removed from the server {IDLE_SECONDS // 3600} hours after their last use: upload them again.",
        ),
        (EVICTED, "were removed from the server to make room for other visitors' files: upload them again."),
        (UNKNOWN, "are no longer on the server (it was set up again without them): upload them again."),
    ],
)
def test_a_reload_whose_files_are_gone_says_what_happened(reason: str, words: str) -> None:
    """Not "This link was made with uploaded files", about a link the visitor never opened (issue 40); and nothing
    of the files is shown."""
    at = open_app("corpus")
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    _upload(at, cs.CORPUS_REF_UPLOAD, ["ref.txt"])
    _upload(at, cs.CORPUS_HYP_UPLOAD, ["hyp.txt"])
    link, key = at.query_params["s"], at.query_params[identity.PARAM]
    owner = hashlib.sha256(identity.browser_token("")).hexdigest()  # AppTest sends no cookie
    if reason == UNKNOWN:
        key = "Z" * 24  # a store that was not kept with the server knows nothing of the key
    else:
        identity.store().remove(key, owner, reason)
    reloaded = open_app("corpus", link, **{identity.PARAM: key})
    assert f"The files this browser uploaded {words}" in messages(reloaded)
    assert "which a link cannot hold" not in messages(reloaded)
    assert not reloaded.metric and "kept for this session" not in " ".join(c.value for c in reloaded.caption)
