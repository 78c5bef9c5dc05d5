"""What the input widgets of Corpus and Compare share: the "Input" choice, pasted texts decoded, the page's size limit,
which messages stop the scores, and the sidebar's options checked before anything is scored.

Each page's own widgets are ``ui.inputs.hypothesis`` (one hypothesis: Corpus, and the Score doctor with Corpus's
keys) and ``ui.compare.inputs`` (two or more systems); ``ui.inputs.uploads`` names the file, the line and the limit
of whatever cannot be read.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

import streamlit as st

from bleucore import BleuOptions
from bleucore.tokenizers import missing_package
from ui.inputs.samples import SAMPLES
from ui.inputs.sources import SOURCE_LABELS, SOURCES, source_key
from ui.inputs.uploads import InputError, TextFile, check_page_size, decode_paste
from ui.options import bleu as om
from ui.options.tokenizer_needs import needs_message
from ui.shell import i18n
from ui.shell.i18n import _
from ui.shell.markdown import show_error
from ui.shell.session import session_state

#: Sources whose messages are about uploaded files not read or not kept: each names its file and line, and the
#: files listed are still scored (a pasted text that cannot be read stops the scores: it is the input).
_UPLOADS = ("upload", "sample")


def _source_changed(session: MutableMapping[str, Any], prefix: str) -> None:
    """A sample with its own tokenizer sets it; back on a sample without one, that tokenizer is undone."""
    sample = SAMPLES.get(session[source_key(prefix)])
    if sample is None:
        return
    tokenizer_key = om.OptionKeys(prefix).key("tokenize")
    if sample.tokenizer is not None and missing_package(sample.tokenizer) is None:
        session[tokenizer_key] = sample.tokenizer
    elif sample.tokenizer is None and session.get(tokenizer_key) in {s.tokenizer for s in SAMPLES.values()}:
        session[tokenizer_key] = om.SACREBLEU.tokenize


def source_radio(prefix: str) -> str:
    """The "Input" choice of Corpus or Compare (``prefix``) between the bundled samples, uploads and pasted text."""
    session = session_state()
    key = source_key(prefix)
    return str(
        st.radio(
            _("Input"),
            SOURCES,
            key=key,
            horizontal=True,
            format_func=i18n.keep_choice(key, SOURCES, lambda s, gettext: gettext(SOURCE_LABELS[s])),
            on_change=_source_changed,
            args=(session, prefix),
            persist_state="session",
        )
    )


def decode_pastes(texts: list[str], label: str, errors: list[str]) -> list[TextFile]:
    """Pasted texts as TextFiles named "<label> 1", "<label> 2", ...; failures go to ``errors``."""
    out = []
    for i, text in enumerate(texts):
        try:
            out.append(decode_paste(text, f"{label} {i + 1}"))
        except InputError as err:
            errors.append(str(err))
    return out


def within_page_size(
    outputs: list[TextFile], refs: list[TextFile], errors: list[str]
) -> tuple[list[TextFile], list[TextFile], list[str]]:
    """(outputs, references, errors) as given, or no files and the page-size error (``check_page_size``): checked
    before anything is scored, whatever the source."""
    try:
        check_page_size([*outputs, *refs])
    except InputError as err:
        return [], [], [*errors, str(err)]
    return outputs, refs, errors


def usable(source: str, errors: list[str]) -> bool:
    """Show ``errors``; True when the files that were read may be scored: uploaded files not read are left out
    (each message names its file), but a pasted text that cannot be read stops the scores."""
    for message in errors:
        show_error(message)
    return source in _UPLOADS or not errors


def scoring_options(choices: om.Choices) -> tuple[BleuOptions, BleuOptions] | None:
    """(corpus options, sentence options) of the sidebar's choices, or None after an error box saying why."""
    try:
        options = choices.corpus_options(), choices.sentence_options()
    except ValueError as err:
        show_error(_("These options cannot be combined: {err}. Change one of them in the sidebar.").format(err=err))
        return None
    needs = needs_message(choices.tokenize)
    if needs is not None:  # a link may name a tokenizer whose analyser or model this server lacks
        show_error(needs)
        return None
    return options
