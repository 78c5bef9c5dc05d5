"""Hand-offs to Explore: a button that opens one sentence there, and the switch done after the page published.

A page that mirrors its own state in the address bar must switch pages only after it has done
so: publishing after ``st.switch_page(..., query_params=...)`` (as a ``finally`` block did) sent the
old page's link to the browser after Explore's, and Explore's first edit then reopened the wrong link.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import streamlit as st

from ui.inputs import identity
from ui.inputs.uploads import TextFile
from ui.links.share import PARAM, LinkStateError, forget
from ui.options.bleu import Choices
from ui.shell import held, i18n
from ui.shell.i18n import _
from ui.shell.markdown import escape_markdown
from ui.shell.session import session_state
from ui.state import explore as es

EXPLORE_PAGE = "app_pages/explore.py"
PENDING = "handoff_pending"


def explore_button(label: str, state: es.ExploreState, key: str) -> None:
    """A button that opens ``state`` in Explore (the switch itself happens in ``follow``)."""
    try:
        token = es.PAGE_STATE.to_link(state)
    except LinkStateError as err:
        st.caption(
            escape_markdown(_("This sentence is too long to open in Explore through a link: {err}.").format(err=err))
        )
        return
    st.button(label, key=key, icon=":material/open_in_new:", on_click=_ask, args=(token,))


def _ask(token: str) -> None:
    """A hand-off button's click: ask for the switch and rerun the whole page, whose end switches (``follow``); a
    button in a section drawn as a fragment (``ui.state.sections``) would otherwise rerun that section alone."""
    st.session_state[PENDING] = (EXPLORE_PAGE, token)
    st.rerun()


def sentence_state(
    hypothesis: str, references: Sequence[str], options: Choices, order: int = 1, metrics_tab: bool = False
) -> es.ExploreState:
    """The Explore state of one segment: its non-empty references, the page's options, the n-gram order shown, and
    the tab that opens (``metrics_tab``: chrF & TER, for a line explained by chrF or TER; else the n-gram matches)."""
    kept = tuple(r for r in references if r.strip()) or tuple(references)
    tab = es.TABS[-1] if metrics_tab else es.TABS[0]
    return es.ExploreState(hypothesis, kept, options, min(max(int(order), 0), options.max_order), tab)


def segment_picker(
    systems: dict[str, TextFile], refs: Sequence[TextFile], options: Choices, prefix: str, metrics_tab: bool = False
) -> None:
    """Choose a system and a line, and open that segment with its references in Explore (on its chrF & TER tab
    when ``metrics_tab``: the page explains lines by chrF or TER)."""
    names = list(systems)
    system_col, line_col = st.columns(2)
    key = f"{prefix}_open_system"
    name = system_col.selectbox(
        _("System to open"), names, key=key, persist_state="session", **held.hold(key, names, names[0])
    )
    lines = len(refs[0]) if refs else 0
    if not name or lines == 0:
        return
    line_key = f"{prefix}_open_line"
    kept = st.session_state.get(line_key)
    if isinstance(kept, int) and kept > lines:  # a line kept for longer files
        st.session_state[line_key] = lines
    line = int(
        line_col.number_input(_("Line"), min_value=1, max_value=lines, step=1, key=line_key, persist_state="session")
        or 1
    )
    state = sentence_state(
        systems[name].lines[line - 1], [r.lines[line - 1] for r in refs], options, metrics_tab=metrics_tab
    )
    explore_button(
        _("Open line {line:,} of {name} in Explore").format(line=line, name=name), state, f"{prefix}_open_explore"
    )


def line_buttons(
    line: int,
    names: Sequence[str],
    systems: Mapping[str, TextFile],
    refs: Sequence[TextFile],
    options: Choices,
    key: str,
) -> None:
    """For each system of ``names``, a button that opens its ``line`` (1-based) with its references in Explore
    (keys ``<key>_<name>``): a line picked in a list of lines, such as a bucket's (``ui.buckets``)."""
    references = [r.lines[line - 1] for r in refs]
    for name in names:
        explore_button(
            _("Open line {line:,} of {name} in Explore").format(line=line, name=name),
            sentence_state(systems[name].lines[line - 1], references, options),
            f"{key}_{name}",
        )


def follow() -> None:
    """Switch to the page a hand-off button asked for; call it last, after the page published its link.

    The request stays until the target page has opened (``arrived``): a run stopped by another rerun before the
    switch reached the browser switches on the next run instead of losing the click."""
    pending = st.session_state.get(PENDING)
    if pending is not None:
        page, token = pending
        forget(session_state(), es.PAGE_STATE.loaded_key, token)  # opened again if seen before
        st.switch_page(page, query_params={PARAM: token, **i18n.query(), **identity.query()})


def arrived() -> None:
    """The hand-off's target page has opened: the switch request is done (call it first on that page)."""
    st.session_state.pop(PENDING, None)
