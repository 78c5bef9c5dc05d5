"""Hostile command lines (issue 25): every flag at its extremes, bytes that are not text in every position, files
that are not files, endless input, and the limits on lines, segments and held statistics; hostile score files given
to the report (issue 48, tests/hostile_scores.py). Each case either works
or is exactly one ``bleucore: error:`` line with exit status 2 and nothing on standard output; the large ones run in
a child process whose peak memory is measured (``tests.test_hostile_input.run_cli``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bleucore import (
    MAX_HELD_STATISTICS,
    MAX_LINES,
    MAX_RESAMPLES,
    MAX_SEGMENT_CHARS,
    MAX_TER_WORD_PAIRS,
)
from bleucore.cli import main
from bleucore.limits import MAX_SCORE_FILE_BYTES
from tests.cli.commands import run_main
from tests.conftest import ROOT
from tests.hostile_scores import CASES, MILLION_SPANS
from tests.test_hostile_input import _PEAK, PEAK_BYTES, one_error_line, run_child, run_cli

HUGE = str(10**18)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile_cli")
    (folder / "ref.txt").write_text("the cat sat on the mat\na dog barked at the moon\n", encoding="utf-8")
    (folder / "hyp.txt").write_text("the cat sat on a mat\nthe dog barked at a moon\n", encoding="utf-8")
    return folder


# --------------------------------------------------------------------------- every flag at its extremes

#: (flags, None if the command works, else a text of its one error line). Every numeric or sized flag of
#: ``python -m bleucore --help`` at 0, negative, huge, not a number, NaN and infinity.
FLAGS: list[tuple[list[str], str | None]] = [
    (["-nr", "0"], "--num-refs must be between 1 and 1,000, got 0"),
    (["-nr", "-1"], "--num-refs must be between 1 and 1,000, got -1"),
    (["-nr", HUGE], "--num-refs must be between 1 and 1,000"),
    (["-nr", "x"], "argument -nr/--num-refs: invalid int value: 'x'"),
    (["-nr", "nan"], "invalid int value: 'nan'"),
    (["--max-ngram-order", "0"], "max n-gram order must be between 1 and 10, got 0"),
    (["--max-ngram-order", "-3"], "max n-gram order must be between 1 and 10, got -3"),
    (["--max-ngram-order", HUGE], f"max n-gram order must be between 1 and 10, got {HUGE}"),
    (["--max-ngram-order", "inf"], "invalid int value: 'inf'"),
    (["--max-ngram-order", "10"], None),
    (["--weights", "1,0,0,0,0,0,0,0,0,0,0"], "max n-gram order must be between 1 and 10, got 11 weights"),
    (["--weights", "nan"], "weights must be comma-separated numbers"),
    (["--weights", "inf,-inf"], "weights must be comma-separated numbers"),
    (["--weights", "1e400"], "weights must be comma-separated numbers"),  # was an OverflowError traceback
    (["--weights", "1e999999999"], "weights must be comma-separated numbers"),  # was a 3 GB integer
    (["--weights", "1/0"], "weights must be comma-separated numbers"),
    (["--weights", "1," + "0," * 5000 + "0"], "max n-gram order must be between 1 and 10"),
    (["--weights", "0.5,0.5"], None),
    (["-w", "-1"], "--width must be between 0 and 16, got -1"),
    (["-w", HUGE], f"--width must be between 0 and 16, got {HUGE}"),
    (["-w", "0"], None),
    (["-w", "16"], None),
    (["-cc", "-1", "-m", "chrf"], "chrF char_order must be a whole number between 0 and 20, got -1"),
    (["-cc", HUGE, "-m", "chrf"], "chrF char_order must be a whole number between 0 and 20"),
    (["-cc", "0", "-m", "chrf"], "chrF needs at least one character or word n-gram order"),
    (["-cw", "-1", "-m", "chrf"], "chrF word_order must be a whole number between 0 and 10, got -1"),
    (["-cw", HUGE, "-m", "chrf"], "chrF word_order must be a whole number between 0 and 10"),
    (["-cc", "20", "-cw", "10", "-m", "chrf"], None),
    (["--chrf-beta", "-1", "-m", "chrf"], "chrF beta must be a whole number between 0 and 1000, got -1"),
    (["--chrf-beta", HUGE, "-m", "chrf"], "chrF beta must be a whole number between 0 and 1000"),
    (["--chrf-beta", "nan", "-m", "chrf"], "argument --chrf-beta: invalid int value: 'nan'"),
    (["--chrf-beta", "inf", "-m", "chrf"], "argument --chrf-beta: invalid int value: 'inf'"),
    (["--chrf-beta", "0", "-m", "chrf"], None),
    (["--chrf-beta", "1000", "-m", "chrf"], None),
    (["-s", "floor", "-sv", "nan"], "--smooth-value must be a finite number >= 0, got nan"),
    (["-s", "floor", "-sv", "inf"], "--smooth-value must be a finite number >= 0, got inf"),
    (["-s", "add-k", "-sv", "-1"], "--smooth-value must be a finite number >= 0, got -1"),
    (["-s", "add-k", "-sv", "x"], "--smooth-value"),
    (["-s", "nltk-method4", "-sv", "1e308"], None),
    (["-s", "nope"], "nope"),
    (["-ci", "-cin", "0"], f"--confidence-n must be between 1 and {MAX_RESAMPLES:,}, got 0"),
    (["-ci", "-cin", "-1"], f"--confidence-n must be between 1 and {MAX_RESAMPLES:,}, got -1"),
    (["-ci", "-cin", HUGE], f"--confidence-n must be between 1 and {MAX_RESAMPLES:,}"),
    (["-ci", "-cin", "1e5"], "argument -cin/--confidence-n: invalid int value: '1e5'"),
    (["-j", "0"], None),  # accepted for sacreBLEU compatibility, one process whatever its value
    (["-j", HUGE], None),
    (["-e", "rot13"], "'rot13' is not a text encoding"),  # was a LookupError traceback
    (["-e", "base64"], "'base64' is not a text encoding"),
    (["-e", "utf-16"], "encoding 'utf-16' is not supported"),
    (["-e", "x" * 10_000], "unknown encoding"),
    (["-l", "x"], "a language pair is SRC-TRG, such as en-ko, got 'x'"),
    (["-l", "a" * 10_000 + "-ko"], None),
    (["-tok", "zz"], "argument -tok/--tokenize: invalid choice: 'zz'"),
    (["-f", "xml"], "argument -f/--format: invalid choice: 'xml'"),
    (["-m", "bleu", "bleu", "chrf", "chrf", "ter"], None),
]


@pytest.mark.parametrize(("flags", "expected"), FLAGS, ids=[" ".join(f)[:40] for f, _ in FLAGS])
def test_every_flag_at_its_extremes(
    files: Path, flags: list[str], expected: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_main([str(files / "ref.txt"), "-i", str(files / "hyp.txt"), *flags], capsys)
    if expected is None:
        assert status == 0 and out and "Traceback" not in err, (status, err)
    else:
        one_error_line(status, err, expected)
        assert out == ""


@pytest.mark.parametrize(
    "flags",
    [
        ["-nr", HUGE],
        ["-cin", HUGE, "-ci"],
        ["-pbs", "-pbsn", HUGE],
        ["-par", "-parn", HUGE],
        ["--max-ngram-order", HUGE],
        ["-cc", HUGE, "-m", "chrf"],
    ],
)
def test_huge_values_are_refused_before_any_allocation(files: Path, flags: list[str]) -> None:
    hyp = str(files / "hyp.txt")
    systems = [hyp, hyp] if "-pbs" in flags or "-par" in flags else [hyp]
    status, out, err, peak = run_cli([str(files / "ref.txt"), "-i", *systems, *flags])
    one_error_line(status, err)
    assert out == "" and peak < 100 * 2**20, peak


# --------------------------------------------------------------------------- bytes that are not text

#: Invalid UTF-8 placed where a reader could get it wrong: (file bytes, line, byte of the line, the bad byte).
INVALID_UTF8 = [
    (b"\xffabc\nok\n", 1, 1, 0xFF),  # the first byte of the file
    (b"ok\nab\x80cd\nok\n", 2, 3, 0x80),  # the middle of a line
    (b"ok\nok\nabc\xc3", 3, 4, 0xC3),  # the last byte, no final newline: a character cut short
    (b"ok\n\xe4\xb8ok\n", 2, 1, 0xE4),  # inside a three-byte character
    (b"\xef\xbb\xbfok\n\xed\xa0\x80\n", 2, 1, 0xED),  # after a BOM: an encoded surrogate (CESU-8)
    (b"ok\n" * 3 + b"\xc0\xaf\n", 4, 1, 0xC0),  # an overlong encoding of "/"
    (b"ok\r\nok\r\n\xf8\x88\x80\x80\x80\r\n", 3, 1, 0xF8),  # a five-byte form, CRLF line ends
]


@pytest.mark.parametrize(
    ("data", "line", "column", "byte"), INVALID_UTF8, ids=[str(i) for i in range(len(INVALID_UTF8))]
)
@pytest.mark.parametrize("role", ["hypothesis", "reference", "sentence-level"])
def test_invalid_utf8_names_the_file_line_and_byte(
    tmp_path: Path, data: bytes, line: int, column: int, byte: int, role: str, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(data)
    good = tmp_path / "good.txt"
    good.write_text("ok\n" * (data.count(b"\n") + (not data.endswith(b"\n"))), encoding="utf-8")
    args = [str(good), "-i", str(bad)] if role != "reference" else [str(bad), "-i", str(good)]
    status, out, err = run_main([*args, *(["-sl"] if role == "sentence-level" else [])], capsys)
    one_error_line(status, err, f"{bad} is not UTF-8 text: line {line}, byte {column} (0x{byte:02x})")
    assert out == ""


@settings(max_examples=60, derandomize=True, deadline=None)
@given(
    prefix=st.lists(st.sampled_from(["ok", "a b", "", "é", "漢字"]), max_size=6),
    position=st.integers(0, 40),
    bad=st.sampled_from([b"\xff", b"\x80", b"\xc3", b"\xe4\xb8", b"\xed\xa0\x80"]),
)
def test_invalid_utf8_anywhere_is_named_at_its_line(prefix: list[str], position: int, bad: bytes) -> None:
    """Property: a bad byte sequence put at any byte boundary of valid text is reported at the line it is on."""
    text = "".join(line + "\n" for line in prefix).encode("utf-8")
    cuts = [i for i in range(len(text) + 1) if i == len(text) or (text[i] & 0xC0) != 0x80]  # character boundaries
    cut = cuts[position % len(cuts)]
    data = text[:cut] + bad + text[cut:]
    line = data.count(b"\n", 0, cut) + 1
    column = cut - (data.rfind(b"\n", 0, cut) + 1) + 1
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "x.txt"
        path.write_bytes(data)
        good = Path(folder) / "g.txt"
        good.write_text("ok\n" * (data.count(b"\n") + (not data.endswith(b"\n"))), encoding="utf-8")
        import contextlib
        import io

        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()) as out:
            status = main([str(good), "-i", str(path)])
    one_error_line(status, err.getvalue(), f"{path} is not UTF-8 text: line {line}, byte {column} (0x{bad[0]:02x})")
    assert out.getvalue() == ""


# --------------------------------------------------------------------------- files that are not files


def test_files_that_cannot_be_read_are_one_line_each(
    tmp_path: Path, files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ref, hyp = str(files / "ref.txt"), str(files / "hyp.txt")
    (tmp_path / "cr.txt").write_bytes(b"the cat\rsat\ra dog\r")  # classic-Mac line ends: one line
    cases = [
        ([ref, "-i", str(tmp_path)], f"cannot read {tmp_path}: Is a directory"),
        ([str(tmp_path), "-i", hyp], f"cannot read {tmp_path}: Is a directory"),
        ([ref, "-i", str(tmp_path / "missing.txt")], "missing.txt: No such file or directory"),
        ([ref, "-i", f"{ref}/inside.txt"], "inside.txt: Not a directory"),
        ([ref, "-i", str(tmp_path / "cr.txt")], f"{tmp_path / 'cr.txt'} has 1 line but {ref} has 2 lines"),
        ([ref, "-i", str(tmp_path), "-sl"], "Is a directory"),
        ([ref, "-i", hyp, str(tmp_path), "-pbs"], "Is a directory"),
    ]
    for args, expected in cases:
        status, out, err = run_main(args, capsys)
        one_error_line(status, err, expected)
        assert out == "", args


#: The command as another user, who may be unable to read this interpreter, its packages or the clone (a venv in a
#: folder of mode 0700, an interpreter under /root): the child first runs the same command with a missing file,
#: which imports every module its error path needs while they can still be read, and only then switches user.
_AS_NOBODY = (
    "import contextlib, io, os, sys\n"
    "import bleucore.cli\n"
    "missing = [*sys.argv[1:-1], sys.argv[-1] + '.missing']\n"
    "with contextlib.redirect_stderr(io.StringIO()):\n"
    "    assert bleucore.cli.main(missing) == 2\n"
    "if os.getuid() == 0:\n"
    "    os.setgid(65534); os.setuid(65534)\n"
    "open(sys.argv[1], 'rb').close()\n"  # this user reaches the folder: the reference, beside the file, is read
    "sys.exit(bleucore.cli.main(sys.argv[1:]))\n"
)


@pytest.mark.skipif(not hasattr(os, "setuid"), reason="POSIX permissions")
def test_a_file_without_read_permission_is_one_line() -> None:
    """Root reads any file, so the command runs as uid 65534. The file's mode is the one thing that stops it: it lies
    in a folder anyone may enter, beside the reference, which that user reads before the command runs."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        folder.chmod(0o755)
        ref, secret = folder / "ref.txt", folder / "secret.txt"
        ref.write_text("a\nb\n", encoding="utf-8")
        secret.write_text("a\nb\n", encoding="utf-8")
        ref.chmod(0o644)
        secret.chmod(0)
        done = subprocess.run(
            [sys.executable, "-c", _AS_NOBODY, str(ref), "-i", str(secret)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
    one_error_line(done.returncode, done.stderr, f"cannot read {secret}: Permission denied")
    assert done.stdout == ""


def test_endless_standard_input_stops_at_the_line_limit(files: Path) -> None:
    """An endless pipe (``yes | bleucore ref.txt``): the reference ends first, and counting the rest of the pipe
    stops at MAX_LINES (it ran forever)."""
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            _PEAK + "sys.argv = ['bleucore', *sys.argv[2:]]\nfrom bleucore.cli import main\nsys.exit(main())\n",
            os.devnull,
            str(files / "ref.txt"),
        ],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdin is not None
    block = b"a b c\n" * 100_000
    try:
        while child.poll() is None:
            child.stdin.write(block)
    except BrokenPipeError:
        pass
    out, err = child.communicate(timeout=120)
    one_error_line(child.returncode, err.decode(), f"<stdin> has more than {MAX_LINES:,} lines")
    assert out == b""


def test_a_line_count_past_the_limit_is_refused_before_sentence_scores(tmp_path: Path) -> None:
    many = tmp_path / "many.txt"
    many.write_bytes(b"\n" * (MAX_LINES + 1))
    status, out, err, peak = run_cli([str(many), "-i", str(many), "-sl"])
    one_error_line(status, err, f"{many} has more than {MAX_LINES:,} lines; a file may have at most {MAX_LINES:,}")
    assert out == "" and peak < PEAK_BYTES


# --------------------------------------------------------------------------- sizes held in memory


def test_a_segment_of_long_references_stops_at_the_segment_limit(tmp_path: Path) -> None:
    """Three references whose first lines are each under the line limit but together past the segment limit: the
    reading stops at the file that crosses it (1,000 such files would have been read whole)."""
    long = tmp_path / "long.txt"
    long.write_text("x " * (MAX_SEGMENT_CHARS // 5) + "\nok\n", encoding="utf-8")
    refs = [str(long)] * 3
    status, out, err, peak = run_cli([*refs, "-i", str(long)])
    one_error_line(status, err, f"line 1 of {long}: the segment's lines have", f"at most {MAX_SEGMENT_CHARS:,}")
    assert out == "" and peak < PEAK_BYTES


def test_ter_refuses_a_segment_past_its_word_pairs(tmp_path: Path) -> None:
    """TER's edit distance is quadratic in a segment's words (a 1,000,000-character line grew past 15 GB)."""
    side = int(MAX_TER_WORD_PAIRS**0.5)
    hyp, ref = tmp_path / "hyp.txt", tmp_path / "ref.txt"
    hyp.write_text("ok\n" + " ".join(f"w{i}" for i in range(side + 1)) + "\n", encoding="utf-8")
    ref.write_text("ok\n" + " ".join(f"v{i}" for i in range(side)) + "\n", encoding="utf-8")
    status, out, err, peak = run_cli([str(ref), "-i", str(hyp), "-m", "ter"])
    one_error_line(
        status, err, f"line 2 of {hyp}: TER compares {side + 1:,} hypothesis words with {side:,} reference words"
    )
    assert out == "" and peak < PEAK_BYTES


def test_significance_tests_stop_at_the_held_statistics(tmp_path: Path) -> None:
    """Many systems reach the held-statistics limit quickly: 40 systems x 10 BLEU statistics per line."""
    systems, width = 40, 10
    most = MAX_HELD_STATISTICS // (systems * width)
    text = tmp_path / "sys.txt"
    text.write_text("a b c d\n" * (most + 1), encoding="utf-8")
    links = []
    for i in range(systems):
        link = tmp_path / f"s{i}.txt"
        link.symlink_to(text)
        links.append(str(link))
    status, out, err, peak = run_cli([str(text), "-i", *links, "-pbs", "-pbsn", "1"])
    one_error_line(
        status, err, f"has more than {most:,} lines", f"at most {MAX_HELD_STATISTICS:,} numbers (40 systems x 10"
    )
    assert out == "" and peak < PEAK_BYTES


def _held_limits(tool: str) -> tuple[int, int]:
    """The lines of one file and of all files together that ``tool`` holds (the doctor has its own)."""
    import bleucore

    if tool == "bleucore.doctor":
        return bleucore.MAX_DOCTOR_LINES, bleucore.MAX_DOCTOR_TOTAL_LINES
    return bleucore.MAX_HELD_LINES, bleucore.MAX_HELD_TOTAL_LINES


@pytest.mark.parametrize("tool", ["bleucore.report", "bleucore.doctor"])
def test_the_report_and_the_doctor_hold_a_bounded_file(tmp_path: Path, tool: str) -> None:
    most, _ = _held_limits(tool)
    many = tmp_path / "many.txt"
    many.write_text("a b\n" * (most + 1), encoding="utf-8")
    code = _PEAK + f"from bleucore.cli.{tool.split('.')[-1]} import main\nsys.exit(main(sys.argv[2:]))\n"
    status, out, err, peak = run_child(
        code, [str(many), "-i", str(many), *(["--n-samples", "1"] if "report" in tool else [])]
    )
    one_error_line(status, err, f"{many} has more than {most:,} lines")
    assert out == "" and peak < PEAK_BYTES


@pytest.mark.parametrize("tool", ["bleucore.report", "bleucore.doctor"])
def test_the_report_and_the_doctor_hold_a_bounded_total(tmp_path: Path, tool: str) -> None:
    """Five files each within the tool's lines per file, together past its total: one error line before any work."""
    most, total = _held_limits(tool)
    each = total // 5 + 1
    assert each <= most
    files = []
    for i in range(5):
        path = tmp_path / f"f{i}.txt"
        path.write_text("a b\n" * each, encoding="utf-8")
        files.append(str(path))
    code = _PEAK + f"from bleucore.cli.{tool.split('.')[-1]} import main\nsys.exit(main(sys.argv[2:]))\n"
    args = [*files[:2], "-i", *files[2:]] if "report" in tool else [*files[1:], "-i", files[0]]
    status, out, err, peak = run_child(code, [*args, *(["--n-samples", "1"] if "report" in tool else [])])
    one_error_line(status, err, f"the 5 files hold {5 * each:,} lines", f"at most {total:,} lines")
    assert out == "" and peak < PEAK_BYTES


def test_the_doctor_checks_a_whole_test_set_at_its_limits(tmp_path: Path) -> None:
    """A hypothesis and three references at the doctor's totals (lines and characters, words of a large
    vocabulary, lines with doubled spaces so that no tokenization shortcut applies) are answered, every tool
    scored, under the memory bound (the tutorial's split tokens held as tuples peaked at 740 MB)."""
    import random

    from bleucore import MAX_DOCTOR_TOTAL_CHARS, MAX_DOCTOR_TOTAL_LINES

    rng = random.Random(25)
    words = ["".join(rng.choices("abcdefghijklmnopqrstuvwxyz", k=rng.randint(2, 9))) for _ in range(30_000)]
    lines, width = MAX_DOCTOR_TOTAL_LINES // 4, MAX_DOCTOR_TOTAL_CHARS // MAX_DOCTOR_TOTAL_LINES - 1
    files = []
    for name in ("hyp", "r1", "r2", "r3"):
        text = []
        for _ in range(lines):
            line = "  ".join(rng.choices(words, k=width // 5))
            text.append(line[:width].strip())
        path = tmp_path / f"{name}.txt"
        path.write_text("\n".join(text) + "\n", encoding="utf-8")
        files.append(str(path))
    code = _PEAK + "from bleucore.cli.doctor import main\nsys.exit(main(sys.argv[2:]))\n"
    status, out, err, peak = run_child(code, [*files[1:], "-i", files[0]], timeout=900)
    assert status == 0, err
    assert "sacreBLEU 2.6" in out and "donghwa-kim.github.io BLEU formula" in out, out[-2000:]
    assert peak < PEAK_BYTES, peak


# --------------------------------------------------------------------------- hostile score files (issue 48)

#: The report's command line in a child that writes its peak resident memory and CPU seconds (its own and its
#: waited children's: user + system, which a busy machine inflates less than the wall clock) to argv[1].
_MEASURED_REPORT = (
    "import atexit, resource, sys\n"
    "def _measure(path=sys.argv[1]):\n"
    "    kib = next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM:'))\n"
    "    used = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]\n"
    "    open(path, 'w').write(f'{kib} {sum(u.ru_utime + u.ru_stime for u in used)}')\n"
    "atexit.register(_measure)\n"
    "from bleucore.cli.report import main\n"
    "sys.exit(main(sys.argv[2:]))\n"
)
#: CPU seconds a hostile score file may cost the report (issue 48: under 10 s).
CPU_SECONDS = 10.0


def run_report(args: list[str]) -> tuple[int, str, str, int, float]:
    """(exit status, stdout, stderr, peak resident bytes, CPU seconds) of ``python -m bleucore.report ARGS``."""
    with tempfile.TemporaryDirectory() as folder:
        measure = Path(folder) / "measure"
        done = subprocess.run(
            [sys.executable, "-c", _MEASURED_REPORT, str(measure), *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
        kib, cpu = measure.read_text().split()
    return done.returncode, done.stdout, done.stderr, int(kib) * 1024, float(cpu)


@pytest.fixture(scope="module")
def report_inputs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile_scores")
    (folder / "ref.txt").write_text("the cat sat on the mat\na dog barked at the moon\n", encoding="utf-8")
    for name in ("s1.txt", "s2.txt", "s3.txt"):
        (folder / name).write_text("the cat sat on a mat\nthe dog barked at a moon\n", encoding="utf-8")
    return folder


def _report(folder: Path, scores: Path, human: bool) -> list[str]:
    systems = [str(folder / f"s{i}.txt") for i in (1, 2, 3)] if human else [str(folder / "s1.txt")]
    return [str(folder / "ref.txt"), "-i", *systems, "--scores", "X", str(scores), "--n-samples", "1"] + (
        ["--human", "X"] if human else []
    )


#: The cases also run with the file as --human scores (every case is read by the same reader).
HUMAN_CASES = ["every line 1e308", "JSON nested 10^5 deep (lists)", "JSON 5,000 digits elsewhere", "MetricX NaN"]


@pytest.mark.parametrize(
    ("case", "human"),
    [*((name, False) for name in CASES), *((name, True) for name in HUMAN_CASES), ("10^6 tiny spans", False)],
    ids=[*CASES, *(f"{name} --human" for name in HUMAN_CASES), "10^6 tiny spans"],
)
def test_a_hostile_score_file_is_one_error_line_in_bounded_memory_and_time(
    report_inputs: Path, tmp_path: Path, case: str, human: bool
) -> None:
    """Each was a traceback (OverflowError in fsum or a span's float, ValueError past 4,300 digits, RecursionError)
    or a silently wrong number: now one ``bleucore: error:`` line naming the file (and the line where known), exit
    2, nothing on standard output, under 500 MB and 10 CPU seconds."""
    hostile = MILLION_SPANS if case == "10^6 tiny spans" else CASES[case]
    path = tmp_path / "scores.txt"
    path.write_bytes(hostile.make(2))
    assert path.stat().st_size <= MAX_SCORE_FILE_BYTES
    status, out, err, peak, cpu = run_report(_report(report_inputs, path, human))
    one_error_line(status, err, hostile.english.format(name=path))
    assert out == "" and peak < PEAK_BYTES and cpu < CPU_SECONDS, (peak / 2**20, cpu)


def _at_the_values_limit() -> bytes:
    """COMET's JSON of 999,999 segments without text: 1,999,999 JSON values, within MAX_JSON_ITEMS."""
    return b'{"s1.txt": [' + b",".join([b'{"COMET":0}'] * 999_999) + b"]}"


def _metricx_of_the_size_limit() -> bytes:
    """MetricX's JSONL just within MAX_SCORE_FILE_BYTES, lines of a real test set's length."""
    line = json.dumps({"source": "x" * 120, "hypothesis": "y " * 60, "reference": "z " * 60, "prediction": 3.25})
    return ((line + "\n") * (MAX_SCORE_FILE_BYTES // (len(line) + 1))).encode()


@pytest.mark.parametrize("make", [_at_the_values_limit, _metricx_of_the_size_limit], ids=["values", "bytes"])
def test_a_score_file_at_the_limits_is_read_in_bounded_memory_and_time(
    report_inputs: Path, tmp_path: Path, make: Callable[[], bytes]
) -> None:
    """Files within every limit are read whole (here with far more segments than the references' lines, which is
    the one error) under the same bounds: the limits are set so that any file within them fits."""
    path = tmp_path / "scores.json"
    path.write_bytes(make())
    status, out, err, peak, cpu = run_report(_report(report_inputs, path, human=False))
    one_error_line(status, err, "lines but", "ref.txt has 2 lines")
    assert out == "" and peak < PEAK_BYTES and cpu < CPU_SECONDS, (peak / 2**20, cpu)


def test_minus_zero_scores_print_zero(report_inputs: Path, tmp_path: Path) -> None:
    """-0 is a score of 0 (its mean printed -0.0000), and a byte-order mark before the first is dropped."""
    path = tmp_path / "zero.txt"
    path.write_bytes(b"\xef\xbb\xbf-0\n-0.0\n")
    status, out, err, _, _ = run_report(_report(report_inputs, path, human=False))
    assert status == 0 and "0.0000" in out and "-0.0000" not in out, (out, err)
