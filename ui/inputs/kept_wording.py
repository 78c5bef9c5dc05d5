"""What the page says about kept files: each drop zone's limits (``box_help``), the store's limits under the upload
boxes (``limits_caption``, with the box's own English said in the page's language: ``box_words``), and the files that
were not kept, each named (``unkept_messages``)."""

from __future__ import annotations

from collections.abc import Sequence

from bleucore import MAX_HELD_LINES
from ui.inputs.limits import IDLE_SECONDS, MAX_SESSION_BYTES, MAX_SESSION_FILES, MAX_UPLOAD_MB, MIB
from ui.shell.i18n import N_, _, and_list, ngettext


def _limit(reason: str) -> str:
    if reason == "files":
        return _("a session keeps at most {files} files").format(files=MAX_SESSION_FILES)
    return _("a session keeps at most {mb} MB of files").format(mb=MAX_SESSION_BYTES // MIB)


def unkept_messages(unkept: Sequence[tuple[str, str]], used: set[str]) -> list[str]:
    """What the page says of files not kept (name, why), each named: those ``used`` now, and those a reload lost."""
    messages = []
    for reason in ("files", "bytes"):
        now = [name for name, why in unkept if why == reason and name in used]
        if now:
            messages.append(
                ngettext(
                    "{names} is used now but not kept for later visits: {limit}. Remove a file you no longer need to "
                    "keep it.",
                    "{names} are used now but not kept for later visits: {limit}. Remove files you no longer need to "
                    "keep them.",
                    len(now),
                ).format(names=and_list(now), limit=_limit(reason))
            )
        lost = [name for name, why in unkept if why == reason and name not in used]
        if lost:
            messages.append(
                ngettext(
                    "{names} was not kept: {limit}. Remove a file you no longer need, then upload it again.",
                    "{names} were not kept: {limit}. Remove files you no longer need, then upload them again.",
                    len(lost),
                ).format(names=and_list(lost), limit=_limit(reason))
            )
    return messages


def box_help(box_mb: int, held: bool) -> str:
    """A drop zone's limits in words: the box's size, and the lines the app scores in a file."""
    if held:
        return _("At most {mb} MB and {lines:,} lines a file.").format(mb=box_mb, lines=MAX_HELD_LINES)
    return _("At most {mb} MB a file.").format(mb=box_mb)


#: The upload box's own words, which Streamlit draws in English whatever the page's language (its docs: the file
#: uploader's text cannot be translated), said in the page's language.
BOX_WORDS = N_(
    "The upload box's own words are Streamlit's and stay in English: `Upload` picks files, `Drag and drop files here` "
    "means you may drop them on the box, and `{mb}MB per file` is the size limit of one file."
)


def box_words(mb: int = MAX_UPLOAD_MB) -> str:
    """What the upload box's English says, once, in a page of another language (nothing in English: the box already
    speaks it)."""
    said = _(BOX_WORDS)
    return "" if said == BOX_WORDS else said.format(mb=mb)


def limits_caption() -> str:
    """What the upload boxes take, and what the store keeps and for how long, in words (and the box's English in a
    page of another language)."""
    words = box_words()
    return (
        _(
            "Files larger than {limit} MB are refused by the upload box, and files of more than {lines:,} lines by the "
            "app: split a larger file, or score it with the command line (python -m bleucore)."
        ).format(limit=MAX_UPLOAD_MB, lines=MAX_HELD_LINES)
        + " "
        + _(
            "Uploaded files are kept on the server for this browser session, so leaving the page, opening a line in "
            "Explore, reloading or a restart of the server never asks for them again: at most {files} files and {mb} "
            "MB per session, removed {hours} hours after their last use. They are never part of a shareable link."
        ).format(files=MAX_SESSION_FILES, mb=MAX_SESSION_BYTES // MIB, hours=IDLE_SECONDS // 3600)
        + (" " + words if words else "")
    )
