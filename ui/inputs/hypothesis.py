"""One hypothesis and its references: Corpus's input widgets, which the Score doctor draws too, with Corpus's keys
(``prefix``), so both pages hold one input. Each source draws its widgets and returns the files and the messages
of whatever could not be read."""

from __future__ import annotations

import streamlit as st

from ui.inputs.kept import upload_columns
from ui.inputs.samples import SAMPLES, sample_corpus
from ui.inputs.sources import (
    MAX_PASTED_REFERENCES,
    hypothesis_file_key,
    hypothesis_paste_key,
    hypothesis_upload_key,
    pasted_reference_key,
    ref_count_key,
    references_upload_key,
)
from ui.inputs.uploads import InputError, TextFile, decode_paste
from ui.inputs.widgets import decode_pastes, usable, within_page_size
from ui.shell import held
from ui.shell.i18n import _, and_list
from ui.shell.spoken import fill_spoken


def hypothesis_files(prefix: str, source: str) -> tuple[TextFile | None, list[TextFile], list[str]]:
    """Draw the input widgets of ``source``; return (hypothesis, references, error messages)."""
    if source in SAMPLES:
        sample = SAMPLES[source]
        sample_hyp, sample_refs = sample_corpus(source)
        st.caption(
            fill_spoken(  # the particle after the file name (Korean) is read from it
                _(
                    "The bundled sample: {hypothesis} (a weak system, {n} lines) scored against "
                    "{references}. Upload or paste your own files above."
                ),
                hypothesis=sample.systems[0],
                n=len(sample_hyp),
                references=and_list(sample.references),
            )
            + (" " + _(sample.note) if sample.note else "")
        )
        return sample_hyp, sample_refs, []
    if source == "upload":
        return _uploaded(prefix)
    return _pasted(prefix)


def _chosen(prefix: str, outputs: list[TextFile]) -> TextFile:
    """The output scored: one file uploaded here or on Compare (``ui.inputs.shared``), the one uploaded last here until
    another is chosen, and a choice between them when there are more."""
    names = [f.name for f in outputs]
    key = hypothesis_file_key(prefix)  # a file dropped here becomes the choice (``kept_files``' ``choice``)
    kept = held.hold(key, names, names[-1])
    if len(names) > 1:
        st.selectbox(
            _("Hypothesis to score"),
            names,
            key=key,
            help=_("The outputs uploaded here and on the Compare page: one serves both pages. This page scores one."),
            persist_state="session",
            **kept,
        )
    return outputs[names.index(st.session_state[key])]


def _uploaded(prefix: str) -> tuple[TextFile | None, list[TextFile], list[str]]:
    refs, hyps, errors = upload_columns(
        references_upload_key(prefix),
        _("One file per reference translation, each with as many lines as the hypothesis."),
        hypothesis_upload_key(prefix),
        _("Hypothesis file"),
        _("hypothesis file"),
        _("Plain UTF-8 text, one segment per line."),
        multiple=False,
        choice=hypothesis_file_key(prefix),
    )
    if not hyps or not refs:
        if not errors:
            st.info(_("Upload a hypothesis file and at least one reference file to score them."))
        return None, [], errors
    kept, refs, errors = within_page_size([_chosen(prefix, hyps)], refs, errors)
    return (kept[0] if kept else None), refs, errors


def _pasted(prefix: str) -> tuple[TextFile | None, list[TextFile], list[str]]:
    # persist_state="session" on every pasted text: see app_pages/explore.py (a run before the widget code loads).
    st.text_area(
        _("Hypothesis: one segment per line"), key=hypothesis_paste_key(prefix), height=160, persist_state="session"
    )
    st.number_input(
        _("Number of references"),
        min_value=1,
        max_value=MAX_PASTED_REFERENCES,
        step=1,
        key=ref_count_key(prefix),
        persist_state="session",
    )
    count = int(st.session_state[ref_count_key(prefix)] or 1)
    columns = st.columns(count)
    for i, column in enumerate(columns):
        column.text_area(
            _("Reference {i_1}: one segment per line").format(i_1=i + 1),
            key=pasted_reference_key(prefix, i),
            height=160,
            persist_state="session",
        )
    hyp_text = st.session_state[hypothesis_paste_key(prefix)]
    ref_texts = [st.session_state[pasted_reference_key(prefix, i)] for i in range(count)]
    if not hyp_text.strip() and not any(t.strip() for t in ref_texts):
        st.info(
            _(
                "Paste a hypothesis and its references (one segment per line), then press Ctrl+Enter or click outside "
                "the box."
            )
        )
        return None, [], []
    errors: list[str] = []
    hyp: TextFile | None = None
    try:
        hyp = decode_paste(hyp_text, _("Pasted hypothesis"))
    except InputError as err:
        errors.append(str(err))
    refs = decode_pastes(ref_texts, _("Pasted reference"), errors)
    kept, refs, errors = within_page_size([hyp] if hyp is not None else [], refs, errors)
    return (kept[0] if kept else None), refs, errors


def read_hypothesis_input(prefix: str, source: str) -> tuple[TextFile | None, list[TextFile]]:
    """Draw the input widgets of ``source`` and any error; (hypothesis, references), or (None, []) if not usable."""
    hyp, refs, errors = hypothesis_files(prefix, source)
    if not usable(source, errors) or hyp is None or not refs:
        return None, []
    return hyp, refs
