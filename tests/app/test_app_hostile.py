"""Hostile input through the app and the Python API (issue 25): share links that are bombs, truncated, padded, of
another alphabet or another page, or that carry a lone surrogate; uploads and pastes past the limits; lone
surrogates through every tokenizer and metric of the API; hostile score files on Compare and Corpus (issue 48). Each
is a message (the app) or a ValueError or a score (the API), never a traceback, and whatever the user had entered
stays."""

from __future__ import annotations

import base64
import json
import tracemalloc

import pytest
from streamlit.testing.v1 import AppTest

from bleucore import MAX_HELD_CHARS, MAX_HELD_LINES, BleuOptions
from bleucore.metrics import get_metric
from bleucore.tokenizers import TOKENIZER_NAMES
from tests.conftest import link_token, messages, open_app, upload
from ui.inputs.limits import MAX_PASTE_CHARS, MAX_UPLOAD_BYTES, MAX_UPLOAD_MB
from ui.links.share import MAX_DECODED_BYTES, MAX_LINK_STATE, LinkStateError, decode_state
from ui.state import compare as cps
from ui.state import corpus as cs
from ui.state import explore as es

REFUSED = "This link could not be opened"


token = link_token


EXPLORE = {"page": "explore", "v": 2, "c": "the cat sat", "r": ["the cat sat down"]}


# --------------------------------------------------------------------------- links


def test_a_compressed_bomb_is_refused_without_inflating_it() -> None:
    """A token within MAX_LINK_STATE that inflates to 25 times MAX_DECODED_BYTES: refused after inflating at most
    MAX_DECODED_BYTES + 1 (tracemalloc's peak), not the whole 5 MB."""
    bomb = token(b'{"v":2,"c":"' + b" " * (25 * MAX_DECODED_BYTES) + b'"}')
    assert len(bomb) <= MAX_LINK_STATE
    tracemalloc.start()
    try:
        with pytest.raises(LinkStateError, match=f"expands beyond {MAX_DECODED_BYTES:,} bytes"):
            decode_state(bomb)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 3 * MAX_DECODED_BYTES, peak


LINKS = {
    "bomb": (token(b'{"v":2,"c":"' + b"a" * (25 * MAX_DECODED_BYTES) + b'"}'), "expands beyond"),
    "truncated": (token(json.dumps(EXPLORE).encode())[:30], "corrupted"),
    "checksum-cut": (token(json.dumps(EXPLORE).encode())[:-2], "corrupted"),
    "padded": (token(json.dumps(EXPLORE).encode()) + "AAAAAAAA", "corrupted"),
    "not-base64": ("%%%%~~~~****", "corrupted"),
    "not-zlib": (base64.urlsafe_b64encode(json.dumps(EXPLORE).encode()).decode().rstrip("="), "corrupted"),
    "not-json": (token(b"\xff\xfe not json"), "corrupted"),
    "a-list": (token(b"[1, 2, 3]"), "not a set of named values"),
    "lone-surrogate": (token(json.dumps({**EXPLORE, "c": "a \ud800 b"}).encode()), "corrupted"),  # was a traceback
    "too-long": ("A" * (MAX_LINK_STATE + 1), f"limit {MAX_LINK_STATE:,}"),
    "deep": (token(b"[" * 10_000 + b"]" * 10_000), "nested 10,000 levels deep"),
}


@pytest.mark.parametrize("page", ["explore", "corpus", "compare"])
@pytest.mark.parametrize("name", list(LINKS))
def test_a_hostile_link_is_one_message_on_every_page(page: str, name: str) -> None:
    link, expected = LINKS[name]
    at = open_app(page, link)
    assert REFUSED in messages(at) and expected in messages(at), messages(at)


def test_a_link_of_another_page_opens_without_a_traceback() -> None:
    """Explore's state opened on Corpus (and Corpus's on Explore): the page's own defaults, no exception."""
    open_app("corpus", token(json.dumps(EXPLORE).encode()))
    open_app("explore", token(b'{"page":"corpus","v":2}'))


def test_a_standard_base64_alphabet_reads_as_the_url_alphabet() -> None:
    """'+' and '/' for '-' and '_' (a link retyped from another encoder): the same state, not a corruption."""
    raw = json.dumps({**EXPLORE, "c": "\u00ff" * 40 + "??>>"}).encode()
    url = token(raw)
    assert set("-_") & set(url)
    assert decode_state(url.replace("-", "+").replace("_", "/")) == json.loads(raw)


# --------------------------------------------------------------------------- uploads and pastes


def corpus_upload(slot: str, files: list[tuple[str, bytes]]) -> AppTest:
    """Corpus with its upload source, ``files`` dropped on ``slot`` and run."""
    at = open_app("corpus")
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    upload(at, slot, files).run()
    assert not at.exception
    return at


def test_an_upload_one_byte_over_the_upload_box_is_named() -> None:
    at = corpus_upload(cs.CORPUS_REF_UPLOAD, [("big.txt", b"a\n" * (MAX_UPLOAD_BYTES // 2) + b"x")])
    assert f"big.txt is {MAX_UPLOAD_MB}.0 MB; files are limited to {MAX_UPLOAD_MB} MB" in messages(at)


@pytest.mark.parametrize(
    ("lines", "chars", "refused"),
    [
        (MAX_HELD_LINES, MAX_HELD_LINES * 2, False),
        (MAX_HELD_LINES + 1, (MAX_HELD_LINES + 1) * 2, True),
        (1_000, MAX_UPLOAD_BYTES - 1_000, False),  # as large as the box takes: never refused for its characters
    ],
)
def test_uploads_at_the_held_limits_and_one_over(lines: int, chars: int, refused: bool) -> None:
    """A file the upload box takes is refused by the app only for its lines (one byte over the box is named above);
    the characters a file may hold (MAX_HELD_CHARS) are at least the box's bytes (issue 40: a 9.9 MB file passed the
    10 MB box and was then refused at 1,000,000 characters)."""
    assert MAX_HELD_CHARS >= MAX_UPLOAD_BYTES
    width = chars // lines
    rows = ["y" * width] * lines
    rows[-1] += "y" * (chars - width * lines)
    at = corpus_upload(cs.CORPUS_REF_UPLOAD, [("ref.txt", "\n".join(rows).encode() + b"\n")])
    expected = (
        f"ref.txt has {lines:,} lines and {chars:,} characters; the app scores files of at most {MAX_HELD_LINES:,}"
    )
    assert (expected in messages(at)) is refused, messages(at)


def test_a_paste_over_the_limits_is_named_and_the_text_stays() -> None:
    at = open_app("corpus")
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    too_many = "a b\n" * (MAX_HELD_LINES + 1)
    at.text_area(key=cs.CORPUS_HYP_PASTE).input(too_many)
    at.text_area(key=cs.corpus_ref_key(0)).input("a b\n" * 3)
    at.run()
    assert not at.exception
    assert f"the app scores files of at most {MAX_HELD_LINES:,} lines" in messages(at), messages(at)
    assert at.text_area(key=cs.CORPUS_HYP_PASTE).value == too_many  # nothing entered is lost
    too_long = "x" * (MAX_PASTE_CHARS + 1)
    at.text_area(key=cs.CORPUS_HYP_PASTE).input(too_long).run()
    assert f"pasted text is limited to {MAX_PASTE_CHARS:,}" in messages(at).replace("\\", "")
    assert at.text_area(key=cs.CORPUS_HYP_PASTE).value == too_long


def test_compare_and_explore_name_an_oversized_paste() -> None:
    at = open_app("compare")
    at.radio(key=cps.COMPARE_SOURCE).set_value("paste").run()
    at.text_area(key=cps.compare_ref_key(0)).input("a b\n" * 3)
    at.text_area(key=cps.compare_sys_key(0)).input("a b\n" * 3)
    at.text_area(key=cps.compare_sys_key(1)).input("a b\n" * (MAX_HELD_LINES + 1))
    at.run()
    assert not at.exception
    assert f"the app scores files of at most {MAX_HELD_LINES:,} lines" in messages(at), messages(at)
    at = open_app()
    at.text_area(key=es.CANDIDATE).input("z" * (es.MAX_TEXT_CHARS + 1)).run()
    assert not at.exception and f"Explore takes at most {es.MAX_TEXT_CHARS:,} characters" in messages(at)
    assert at.text_area(key=es.CANDIDATE).value == "z" * (es.MAX_TEXT_CHARS + 1)


# --------------------------------------------------------------------------- lone surrogates through the API


@pytest.mark.parametrize("side", ["hypothesis", "reference"])
@pytest.mark.parametrize("metric", [*(f"bleu:{t}" for t in TOKENIZER_NAMES), "chrf", "ter"])
def test_a_lone_surrogate_is_a_score_or_a_value_error_in_every_tokenizer_and_metric(metric: str, side: str) -> None:
    """'\\ud800' is not Unicode text: MeCab and SentencePiece cannot analyse it (a ValueError that names it; MeCab
    raised TypeError from inside), and every other tokenizer scores it as a character, corpus and sentence level
    alike."""
    name, _, tokenize = metric.partition(":")
    scorer = get_metric(name, BleuOptions(tokenize=tokenize)) if tokenize else get_metric(name)
    hyp, ref = ("a \ud800 b", "a b c") if side == "hypothesis" else ("a b c", "a \ud800 b")
    if tokenize.endswith("mecab") or tokenize in ("flores101", "flores200", "spBLEU-1K"):
        pytest.importorskip("MeCab" if tokenize.endswith("mecab") else "sentencepiece")
        for score in (
            lambda: scorer.corpus_score([hyp], [[ref]]),
            lambda: scorer.sentence_scores(scorer.statistics([hyp], [[ref]])),
        ):
            with pytest.raises(ValueError, match=f"{tokenize} cannot analyse a lone surrogate \\(U\\+D800"):
                score()
        return
    corpus = scorer.corpus_score([hyp], [[ref]]).score
    (sentence,) = scorer.sentence_scores(scorer.statistics([hyp], [[ref]]))
    assert 0 <= corpus <= 100 and sentence.score == pytest.approx(corpus)


def test_files_past_the_page_total_are_one_message_on_corpus_and_compare() -> None:
    """Each file within the held limits, together past MAX_HELD_TOTAL_CHARS: refused before any score (ten references
    of 900,000 characters peaked at 462 MB on Corpus)."""
    from bleucore import MAX_HELD_TOTAL_CHARS as MAX_PAGE_CHARS

    per_file = (MAX_HELD_CHARS - 1_000) // 10 * 10  # ten lines of per_file // 10 - 1 characters each
    count = MAX_PAGE_CHARS // per_file + 1
    data = ("z" * (per_file // 10 - 1) + "\n").encode() * 10
    at = corpus_upload(cs.CORPUS_REF_UPLOAD, [(f"r{i}.txt", data) for i in range(count)])
    upload(at, cs.CORPUS_HYP_UPLOAD, [("hyp.txt", data)]).run()
    assert not at.exception and not at.metric
    chars = (count + 1) * (per_file - 10)
    assert (
        f"These {count + 1} files hold {(count + 1) * 10} lines and {chars:,} characters together; a page scores"
        in messages(at)
    )
    at = open_app("compare")
    at.radio(key=cps.COMPARE_SOURCE).set_value("paste").run()
    at.number_input(key=cps.COMPARE_SYS_COUNT).set_value(count).run()
    text = data.decode()
    at.text_area(key=cps.compare_ref_key(0)).input(text)
    for i in range(count):
        at.text_area(key=cps.compare_sys_key(i)).input(text)
    at.run()
    assert not at.exception and f"and {MAX_PAGE_CHARS:,} characters at once" in messages(at), messages(at)
    # Uploaded, as on Corpus: the same message, and nothing scored (the check once ran only for pasted text).
    at = open_app("compare")
    at.radio(key=cps.COMPARE_SOURCE).set_value("upload").run()
    upload(at, cps.COMPARE_REF_UPLOAD, [(f"r{i}.txt", data) for i in range(count - 1)]).run()
    upload(at, cps.COMPARE_SYS_UPLOAD, [(f"s{i}.txt", data) for i in range(2)]).run()
    assert not at.exception and not at.metric and not at.dataframe
    assert f"These {count + 1} files hold {(count + 1) * 10} lines and {chars:,} characters together" in messages(at)


def test_upload_counts_at_the_session_limit_and_one_over() -> None:
    """MAX_SESSION_FILES files in one drop are kept; one more is refused before any is read (the store's own
    byte and file limits: tests/app/test_input_store.py)."""
    from ui.inputs.limits import MAX_SESSION_FILES

    at = corpus_upload(cs.CORPUS_REF_UPLOAD, [(f"r{i}.txt", b"a b\n") for i in range(MAX_SESSION_FILES)])
    removable = [b.label for b in at.button if b.label.startswith("Remove reference file")]
    assert len(removable) == MAX_SESSION_FILES and "files at once" not in messages(at)  # all kept
    at = corpus_upload(cs.CORPUS_REF_UPLOAD, [(f"r{i}.txt", b"a b\n") for i in range(MAX_SESSION_FILES + 1)])
    assert f"{MAX_SESSION_FILES + 1} files at once: a session takes at most {MAX_SESSION_FILES} files" in messages(at)


# --------------------------------------------------------------------------- hostile score files (issue 48)

#: One case per kind of problem, the four of issue 48 first (tests/hostile_scores.py; all of them run through the
#: API and the command line).
PAGE_CASES = [
    "every line 1e308",
    "JSON span confidence of 400 digits",
    "JSON 5,000 digits elsewhere",
    "JSON nested 10^5 deep (lists)",
    "JSON nested 10^5 deep (objects)",
    "huge exponent",
    "a NUL byte",
    "a BOM inside",
    "JSON Infinity",
    "JSON a system twice",
    "JSON a span's start -1",
    "MetricX NaN",
    "MetricX a line nested 10^5 deep",
    "270,000 tiny spans",
]
#: What the page says, in each language, of some of them (the file is ``bad.json``).
PAGE_WORDS = {
    "every line 1e308": (
        "Line 1 of bad.json is 1e308: a score must be between -1,000,000,000 and 1,000,000,000.",
        "bad.json의 1번째 줄 값은 1e308입니다: 점수는 -1,000,000,000에서 1,000,000,000 사이여야 합니다.",
    ),
    "JSON nested 10^5 deep (lists)": (
        "Line 1 of bad.json nests lists and objects more than 32 levels deep",
        "bad.json의 1번째 줄에서 목록과 객체가 32단계보다 깊이 중첩됩니다",
    ),
    "JSON 5,000 digits elsewhere": (
        "Line 3 of bad.json has a number of more than 100 characters",
        "bad.json의 3번째 줄에 100자보다 긴 수가 있습니다",
    ),
    "MetricX NaN": ("Line 2 of bad.json holds NaN", "bad.json의 2번째 줄에 NaN 값이 있습니다"),
    "270,000 tiny spans": (
        "Segment 0 of s.txt in bad.json has 270,000 error spans; a segment may have at most 1,000.",
        "bad.json에 있는 s.txt의 0번 문장에 오류 구간이 270,000개 있습니다",
    ),
}


def _hostile(case: str) -> bytes:
    from tests.hostile_scores import BOX_OF_SPANS, CASES

    return (BOX_OF_SPANS if case == "270,000 tiny spans" else CASES[case]).make(60)


@pytest.mark.parametrize("case", PAGE_CASES)
def test_a_hostile_score_file_is_a_message_naming_it_and_the_other_files_stay(
    case: str, capfd: pytest.CaptureFixture[str]
) -> None:
    """Compare with COMET's scores as metric 1, then the hostile file and a good one dropped together as metric 2:
    one message naming the hostile file (in the page's words, not bleucore's English), the good file kept beside
    it, metric 1's table still there, no exception and no traceback in the server's log."""
    from bleucore.metrics.imported.readers import parse_scores
    from bleucore.reading import ReadingError
    from tests.score_files import comet_json, comet_scores, plain
    from ui.metrics.imported.wording import describe
    from ui.options import imported as mi

    scores = comet_scores(("system_a.en", "system_b.en"))
    at = open_app("compare")
    upload(at, mi.keys("compare", "imported-1").slot, [("comet.json", comet_json(scores))]).run()
    bad = _hostile(case)
    upload(at, mi.keys("compare", "imported-2").slot, [("bad.json", bad), ("b.txt", plain(scores["system_b.en"]))])
    at.run()
    assert not at.exception, at.exception
    shown = messages(at)
    with pytest.raises(ReadingError) as err:
        parse_scores(bad, "bad.json")
    assert describe(err.value).replace("\\", "") in shown and "bad.json" in shown, shown
    if case in PAGE_WORDS:
        assert PAGE_WORDS[case][0] in shown, shown
    kept = " ".join(c.value for c in at.caption).replace("\\", "")
    assert "comet.json: " in kept and "b.txt: " in kept and "bad.json: " not in kept, kept
    assert sum("p (bootstrap)" in f.value.columns for f in at.dataframe) >= 2  # BLEU's and COMET's tables
    assert "Traceback" not in "".join(capfd.readouterr())


@pytest.mark.parametrize("case", list(PAGE_WORDS))
def test_a_hostile_score_file_is_named_in_korean_on_corpus(case: str, capfd: pytest.CaptureFixture[str]) -> None:
    """Corpus's "Scores from other metrics" reads uploads the same way: the Korean message, and the hypothesis and
    references still scored."""
    from ui.options import imported as mi

    at = open_app("corpus", lang="ko")
    upload(at, mi.keys("corpus", "imported-1").slot, [("bad.json", _hostile(case))]).run()
    assert not at.exception, at.exception
    assert PAGE_WORDS[case][1] in messages(at), messages(at)
    assert at.metric and "Traceback" not in "".join(capfd.readouterr())
