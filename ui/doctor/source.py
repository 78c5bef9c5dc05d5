"""The source the hypothesis translates (``bleucore.doctor.Setup.source``), optional: a file beside the uploaded
files, kept for the browser session as they are (``ui.inputs.kept``), or text pasted beside the pasted texts, kept
for a reload with the page's choices (``ui.state.doctor``). The doctor compares it with the hypothesis (lines left
untranslated, the source given as the output) and never scores it; a source that cannot be read is a warning and
stops nothing."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from ui.inputs import kept
from ui.inputs.uploads import InputError, TextFile, decode_paste
from ui.shell.i18n import _
from ui.shell.markdown import escape_markdown
from ui.shell.session import session_state
from ui.state import doctor as ds

SOURCE_UPLOAD = "doctor_source_upload"
SOURCE_PASTE = ds.SOURCE_PASTE


def show_unread_source(messages: Sequence[str]) -> None:
    """A source the input could not read, as a warning finding: the scores do not need it."""
    for message in messages:
        st.warning(
            _("**Warning** (certain): {problem}").format(problem=escape_markdown(message)), icon=":material/warning:"
        )


def _uploaded() -> TextFile | None:
    files, errors = kept.kept_files(
        SOURCE_UPLOAD,
        _("Source file (optional)"),
        _("source file"),
        _(
            "The text the hypothesis translates, one segment per line: the doctor finds lines left untranslated, or "
            "the source given as the hypothesis. It is never scored."
        ),
        multiple=False,
    )
    show_unread_source(errors)
    return files[0] if files else None


def _pasted() -> TextFile | None:
    session = session_state()
    # persist_state="session": see ui/inputs/hypothesis.py (every pasted text).
    st.text_area(
        _("Source (optional): one segment per line"),
        key=SOURCE_PASTE,
        height=100,
        help=_(
            "The text the hypothesis translates: the doctor finds lines left untranslated, or the source given as "
            "the hypothesis. It is never scored."
        ),
        persist_state="session",
    )
    text = str(session[SOURCE_PASTE])  # kept for the browser with the page's choices (``ui.doctor.inputs``)
    if not text.strip():
        return None
    try:
        return decode_paste(text, _("Pasted source"))
    except InputError as err:
        show_unread_source([str(err)])
        return None


def source_input(source: str) -> TextFile | None:
    """Draw the source's widget for the input source chosen (a drop zone for uploads, a text box for pasted text;
    none for the bundled samples, which have no source); the source given, or None."""
    if source == "upload":
        return _uploaded()
    if source == "paste":
        return _pasted()
    return None
