"""The one page-state mechanism of every page: a page describes its state once, as a ``StatePage``.

Each page saves its last state under a plain key and mirrors it in a link (``save_state``). Streamlit keeps
every widget's value across pages (``persist_state``), but another page may have saved this page's state since
(the Score doctor saves Corpus's), so a page that was not drawn in the last run sets its widgets again from its
saved state (``init_page``, ``just_arrived``). A page describes its keys, its widgets' values and its default state
once, as a ``StatePage``; its link is its state dataclass's own (``ui.links.codec``). ``ui.state.explore``,
``ui.state.corpus`` and ``ui.state.compare`` hold the pages' own states; ``ui.state.on_page`` runs this
mechanism on a page (``open_state_page``, ``mirror_state``, ``publish_state``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from ui.links.codec import LinkField, link_data, read_state
from ui.links.share import LinkReader, LinkStateError, OtherPageLink, is_new, make_link, open_link, remember
from ui.shell.i18n import N_, _

#: Where every page's link keeps its references and its options.
REFERENCES_LINK = LinkField("r", N_("references"))
OPTIONS_LINK = LinkField("opt", N_("options"))


@dataclass(frozen=True)
class StatePage:
    """A page's state: its default, its widgets' values, its link (its state dataclass's ``ui.links.codec`` fields,
    named ``prefix``) and its session keys, named ``<prefix>_...``."""

    prefix: str
    default: Any
    widget_values: Callable[[Any], dict[str, Any]]
    #: A version-1 link's fields laid out as version 2 lays them out (where that page's version 1 kept its options).
    from_version_1: Callable[[dict[str, Any]], dict[str, Any]]
    #: Keys of a variable number of widgets (Explore's references): cleared before a whole state is applied.
    is_item_key: Callable[[str], bool] | None = None
    #: Whether the server keeps the state for a reload that its link cannot reproduce (uploaded files, pasted texts
    #: too long for a link: Corpus and Compare; ``ui.inputs.kept``).
    kept_on_server: bool = True

    def to_link(self, state: Any, with_texts: bool = True) -> str:
        """The ``s`` parameter of a state (pasted texts only ``with_texts``); LinkStateError if too long."""
        return make_link(self.prefix, link_data(state, with_texts))

    def from_link(self, token: str) -> tuple[Any, list[str]]:
        """The state a link holds and notes on the fields it could not use (those keep the default's values).

        LinkStateError when nothing can be read (corrupted, too long, another version); OtherPageLink for a link
        of another page.
        """
        data, version = open_link(token, self.prefix)
        reader = LinkReader(self.from_version_1(data) if version == 1 else data)
        return read_state(reader, self.default), reader.notes

    @property
    def loaded_key(self) -> str:
        """The link this session opened or made last."""
        return f"{self.prefix}_loaded_link"

    @property
    def saved_key(self) -> str:
        """The last state, kept while another page is open."""
        return f"{self.prefix}_saved"


def link_with_fallback(make: Any, state: Any) -> tuple[str | None, str | None]:
    """(token, note): the full link, else one without pasted texts (note says why), else none."""
    try:
        return make(state, True), None
    except LinkStateError as err:
        full_error = err
    try:
        return make(state, False), _(
            "The pasted texts are too long for a link ({err}); the link keeps the options only."
        ).format(err=full_error)
    except LinkStateError as err:
        return None, _("No link for this view: {err}.").format(err=err)


def init_page(
    session: MutableMapping[str, Any],
    link: str | None,
    page: StatePage,
    kept: Any | None = None,
    arrival: Any | None = None,
) -> tuple[Any | None, str | None]:
    """Fill widget keys before any widget is drawn.

    A link this session has not made or opened before wins (its values overwrite the widgets), unless it is
    the link of ``kept`` (the state the server kept for this browser, ``ui.inputs.kept``: a reload), which
    then comes back whole, pasted texts too long for a link included. Otherwise, when the last run drew
    another page (``just_arrived``), every key is set again from the last saved state (else ``kept``, else
    ``arrival``, the state a page opens with in this browser session, else the default). Returns (state loaded
    from the link or None, message if the link was not fully usable).
    """
    stale = just_arrived(session, page.prefix)
    first = kept if kept is not None else arrival if arrival is not None else page.default
    start = session.get(page.saved_key, first)
    if link and is_new(session, page.loaded_key, link):
        remember(session, page.loaded_key, link)
        if kept is not None and page.saved_key not in session and link in _links_of(page, kept):
            _restore(session, page, kept, overwrite=True)  # a reload: the kept state is the link's, texts and all
            return kept, None
        try:
            state, notes = page.from_link(link)
        except LinkStateError as err:
            _restore(session, page, start, overwrite=stale)
            return None, None if isinstance(err, OtherPageLink) else _("This link could not be opened: {err}.").format(
                err=err
            )
        _restore(session, page, state, overwrite=True)
        return state, " ".join(notes) or None
    _restore(session, page, start, overwrite=stale)
    return None, None


#: The page whose state the last run drew (``just_arrived``).
_DRAWN_LAST = "page_state_drawn_last"


def just_arrived(session: MutableMapping[str, Any], name: str) -> bool:
    """Record that this run draws page ``name``; True if the last run drew another page's state, or none."""
    stale = session.get(_DRAWN_LAST) != name
    session[_DRAWN_LAST] = name
    return stale


def _links_of(page: StatePage, state: Any) -> set[str]:
    """The links ``state`` may have had: with its pasted texts and without them."""
    links = set()
    for with_texts in (True, False):
        with contextlib.suppress(LinkStateError):
            links.add(page.to_link(state, with_texts))
    return links


def save_state(session: MutableMapping[str, Any], page: StatePage, state: Any) -> tuple[str | None, str | None]:
    """Save ``state`` for later visits; (its link token, or None, and a note on what the link leaves out)."""
    session[page.saved_key] = state
    token, note = link_with_fallback(page.to_link, state)
    if token is not None:
        remember(session, page.loaded_key, token)
    return token, note


def _restore(session: MutableMapping[str, Any], page: StatePage, state: Any, overwrite: bool) -> None:
    values = page.widget_values(state)
    if overwrite:
        if page.is_item_key is not None:
            for key in [k for k in session if page.is_item_key(k)]:
                del session[key]
        session.update(values)
    else:
        for key, value in values.items():
            session.setdefault(key, value)
