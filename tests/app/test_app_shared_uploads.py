"""Issue 45, item 9 (AppTest through the router): one upload serves every page. A reference uploaded on Compare is
Corpus's (and the Score doctor's) and the other way round; Compare's systems and Corpus's hypothesis are one set of
outputs, of which Corpus scores the one chosen (the last uploaded there until another is). The files, the choice and
the share link stay through a reload and a restarted server; a remove button removes a file on every page; files a
session kept under each page's own drop zone before are moved into the shared ones, the same file once."""

from __future__ import annotations

import pytest
from sacrebleu.metrics import BLEU
from streamlit.testing.v1 import AppTest

from tests.conftest import corpus_score, messages, open_app, restarted, sample_lines, upload
from ui.doctor import inputs as doctor_inputs
from ui.inputs import identity
from ui.inputs.store import KeptFile, text_bytes
from ui.inputs.uploads import TextFile
from ui.state import compare as cps
from ui.state import corpus as cs

REF, REF2 = sample_lines("ref.en"), sample_lines("ref2.en")
A, B = sample_lines("system_a.en"), sample_lines("system_b.en")
C = B[::-1]


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def sacrebleu(hyp: list[str], *refs: list[str]) -> float:
    """sacreBLEU 2.6's corpus BLEU (as the page's full precision has it, to the last digits of the sum's order)."""
    return pytest.approx(BLEU().corpus_score(hyp, [list(r) for r in refs]).score, rel=1e-13)  # type: ignore[no-any-return]


def compared(at: AppTest) -> list[str]:
    frame = next(f.value for f in at.dataframe if "p (bootstrap)" in f.value.columns)
    return list(frame["system"])


def listed(at: AppTest) -> str:
    return " ".join(c.value.replace("\\", "") for c in at.caption)


def on_compare() -> AppTest:
    """A reference and two systems uploaded on Compare."""
    at = open_app("compare")
    at.radio(key=cps.COMPARE_SOURCE).set_value("upload").run()
    upload(at, cps.COMPARE_REF_UPLOAD, [("ref.en", REF)]).run()
    upload(at, cps.COMPARE_SYS_UPLOAD, [("a.en", A), ("b.en", B)]).run()
    assert compared(ok(at)) == ["a.en", "b.en"]
    return at


def test_files_uploaded_on_compare_are_scored_on_corpus() -> None:
    at = on_compare()
    at.switch_page("app_pages/corpus.py").run()
    ok(at)
    assert at.radio(key=cs.CORPUS_SOURCE).value == "upload"  # the files given are what Corpus opens with
    assert "ref.en: 60 lines, kept for this session" in listed(at)  # before: an empty drop zone
    choice = at.selectbox(key=cs.CORPUS_HYP_FILE)
    assert choice.value == "b.en" and choice.options == ["a.en", "b.en"]
    assert corpus_score(at) == sacrebleu(B, REF)
    choice.set_value("a.en").run()
    assert corpus_score(ok(at)) == sacrebleu(A, REF)


def test_a_hypothesis_and_a_reference_uploaded_on_corpus_are_on_compare_and_the_doctor() -> None:
    at = open_app("corpus")
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    upload(at, cs.CORPUS_REF_UPLOAD, [("ref.en", REF), ("ref2.en", REF2)]).run()
    upload(at, cs.CORPUS_HYP_UPLOAD, ("a.en", A)).run()
    assert corpus_score(ok(at)) == sacrebleu(A, REF, REF2)
    at.switch_page("app_pages/compare.py").run()
    assert ok(at).radio(key=cps.COMPARE_SOURCE).value == "upload"
    assert "Upload at least one reference file and two or more system outputs." in messages(at)
    upload(at, cps.COMPARE_SYS_UPLOAD, [("b.en", B)]).run()
    assert compared(ok(at)) == ["a.en", "b.en"]
    at.switch_page("app_pages/doctor.py").run()
    ok(at)
    assert at.radio(key=doctor_inputs.CHECK).value == "corpus" and at.selectbox(key=cs.CORPUS_HYP_FILE).value == "a.en"
    assert any("Checking a.en against ref.en and ref2.en" in c.value.replace("\\", "") for c in at.caption)
    at.switch_page("app_pages/corpus.py").run()
    assert corpus_score(ok(at)) == sacrebleu(A, REF, REF2)  # the hypothesis chosen stays: b.en came on Compare


def test_a_file_dropped_on_corpus_takes_the_place_of_the_one_dropped_there_and_of_one_of_its_name() -> None:
    at = on_compare()
    at.switch_page("app_pages/corpus.py").run()
    upload(at, cs.CORPUS_HYP_UPLOAD, ("c.en", C)).run()
    assert ok(at).selectbox(key=cs.CORPUS_HYP_FILE).value == "c.en" and corpus_score(at) == sacrebleu(C, REF)
    assert at.selectbox(key=cs.CORPUS_HYP_FILE).options == ["a.en", "b.en", "c.en"]  # Compare's stay
    upload(at, cs.CORPUS_HYP_UPLOAD, ("d.en", A[::-1])).run()  # Corpus's box holds one file: d.en replaces c.en
    assert ok(at).selectbox(key=cs.CORPUS_HYP_FILE).options == ["a.en", "b.en", "d.en"]
    upload(at, cs.CORPUS_HYP_UPLOAD, ("a.en", C)).run()  # a corrected a.en: in place of the old one, not a.en (2)
    assert ok(at).selectbox(key=cs.CORPUS_HYP_FILE).options == ["b.en", "a.en"]
    assert corpus_score(at) == sacrebleu(C, REF)
    bad = b"ok\ncaf\xe9\n"
    upload(at, cs.CORPUS_HYP_UPLOAD, ("b.en", bad)).run()  # a file that cannot be read replaces nothing
    assert ok(at).selectbox(key=cs.CORPUS_HYP_FILE).options == ["b.en", "a.en"] and "b.en is not UTF-8" in messages(at)
    at.switch_page("app_pages/compare.py").run()
    assert compared(ok(at)) == ["b.en", "a.en"]


def test_the_files_the_choice_and_the_link_survive_a_restart_and_a_remove_removes_everywhere() -> None:
    at = on_compare()
    at.switch_page("app_pages/corpus.py").run()
    at.selectbox(key=cs.CORPUS_HYP_FILE).set_value("a.en").run()
    score = corpus_score(ok(at))
    token = at.query_params["s"]
    state, notes = cs.PAGE.from_link(str(token[0] if isinstance(token, list) else token))
    assert not notes and (state.source, state.hypothesis_file) == ("upload", "a.en")
    again = ok(restarted(at, "corpus"))
    assert again.selectbox(key=cs.CORPUS_HYP_FILE).value == "a.en" and corpus_score(again) == score
    assert "upload them again" not in messages(again)
    on_compare_again = ok(restarted(again, "compare"))
    assert compared(on_compare_again) == ["a.en", "b.en"]
    next(b for b in again.button if b.label == "Remove reference file ref\\.en").click().run()
    again.switch_page("app_pages/compare.py").run()
    assert "ref.en:" not in listed(ok(again)) and "Upload at least one reference file" in messages(again)


def test_files_kept_under_each_pages_own_drop_zones_before_are_moved_into_the_shared_ones() -> None:
    at = open_app("corpus")
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    upload(at, cs.CORPUS_REF_UPLOAD, [("ref.en", REF)]).run()  # a session with a key in the address
    key = at.session_state[identity.SESSION_KEY]
    me = identity.owner()
    store = identity.store()

    def kept(name: str, lines: list[str]) -> KeptFile:
        file = TextFile(name, tuple(lines))
        return KeptFile(name, file, text_bytes(file))

    # as a session of the last version left them: each page's files under its own drop zone's key
    store.set_files(key, me, "shared_references", [])
    store.set_files(key, me, "corpus_ref_upload", [kept("ref.en", REF)])
    store.set_files(key, me, "compare_ref_upload", [kept("ref.en", REF), kept("ref2.en", REF2)])
    store.set_files(key, me, "corpus_hyp_upload", [kept("a.en", A)])
    store.set_files(key, me, "compare_sys_upload", [kept("a.en", B), kept("b.en", B)])
    again = ok(restarted(at, "corpus"))
    shown = listed(again)
    assert shown.count("ref.en: 60 lines") == 1 and "ref2.en: 60 lines" in shown  # the same file once
    assert again.selectbox(key=cs.CORPUS_HYP_FILE).options == ["a.en", "b.en", "a.en (2)"]
    assert store.files(key, me, "corpus_ref_upload") == [] and store.files(key, me, "compare_sys_upload") == []
