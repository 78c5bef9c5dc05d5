"""What the doctor page checks: the input of the Corpus page as it holds it now (its kept uploads, pasted text or
sample: nothing is uploaded twice, and Corpus's widgets stay Corpus's), or the sentence open in Explore."""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass
from typing import Any, cast

import streamlit as st

from ui.corpus import state as cs
from ui.explore import state as es
from ui.inputs import kept
from ui.inputs.uploads import InputError, TextFile, check_page_size, decode_paste, digest
from ui.inputs.widgets import SAMPLES, sample_corpus
from ui.metrics.bleu.wording import and_list
from ui.shell.i18n import N_, _

CHECK = "doctor_check"
CHECKS = {"corpus": N_("The input of the Corpus page"), "explore": N_("The sentence open in Explore")}


@dataclass(frozen=True)
class DoctorInput:
    """A hypothesis stream and its reference streams, the tokenizer the user scores with, and their cache key."""

    hypothesis: TextFile
    references: tuple[TextFile, ...]
    tokenize: str

    @property
    def key(self) -> str:
        return digest([self.hypothesis, *self.references])


def _corpus_input(state: cs.CorpusState) -> tuple[TextFile | None, list[TextFile]]:
    """Corpus's hypothesis and references from its state: the sample, the kept uploads or the pasted texts."""
    if state.source in SAMPLES:
        return sample_corpus(state.source)
    try:
        if state.source == "upload":
            hyps = kept.files_of(cs.CORPUS_HYP_UPLOAD)
            check_page_size([*hyps[:1], *kept.files_of(cs.CORPUS_REF_UPLOAD)])
            return (hyps[0] if hyps else None), kept.files_of(cs.CORPUS_REF_UPLOAD)
        hyp = decode_paste(state.hypothesis, _("The pasted hypothesis"))
        refs = [decode_paste(text, _("Pasted reference") + f" {i + 1}") for i, text in enumerate(state.references)]
        check_page_size([hyp, *refs])
    except InputError as err:
        st.error(str(err), icon=":material/error:")
        return None, []
    return (hyp if hyp.lines else None), [r for r in refs if r.lines]


def doctor_input() -> DoctorInput | None:
    """Draw the choice and what it holds; None until there is something to check."""
    labels = {key: _(label) for key, label in CHECKS.items()}  # worded now, in the session's language
    what = st.radio(_("What to check"), tuple(CHECKS), key=CHECK, horizontal=True, format_func=labels.__getitem__)
    session = cast(MutableMapping[str, Any], st.session_state)
    if what == "explore":
        state = session.get(es.PAGE_STATE.saved_key, es.DEFAULT)
        references = es.scored_references(state)
        if not references:
            st.info(_("The sentence in Explore has no reference yet: type one there first."))
            return None
        st.caption(_("Explore's candidate and its {n} references, with Explore's tokenizer ({tokenizer}).").format(
            n=len(references), tokenizer=state.options.tokenize))  # fmt: skip
        refs = tuple(TextFile(_("reference {n}").format(n=j + 1), (r,)) for j, r in enumerate(references))
        return DoctorInput(TextFile(_("Explore's candidate"), (state.candidate,)), refs, state.options.tokenize)
    state = session.get(cs.PAGE.saved_key) or kept.kept_state(cs.PAGE.prefix) or cs.PAGE.default
    hyp, refs = _corpus_input(state)
    st.page_link("app_pages/corpus.py", label=_("Give or change the files on the Corpus page"), icon=":material/upload_file:")
    if hyp is None or not refs:
        st.info(_("The Corpus page holds no hypothesis with references yet: upload or paste them there, then come back."))
        return None
    st.caption(_("Checking {hypothesis} against {references}, with the Corpus page's tokenizer ({tokenizer}).").format(
        hypothesis=hyp.name, references=and_list([r.name for r in refs]), tokenizer=state.options.tokenize))  # fmt: skip
    return DoctorInput(hyp, tuple(refs), state.options.tokenize)
