"""Hostile input through the command line, the Python API and the app: every size has a limit checked before the
work it guards, and crossing it is one message (``bleucore: error: ...`` and exit 2 on the command line, a
``ValueError`` in the API, a message in the app), with no partial output and a bounded memory peak.

Each command runs in its own process, whose peak memory is read from ``os.wait4`` (that child's own rusage)."""

from __future__ import annotations

import dataclasses
import math
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from bleucore import MAX_LINE_CHARS, MAX_REFERENCES, MAX_RESAMPLES, MAX_SEGMENT_CHARS, corpus_bleu
from bleucore.metrics import get_metric
from bleucore.metrics.imported.readers import parse_scores
from bleucore.reading import ReadingError
from tests.conftest import ROOT, link_token, messages, open_app
from tests.hostile_scores import BOX_OF_SPANS, CASES

#: The peak memory every hostile command must stay under (issue 25: 500 MB).
PEAK_BYTES = 500 * 1024 * 1024


#: Runs a command's Python code, then writes the process's own peak resident memory (VmHWM: this program's,
#: reset at exec, unlike ru_maxrss, which Linux carries over from the forking test process) to argv[1].
_PEAK = (
    "import atexit, sys\n"
    "def _peak(path=sys.argv[1]):\n"
    "    kib = next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM:'))\n"
    "    open(path, 'w').write(kib)\n"
    "atexit.register(_peak)\n"
)
_CLI = _PEAK + "sys.argv = ['bleucore', *sys.argv[2:]]\nfrom bleucore.cli import main\nsys.exit(main())\n"


def run_cli(args: list[str], stdout: int | None = None, timeout: float = 120) -> tuple[int, str, str, int]:
    """(exit status, stdout, stderr, peak resident bytes) of ``python -m bleucore ARGS`` in a child process."""
    return run_child(_CLI, args, stdout, timeout)


def run_child(code: str, args: list[str], stdout: int | None = None, timeout: float = 120) -> tuple[int, str, str, int]:
    """Run ``code`` in a new Python with ``args``, output in temporary files: (status, stdout, stderr, peak bytes)."""
    with tempfile.TemporaryDirectory() as folder:
        peak_file = Path(folder) / "peak"
        out_file, err_file = Path(folder) / "out", Path(folder) / "err"
        with open(out_file, "w") as out, open(err_file, "w") as err:
            done = subprocess.run(
                [sys.executable, "-c", code, str(peak_file), *args],
                cwd=ROOT,
                stdout=stdout if stdout is not None else out,
                stderr=err,
                timeout=timeout,
            )
        peak = int(peak_file.read_text()) * 1024 if peak_file.exists() else 0
        return done.returncode, out_file.read_text(), err_file.read_text(), peak


def one_error_line(status: int, err: str, *expected: str) -> None:
    lines = err.strip().splitlines()
    assert status == 2 and len(lines) == 1 and lines[0].startswith("bleucore: error: "), (status, err)
    assert "Traceback" not in err
    for text in expected:
        assert text in lines[0], (text, lines[0])


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    (folder / "ref.txt").write_text("the cat sat on the mat\na dog barked\n", encoding="utf-8")
    (folder / "hyp.txt").write_text("the cat sat on a mat\nthe dog barked\n", encoding="utf-8")
    (folder / "three.txt").write_text("a\nb\nc\n", encoding="utf-8")
    (folder / "long.txt").write_text("x" * (10 * MAX_LINE_CHARS) + "\nshort\n", encoding="utf-8")
    (folder / "empty_lines.txt").write_text("\n" * 1_000_000, encoding="utf-8")
    (folder / "binary.txt").write_bytes(b"ok\n\x00\xff\xfe\x80\n")
    return folder


def test_a_billion_references_per_line_are_refused_before_any_allocation(files: Path) -> None:
    status, out, err, peak = run_cli([str(files / "ref.txt"), "-i", str(files / "hyp.txt"), "-nr", "1000000000"])
    one_error_line(status, err, f"--num-refs must be between 1 and {MAX_REFERENCES:,}")
    assert out == "" and peak < PEAK_BYTES


def test_too_many_reference_files_are_refused(files: Path) -> None:
    refs = [str(files / "ref.txt")] * (MAX_REFERENCES + 1)
    status, _out, err, _ = run_cli([*refs, "-i", str(files / "hyp.txt")])
    one_error_line(status, err, f"at most {MAX_REFERENCES:,} are allowed")


@pytest.mark.parametrize("metric", ["bleu", "chrf", "ter"])
def test_a_ten_million_character_line_is_named_not_a_memory_error(files: Path, metric: str) -> None:
    status, out, err, peak = run_cli([str(files / "ref.txt"), "-i", str(files / "long.txt"), "-m", metric])
    one_error_line(status, err, "line 1 of", "long.txt", f"at most {MAX_LINE_CHARS:,}")
    assert out == "" and peak < PEAK_BYTES


def test_dev_zero_as_input_stops_at_the_line_limit(files: Path) -> None:
    status, _out, err, peak = run_cli([str(files / "ref.txt"), "-i", "/dev/zero"])
    one_error_line(status, err, "/dev/zero", f"more than {MAX_LINE_CHARS:,} characters")
    assert peak < PEAK_BYTES


def test_sentence_level_checks_line_counts_before_printing(files: Path) -> None:
    status, out, err, _ = run_cli([str(files / "ref.txt"), "-i", str(files / "three.txt"), "-sl"])
    one_error_line(status, err, "three.txt has 3 lines but", "ref.txt has 2 lines")
    assert out == ""  # nothing printed before the check (sacreBLEU reads every file first too)


@pytest.mark.parametrize("args", [["--help"], ["ref.txt", "-i", "hyp.txt"]], ids=["help", "score"])
def test_a_full_standard_output_is_an_error_that_says_so(files: Path, args: list[str]) -> None:
    argv = [str(files / a) if a.endswith(".txt") else a for a in args]
    with open("/dev/full", "w") as full:
        status, _, err, _ = run_cli(argv, stdout=full.fileno())
    one_error_line(status, err, "cannot write to standard output")


@pytest.mark.parametrize("flags", [["--paired-bs", "-pbsn"], ["--paired-ar", "-parn"]])
def test_resamples_have_a_limit(files: Path, flags: list[str]) -> None:
    hyp = str(files / "hyp.txt")
    status, _, err, _ = run_cli([str(files / "ref.txt"), "-i", hyp, hyp, *flags, str(MAX_RESAMPLES + 1)])
    one_error_line(status, err, f"between 1 and {MAX_RESAMPLES:,}")


def test_binary_bytes_are_named_with_their_line(files: Path) -> None:
    status, _, err, _ = run_cli([str(files / "ref.txt"), "-i", str(files / "binary.txt")])
    assert status == 2 and err.startswith("bleucore: error: ") and "Traceback" not in err and "binary.txt" in err


def test_a_million_empty_lines_score_in_bounded_memory(files: Path) -> None:
    path = str(files / "empty_lines.txt")
    status, out, err, peak = run_cli([path, "-i", path, "-f", "text", "-b"], timeout=300)
    assert status == 0 and out.strip() == "0.0", (status, out, err)
    assert peak < PEAK_BYTES


@pytest.mark.parametrize("name", ["bleu", "chrf", "ter"])
def test_the_api_names_an_overlong_line_and_too_many_references(name: str) -> None:
    metric = get_metric(name)
    with pytest.raises(ValueError, match=f"at most {MAX_LINE_CHARS:,}"):
        metric.corpus_score(["x" * (MAX_LINE_CHARS + 1)], [["a reference"]])
    with pytest.raises(ValueError, match=f"at most {MAX_REFERENCES:,} are allowed"):
        metric.corpus_score(["a b"], [["a b"]] * (MAX_REFERENCES + 1))
    with pytest.raises(ValueError, match="line 2 of reference 1"):
        corpus_bleu(["a", "b"], [["a", "y" * (MAX_LINE_CHARS + 1)]]) if name == "bleu" else metric.corpus_score(
            ["a", "b"], [["a", "y" * (MAX_LINE_CHARS + 1)]]
        )


@pytest.mark.parametrize("name", ["bleu", "chrf", "ter"])
def test_the_api_names_a_segment_over_its_limit_and_passes_long_lines_spread_over_segments(name: str) -> None:
    metric = get_metric(name)
    third = MAX_SEGMENT_CHARS // 3 + 1  # three lines of one segment: one character over the limit together
    long = "z" * third
    with pytest.raises(ValueError, match=f"line 2 of the hypotheses: the segment's lines have {3 * third:,}"):
        metric.corpus_score(["a", long], [["a", long], ["a", long]])
    # The longest lines of each stream add up past the limit, but they sit in different segments: no segment does.
    near = "w " * (MAX_SEGMENT_CHARS // 4)
    score = metric.corpus_score([near, "a", "a"], [["a", near, "a"], ["a", "a", near]])
    assert math.isfinite(score.score)


def test_a_file_read_whole_is_refused_after_one_line_past_the_character_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The report's files (read_held_lines): reading stops once the characters pass the limit, not at the end."""
    from bleucore import limits
    from bleucore.reading.lines import LineReader, read_held_lines

    monkeypatch.setattr(limits, "HELD", dataclasses.replace(limits.HELD, chars=1_000, lines=100))
    taken: list[int] = []
    take_bytes = LineReader.take_bytes
    monkeypatch.setattr(
        LineReader, "take_bytes", lambda self, *a: taken.append(len(out := take_bytes(self, *a))) or out
    )
    path = tmp_path / "big.txt"
    path.write_text(("x" * 99 + "\n") * 500, encoding="utf-8")
    with pytest.raises(ValueError, match=r"big\.txt has more than 1,000 characters; a file read whole"):
        read_held_lines(path)
    assert taken == [12]  # 100 characters a line, counted with the limit's lines: 1,102 reached at line 12, not 500
    path.write_text(("x" * 99 + "\n") * 10, encoding="utf-8")
    assert read_held_lines(path) == ["x" * 99] * 10  # 990 characters: within


_token = link_token


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        (_token(b"[" * 100_000 + b"]" * 100_000), "nested 100,000 levels deep"),
        (_token(b'{"page":"corpus","v":2,"opt":' + b'{"a":' * 50 + b"1" + b"}" * 50 + b"}"), "levels deep, limit 8"),
        (_token(b'{"page":"corpus","v":2}')[:-3], "corrupted"),
        (_token(b'{"page":"corpus","v":2,"src":"paste","h":"' + b"a b c " * 200 + b'"}')[:40], "corrupted"),
        (_token(b'{"page":"corpus","v":2}') + "AAAA", "corrupted"),
    ],
    ids=["bracket-bomb", "deep-object", "checksum-cut", "truncated", "padded"],
)
def test_hostile_links_are_one_message_in_the_app(token: str, expected: str) -> None:
    at = open_app("corpus", token)
    assert not at.exception
    assert "This link could not be opened" in messages(at) and expected in messages(at), messages(at)


def test_thousands_of_uploaded_files_are_refused_before_reading(tmp_path: Path) -> None:
    from tests.conftest import upload
    from ui.inputs.limits import MAX_SESSION_FILES
    from ui.state import corpus as cs

    at = open_app("corpus")
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    upload(at, cs.CORPUS_REF_UPLOAD, [(f"r{i}.txt", b"a\n") for i in range(500)]).run()
    assert not at.exception
    assert f"500 files at once: a session takes at most {MAX_SESSION_FILES} files" in messages(at)


def test_an_overlong_uploaded_line_is_named(tmp_path: Path) -> None:
    from tests.conftest import upload
    from ui.state import corpus as cs

    at = open_app("corpus")
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    upload(at, cs.CORPUS_REF_UPLOAD, [("wide.txt", b"ok\n" + b"y" * (MAX_LINE_CHARS + 5) + b"\n")]).run()
    assert not at.exception
    assert f"Line 2 of wide.txt has {MAX_LINE_CHARS + 5:,} characters" in messages(at).replace("\\", "")


def test_peak_memory_is_measured_per_child() -> None:
    """The measure itself: a child that touches 200 MB shows a peak above 200 MB, a small one far less."""
    big = _PEAK + "b = bytearray(200 * 1024 * 1024)\nb[::4096] = b'x' * len(b[::4096])\n"
    assert run_child(big, [])[3] >= 200 * 1024 * 1024
    assert 0 < run_child(_PEAK, [])[3] < 100 * 1024 * 1024


def test_the_readme_states_the_limits() -> None:
    from bleucore import (
        MAX_DOCTOR_CHARS,
        MAX_DOCTOR_LINES,
        MAX_DOCTOR_TOTAL_CHARS,
        MAX_DOCTOR_TOTAL_LINES,
        MAX_HELD_CHARS,
        MAX_HELD_LINES,
        MAX_HELD_STATISTICS,
        MAX_HELD_TOTAL_CHARS,
        MAX_HELD_TOTAL_LINES,
        MAX_LINES,
        MAX_SEGMENT_CHARS,
        MAX_TER_WORD_PAIRS,
        limits,
    )
    from bleucore.limits import MAX_DOCTOR_FILE_BYTES, MAX_TRAINING_BYTES
    from ui.links.share import MAX_DECODED_BYTES, MAX_LINK_STATE, MAX_NESTING

    readme = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    for stated in (
        f"| {MAX_LINE_CHARS:,} characters (",
        f"| {MAX_REFERENCES:,} (",
        f"| {MAX_RESAMPLES:,} (",
        f"| {MAX_SEGMENT_CHARS:,} characters (",
        f"| {MAX_LINES:,} (",
        f"| {MAX_HELD_STATISTICS:,} numbers (",
        f"| {MAX_TER_WORD_PAIRS:,} (",
        f"| {MAX_HELD_LINES:,} lines and {MAX_HELD_CHARS:,} characters (",
        f"| {MAX_TRAINING_BYTES // 2**20} MB / ",
        f"| {MAX_DOCTOR_FILE_BYTES // 2**20} MB (",
        f"| {MAX_HELD_TOTAL_LINES:,} lines and {MAX_HELD_TOTAL_CHARS:,} characters (",
        f"| {MAX_DOCTOR_LINES:,} lines and {MAX_DOCTOR_CHARS:,} characters / {MAX_DOCTOR_TOTAL_LINES:,} lines "
        f"and {MAX_DOCTOR_TOTAL_CHARS:,} characters (",
        f"{MAX_LINK_STATE:,} characters / {MAX_DECODED_BYTES:,} bytes / {MAX_NESTING} levels",
    ):
        assert stated in readme, stated
    named = [name for name in vars(limits) if name.startswith("MAX_")]
    assert [name for name in named if name not in readme] == [], "every limit is named in docs/limits.md"


@pytest.mark.parametrize("name", ["bleu", "chrf", "ter"])
def test_the_api_scores_a_long_corpus_a_chunk_at_a_time(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks of CHUNK_CHARS characters summed give the score of one whole pass (exactly: BLEU and chrF sum integer
    counts; TER's average reference lengths are floats)."""
    from bleucore.metrics import inputs
    from tests.generators import random_corpus

    hyps, refs = random_corpus(7, 400, 2)
    metric = get_metric(name)
    whole = metric.corpus_score(hyps, refs).score
    monkeypatch.setattr(inputs, "CHUNK_CHARS", 500)
    assert len(inputs.chunk_bounds(inputs.check_streams(hyps, refs))) > 10
    chunked = metric.corpus_score(hyps, refs).score
    assert chunked == pytest.approx(whole, rel=1e-12) and (name == "ter" or chunked == whole)
    if name == "bleu":
        assert corpus_bleu(hyps, refs).score == whole


def test_the_api_holds_no_more_than_a_chunk_of_work() -> None:
    """chrF of 150,000 lines held by the caller: the scoring adds under 250 MB (it held every line's n-grams at
    once: about 650 MB more)."""
    code = _PEAK + (
        "from bleucore.metrics import get_metric\n"
        "hyps = [f'w{i % 997} x{i % 13} the cat sat on the mat {i}' for i in range(150_000)]\n"
        "refs = [[f'w{i % 991} x{i % 11} the cat sat on a mat {i}' for i in range(150_000)]]\n"
        "rss = int(next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmRSS:'))) * 1024\n"
        "get_metric('chrf').corpus_score(hyps, refs)\n"
        "print(rss)\n"
    )
    status, out, err, peak = run_child(code, [])
    assert status == 0, err
    assert peak - int(out) < 250 * 2**20, (peak - int(out)) / 2**20


@pytest.mark.parametrize("case", [*CASES, "270,000 tiny spans"])
def test_a_hostile_score_file_is_a_typed_error_of_the_api(case: str) -> None:
    """Issue 48 through the API (``parse_scores``, which the command line and the pages call): the typed
    ``ReadingError`` naming the file, never OverflowError, RecursionError or Python's 4,300-digit ValueError."""
    hostile = BOX_OF_SPANS if case == "270,000 tiny spans" else CASES[case]
    with pytest.raises(ReadingError) as err:
        parse_scores(hostile.make(60), "s.json")
    assert type(err.value) is hostile.error and err.value.name == "s.json"
    assert hostile.english.format(name="s.json") in str(err.value), str(err.value)
