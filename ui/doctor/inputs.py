"""What the doctor page checks: files or pasted text given here or on the Corpus page (one input, shared: the page
draws Corpus's drop zones, pasted-text boxes and tokenizer with Corpus's keys and saves Corpus's state, so nothing is
uploaded twice and either page opens with what the other was given), or the sentence open in Explore. A file the
drop zone cannot read is a finding here. Beside uploaded or pasted files, the source they translate may be given
(``ui.doctor.source``): the page's own, not Corpus's.

The input source is Corpus's radio too. Arriving from another page, the doctor sets Corpus's widgets from Corpus's
saved state; back on Corpus, Corpus does the same from what was saved here (``ui.state.page.just_arrived``)."""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

import streamlit as st

from ui.doctor.source import source_input
from ui.inputs import identity
from ui.inputs.hypothesis import hypothesis_files
from ui.inputs.uploads import TextFile, digest
from ui.inputs.widgets import source_radio
from ui.options.sidebar import tokenizer_box
from ui.shell import i18n
from ui.shell.i18n import N_, _, and_list
from ui.shell.markdown import escape_markdown
from ui.shell.session import session_state
from ui.state import corpus as cs
from ui.state import doctor as ds
from ui.state import explore as es
from ui.state.on_page import arrival_state
from ui.state.page import just_arrived, save_state

CHECK = ds.CHECK
#: The last choice, kept while another page is open (Streamlit drops the radio's own key then).
CHOICE = ds.CHOICE
CHECKS = dict(
    zip(
        ds.CHECKS,
        (N_("Files or pasted text (shared with the Corpus page)"), N_("The sentence open in Explore")),
        strict=True,
    )
)
#: Set once this browser session has its doctor state back from the store (a reload, a restarted server); and once
#: the state was kept: from then on it is kept on every change, back to the defaults too.
_RESTORED = "doctor_state_restored"
_KEPT_ONCE = "doctor_state_kept"


@dataclass(frozen=True)
class DoctorInput:
    """A hypothesis stream and its reference streams, the tokenizer the user scores with, the source the hypothesis
    translates (None: not given), and their cache key."""

    hypothesis: TextFile
    references: tuple[TextFile, ...]
    tokenize: str
    source: TextFile | None = None

    @property
    def key(self) -> str:
        files = digest([self.hypothesis, *self.references])
        return files if self.source is None else f"{files}:{digest([self.source])}"


def _chosen(session: MutableMapping[str, Any]) -> None:
    session[CHOICE] = session[CHECK]


def show_refused(messages: Sequence[str]) -> None:
    """Files the input could not read (binary, empty, not UTF-8, too large), each as an error finding; each message
    names the file, the line and its fix (``ui.inputs.uploads``), so no second fix is added."""
    for message in messages:
        st.error(_("**Error** (certain): {problem}").format(problem=escape_markdown(message)), icon=":material/error:")


def _explore_input(session: MutableMapping[str, Any]) -> DoctorInput | None:
    state = session.get(es.PAGE_STATE.saved_key, es.DEFAULT)
    references = es.scored_references(state)
    if not references:
        st.info(_("The sentence in Explore has no reference yet: type one there first."))
        return None
    st.caption(
        _("Explore's candidate and its {n} references, with Explore's tokenizer (`{tokenizer}`).").format(
            n=len(references), tokenizer=state.options.tokenize
        )
    )
    refs = tuple(TextFile(_("reference {n}").format(n=j + 1), (r,)) for j, r in enumerate(references))
    return DoctorInput(TextFile(_("Explore's candidate"), (state.candidate,)), refs, state.options.tokenize)


def _corpus_state(session: MutableMapping[str, Any]) -> cs.CorpusState:
    """Corpus's input as it holds it now: its saved state, else the one kept for this browser, else the default."""
    state = (
        session.get(cs.PAGE.saved_key)
        or identity.kept_state(cs.PAGE.prefix, cs.PAGE.default)
        or arrival_state(cs.PAGE)  # files given on Compare: a reference uploaded once serves every page
    )
    return cast(cs.CorpusState, state)


def _files_input(session: MutableMapping[str, Any], stale: bool) -> DoctorInput | None:
    """Corpus's input widgets, filled from Corpus's state when this page was not drawn last (``stale``) or they are
    new, and saved back to it after the run."""
    if stale or cs.CORPUS_SOURCE not in session:
        session.update(cs.corpus_widget_values(_corpus_state(session)))
    source = source_radio(cs.PAGE.prefix)
    tokenizer_box(cs.CORPUS)
    hyp, refs, refused = hypothesis_files(cs.PAGE.prefix, source)
    given_source = source_input(source)
    state = cs.read_corpus(session)
    save_state(session, cs.PAGE, state)  # the Corpus page opens with what was given here
    pasted = source == "paste" and any(text.strip() for text in (state.hypothesis, *state.references))
    identity.keep_state(cs.PAGE.prefix, state, needed=pasted)  # pasted texts survive a reload (this page has no link)
    show_refused(refused)
    st.page_link("app_pages/corpus.py", label=_("Score these files on the Corpus page"), icon=":material/upload_file:")
    if hyp is None or not refs:
        return None
    names = {  # the files' names are the user's text, escaped; the tokenizer is code
        "hypothesis": escape_markdown(hyp.name),
        "references": and_list([escape_markdown(r.name) for r in refs]),
        "tokenizer": state.options.tokenize,
    }
    st.caption(
        _("Checking {hypothesis} against {references}, with the `{tokenizer}` tokenizer.").format(**names)
        if given_source is None
        else _(
            "Checking {hypothesis} against {references}, with the `{tokenizer}` tokenizer, and against {source}, "
            "the source it translates."
        ).format(source=escape_markdown(given_source.name), **names)
    )
    return DoctorInput(hyp, tuple(refs), state.options.tokenize, given_source)


def keep_doctor_state(session: MutableMapping[str, Any]) -> None:
    """Before the page's widgets: a new browser session takes the doctor's state kept for this browser (its choices
    and pasted source, for widgets not set already), then the state the widgets hold is kept for a reload."""
    if _RESTORED not in session:
        session[_RESTORED] = True
        kept = identity.kept_state(ds.KEPT, ds.DEFAULT)
        for key, value in ds.widget_values(kept if isinstance(kept, ds.DoctorState) else ds.DEFAULT).items():
            session.setdefault(key, value)
    state = ds.read(session)
    needed = state != ds.DEFAULT or bool(session.get(_KEPT_ONCE))
    identity.keep_state(ds.KEPT, state, needed=needed)
    session[_KEPT_ONCE] = needed


def doctor_input() -> DoctorInput | None:
    """Draw the choice and what it holds; None until there is something to check."""
    session = session_state()
    keep_doctor_state(session)
    stale = just_arrived(session, "doctor")
    if CHECK not in session:
        session[CHECK] = session.get(CHOICE, "corpus")
    what = st.radio(
        _("What to check"),
        tuple(CHECKS),
        key=CHECK,
        horizontal=True,
        format_func=i18n.keep_choice(CHECK, tuple(CHECKS), lambda key, gettext: gettext(CHECKS[key])),
        on_change=_chosen,
        args=(session,),
        persist_state="session",
    )
    return _explore_input(session) if what == "explore" else _files_input(session, stale)
