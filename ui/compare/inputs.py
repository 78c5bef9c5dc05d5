"""Compare's input widgets: two or more systems and their references, from the bundled samples (with more systems
uploaded beside the English one), uploads or pasted text, decoded to TextFiles."""

from __future__ import annotations

import streamlit as st

from ui.inputs.kept import kept_files, upload_columns
from ui.inputs.limits import COMPARE_HELD
from ui.inputs.samples import SAMPLES, sample_files
from ui.inputs.sources import MAX_PASTED_REFERENCES
from ui.inputs.uploads import TextFile, unique_names
from ui.inputs.widgets import decode_pastes, usable, within_page_size
from ui.shell.i18n import _, and_list
from ui.shell.spoken import fill_spoken
from ui.state import compare as cps


def compare_files(source: str) -> tuple[list[TextFile], list[TextFile], list[str]]:
    """Draw the input widgets of ``source``; return (systems, references, error messages)."""
    errors: list[str] = []
    help_upload = _("Plain UTF-8 text, one segment per line.")
    if source in SAMPLES:
        sample = SAMPLES[source]
        sample_systems = sample_files(sample.systems)
        sample_refs = sample_files(sample.references)
        head = fill_spoken(  # the particles after the file names (Korean) are read from them
            _("The bundled sample: {systems} ({n} lines each) against {references}."),
            systems=and_list(sample.systems),
            n=len(sample_refs[0]),
            references=and_list(sample.references),
        )
        if source != "sample":  # extra systems only for the English sample (Compare's link notice counts on it)
            st.caption(
                head + " " + _("Upload or paste a new test set above.") + (" " + _(sample.note) if sample.note else "")
            )
            return list(sample_systems), list(sample_refs), errors
        st.caption(head + " " + _("Add your own systems for the same sentences, or upload or paste a new test set."))
        more, errors = kept_files(
            cps.COMPARE_EXTRA_UPLOAD,
            _("Add more systems for the sample's sentences (optional)"),
            _("system file"),
            help_upload,
            multiple=True,
        )
        taken = [s.name for s in sample_systems]
        names = unique_names([*taken, *(m.name for m in more)])[len(taken) :]
        more = [TextFile(name, m.lines) for name, m in zip(names, more)]
        return within_page_size([*sample_systems, *more], list(sample_refs), errors, COMPARE_HELD)
    if source == "upload":
        refs, systems, errors = upload_columns(
            cps.COMPARE_REF_UPLOAD,
            help_upload,
            cps.COMPARE_SYS_UPLOAD,
            _("System outputs (two or more)"),
            _("system file"),
            help_upload,
            multiple=True,
        )
        if not refs or len(systems) < 2:
            if not errors:
                st.info(_("Upload at least one reference file and two or more system outputs."))
            return [], [], errors
        return within_page_size(systems, refs, errors, COMPARE_HELD)
    # paste
    left, right = st.columns(2)
    left.number_input(
        _("Number of references"),
        min_value=1,
        max_value=MAX_PASTED_REFERENCES,
        step=1,
        key=cps.COMPARE_REF_COUNT,
        persist_state="session",
    )
    right.number_input(
        _("Number of systems"),
        min_value=2,
        max_value=cps.MAX_PASTED_SYSTEMS,
        step=1,
        key=cps.COMPARE_SYS_COUNT,
        persist_state="session",
    )
    ref_count = int(st.session_state[cps.COMPARE_REF_COUNT] or 1)
    sys_count = int(st.session_state[cps.COMPARE_SYS_COUNT] or 2)
    for i, column in enumerate(st.columns(ref_count)):
        column.text_area(
            _("Reference {i_1}: one segment per line").format(i_1=i + 1),
            key=cps.compare_ref_key(i),
            height=140,
            persist_state="session",
        )
    for i, column in enumerate(st.columns(sys_count)):
        column.text_area(
            _("System {i_1}: one segment per line").format(i_1=i + 1),
            key=cps.compare_sys_key(i),
            height=140,
            persist_state="session",
        )
    ref_texts = [st.session_state[cps.compare_ref_key(i)] for i in range(ref_count)]
    sys_texts = [st.session_state[cps.compare_sys_key(i)] for i in range(sys_count)]
    if not any(t.strip() for t in (*ref_texts, *sys_texts)):
        st.info(
            _(
                "Paste the references and two or more systems (one segment per line), then press Ctrl+Enter or click "
                "outside the box."
            )
        )
        return [], [], errors
    refs = decode_pastes(ref_texts, _("Reference"), errors)
    return within_page_size(decode_pastes(sys_texts, _("System"), errors), refs, errors, COMPARE_HELD)


def read_compare_input(source: str) -> tuple[list[TextFile], list[TextFile]]:
    """Draw the input widgets of ``source`` and any error; (systems, references), or ([], []) if not usable."""
    systems, refs, errors = compare_files(source)
    return (systems, refs) if usable(source, errors) else ([], [])
