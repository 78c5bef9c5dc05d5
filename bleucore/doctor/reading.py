"""Files as the doctor reads them: whatever the bytes, lines and findings, never an exception. A binary file,
an empty one, text that is not UTF-8, a line over ``MAX_LINE_CHARS`` or a file over ``MAX_FILE_BYTES`` is a
finding (one that stops the scores: ``report.BLOCKING``), not an error that loses the other findings.

Unlike the scorers' reading, a byte-order mark and carriage returns stay in the lines (``reading.TextRules.raw``), so
that the invisible-characters rule can report them (sacreBLEU reads them as part of the text too)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from ..limits import MAX_DOCTOR_FILE_BYTES
from ..reading.checks import check_line_lengths
from ..reading.decode import TextRules, decode_lines, invalid_lines
from ..reading.errors import BinaryInput, LineTooLong, NotText, WideEncoding
from .finding import Finding

__all__ = ["MAX_FILE_BYTES", "TextInput", "read_bytes", "read_path"]

#: The doctor's reading: binary files refused, the bytes kept as written; then with bad bytes replaced.
_RULES = TextRules(refuse_binary=True, raw=True)
_REPLACED = TextRules(raw=True, errors="replace")
#: Bytes the doctor reads of one file (``limits.MAX_DOCTOR_FILE_BYTES``); its lines and characters are held to
#: limits.MAX_DOCTOR_LINES / MAX_DOCTOR_CHARS by the caller.
MAX_FILE_BYTES = MAX_DOCTOR_FILE_BYTES


@dataclass(frozen=True)
class TextInput:
    """One file's name, its lines (decoded with U+FFFD for invalid bytes) and what reading it found."""

    name: str
    lines: list[str]
    findings: tuple[Finding, ...] = ()


def read_path(path: str | os.PathLike[str]) -> TextInput:
    """A file read for the doctor; one that cannot be opened is a finding too."""
    name = os.fspath(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        return TextInput(
            name,
            [],
            (
                Finding(
                    "unreadable-file",
                    "error",
                    "certain",
                    f"{name} cannot be read ({exc.strerror or exc})",
                    "nothing can be checked or scored",
                    "check the path and its permissions",
                    (),
                    {"name": name},
                ),
            ),
        )
    return read_bytes(data, name)


def read_bytes(data: bytes, name: str) -> TextInput:
    """Lines of ``data`` split at "\\n" (a final newline ends the last line) and the reading findings."""
    if len(data) > MAX_FILE_BYTES:
        return TextInput(
            name,
            [],
            (
                Finding(
                    "file-too-large",
                    "error",
                    "certain",
                    f"{name} is over {MAX_FILE_BYTES // 2**20} MB",
                    "the doctor reads at most that much of a file",
                    "check a part of it (head -n 100000)",
                    (),
                    {"name": name, "megabytes": MAX_FILE_BYTES // 2**20},
                ),
            ),
        )
    if not data:
        return TextInput(
            name,
            [],
            (
                Finding(
                    "empty-file",
                    "error",
                    "certain",
                    f"{name} is empty",
                    "there is nothing to score",
                    "give the file that holds the text",
                    (),
                    {"name": name},
                ),
            ),
        )
    findings: list[Finding] = []
    try:
        lines = decode_lines(data, name, _RULES)
    except (BinaryInput, WideEncoding) as err:  # UTF-16 text holds NUL bytes too: not text to the scorers
        return TextInput(name, [], (_binary(name, getattr(err, "line", 1)),))
    except NotText:
        lines = decode_lines(data, name, _REPLACED)
        bad = invalid_lines(data)
        findings.append(
            Finding(
                "not-utf8",
                "error",
                "certain",
                f"{name} is not UTF-8 ({len(bad):,} lines hold invalid bytes)",
                "the scorers refuse it, or read other characters than the ones written",
                "convert it to UTF-8 (iconv -f euc-kr -t utf-8, for example)",
                tuple(bad[:3]),
                {"name": name, "count": len(bad)},
            )
        )
    try:
        check_line_lengths(lines, name)
    except LineTooLong as err:
        findings.append(
            Finding(
                "line-too-long",
                "error",
                "certain",
                f"{name} has {err.count:,} lines over {err.limit:,} characters",
                "a line that long is not one sentence (a missing line break, or a whole document)",
                "put one segment per line",
                err.first_lines,
                {"name": name, "count": err.count, "limit": err.limit},
            )
        )
    return TextInput(name, lines, tuple(findings))


def _binary(name: str, line: int) -> Finding:
    return Finding(
        "binary-file",
        "error",
        "likely",
        f"{name} holds NUL bytes: it looks like a binary file, not text",
        "its bytes are not sentences",
        "give the plain-text file, one segment per line",
        (line,),
        {"name": name},
    )
