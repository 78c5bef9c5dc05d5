"""The server-side store of uploaded files (ui.inputs.store) and the pages that use it: files stay for the whole
browser session, within stated limits, for their owner only, and a remove button removes them everywhere."""

from __future__ import annotations

import pytest

from tests.conftest import messages, open_app, upload
from ui.inputs import identity
from ui.inputs.limits import MAX_SESSION_BYTES
from ui.inputs.store import InputStore, KeptFile, StoreFull, text_bytes
from ui.inputs.uploads import TextFile
from ui.state import compare as cps
from ui.state import corpus as cs

REF = [f"the cat {i} sat on the mat" for i in range(12)]
SYS_A = [f"the cat {i} sat on a mat" for i in range(12)]
SYS_B = [f"a cat {i} is on the mat" for i in range(12)]


def item(name: str, lines: list[str], file_id: str | None = None) -> KeptFile:
    file = TextFile(name, tuple(lines))
    return KeptFile(file_id or name, file, text_bytes(file))


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_files_keep_their_order_for_their_owner_only() -> None:
    store = InputStore()
    assert store.claim("k", "me") and store.claim("k", "me") and not store.claim("k", "someone else")
    store.set_files("k", "me", "refs", [item("b.txt", REF), item("a.txt", SYS_A)])
    assert [f.file.name for f in store.files("k", "me", "refs")] == ["b.txt", "a.txt"]
    assert store.files("k", "someone else", "refs") == []  # a copied address opened in another browser
    assert store.files("k", "me", "systems") == []


def test_a_session_over_its_limits_keeps_what_it_had_and_names_the_file() -> None:
    store = InputStore(session_bytes=100, session_files=3)
    small = item("small.txt", ["x" * 10])
    store.set_files("k", "me", "refs", [small])
    with pytest.raises(StoreFull) as err:
        store.set_files("k", "me", "refs", [small, item("big.txt", ["y" * 200])])
    assert err.value.name == "big.txt" and err.value.reason == "bytes"
    assert store.files("k", "me", "refs") == [small]  # nothing silently dropped or half-kept
    with pytest.raises(StoreFull) as err:
        store.set_files("k", "me", "systems", [item(f"{i}.txt", ["z"]) for i in range(3)])
    assert err.value.name == "2.txt" and err.value.reason == "files"  # 1 ref + 3 systems > 3 files


def test_idle_sessions_expire_and_the_least_recently_used_go_first_when_the_store_is_full() -> None:
    clock = Clock()
    one = item("one.txt", ["a" * 99])  # 100 bytes
    store = InputStore(max_bytes=250, idle_seconds=60, clock=clock)
    for key in ("old", "mid"):
        store.set_files(key, "me", "refs", [one])
        clock.now += 10
    store.files("old", "me", "refs")  # used again: now "mid" is the least recently used
    store.set_files("new", "me", "refs", [one])
    assert store.files("mid", "me", "refs") == [] and store.files("old", "me", "refs") == [one]
    assert store.size <= 250
    clock.now += 61
    assert store.files("new", "me", "refs") == []  # idle longer than the limit


def test_text_bytes_are_utf8_bytes_with_newlines() -> None:
    assert text_bytes(TextFile("k.txt", ("나는", "ab"))) == len("나는".encode()) + 1 + 3
    assert MAX_SESSION_BYTES >= 5 * 10 * 1024 * 1024  # five files of the largest upload fit


def _table(at) -> list[str]:  # type: ignore[no-untyped-def]
    frame = next(f.value for f in at.dataframe if "p (bootstrap)" in f.value.columns)
    return list(frame["system"])


def test_compare_files_survive_other_pages_and_a_language_switch_and_remove_everywhere() -> None:
    at = open_app("compare")
    at.radio(key=cps.COMPARE_SOURCE).set_value("upload").run()
    upload(at, cps.COMPARE_REF_UPLOAD, [("ref.txt", REF)]).run()
    upload(at, cps.COMPARE_SYS_UPLOAD, [("a.txt", SYS_A)]).run()
    upload(at, cps.COMPARE_SYS_UPLOAD, [("b.txt", SYS_B)]).run()  # a second drop adds, in order
    assert not at.exception and _table(at) == ["a.txt", "b.txt"]
    at.selectbox(key=cps.COMPARE_BASELINE).set_value("b.txt").run()
    assert _table(at) == ["b.txt", "a.txt"]
    at.switch_page("app_pages/explore.py").run()
    at.switch_page("app_pages/compare.py").run()
    assert not at.exception and _table(at) == ["b.txt", "a.txt"]  # the files and the baseline
    at.query_params["lang"] = "ko"
    at.switch_page("app_pages/compare.py").run()
    assert _table(at) == ["b.txt", "a.txt"]
    remove = next(
        b for b in at.button if b.label.startswith("시스템 파일 a\\.txt") or b.label == "Remove system file a\\.txt"
    )
    remove.click().run()
    assert "a\\.txt" not in " ".join(c.value for c in at.caption)
    at.switch_page("app_pages/explore.py").run()
    at.switch_page("app_pages/compare.py").run()
    assert not [f for f in at.dataframe if "p (bootstrap)" in f.value.columns]  # one system left: nothing to test
    shown = " ".join(c.value for c in at.caption)
    assert "b\\.txt" in shown and "a\\.txt" not in shown


def test_corpus_remove_buttons_say_what_they_remove_and_a_bad_file_is_named() -> None:
    at = open_app("corpus")
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    upload(at, cs.CORPUS_REF_UPLOAD, [("refs.de", REF), ("refs2.de", SYS_B)]).run()
    upload(at, cs.CORPUS_HYP_UPLOAD, ("hyp.de", b"ok\ncaf\xe9\n"))
    at.run()
    assert "hyp.de is not UTF-8: line 2" in messages(at)
    labels = [b.label for b in at.button]
    assert any("Remove reference file refs\\.de" in label for label in labels), labels  # escaped Markdown
    upload(at, cs.CORPUS_HYP_UPLOAD, ("hyp.de", SYS_A)).run()
    assert not at.exception and "Corpus BLEU" in " ".join(m.label for m in at.metric)
    assert (
        identity.SESSION_KEY in at.session_state
        and at.query_params[identity.PARAM] == at.session_state[identity.SESSION_KEY]
    )


def test_the_readme_states_the_store_limits() -> None:
    from tests.conftest import ROOT
    from ui.inputs.limits import IDLE_SECONDS, MAX_SESSION_FILES, MAX_STORE_BYTES

    readme = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    mb = 1024 * 1024
    for stated in (
        f"{MAX_SESSION_FILES} files",
        f"{MAX_SESSION_BYTES // mb} MB per session",
        f"{MAX_STORE_BYTES // mb} MB over all sessions",
        f"{IDLE_SECONDS // 3600} hours",
    ):
        assert stated in readme, stated


def test_the_owner_is_the_browsers_xsrf_token_whatever_its_mask() -> None:
    """Tornado re-masks the _streamlit_xsrf cookie on every page load; the owner must not change with it."""
    token = bytes.fromhex("04778cc58351ed3d3edadf41a6603fdf")
    for mask in ("d9c98ac0", "c7661bf4", "00000000"):
        masked = bytes(b ^ bytes.fromhex(mask)[i % 4] for i, b in enumerate(token)).hex()
        assert identity.browser_token(f"2|{mask}|{masked}|1795558556") == token
    assert identity.browser_token("not-a-tornado-cookie") == b"not-a-tornado-cookie"
    assert identity.browser_token("2|zz|zz|1") == b"2|zz|zz|1"


def test_a_drop_zone_only_seen_makes_no_store_key() -> None:
    """Regression: Corpus's optional labels/training drop zones put ?u= in every address (a key per visit)."""
    for page in ("corpus", "compare"):
        at = open_app(page)
        assert not at.exception
        assert "u" not in at.query_params, (page, dict(at.query_params))


def test_a_source_held_as_a_label_after_a_language_switch_keeps_the_pasted_texts() -> None:
    """Regression: Streamlit keeps a radio's value in the browser as its label; after a switch to Korean and back
    the browser sent the label it showed before, and Corpus fell back to the bundled sample (pasted texts lost)."""

    at = open_app("corpus")
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.text_area(key=cs.CORPUS_HYP_PASTE).input("\n".join(SYS_A)).run()
    at.text_area(key=cs.corpus_ref_key(0)).input("\n".join(REF)).run()
    score = next(m.value for m in at.metric if m.label == "Corpus BLEU")
    at.session_state[cs.CORPUS_SOURCE] = "Paste text"  # what the browser handed over after English -> Korean -> English
    at.run()
    assert not at.exception and at.radio(key=cs.CORPUS_SOURCE).value == "paste"
    assert next(m.value for m in at.metric if m.label == "Corpus BLEU") == score
    assert at.text_area(key=cs.CORPUS_HYP_PASTE).value == "\n".join(SYS_A)


def test_a_reload_with_kept_files_does_not_ask_for_them_again() -> None:
    """Regression: a reload of Compare with uploaded files said "This link was made with uploaded files ... upload
    them again" above the files it had kept; a link opened where no files are kept still says it."""
    at = open_app("compare")
    at.radio(key=cps.COMPARE_SOURCE).set_value("upload").run()
    upload(at, cps.COMPARE_REF_UPLOAD, [("ref.txt", REF)]).run()
    upload(at, cps.COMPARE_SYS_UPLOAD, [("a.txt", SYS_A), ("b.txt", SYS_B)]).run()
    link, key = at.query_params["s"], at.query_params[identity.PARAM]
    reloaded = open_app("compare", link, **{identity.PARAM: key})
    assert _table(reloaded) == ["a.txt", "b.txt"] and "upload them again" not in messages(reloaded)
    elsewhere = open_app("compare", link)  # the link alone: no files kept for it
    assert "This link was made with uploaded files, which a link cannot hold: upload them again." in messages(elsewhere)
