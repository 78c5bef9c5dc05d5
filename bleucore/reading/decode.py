"""Bytes to lines: the one decoder of every reader (the command line's files a block at a time, the report's files,
the app's uploads and pastes, the doctor's files).

The file rules: UTF-8 (or another codec in which a line ends at byte 0x0a), a byte-order mark at the start dropped;
lines end at "\\n" only and one "\\r" before it is dropped; U+2028, U+0085 and other separators stay inside their
line; a final newline does not start an extra empty line. ``TextRules`` says what else a reader wants: lines
right-stripped as sacreBLEU's command line reads them, binary files refused (the app), or the bytes kept as they are
with bad bytes replaced (the doctor, which reports them itself)."""

from __future__ import annotations

import codecs
from collections.abc import Sequence
from dataclasses import dataclass

from .checks import check_line_lengths
from .errors import BinaryInput, EmptyInput, NotText, WideEncoding

__all__ = [
    "TextRules",
    "check_encoding",
    "decode_block",
    "decode_lines",
    "decode_text",
    "invalid_lines",
    "split_fields",
    "split_lines",
]

BOM = b"\xef\xbb\xbf"
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
UTF8 = ("utf-8", "utf-8-sig")
_CODECS = "Python's codec names: utf-8, latin-1, cp1252, euc-kr, ..."


@dataclass(frozen=True)
class TextRules:
    """How a reader turns a whole text into lines (``decode_lines``).

    ``rstrip``: each line right-stripped, as sacreBLEU's command line reads a file (a "\\r" before "\\n" goes too).
    ``refuse_binary``: a NUL byte or a UTF-16 byte-order mark is an error (the app: a wrong file was picked).
    ``refuse_empty``: a text without a line, or with blank lines only, is ``EmptyInput``.
    ``raw``: the doctor's reading: a byte-order mark and every "\\r" stay in the lines (so that it can report them)
    and no line length is refused. ``errors``: Python's codec error handler ("replace": bad bytes become U+FFFD)."""

    encoding: str = "utf-8"
    rstrip: bool = False
    refuse_binary: bool = False
    refuse_empty: bool = False
    raw: bool = False
    errors: str = "strict"


def check_encoding(encoding: str) -> str:
    """The codec's canonical name (``-e/--encoding``); ValueError for an unknown codec or one in which a line does
    not end at byte 0x0a (UTF-16, UTF-32: convert those files to UTF-8)."""
    try:
        info = codecs.lookup(encoding)
    except LookupError:
        raise ValueError(f"unknown encoding {encoding!r} ({_CODECS})") from None
    if not getattr(info, "_is_text_encoding", True):  # rot13, base64, hex, uu: bytes to bytes, not text
        raise ValueError(f"{encoding!r} is not a text encoding ({_CODECS})")
    name = info.name
    if name in UTF8:
        return name
    if "\n".encode(name, errors="replace") != b"\n" or "a".encode(name, errors="replace") != b"a":
        raise ValueError(
            f"encoding {encoding!r} is not supported: lines are split at byte 0x0a; convert the files to UTF-8"
        )
    return name


def decode_block(data: bytes, name: str, encoding: str = "utf-8", first_line: int = 1, errors: str = "strict") -> str:
    """``data`` (whole lines, the first numbered ``first_line``) decoded; NotText naming the line and byte."""
    try:
        return data.decode(encoding, errors)
    except UnicodeDecodeError as exc:
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        line = first_line + data.count(b"\n", 0, exc.start)
        raise NotText(name, line, exc.start - line_start + 1, data[exc.start], encoding) from None


def split_lines(text: str) -> list[str]:
    """Lines split on "\\n" only, one "\\r" before each "\\n" (and at the very end) dropped; no extra line after a
    final newline. U+2028, U+0085 and the like stay inside their line."""
    if not text:
        return []
    if "\r" in text:
        text = text.replace("\r\n", "\n")
        if text.endswith("\r"):
            text = text[:-1]
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def _split_kept(text: str) -> list[str]:
    """Lines split on "\\n" only, every other character kept; no extra line after a final newline."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def invalid_lines(data: bytes, encoding: str = "utf-8") -> list[int]:
    """The lines (1-based) of ``data`` that hold bytes which are not text in ``encoding``."""
    bad = []
    for number, raw in enumerate(data.split(b"\n"), start=1):
        try:
            raw.decode(encoding)
        except UnicodeDecodeError:
            bad.append(number)
    return bad


def decode_lines(data: bytes, name: str, rules: TextRules = TextRules()) -> list[str]:
    """A whole file's lines by the file rules and ``rules``; a typed error (``errors``) names the file, and the line
    where there is one."""
    if rules.refuse_binary:
        if data.startswith(UTF16_BOMS):
            raise WideEncoding(name)
        nul = data.find(b"\x00")
        if nul >= 0:
            raise BinaryInput(name, data.count(b"\n", 0, nul) + 1)
    if rules.raw:
        return _split_kept(decode_block(data, name, rules.encoding, errors=rules.errors))
    if data.startswith(BOM) and rules.encoding in UTF8:
        data = data[len(BOM) :]
    return _text_lines(decode_block(data, name, rules.encoding, errors=rules.errors), name, rules)


def decode_text(text: str, name: str, rules: TextRules = TextRules()) -> list[str]:
    """Text already decoded (a paste) by the same rules; a byte-order mark at its start dropped."""
    if rules.refuse_binary and "\x00" in text:
        raise BinaryInput(name, text.count("\n", 0, text.index("\x00")) + 1)
    if rules.raw:
        return _split_kept(text)
    return _text_lines(text.removeprefix("\ufeff"), name, rules)


def _text_lines(text: str, name: str, rules: TextRules) -> list[str]:
    if rules.rstrip:  # sacreBLEU's command line: "\n" ends a line, then line.rstrip()
        lines = [line.rstrip() for line in text.split("\n")] if text else []
        if text.endswith("\n"):
            lines.pop()
    else:
        lines = split_lines(text)
    if rules.refuse_empty and not any(lines):
        raise EmptyInput(name, len(lines))
    check_line_lengths(lines, name)
    return lines


def split_fields(lines: Sequence[str], count: int, name: str, first_line: int) -> list[list[str]]:
    """``-nr/--num-refs``: each line split at its first ``count - 1`` tabs into ``count`` reference streams
    (sacreBLEU's rule); ValueError naming the line with too few fields."""
    streams: list[list[str]] = [[] for _ in range(count)]
    for number, line in enumerate(lines, start=first_line):
        fields = line.split("\t", count - 1)
        if len(fields) != count:
            raise ValueError(f"{name} line {number}: expected {count} tab-separated references, found {len(fields)}")
        for stream, field in zip(streams, fields):
            stream.append(field)
    return streams
