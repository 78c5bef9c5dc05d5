"""Uploaded or pasted text -> lines, with messages that name the file, the line and the limit.

Lines are read as sacreBLEU's command line reads a file: split on "\\n" only, trailing
whitespace (including a "\\r" of Windows line ends) removed; a final "\\n" ends the last line
rather than starting an empty one. A UTF-8 byte-order mark at the start is dropped.
Nothing here imports Streamlit: pages show ``InputError`` messages inline.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from bleucore import MAX_LINE_CHARS, HeldSizeError, check_held_text, check_held_total
from ui.shell.i18n import _

#: The server's upload limit in MB (``server.maxUploadSize`` in .streamlit/config.toml).
MAX_UPLOAD_MB = 10
MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024
#: Longest pasted text accepted, in characters (about 2 MB of English text).
MAX_PASTE_CHARS = 2_000_000

_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_UTF8_BOM = "\ufeff"


class InputError(ValueError):
    """Input that cannot be scored; the message is meant for the user as it is."""


@dataclass(frozen=True)
class TextFile:
    """One named stream of segments (a hypothesis or a reference file)."""

    name: str
    lines: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.lines)


def split_segments(text: str) -> tuple[str, ...]:
    """Segments of ``text`` as sacreBLEU's command line reads a file: split on "\\n", each right-stripped,
    no empty segment after a final newline (unlike ``bleucore.stream.split_lines``, which keeps trailing spaces)."""
    if text == "":
        return ()
    parts = text.split("\n")
    if parts[-1] == "":
        parts.pop()
    return tuple(part.rstrip() for part in parts)


def _line_and_column(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and byte column of ``offset`` in ``data``."""
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return line, column


def _check_text(text: str, name: str) -> tuple[str, ...]:
    nul = text.find("\x00")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        raise InputError(
            _(
                "{name} looks like a binary file (a NUL character on line {line}), not plain text: give plain text, "
                "one segment per line."
            ).format(name=name, line=line)
        )
    lines = split_segments(text)
    if not lines:
        raise InputError(_("{name} is empty: give its segments, one per line.").format(name=name))
    if not any(lines):
        raise InputError(
            _("{name} has only blank lines ({n}): give its segments, one per line.").format(name=name, n=len(lines))
        )
    longest = max(map(len, lines))
    if longest > MAX_LINE_CHARS:
        line = next(i for i, text in enumerate(lines, start=1) if len(text) > MAX_LINE_CHARS)
        raise InputError(
            _(
                "Line {line} of {name} has {n:,} characters; a line may have at most {limit:,}: put one segment on "
                "each line."
            ).format(line=line, name=name, n=len(lines[line - 1]), limit=MAX_LINE_CHARS)
        )
    try:  # the pages keep every line and its scores
        check_held_text(lines, name)
    except HeldSizeError as err:
        raise InputError(
            _(
                "{name} has {n:,} lines and {chars:,} characters; the app scores files of at most {lines:,} lines and "
                "{limit:,} characters (the command line, python -m bleucore, streams longer files)."
            ).format(name=name, n=err.lines, chars=err.chars, lines=err.limits.lines, limit=err.limits.chars)
        ) from None
    return lines


def decode_bytes(data: bytes, name: str) -> TextFile:
    """An uploaded file's bytes as UTF-8 lines; InputError names the file and, for bad bytes, the line."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise InputError(
            _(
                "{name} is {mb:.1f} MB; files are limited to {limit} MB. Split it, or score it with the "
                "command line (python -m bleucore), which reads files of any size."
            ).format(name=name, mb=len(data) / 1024 / 1024, limit=MAX_UPLOAD_MB)
        )
    if len(data) == 0:
        raise InputError(
            _("{name} is empty (0 bytes): upload the file that holds the segments, one per line.").format(name=name)
        )
    if data.startswith(_UTF16_BOMS):
        raise InputError(_("{name} is UTF-16 encoded; save it as UTF-8 and upload it again.").format(name=name))
    if b"\x00" in data:
        line, _column = _line_and_column(data, data.index(b"\x00"))
        raise InputError(
            _(
                "{name} looks like a binary file (a NUL byte on line {line}), not plain text: upload the "
                "plain-text (UTF-8) file, one segment per line."
            ).format(name=name, line=line)
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line, column = _line_and_column(data, err.start)
        raise InputError(
            _(
                "{name} is not UTF-8: line {line} has the byte {byte} at byte {column}. "
                "Save the file as UTF-8 and upload it again."
            ).format(name=name, line=line, byte=f"0x{data[err.start]:02X}", column=column)
        ) from None
    if text.startswith(_UTF8_BOM):
        text = text[1:]
    return TextFile(name, _check_text(text, name))


def decode_paste(text: str, name: str) -> TextFile:
    """Pasted text as lines; refused with a message naming the limit when longer than MAX_PASTE_CHARS."""
    if len(text) > MAX_PASTE_CHARS:
        raise InputError(
            _(
                "{name} is {n:,} characters long; pasted text is limited to {limit:,} "
                "characters. Upload it as a file instead (up to {mb} MB)."
            ).format(name=name, n=len(text), limit=MAX_PASTE_CHARS, mb=MAX_UPLOAD_MB)
        )
    if text.startswith(_UTF8_BOM):
        text = text[1:]
    return TextFile(name, _check_text(text, name))


def _first_missing(counts: Sequence[int]) -> int:
    """The first line that is not in every file (1-based): one past the shortest file."""
    return min(counts) + 1


def _differ(name: str, n: int, wrong: Sequence[TextFile]) -> str:
    details = "; ".join(_("{name} has {n:,}").format(name=f.name, n=len(f)) for f in wrong)
    return _(
        "Line counts differ: {name} has {n:,} lines but {details}, so line {line} is not in every file. Every file "
        "needs one line per segment, in the same order: correct the file and give it again (an uploaded file's Remove "
        "button takes the old one away)."
    ).format(name=name, n=n, details=details, line=_first_missing([n, *(len(f) for f in wrong)]))


def check_page_size(files: Sequence[TextFile]) -> None:
    """Raise InputError if ``files`` (what one page scores at once) pass ``bleucore.check_held_total``'s limits."""
    try:
        check_held_total([f.lines for f in files])
    except HeldSizeError as err:
        raise InputError(
            _(
                "These {n} files hold {lines:,} lines and {chars:,} characters together; a page scores at most "
                "{max_lines:,} lines and {limit:,} characters at once. Remove a reference or a system, or score them "
                "with the command line (python -m bleucore)."
            ).format(
                n=err.files,
                lines=err.lines,
                chars=err.chars,
                max_lines=err.limits.total_lines,
                limit=err.limits.total_chars,
            )
        ) from None


def check_same_length(hypothesis: TextFile, references: Sequence[TextFile]) -> None:
    """Raise InputError naming every reference whose line count differs from the hypothesis's, and the first
    line that is not in every file."""
    if not references:
        raise InputError(_("Add at least one reference file."))
    wrong = [ref for ref in references if len(ref) != len(hypothesis)]
    if wrong:
        raise InputError(_differ(hypothesis.name, len(hypothesis), wrong))


def check_references(references: Sequence[TextFile]) -> None:
    """Raise InputError naming every reference whose line count differs from the first reference's."""
    if not references:
        raise InputError(_("Add at least one reference file."))
    first = references[0]
    wrong = [f for f in references[1:] if len(f) != len(first)]
    if wrong:
        raise InputError(_differ(first.name, len(first), wrong))


def matching_systems(systems: Sequence[TextFile], references: Sequence[TextFile]) -> tuple[list[TextFile], list[str]]:
    """(the systems with as many lines as the references, a message for each other one, which is left out so
    that the others are still compared); ``references`` have passed ``check_references``."""
    lines = len(references[0])
    kept, messages = [], []
    for system in systems:
        if len(system) == lines:
            kept.append(system)
            continue
        messages.append(
            _(
                "{name} has {n:,} lines but the references have {lines:,}, so line {line} is not in every file: it is "
                "left out of the comparison. Correct it (one line per segment, in the references' order) and give it "
                "again; its Remove button takes the old one away."
            ).format(name=system.name, n=len(system), lines=lines, line=_first_missing([len(system), lines]))
        )
    return kept, messages


def unique_names(names: Sequence[str]) -> list[str]:
    """``names`` with repeats numbered ("out.txt", "out.txt (2)") so every stream can be told apart."""
    seen: dict[str, int] = {}
    out: list[str] = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    return out


def digest(files: Sequence[TextFile]) -> str:
    """A short content hash of named streams (the cache key of everything computed from them)."""
    h = hashlib.blake2b(digest_size=16)
    for f in files:
        for part in (f.name, str(len(f.lines)), *f.lines):
            h.update(part.encode("utf-8", "surrogatepass"))
            h.update(b"\x00")
        h.update(b"\x01")
    return h.hexdigest()
