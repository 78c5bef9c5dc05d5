"""Uploaded or pasted text -> lines, with messages that name the file, the line and the limit.

Bytes become lines in bleucore's one reader (``bleucore.reading.decode_lines``), as sacreBLEU's command line reads a
file: split on "\\n" only, trailing whitespace (including a "\\r" of Windows line ends) removed; a final "\\n" ends
the last line rather than starting an empty one; a UTF-8 byte-order mark at the start dropped. Its typed errors are
worded here, in the page's language. Nothing here imports Streamlit: pages show ``InputError`` messages inline.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

from bleucore.reading import (
    BinaryInput,
    EmptyInput,
    HeldSizeError,
    LineTooLong,
    NotText,
    ReadingError,
    SegmentTooLong,
    TextRules,
    WideEncoding,
    check_held_text,
    check_held_total,
    check_segment_chars,
    decode_lines,
    decode_text,
)
from ui.inputs.limits import MAX_PASTE_CHARS, MAX_UPLOAD_MB, MIB
from ui.inputs.textfile import TextFile as TextFile  # its home is a leaf module, for the store; pages import it here
from ui.shell.i18n import _

#: How the app reads a text: as sacreBLEU's command line reads a file (each line right-stripped, so a "\\r" of
#: Windows line ends goes too), and a binary file or one without a segment refused.
_RULES = TextRules(rstrip=True, refuse_binary=True, refuse_empty=True)


class InputError(ValueError):
    """Input that cannot be scored; the message is meant for the user as it is."""


def _message(err: ReadingError, pasted: bool) -> str:
    """What the page says of a text bleucore's reader refused, in the page's language."""
    name = err.name
    if isinstance(err, WideEncoding):
        return _("{name} is UTF-16 encoded; save it as UTF-8 and upload it again.").format(name=name)
    if isinstance(err, BinaryInput) and pasted:
        return _(
            "{name} looks like a binary file (a NUL character on line {line:,}), not plain text: give plain text, "
            "one segment per line."
        ).format(name=name, line=err.line)
    if isinstance(err, BinaryInput):
        return _(
            "{name} looks like a binary file (a NUL byte on line {line:,}), not plain text: upload the "
            "plain-text (UTF-8) file, one segment per line."
        ).format(name=name, line=err.line)
    if isinstance(err, NotText):
        return _(
            "{name} is not UTF-8: line {line:,} has the byte {byte} at byte {column:,}. "
            "Save the file as UTF-8 and upload it again."
        ).format(name=name, line=err.line, byte=f"0x{err.byte:02X}", column=err.column)
    if isinstance(err, EmptyInput) and err.blank_lines:
        return _("{name} has only blank lines ({n:,}): give its segments, one per line.").format(
            name=name, n=err.blank_lines
        )
    if isinstance(err, EmptyInput):
        return _("{name} is empty: give its segments, one per line.").format(name=name)
    if isinstance(err, LineTooLong):
        return _(
            "Line {line:,} of {name} has {n:,} characters; a line may have at most {limit:,}: put one segment on "
            "each line."
        ).format(line=err.line, name=name, n=err.chars or err.limit, limit=err.limit)
    if isinstance(err, HeldSizeError):
        return _(
            "{name} has {n:,} lines and {chars:,} characters; the app scores files of at most {lines:,} lines and "
            "{limit:,} characters (the command line, python -m bleucore, streams longer files)."
        ).format(name=name, n=err.lines, chars=err.chars, lines=err.limits.lines, limit=err.limits.chars)
    if isinstance(err, SegmentTooLong):
        return _(
            "Line {line:,} of {name} and its references have {chars:,} characters together; a segment (a line and "
            "its references) may have at most {limit:,}: put one segment on each line."
        ).format(line=err.line, name=name, chars=err.chars, limit=err.limit)
    return str(err)  # a reader's error this page does not word yet: bleucore's English, never a traceback


def reading_message(err: ReadingError) -> str:
    """What the page says of an uploaded file that bleucore's reader refused, in the page's language."""
    return _message(err, pasted=False)


def _text_file(read: Callable[[], list[str]], name: str, pasted: bool, held: bool = True) -> TextFile:
    """The lines ``read`` gives, kept whole within the app's limits (``held``: a file scored line by line); InputError
    in the page's words."""
    try:
        lines = read()
        if held:
            check_held_text(lines, name)  # the pages keep every line and its scores
    except ReadingError as err:
        raise InputError(_message(err, pasted)) from None
    return TextFile(name, tuple(lines))


def decode_bytes(data: bytes, name: str, box_mb: int = MAX_UPLOAD_MB, held: bool = True) -> TextFile:
    """An uploaded file's bytes as lines, as sacreBLEU's command line reads a file (``_RULES``); InputError names
    the file and, for bad bytes, the line. ``box_mb``: its upload box's size (only a client that ignores the box sends
    more); ``held``: a file scored line by line, within ``bleucore.limits.HELD`` (not a training corpus, whose words
    are only counted)."""
    if len(data) > box_mb * MIB:
        raise InputError(
            _(
                "{name} is {mb:.1f} MB; files are limited to {limit} MB. Split it, or score it with the "
                "command line (python -m bleucore), which reads files of any size."
            ).format(name=name, mb=len(data) / MIB, limit=box_mb)
        )
    if len(data) == 0:
        raise InputError(
            _("{name} is empty (0 bytes): upload the file that holds the segments, one per line.").format(name=name)
        )
    return _text_file(lambda: decode_lines(data, name, _RULES), name, pasted=False, held=held)


def decode_paste(text: str, name: str) -> TextFile:
    """Pasted text as lines; refused with a message naming the limit when longer than MAX_PASTE_CHARS."""
    if len(text) > MAX_PASTE_CHARS:
        raise InputError(
            _(
                "{name} is {n:,} characters long; pasted text is limited to {limit:,} characters, as an uploaded "
                "file is: score it with the command line (python -m bleucore), which reads files of any size."
            ).format(name=name, n=len(text), limit=MAX_PASTE_CHARS)
        )
    return _text_file(lambda: decode_text(text, name, _RULES), name, pasted=True)


def _first_missing(counts: Sequence[int]) -> int:
    """The first line that is not in every file (1-based): one past the shortest file."""
    return min(counts) + 1


def _differ(name: str, n: int, wrong: Sequence[TextFile]) -> str:
    details = "; ".join(_("{name} has {n:,}").format(name=f.name, n=len(f)) for f in wrong)
    return _(
        "Line counts differ: {name} has {n:,} lines but {details}, so line {line:,} is not in every file. Every file "
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
    _check_segments(hypothesis, references)


def _check_segments(hypothesis: TextFile, references: Sequence[TextFile]) -> None:
    """InputError when a line and its references pass ``bleucore.limits.MAX_SEGMENT_CHARS`` together (each file
    within its own limits, three of them may not be), before any scorer refuses it."""
    try:
        check_segment_chars([hypothesis.lines, *(r.lines for r in references)], hypothesis.name)
    except SegmentTooLong as err:
        raise InputError(_message(err, pasted=False)) from None


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
            try:
                _check_segments(system, references)
            except InputError as err:
                messages.append(str(err))
                continue
            kept.append(system)
            continue
        messages.append(
            _(
                "{name} has {n:,} lines but the references have {lines:,}, so line {line:,} is not in every file: it "
                "is left out of the comparison. Correct it (one line per segment, in the references' order) and give "
                "it again; its Remove button takes the old one away."
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
