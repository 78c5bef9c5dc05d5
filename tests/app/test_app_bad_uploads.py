"""Bad uploads on Corpus and Compare after good ones: every message names the file (and the line where there is
one) and says what to do next, and the files already entered stay listed and scored, equal to sacreBLEU's.

Cases: a file that is not UTF-8, an empty file, a file over the upload limit, line counts that differ, more files
at once than a session keeps, and more bytes than a session keeps (the store's limits made small here)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

import pytest
from sacrebleu.metrics import BLEU
from streamlit.testing.v1 import AppTest

from tests.conftest import SAMPLE, messages, open_app, upload
from ui.inputs import identity
from ui.inputs.limits import MAX_SESSION_FILES, MAX_UPLOAD_BYTES, MAX_UPLOAD_MB
from ui.inputs.shared import store_slot
from ui.inputs.store import InputStore
from ui.state import compare as cps
from ui.state import corpus as cs

REFS = {name: (SAMPLE / name).read_bytes() for name in ("ref.en", "ref2.en")}
SYSTEMS = {name: (SAMPLE / name).read_bytes() for name in ("system_a.en", "system_b.en")}


def lines(data: bytes) -> list[str]:
    return data.decode("utf-8").splitlines()


def sacre(hyp: bytes, refs: list[bytes]) -> str:
    return f"{BLEU().corpus_score(lines(hyp), [lines(r) for r in refs]).score:.2f}"


def drop(at: AppTest, slot: str, files: dict[str, bytes]) -> None:
    upload(at, slot, list(files.items())).run()
    assert not at.exception, [e.value for e in at.exception]


def listed(at: AppTest) -> list[str]:
    """The kept files named under the drop zones, in order."""
    return [c.value.replace("\\", "").split(":")[0] for c in at.caption if "kept for this session" in c.value]


def corpus_score(at: AppTest) -> str | None:
    return next((m.value for m in at.metric if m.label == "Corpus BLEU"), None)


def compared(at: AppTest) -> list[str]:
    frame = next((f.value for f in at.dataframe if "p (bootstrap)" in f.value.columns), None)
    return [] if frame is None else list(frame["system"])


@pytest.fixture
def corpus() -> AppTest:
    at = open_app("corpus")
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    drop(at, cs.CORPUS_REF_UPLOAD, REFS)
    drop(at, cs.CORPUS_HYP_UPLOAD, {"system_a.en": SYSTEMS["system_a.en"]})
    assert corpus_score(at) == sacre(SYSTEMS["system_a.en"], list(REFS.values()))
    return at


def assert_nothing_lost(at: AppTest) -> None:
    assert listed(at) == ["ref.en", "ref2.en", "system_a.en"]
    assert corpus_score(at) == sacre(SYSTEMS["system_a.en"], list(REFS.values()))


@pytest.mark.parametrize(
    ("slot", "name", "data", "expected"),
    [
        (
            cs.CORPUS_REF_UPLOAD,
            "latin.en",
            b"fine\nstill fine\ncaf\xe9\n",
            "latin.en is not UTF-8: line 3 has the byte 0xE9 at byte 4. Save the file as UTF-8 and upload it again.",
        ),
        (
            cs.CORPUS_REF_UPLOAD,
            "empty.en",
            b"",
            "empty.en is empty (0 bytes): upload the file that holds the segments, one per line.",
        ),
        (
            cs.CORPUS_REF_UPLOAD,
            "nul.en",
            b"one\ntwo\x00\n",
            "nul.en looks like a binary file (a NUL byte on line 2), not plain text: upload the plain-text (UTF-8) "
            "file",
        ),
        (
            cs.CORPUS_HYP_UPLOAD,
            "latin_hyp.en",
            b"caf\xe9\n",
            "latin_hyp.en is not UTF-8: line 1 has the byte 0xE9 at byte 4.",
        ),
        (
            cs.CORPUS_HYP_UPLOAD,
            "big.en",
            b"a\n" * (MAX_UPLOAD_BYTES // 2 + 1),
            f"big.en is {MAX_UPLOAD_MB}.0 MB; files are limited to {MAX_UPLOAD_MB} MB. Split it, or score it with the "
            "command line",
        ),
    ],
    ids=[
        "reference not UTF-8",
        "empty reference",
        "binary reference",
        "hypothesis not UTF-8",
        "hypothesis over the upload limit",
    ],
)
def test_corpus_keeps_and_scores_the_good_files_after_a_bad_one(
    corpus: AppTest, slot: str, name: str, data: bytes, expected: str
) -> None:
    drop(corpus, slot, {name: data})
    assert expected in messages(corpus)
    assert_nothing_lost(corpus)  # a bad hypothesis leaves the kept one in place


def test_corpus_line_counts_that_differ_name_the_file_and_line_until_it_is_removed(corpus: AppTest) -> None:
    drop(
        corpus, cs.CORPUS_REF_UPLOAD, {"short.en": b"".join(line + b"\n" for line in REFS["ref.en"].splitlines()[:57])}
    )
    text = messages(corpus)
    assert "system_a.en has 60 lines but short.en has 57, so line 58 is not in every file" in text
    assert "correct the file and give it again (an uploaded file's Remove button takes the old one away)" in text
    assert corpus_score(corpus) is None and listed(corpus) == ["ref.en", "ref2.en", "short.en", "system_a.en"]
    remove = next(b for b in corpus.button if b.label == "Remove reference file short\\.en")
    remove.click().run()
    assert_nothing_lost(corpus)


def test_more_files_at_once_than_a_session_keeps_are_refused_whole(corpus: AppTest) -> None:
    many = {f"part{i}.en": REFS["ref.en"] for i in range(MAX_SESSION_FILES + 1)}
    drop(corpus, cs.CORPUS_REF_UPLOAD, many)
    assert (
        f"{MAX_SESSION_FILES + 1} files at once: a session takes at most {MAX_SESSION_FILES} files. Upload fewer."
        in messages(corpus)
    )
    assert_nothing_lost(corpus)


@pytest.fixture
def small_store(monkeypatch: pytest.MonkeyPatch) -> Iterator[InputStore]:
    """The page's store with room for the sample's four files only (about 23 KB) instead of MAX_SESSION_BYTES."""
    store = InputStore(session_bytes=sum(len(d) for d in (*REFS.values(), *SYSTEMS.values())) + 10)
    monkeypatch.setattr(identity, "_store", lambda: store)
    yield store


def test_a_file_over_the_sessions_bytes_is_used_named_and_not_kept(small_store: InputStore) -> None:
    at = open_app("compare")
    at.radio(key=cps.COMPARE_SOURCE).set_value("upload").run()
    drop(at, cps.COMPARE_REF_UPLOAD, REFS)
    drop(at, cps.COMPARE_SYS_UPLOAD, SYSTEMS)
    assert compared(at) == ["system_a.en", "system_b.en"]
    drop(at, cps.COMPARE_SYS_UPLOAD, {"system_c.en": SYSTEMS["system_a.en"]})
    text = messages(at)
    assert "system_c.en is used now but not kept for later visits: a session keeps at most 64 MB of files." in text
    assert "Remove a file you no longer need to keep it." in text
    assert compared(at) == ["system_a.en", "system_b.en", "system_c.en"]  # used now ...
    key = at.session_state[identity.SESSION_KEY]
    owner = hashlib.sha256(identity.browser_token("")).hexdigest()  # AppTest sends no cookie: every session's owner
    assert [f.file.name for f in small_store.files(key, owner, store_slot(cps.COMPARE_SYS_UPLOAD))] == [
        "system_a.en",
        "system_b.en",
    ]
    # ... and a new visit (a reload) finds the kept files, without the one that did not fit
    fresh = open_app("compare", **{identity.PARAM: key})
    assert compared(fresh) == ["system_a.en", "system_b.en"] and "system_c.en" not in " ".join(listed(fresh))


def test_compare_scores_the_good_systems_after_a_bad_one() -> None:
    at = open_app("compare")
    at.radio(key=cps.COMPARE_SOURCE).set_value("upload").run()
    drop(at, cps.COMPARE_REF_UPLOAD, REFS)
    drop(at, cps.COMPARE_SYS_UPLOAD, SYSTEMS)
    table = next(f.value for f in at.dataframe if "p (bootstrap)" in f.value.columns)
    for name, data, expected in (
        (
            "latin.en",
            b"ok\ncaf\xe9\n",
            "latin.en is not UTF-8: line 2 has the byte 0xE9 at byte 4. Save the file as UTF-8",
        ),
        ("empty.en", b"", "empty.en is empty (0 bytes): upload the file that holds the segments"),
    ):
        drop(at, cps.COMPARE_SYS_UPLOAD, {name: data})
        assert expected in messages(at)
        assert listed(at) == ["ref.en", "ref2.en", "system_a.en", "system_b.en"]
        now = next(f.value for f in at.dataframe if "p (bootstrap)" in f.value.columns)
        assert now.equals(table)  # the same systems, the same numbers
    drop(at, cps.COMPARE_REF_UPLOAD, {"ref3.en": REFS["ref.en"][: REFS["ref.en"].index(b"\n") + 1]})
    assert "ref.en has 60 lines but ref3.en has 1, so line 2 is not in every file" in messages(at)
    assert compared(at) == []  # references that disagree: nothing to compare until one is removed
    next(b for b in at.button if b.label == "Remove reference file ref3\\.en").click().run()
    assert compared(at) == ["system_a.en", "system_b.en"]
