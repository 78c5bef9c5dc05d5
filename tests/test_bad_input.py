"""Bad input, one test per family, in the core, the command line and the app (AppTest).

Every family ends in a clear message naming what is wrong (or, for input that is odd but valid,
a finite number), never a traceback, never NaN or inf on screen. What other modules already
test is not repeated here; "here" marks what this module adds.

- empty candidate: core here; CLI here (an empty line, scored 0 as by sacreBLEU), empty file in
  test_cli::test_bad_input_is_one_line_and_exit_2 (BAD_INPUT); Explore in
  test_app_explore::test_empty_candidate_is_an_inline_message; Corpus paste here; Compare paste in
  test_app_compare::test_paste_needs_equal_lengths.
- whitespace only: core and CLI here; Explore in test_empty_candidate_is_an_inline_message
  ("   \n\t "); Corpus upload here.
- no references: core in test_core_misc::test_sentence_needs_a_reference and
  test_corpus_input_errors_name_the_counts; CLI in BAD_INPUT ("no reference file"); Explore (the
  last reference cannot be removed) in test_app_explore::test_add_and_remove_references, a link
  with none in test_bad_link_shows_a_message_and_the_default_example; Corpus upload and paste and
  Compare upload here.
- empty references: core and CLI here; Explore in test_all_references_empty_is_an_inline_message;
  Corpus in test_app_corpus::test_bad_reference_files_give_inline_messages; Compare paste here.
- hypothesis/reference line counts differ: core in test_corpus_input_errors_name_the_counts; CLI
  in BAD_INPUT and test_stream::test_line_count_mismatch_names_both_files; Corpus in
  test_upload_line_count_mismatch_names_the_files and test_paste_with_two_references_and_mismatch;
  Compare in test_line_count_mismatch_and_bad_bytes_are_named and test_paste_needs_equal_lengths.
- non-UTF-8, file and line named: CLI in BAD_INPUT (bad.txt, line 2) and
  test_stream::test_invalid_utf8_names_file_line_and_byte; Corpus in
  test_upload_not_utf8_names_file_and_line and test_decode_bytes_messages; Compare in
  test_line_count_mismatch_and_bad_bytes_are_named. (The core takes text, not bytes.)
- UTF-8 BOM ignored: CLI in test_bom_and_crlf_do_not_change_the_result and
  test_bom_is_not_part_of_the_first_token; the upload helper in test_decode_bytes_messages; Corpus
  upload and paste here.
- CRLF = LF: CLI in test_bom_and_crlf_do_not_change_the_result and test_split_lines; the helper in
  test_split_lines_reads_like_sacrebleu; Corpus upload here.
- U+2028 / U+0085 inside a line: CLI in test_unicode_separators_stay_inside_their_line; the helper
  in test_split_lines_reads_like_sacrebleu; core, Corpus upload and Explore here.
- NUL bytes: core and CLI here (valid UTF-8 text: scored, as sacreBLEU does); Corpus in
  test_bad_reference_files_give_inline_messages and test_decode_bytes_messages; Explore and
  Compare upload here.
- binary files: CLI (PNG), Corpus upload (PNG) and Compare upload (random bytes) here; UTF-16 in
  test_bad_reference_files_give_inline_messages.
- the upload box / a long paste: over the box in test_decode_bytes_messages, over MAX_PASTE_CHARS pasted
  characters in test_too_long_paste_is_refused_with_the_limit, the CLI's reader in
  test_stream::test_a_million_lines_in_bounded_memory; the helper at exactly the box's size and a 1 MB paste
  on Corpus (scored) and Explore (refused, naming the limit) here.
- URL state too long or corrupted: Explore in test_bad_link_shows_a_message_and_the_default_example
  and test_link_is_shown_for_copying_and_too_long_input_is_explained; Corpus in
  test_broken_link_gives_a_message_and_the_sample; a zip bomb (Explore), an over-long link
  (Corpus) and a cut link (Compare) here; the cap on write and read in test_limits.
- weights not summing to 1: core in test_options::test_bad_options_raise_value_error; CLI in
  BAD_INPUT; Explore in test_custom_weights_invalid_is_an_inline_message (Corpus and Compare
  take no weights).
- N = 0 or N > 10: core in test_bad_options_raise_value_error; CLI in BAD_INPUT; Explore in
  test_max_order_out_of_range_is_an_inline_message; Corpus and Compare links here (their N box
  has min 1 and max 10).
- negative smoothing value: core in test_bad_options_raise_value_error; CLI in BAD_INPUT;
  Explore in test_negative_smoothing_value_is_an_inline_message; Corpus and Compare links here
  (their box has min 0).

The existing app tests check the message and ``not at.exception``;
test_messages_already_tested_show_no_traceback_nan_or_inf adds the "no traceback text, no NaN,
no inf" check to their inputs without repeating their assertions.
"""

from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from sacrebleu.metrics import BLEU
from streamlit.testing.v1 import AppTest

from bleucore import MAX_HELD_CHARS, MAX_HELD_LINES, BleuOptions, corpus_bleu, sentence_bleu
from bleucore.metrics.bleu import messages as msg
from bleucore.metrics.bleu.explanation import explain
from tests.cli.commands import run_main
from tests.conftest import corpus_score, link_token, messages, metric, open_app, sentence_table, upload
from tests.golden_examples import REFS_1
from ui.inputs.limits import MAX_UPLOAD_BYTES, MAX_UPLOAD_MB
from ui.inputs.uploads import InputError, decode_bytes
from ui.links.share import MAX_DECODED_BYTES, MAX_LINK_STATE, encode_state
from ui.metrics.bleu.wording import describe_all
from ui.options import bleu as om
from ui.state import compare as cps
from ui.state import corpus as cs
from ui.state import explore as es

TUTORIAL = BleuOptions(tokenize="none", smooth_method="none")
EPSILON = 1e-9
BAD_NUMBER = re.compile(r"(?<![\w.])[-+]?(nan|inf|infinity)(?!\w)", re.IGNORECASE)
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x02\x00\x00\x00\x90\x91h6"


# --------------------------------------------------------------------------- helpers


def cli(argv: list[object], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """bleucore's command line in-process: (exit status, stdout, stderr)."""
    code, out, err = run_main(argv, capsys)
    assert "Traceback" not in err
    return code, out, err


def cli_error(argv: list[object], capsys: pytest.CaptureFixture[str], *fragments: str) -> None:
    """The command line refuses the input: exit 2 and one error line holding every fragment."""
    code, out, err = cli(argv, capsys)
    assert (code, out) == (2, ""), (code, out, err)
    assert len(err.splitlines()) == 1 and err.startswith("bleucore: error: "), err
    for fragment in fragments:
        assert fragment in err, (fragment, err)


def cli_scores(argv: list[object], capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    """The command line scores the input (JSON lines): every number finite."""
    code, out, err = cli([*argv, "-f", "json", "-w", "6"], capsys)
    assert (code, err) == (0, ""), (code, err)
    objects = [json.loads(line) for line in out.splitlines()] if "-sl" in map(str, argv) else [json.loads(out)]
    for obj in objects:
        numbers = [obj["score"], obj["bp"], obj["ratio"], *obj["precisions"]]
        assert all(math.isfinite(x) for x in numbers), obj
    return objects


def write(path: Path, data: bytes | str) -> Path:
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return path


def start(page: str | None = None, link: str | None = None) -> AppTest:
    """The app on ``page`` (default Explore), optionally with ``?s=link``; exceptions are the test's to check."""
    return open_app(page, link, check=False)


def shown_texts(at: AppTest) -> list[str]:
    """Every piece of text the page shows (messages, Markdown, code, metrics, table cells)."""
    texts: list[str] = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "code", "latex", "text"):
        texts += [str(e.value) for e in at.get(kind)]
    for kind in ("error", "warning", "info", "success"):
        texts += [str(e.value) for e in at.get(kind)]
    texts += [f"{m.label} {m.value}" for m in at.metric]
    texts += [h.proto.body for h in at.get("html")]
    for frame in [*at.dataframe, *at.table]:
        value = frame.value
        texts += [str(v) for v in value.select_dtypes(exclude="number").to_numpy().ravel()]
    return texts


def assert_clean(at: AppTest) -> None:
    """No exception, no traceback text, no NaN or inf shown as text or held by a number column."""
    assert not at.exception, [e.value for e in at.exception]
    for text in shown_texts(at):
        assert "Traceback" not in text, text
        assert not BAD_NUMBER.search(text), text
    for shown in at.metric:
        assert not BAD_NUMBER.search(shown.value), (shown.label, shown.value)
    for frame in [*at.dataframe, *at.table]:
        numbers = frame.value.select_dtypes(include="number").to_numpy(dtype=float)
        assert not (numbers == math.inf).any() and not (numbers == -math.inf).any(), frame.value


def corpus_upload(at: AppTest, hyp: tuple[str, bytes], refs: list[tuple[str, bytes]]) -> AppTest:
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    upload(at, cs.CORPUS_HYP_UPLOAD, hyp)
    return upload(at, cs.CORPUS_REF_UPLOAD, refs).run()


def compare_upload(at: AppTest, refs: list[tuple[str, bytes]], systems: list[tuple[str, bytes]]) -> AppTest:
    at.radio(key=cps.COMPARE_SOURCE).set_value("upload").run()
    upload(at, cps.COMPARE_REF_UPLOAD, refs)
    return upload(at, cps.COMPARE_SYS_UPLOAD, systems).run()


def lines(*texts: str, end: str = "\n") -> bytes:
    return "".join(t + end for t in texts).encode("utf-8")


def sacre(hyps: list[str], refs: list[list[str]]) -> float:
    return float(BLEU().corpus_score(hyps, refs).score)


HYPS = ["the cat sat on the mat today", "a dog barked at the postman"]
REFS = ["the cat sat on a mat today", "the dog barked at the postman"]


# --------------------------------------------------------------------------- families


def test_empty_candidate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # core: BLEU 0 with the reason spelled out
    result = explain("", REFS_1, TUTORIAL)
    assert result.score.score == 0.0 and math.isfinite(result.score.bp)
    assert result.diagnosis is not None and result.diagnosis.reasons == (msg.EmptyCandidateScoresZero(),)
    assert describe_all(result.diagnosis.reasons).startswith("The candidate is empty")
    # CLI: an empty line is a segment scored 0, as sacreBLEU scores it
    hyp = write(tmp_path / "hyp.txt", lines("", HYPS[1]))
    ref = write(tmp_path / "ref.txt", lines(*REFS))
    (corpus,) = cli_scores([ref, "-i", hyp], capsys)
    assert corpus["score"] == pytest.approx(sacre(["", HYPS[1]], [REFS]), abs=EPSILON)
    first, _ = cli_scores([ref, "-i", hyp, "-sl"], capsys)
    assert first["score"] == 0.0 and first["zero_reason"].startswith("the candidate is empty (c = 0)")
    # app: the Corpus page's pasted hypothesis left empty while a reference is there
    at = start("corpus")
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.text_area(key=cs.corpus_ref_key(0)).input("\n".join(REFS)).run()
    assert "Pasted hypothesis is empty: give its segments, one per line" in messages(at)
    assert not [m for m in at.metric if m.label == "Corpus BLEU"]
    assert_clean(at)


def test_whitespace_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # core: spaces, tabs and an ideographic space are no tokens
    result = explain(" \t\u3000 ", REFS_1, TUTORIAL)
    assert result.score.score == 0.0 and result.candidate == ()
    assert result.diagnosis is not None and result.diagnosis.reasons == (msg.EmptyCandidateScoresZero(),)
    assert describe_all(result.diagnosis.reasons).startswith("The candidate is empty")
    # CLI: blank lines are segments with no tokens
    hyp = write(tmp_path / "hyp.txt", lines("   ", "\t"))
    ref = write(tmp_path / "ref.txt", lines(*REFS))
    scores = cli_scores([ref, "-i", hyp, "-sl"], capsys)
    assert [s["score"] for s in scores] == [0.0, 0.0] and [s["sys_len"] for s in scores] == [0, 0]
    # app: an uploaded hypothesis of blank lines is refused with the count
    at = corpus_upload(start("corpus"), ("blank.txt", b"   \n\t\n"), [("ref.txt", lines(*REFS))])
    assert "blank.txt has only blank lines (2): give its segments, one per line" in messages(at)
    assert_clean(at)


def test_no_references() -> None:
    # app: a hypothesis without any reference file is not scored; the page asks for one
    at = corpus_upload(start("corpus"), ("hyp.txt", lines(*HYPS)), [])
    assert "Upload a hypothesis file and at least one reference file" in messages(at)
    assert not [m for m in at.metric if m.label == "Corpus BLEU"]
    assert_clean(at)
    # ... nor a pasted hypothesis whose reference box is empty
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.text_area(key=cs.CORPUS_HYP_PASTE).input("\n".join(HYPS)).run()
    assert "Pasted reference 1 is empty" in messages(at)
    assert_clean(at)
    # Compare: systems without references
    at = compare_upload(start("compare"), [], [("a.txt", lines(*HYPS)), ("b.txt", lines(*REFS))])
    assert "Upload at least one reference file and two or more system outputs" in messages(at)
    assert_clean(at)


def test_empty_references(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # core: an empty reference matches nothing; r = 0 gives BP 1, every number finite
    score = sentence_bleu("the cat sat", ["", "   "], TUTORIAL)
    assert (score.score, score.bp, score.ref_len) == (0.0, 1.0, 0)
    corpus = corpus_bleu(HYPS, [["", ""]])
    assert corpus.score == 0.0 and all(math.isfinite(x) for x in (corpus.bp, corpus.ratio))
    # CLI: an empty reference file has 0 lines; a file of blank lines is scored 0
    hyp = write(tmp_path / "hyp.txt", lines(*HYPS))
    empty = write(tmp_path / "empty.txt", b"")
    cli_error([empty, "-i", hyp], capsys, "hyp.txt has 2 lines but", "empty.txt has 0 lines")
    blank = write(tmp_path / "blank.txt", b"\n\n")
    (scored,) = cli_scores([blank, "-i", hyp], capsys)
    assert scored["score"] == 0.0 and scored["ref_len"] == 0
    # app: Compare with an empty pasted reference
    at = start("compare")
    at.radio(key=cps.COMPARE_SOURCE).set_value("paste").run()
    at.text_area(key=cps.compare_sys_key(0)).input("\n".join(HYPS))
    at.text_area(key=cps.compare_sys_key(1)).input("\n".join(REFS))
    at.run()
    assert "Reference 1 is empty: give its segments, one per line" in messages(at)
    assert_clean(at)


def test_utf8_bom_is_ignored() -> None:
    bom = b"\xef\xbb\xbf"
    plain = corpus_upload(start("corpus"), ("hyp.txt", lines(*HYPS)), [("ref.txt", lines(*REFS))])
    expected = corpus_score(plain)
    assert expected == pytest.approx(sacre(HYPS, [REFS]), abs=EPSILON)
    at = corpus_upload(start("corpus"), ("hyp.txt", bom + lines(*HYPS)), [("ref.txt", bom + lines(*REFS))])
    assert corpus_score(at) == expected  # "the" of line 1 still matches: the BOM is not part of it
    assert_clean(at)
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.text_area(key=cs.CORPUS_HYP_PASTE).input("\ufeff" + "\n".join(HYPS))
    at.text_area(key=cs.corpus_ref_key(0)).input("\n".join(REFS))
    at.run()
    assert corpus_score(at) == expected
    assert_clean(at)


def test_crlf_equals_lf() -> None:
    lf = corpus_upload(start("corpus"), ("hyp.txt", lines(*HYPS)), [("ref.txt", lines(*REFS))])
    crlf = corpus_upload(
        start("corpus"), ("hyp.txt", lines(*HYPS, end="\r\n")), [("ref.txt", lines(*REFS, end="\r\n")[:-2])]
    )  # the reference without its final line end
    assert metric(crlf, "Segments") == "2"
    assert corpus_score(crlf) == corpus_score(lf)
    table_lf, table_crlf = sentence_table(lf), sentence_table(crlf)
    pd.testing.assert_frame_equal(table_crlf, table_lf)  # no "\r" left in any shown line
    assert_clean(crlf)


def test_unicode_line_separators_stay_inside_their_line() -> None:
    hyps = ["the cat\u2028sat on the mat today", "a dog\u0085barked at the postman"]
    # core: both are whitespace to the tokenizers, inside one segment
    assert sentence_bleu(hyps[0], [REFS[0]]).score == sentence_bleu(hyps[0].replace("\u2028", " "), [REFS[0]]).score
    # app (Corpus upload): still 2 segments, scored as sacreBLEU scores the same 2 lines
    at = corpus_upload(start("corpus"), ("hyp.txt", lines(*hyps)), [("ref.txt", lines(*REFS))])
    assert metric(at, "Segments") == "2"
    assert corpus_score(at) == pytest.approx(sacre(hyps, [REFS]), abs=EPSILON)
    assert_clean(at)
    # app (Explore): one candidate, the separator splits tokens like a space
    at = start()
    at.text_area(key=es.CANDIDATE).input("It is a guide\u2028to action\u0085which ensures").run()
    expected = sentence_bleu("It is a guide to action which ensures", list(REFS_1), TUTORIAL)
    assert metric(at, "BLEU (0–100)") == f"{expected.score:.2f}"
    assert_clean(at)


def test_nul_bytes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "the cat\x00sat on the mat today"
    # core: NUL is an ordinary character of a token
    assert sentence_bleu(text, [text]).score == 100.0
    # CLI: a valid UTF-8 file is scored as text, exactly as sacreBLEU scores it
    hyp = write(tmp_path / "hyp.txt", lines(text, HYPS[1]))
    ref = write(tmp_path / "ref.txt", lines(*REFS))
    (scored,) = cli_scores([ref, "-i", hyp], capsys)
    assert scored["score"] == pytest.approx(sacre([text, HYPS[1]], [REFS]), abs=EPSILON)
    # app (Explore): one typed sentence with a NUL is scored, nothing breaks
    at = start()
    at.text_area(key=es.CANDIDATE).input("It is a guide\x00to action").run()
    expected = sentence_bleu("It is a guide\x00to action", list(REFS_1), TUTORIAL)
    assert metric(at, "BLEU (0–100)") == f"{expected.score:.2f}"
    assert_clean(at)
    # app (Compare upload): a file with a NUL byte is refused, naming it and the line
    at = compare_upload(
        start("compare"), [("ref.txt", lines(*REFS))], [("a.txt", lines(*HYPS)), ("b.txt", lines(*HYPS[:1], text))]
    )
    assert "b.txt looks like a binary file (a NUL byte on line 2), not plain text" in messages(at)
    assert_clean(at)


def test_binary_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    noise = bytes(random.Random(5).randrange(128, 256) for _ in range(4096))  # no NUL, not UTF-8
    # CLI
    png = write(tmp_path / "image.png", PNG)
    ref = write(tmp_path / "ref.txt", lines(*REFS))
    cli_error([ref, "-i", png], capsys, "image.png is not UTF-8 text: line 1, byte 1 (0x89)")
    # app (Corpus upload)
    at = corpus_upload(start("corpus"), ("image.png", PNG), [("ref.txt", lines(*REFS))])
    assert "image.png looks like a binary file (a NUL byte on line 3), not plain text" in messages(at)
    assert_clean(at)
    # app (Compare upload)
    at = compare_upload(start("compare"), [("ref.txt", lines(*REFS))], [("a.txt", lines(*HYPS)), ("noise.bin", noise)])
    assert f"noise.bin is not UTF-8: line 1 has the byte 0x{noise[0]:02X} at byte 1" in messages(at)
    assert_clean(at)


def test_uploads_and_pastes_at_their_size_limits_and_one_over() -> None:
    # the decoding helper: the upload box's size + 1 byte is refused by its size before it is decoded; a file as large
    # as the box takes, in MAX_HELD_LINES lines, is read (never refused for its characters: MAX_HELD_CHARS is at least
    # the box's bytes), one line more is refused
    with pytest.raises(InputError, match=f"big.txt is {MAX_UPLOAD_MB}.0 MB; files are limited to {MAX_UPLOAD_MB} MB"):
        decode_bytes(b"\xff" * (MAX_UPLOAD_BYTES + 1), "big.txt")
    data = (("x" * (MAX_UPLOAD_BYTES // MAX_HELD_LINES - 1) + "\n") * (MAX_HELD_LINES - 1)).encode()
    data += b"x" * (MAX_UPLOAD_BYTES - len(data))  # exactly the box's bytes, in MAX_HELD_LINES lines
    decoded = decode_bytes(data, "big.txt")
    assert len(decoded) == MAX_HELD_LINES and sum(map(len, decoded.lines)) == MAX_UPLOAD_BYTES - MAX_HELD_LINES + 1
    assert MAX_HELD_CHARS >= MAX_UPLOAD_BYTES
    with pytest.raises(InputError, match=f"the app scores files of at most {MAX_HELD_LINES:,} lines"):
        decode_bytes(b"a\n" * (MAX_HELD_LINES + 1), "big.txt")
    # the Corpus page: a paste of nearly MAX_HELD_CHARS characters is scored
    rng = random.Random(11)
    words = [f"w{i}" for i in range(3000)] + ["the", "a", "of"] * 300
    hyps, size = [], 0
    while size < 900_000:
        hyps.append(" ".join(rng.choice(words) for _ in range(rng.randint(5, 30))))
        size += len(hyps[-1]) + 1
    refs = [" ".join(rng.choice(words) for _ in range(12)) for _ in hyps]
    at = start("corpus")
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.text_area(key=cs.CORPUS_HYP_PASTE).input("\n".join(hyps))
    at.text_area(key=cs.corpus_ref_key(0)).input("\n".join(refs))
    at.run()
    assert metric(at, "Segments") == f"{len(hyps):,}"
    assert corpus_score(at) == pytest.approx(corpus_bleu(hyps, [refs]).score, abs=EPSILON)
    assert_clean(at)
    # the Explore page (one sentence): a 1 MB candidate is refused with the limit
    at = start()
    at.text_area(key=es.CANDIDATE).input("\n".join(hyps)[:1_000_000]).run()
    assert f"Explore takes at most {es.MAX_TEXT_CHARS:,} characters" in messages(at)
    assert not at.metric
    assert_clean(at)


def _zip_bomb() -> str:
    """A short link whose state inflates to far more than MAX_DECODED_BYTES."""
    raw = b'{"v":1,"c":"' + b" " * (MAX_DECODED_BYTES * 20) + b'"}'
    token = link_token(raw)
    assert len(token) < MAX_LINK_STATE
    return token


def test_url_state_too_long_or_corrupted() -> None:
    # Explore: a zip bomb
    at = start(link=_zip_bomb())
    assert f"the link's state expands beyond {MAX_DECODED_BYTES:,} bytes" in messages(at)
    assert metric(at, "BLEU (0–100)") == "50.46"  # the default example instead
    assert_clean(at)
    # Corpus: a link longer than the cap
    at = start("corpus", "A" * (MAX_LINK_STATE + 1))
    assert f"limit {MAX_LINK_STATE:,}" in messages(at) and "This link could not be opened" in messages(at)
    assert metric(at, "Corpus BLEU") == "25.05"  # the bundled sample instead
    assert_clean(at)
    # Compare: a valid link cut in half (as a chat client may wrap it)
    token = cps.PAGE.to_link(cps.CompareState(source="paste", references=("a b c",), systems=("a b c", "a b d")))
    at = start("compare", token[: len(token) // 2])
    assert "the link is corrupted and cannot be read" in messages(at)
    assert_clean(at)


def test_max_order_out_of_range_in_links() -> None:
    for page, link in (
        ("corpus", encode_state({"page": "corpus", "v": 1, "o": {"n": 0}})),
        ("compare", encode_state({"page": "compare", "v": 1, "o": {"n": 11}})),
    ):
        at = start(page, link)
        assert "is not a whole number from 1 to 10: kept the rest, using N = 4" in messages(at), page
        assert_clean(at)


def test_negative_smoothing_value_in_links() -> None:
    for page in ("corpus", "compare"):
        at = start(page, encode_state({"page": page, "v": 1, "o": {"sm": "floor", "sv": -0.5}}))
        assert (
            "This link's smoothing value -0.5 is not a number of 0 or more: kept the rest, using smoothing value 0.1"
            in messages(at)
        )
        assert at.selectbox(key=om.OptionKeys(page).key("smooth_method")).value == "floor"  # the rest of the link kept
        assert at.number_input(key=om.OptionKeys(page).key("smooth_value")).value == 0.1
        assert_clean(at)


# --------------------------------------------------------------------------- no traceback, NaN or inf


def _explore_weights(at: AppTest, text: str) -> None:
    at.checkbox(key=es.CUSTOM_WEIGHTS).check().run()
    at.text_input(key=es.WEIGHTS).input(text).run()


ALREADY_TESTED = {
    "weights sum to 1.1": lambda at: _explore_weights(at, "0.5, 0.6, 0, 0"),
    "N = 0": lambda at: at.number_input(key=es.MAX_ORDER).set_value(0).run(),
    "N = 11": lambda at: at.number_input(key=es.MAX_ORDER).set_value(11).run(),
    "negative smoothing": lambda at: (
        at.selectbox(key=es.SMOOTH_METHOD).set_value("add-k").run(),
        at.number_input(key=es.SMOOTH_VALUE).set_value(-1.0).run(),
    ),
    "empty candidate": lambda at: at.text_area(key=es.CANDIDATE).input(" \n ").run(),
    "corrupted link": lambda at: (at.query_params.update({"s": "not*base64!"}), at.run()),
}


@pytest.mark.parametrize("case", list(ALREADY_TESTED))
def test_messages_already_tested_show_no_traceback_nan_or_inf(case: str) -> None:
    at = start()
    ALREADY_TESTED[case](at)
    assert at.warning or at.error, case
    assert_clean(at)
