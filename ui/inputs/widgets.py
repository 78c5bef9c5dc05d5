"""The input widgets of Corpus and Compare: the bundled sample, uploads and pasted text, decoded to TextFiles.

Each reader draws the widgets of one input source and returns the files and the messages of
whatever could not be read (``ui.inputs.uploads`` names the file, the line and the limit).
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import streamlit as st

from bleucore import BleuOptions
from bleucore.tokenizers import missing_package
from ui.compare import state as cps
from ui.corpus import state as cs
from ui.inputs import cache
from ui.inputs.kept import kept_files, limits_caption
from ui.inputs.uploads import (
    MAX_UPLOAD_MB,
    InputError,
    TextFile,
    check_page_size,
    decode_paste,
    escape_markdown,
    unique_names,
)
from ui.links.page_state import MAX_PASTED_REFERENCES, SOURCE_LABELS, SOURCES
from ui.metrics.bleu import options as om
from ui.metrics.bleu.options import Choices
from ui.metrics.bleu.wording import and_list
from ui.shell import i18n
from ui.shell.i18n import N_, _

SAMPLE_DIR = Path(__file__).resolve().parents[2] / "data" / "sample"


@dataclass(frozen=True)
class Sample:
    """A bundled test set (data/sample): systems (the first is Corpus's hypothesis), references,
    and the tokenizer it is scored with when chosen (None: the page's preset)."""

    systems: tuple[str, ...]
    references: tuple[str, ...]
    tokenizer: str | None = None
    note: str = ""


#: Input source -> bundled test set (the sources are ``ui.links.page_state.SOURCES``).
SAMPLES = {
    "sample": Sample(("system_a.en", "system_b.en"), ("ref.en", "ref2.en")),
    "sample-ko": Sample(
        ("system_a.ko", "system_b.ko"),
        ("ref.ko", "ref2.ko"),
        "ko-mecab",
        N_(
            "Scored with ko-mecab, sacreBLEU's tokenizer for Korean: choose 13a or none in the sidebar to see "
            "how much whole-eojeol matching lowers the score."
        ),
    ),
}
SAMPLE_SYSTEMS = SAMPLES["sample"].systems
SAMPLE_HYPOTHESIS = SAMPLE_SYSTEMS[0]
SAMPLE_REFERENCES = SAMPLES["sample"].references
#: The options of each page's source radio (a sample may choose its tokenizer).
_PAGE_OPTIONS = {cs.CORPUS_SOURCE: cs.CORPUS, cps.COMPARE_SOURCE: cps.COMPARE}


def show_error(message: str) -> None:
    """An error box whose text (which may quote a file name or line) is never read as Markdown."""
    st.error(escape_markdown(message), icon=":material/error:")


def sample_files(names: tuple[str, ...]) -> tuple[TextFile, ...]:
    """Files of the bundled sample (data/sample), decoded once (``ui.inputs.cache.text_files``)."""
    return cache.text_files(tuple(str(SAMPLE_DIR / name) for name in names))


def _source_changed(session: MutableMapping[str, Any], key: str) -> None:
    """A sample with its own tokenizer sets it; back on a sample without one, that tokenizer is undone."""
    options = _PAGE_OPTIONS.get(key)
    sample = SAMPLES.get(session[key])
    if options is None or sample is None:
        return
    tokenizer_key = options.key("tokenize")
    if sample.tokenizer is not None and missing_package(sample.tokenizer) is None:
        session[tokenizer_key] = sample.tokenizer
    elif sample.tokenizer is None and session.get(tokenizer_key) in {s.tokenizer for s in SAMPLES.values()}:
        session[tokenizer_key] = om.SACREBLEU.tokenize


def source_radio(key: str) -> str:
    """The "Input" choice between the bundled samples, uploads and pasted text."""
    session = cast(MutableMapping[str, Any], st.session_state)
    i18n.keep_choice(key, SOURCES, lambda s, gettext: gettext(SOURCE_LABELS[s]))
    return str(
        st.radio(
            _("Input"),
            SOURCES,
            key=key,
            horizontal=True,
            format_func=lambda s, tr=i18n.bound(): tr(SOURCE_LABELS[s]),
            on_change=_source_changed,
            args=(session, key),
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


def sample_corpus(source: str) -> tuple[TextFile, list[TextFile]]:
    """The bundled sample of ``source`` as Corpus scores it: its first (weak) system and its references."""
    sample = SAMPLES[source]
    hyp, *refs = sample_files((sample.systems[0], *sample.references))
    return hyp, list(refs)


def _upload_columns(
    ref_slot: str, ref_help: str, slot: str, label: str, kind: str, help_text: str, multiple: bool
) -> tuple[list[TextFile], list[TextFile], list[str]]:
    """The upload source of Corpus and Compare: reference files on the left, the outputs (``kept_files`` of
    ``slot``) on the right, the limits below; (references, outputs, messages about files not read or not kept:
    the files listed are still used)."""
    left, right = st.columns(2)
    with left:
        refs, ref_errors = kept_files(
            ref_slot, _("Reference files (one or more)"), _("reference file"), ref_help, multiple=True
        )
    with right:
        outputs, errors = kept_files(slot, label, kind, help_text, multiple)
    st.caption(limits_caption())
    return refs, outputs, [*ref_errors, *errors]


def corpus_files(source: str) -> tuple[TextFile | None, list[TextFile], list[str]]:
    """Draw the input widgets of ``source``; return (hypothesis, references, error messages)."""
    errors: list[str] = []
    hyp: TextFile | None = None
    refs: list[TextFile] = []
    if source in SAMPLES:
        sample = SAMPLES[source]
        sample_hyp, sample_refs = sample_corpus(source)
        st.caption(
            _(
                "The bundled sample: {hypothesis} (a weak system, {n} lines) scored against "
                "{references}. Upload or paste your own files above."
            ).format(hypothesis=sample.systems[0], n=len(sample_hyp), references=and_list(sample.references))
            + (" " + _(sample.note) if sample.note else "")
        )
        return sample_hyp, sample_refs, errors
    if source == "upload":
        refs, hyps, errors = _upload_columns(
            cs.CORPUS_REF_UPLOAD,
            _(
                "One file per reference translation, each with as many lines as the hypothesis; at most "
                "{MAX_UPLOAD_MB} MB each."
            ).format(MAX_UPLOAD_MB=MAX_UPLOAD_MB),
            cs.CORPUS_HYP_UPLOAD,
            _("Hypothesis file"),
            _("hypothesis file"),
            _("Plain UTF-8 text, one segment per line, at most {MAX_UPLOAD_MB} MB.").format(
                MAX_UPLOAD_MB=MAX_UPLOAD_MB
            ),
            multiple=False,
        )
        if not hyps or not refs:
            if not errors:
                st.info(_("Upload a hypothesis file and at least one reference file to score them."))
            return None, [], errors
        kept, refs, errors = _within_page_size(hyps[:1], refs, errors)
        return (kept[0] if kept else None), refs, errors
    # paste
    # persist_state="session" on every pasted text: see app_pages/explore.py (a run before the widget code loads).
    st.text_area(_("Hypothesis: one segment per line"), key=cs.CORPUS_HYP_PASTE, height=160, persist_state="session")
    st.number_input(
        _("Number of references"),
        min_value=1,
        max_value=MAX_PASTED_REFERENCES,
        step=1,
        key=cs.CORPUS_REF_COUNT,
        persist_state="session",
    )
    count = int(st.session_state[cs.CORPUS_REF_COUNT] or 1)
    columns = st.columns(count)
    for i, column in enumerate(columns):
        column.text_area(
            _("Reference {i_1}: one segment per line").format(i_1=i + 1),
            key=cs.corpus_ref_key(i),
            height=160,
            persist_state="session",
        )
    hyp_text = st.session_state[cs.CORPUS_HYP_PASTE]
    ref_texts = [st.session_state[cs.corpus_ref_key(i)] for i in range(count)]
    if not hyp_text.strip() and not any(t.strip() for t in ref_texts):
        st.info(
            _(
                "Paste a hypothesis and its references (one segment per line), then press Ctrl+Enter or click outside "
                "the box."
            )
        )
        return None, [], errors
    try:
        hyp = decode_paste(hyp_text, _("Pasted hypothesis"))
    except InputError as err:
        errors.append(str(err))
    refs = decode_pastes(ref_texts, _("Pasted reference"), errors)
    kept, refs, errors = _within_page_size([hyp] if hyp is not None else [], refs, errors)
    return (kept[0] if kept else None), refs, errors


def _within_page_size(
    outputs: list[TextFile], refs: list[TextFile], errors: list[str]
) -> tuple[list[TextFile], list[TextFile], list[str]]:
    """(outputs, references, errors) as given, or no files and the page-size error (``check_page_size``): checked
    before anything is scored, whatever the source."""
    too_large = _page_size_errors([*outputs, *refs])
    return ([], [], [*errors, *too_large]) if too_large else (outputs, refs, errors)


def _compare_files(source: str) -> tuple[list[TextFile], list[TextFile], list[str]]:
    """Draw the input widgets of ``source``; return (systems, references, error messages)."""
    errors: list[str] = []
    help_upload = _("Plain UTF-8 text, one segment per line, at most {mb} MB per file.").format(mb=MAX_UPLOAD_MB)
    if source in SAMPLES:
        sample = SAMPLES[source]
        sample_systems = sample_files(sample.systems)
        sample_refs = sample_files(sample.references)
        head = _("The bundled sample: {systems} ({n} lines each) against {references}.").format(
            systems=and_list(sample.systems), n=len(sample_refs[0]), references=and_list(sample.references)
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
        return _within_page_size([*sample_systems, *more], list(sample_refs), errors)
    if source == "upload":
        refs, systems, errors = _upload_columns(
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
        return _within_page_size(systems, refs, errors)
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
    return _within_page_size(decode_pastes(sys_texts, _("System"), errors), refs, errors)


#: Sources whose messages are about uploaded files not read or not kept: each names its file and line, and the
#: files listed are still scored (a pasted text that cannot be read stops the scores: it is the input).
_UPLOADS = ("upload", "sample")


def read_corpus_input(source: str) -> tuple[TextFile | None, list[TextFile]]:
    """Draw the input widgets of ``source`` and any error; (hypothesis, references), or (None, []) if not usable."""
    hyp, refs, errors = corpus_files(source)
    for message in errors:
        show_error(message)
    if source in _UPLOADS:
        return (hyp, refs) if hyp is not None and refs else (None, [])
    return (None, []) if errors else (hyp, refs)


def read_compare_input(source: str) -> tuple[list[TextFile], list[TextFile]]:
    """Draw the input widgets of ``source`` and any error; (systems, references), or ([], []) if not usable."""
    systems, refs, errors = _compare_files(source)
    for message in errors:
        show_error(message)
    if source in _UPLOADS:
        return systems, refs
    return ([], []) if errors else (systems, refs)


def _page_size_errors(files: list[TextFile]) -> list[str]:
    try:
        check_page_size(files)
    except InputError as err:
        return [str(err)]
    return []


def scoring_options(choices: Choices) -> tuple[BleuOptions, BleuOptions] | None:
    """(corpus options, sentence options) of the sidebar's choices, or None after an error box saying why."""
    try:
        options = choices.corpus_options(), choices.sentence_options()
    except ValueError as err:
        show_error(_("These options cannot be combined: {err}. Change one of them in the sidebar.").format(err=err))
        return None
    package = missing_package(choices.tokenize)
    if package is not None:  # a link may name a tokenizer whose analyser this server lacks
        show_error(
            _(
                "The tokenizer {tokenizer} needs the {package} package (pip install {package}), "
                "which is not installed here: choose another tokenizer in the sidebar."
            ).format(tokenizer=choices.tokenize, package=package)
        )
        return None
    return options
