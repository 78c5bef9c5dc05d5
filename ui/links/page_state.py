"""What the Corpus and Compare pages' states share: input sources, paste limits, and the session.

Streamlit drops the keys of widgets a run did not draw (another page was open), so each page
saves its last state under a plain key and restores missing widget keys from it (``init_page``).
A page describes its keys and its link codec once, as a ``StatePage``; ``ui.corpus.state`` and
``ui.compare.state`` hold the two pages' own states.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any

from ui.links.share import LinkReader, LinkStateError, OtherPageLink, is_new, remember
from ui.metrics.bleu import options as om
from ui.shell.i18n import N_, _

SOURCES = ("sample", "sample-ko", "upload", "paste")
SOURCE_LABELS = {
    "sample": N_("Bundled sample"), "sample-ko": N_("Korean sample"), "upload": N_("Upload files"), "paste": N_("Paste text"),
}  # fmt: skip
MAX_PASTED_REFERENCES = 4
#: The preset both pages open with and reset to.
START_PRESET = om.SACREBLEU_NAME


@dataclass(frozen=True)
class StatePage:
    """A page's state codecs (widgets and links) and its session keys, named ``<prefix>_...``."""

    prefix: str
    default: Any
    to_link: Callable[[Any, bool], str]
    from_link: Callable[[str], tuple[Any, list[str]]]
    widget_values: Callable[[Any], dict[str, Any]]

    @property
    def loaded_key(self) -> str:
        """The link this session opened or made last."""
        return f"{self.prefix}_loaded_link"

    @property
    def saved_key(self) -> str:
        """The last state, kept while another page is open."""
        return f"{self.prefix}_saved"

    @property
    def source_key(self) -> str:
        """The input source radio: drawn on every run of the page, so its absence means the page was not."""
        return f"{self.prefix}_source"


def link_options(reader: LinkReader, version: int) -> om.Choices:
    """The options of a link: version 1 kept them under "o", version 2 (every page) under "opt"."""
    return om.from_link(reader.section("o" if version == 1 else "opt", "options"), om.SACREBLEU)


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


def init_page(session: MutableMapping[str, Any], link: str | None, page: StatePage) -> tuple[Any | None, str | None]:
    """Fill widget keys before any widget is drawn.

    A link this session has not made or opened before wins (its values overwrite the widgets). Otherwise, when
    ``page.source_key`` (a widget drawn on every run) is missing, the page was not drawn in the last
    run: Streamlit dropped some of its widget keys and may have kept others at stale values, so
    every key is reset from the last saved state (or the default). Returns (state loaded from
    the link or None, message if the link was not fully usable).
    """
    start = session.get(page.saved_key, page.default)
    if link and is_new(session, page.loaded_key, link):
        remember(session, page.loaded_key, link)
        try:
            state, notes = page.from_link(link)
        except LinkStateError as err:
            _restore(session, page.widget_values(start), overwrite=page.source_key not in session)
            return None, None if isinstance(err, OtherPageLink) else _("This link could not be opened: {err}.").format(err=err)
        session.update(page.widget_values(state))
        return state, " ".join(notes) or None
    _restore(session, page.widget_values(start), overwrite=page.source_key not in session)
    return None, None


def _restore(session: MutableMapping[str, Any], values: Mapping[str, Any], overwrite: bool) -> None:
    if overwrite:
        session.update(values)
    else:
        for key, value in values.items():
            session.setdefault(key, value)
