"""A page's sections drawn as fragments (``st.fragment``), kept in step with the page's state: a change to one of a
section's widgets reruns that section alone, so the rest of the page (its significance tables, its rankings, every
other section) is neither recomputed nor sent again (issue 45: each widget change on Compare took 2-2.5 s on two
cores, most of it spent redrawing what it did not touch).

Two things happen at a page's end, outside every section: ``ui.state.on_page.publish_state`` saves the state, puts
its link in the address and draws the share box; ``ui.state.handoff.follow`` switches to Explore. A section's own
choices are part of the state too (on Compare the system set against the baseline, the examples' count, ...: each
survives a restart and is in the link, issue 45 item 4), so a change to one of them is saved and linked from inside
the section (``publish``: the store and the address; the share box's link follows the address in the browser,
``ui.shell.plain_code``) and the section reruns alone. A change to any other part of the state (the human scores,
which the significance tables above read) reruns the whole page, whose end links it, and so does a hand-off button
(``handoff.explore_button``)."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec

import streamlit as st

from ui.shell.session import session_state

P = ParamSpec("P")
#: A page's state as its widgets hold it now (``ui.state.compare.read_compare``); states compare by their fields.
StateReader = Callable[[Mapping[str, Any]], Any]


def section(
    read_state: StateReader, local: frozenset[str] = frozenset(), publish: Callable[[Any], None] | None = None
) -> Callable[[Callable[P, None]], Callable[P, None]]:
    """Draw the decorated function as a fragment of the page whose state ``read_state`` reads: its widgets rerun it
    alone. A change to the state's fields named in ``local`` (the sections' own choices: no part of the page outside
    a section reads them) is handed to ``publish`` (which saves and links it) and the section still reruns alone;
    a change to any other field reruns the page (the page's end saves and links it).

    The state is read when the page's run draws the section and handed to the fragment, which Streamlit calls again
    with the same arguments on each of its own reruns: a state read then that differs from it was changed by a
    widget of this section. Sections nest (a section inside a section reruns alone)."""

    def decorate(draw: Callable[P, None]) -> Callable[P, None]:
        @functools.wraps(draw)  # the fragment's identity is the function's module and name
        def fragment(drawn_with: Any, *args: P.args, **kwargs: P.kwargs) -> None:
            now = read_state(session_state())
            if now != drawn_with:
                if publish is None or not only_fields_changed(drawn_with, now, local):
                    st.rerun()  # the whole page: its end saves the new state and draws the share box with its link
                publish(now)
            draw(*args, **kwargs)

        run = st.fragment(fragment)

        @functools.wraps(draw)
        def call(*args: P.args, **kwargs: P.kwargs) -> None:
            run(read_state(session_state()), *args, **kwargs)

        return call

    return decorate


def only_fields_changed(before: Any, after: Any, names: frozenset[str]) -> bool:
    """True when two states of one dataclass differ in the fields ``names`` alone."""
    if type(before) is not type(after) or not dataclasses.is_dataclass(before):
        return False
    return all(
        getattr(before, f.name) == getattr(after, f.name) for f in dataclasses.fields(before) if f.name not in names
    )
