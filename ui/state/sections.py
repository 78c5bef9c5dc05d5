"""A page's sections drawn as fragments (``st.fragment``), kept in step with the page's state: a change to one of a
section's widgets reruns that section alone, so the rest of the page (its significance tables, its rankings, every
other section) is neither recomputed nor sent again (issue 45: each widget change on Compare took 2-2.5 s on two
cores, most of it spent redrawing what it did not touch).

Two things happen only at a page's end, outside every section: ``ui.state.on_page.publish_state`` saves the state,
puts its link in the address and draws the share box; ``ui.state.handoff.follow`` switches to Explore. So a change
that alters the page's state (what its link and the server keep: on Compare every choice of its sections, so that
it survives a restart, issue 45 item 4) reruns the whole page instead, whose end links it and shows the new link,
and a hand-off button reruns the whole page too (``handoff.explore_button``). A fragment cannot redraw the share
box: it is outside the fragment's container."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec

import streamlit as st

from ui.shell.session import session_state

P = ParamSpec("P")
#: A page's state as its widgets hold it now (``ui.state.compare.read_compare``); states compare by their fields.
StateReader = Callable[[Mapping[str, Any]], Any]


def section(read_state: StateReader) -> Callable[[Callable[P, None]], Callable[P, None]]:
    """Draw the decorated function as a fragment of the page whose state ``read_state`` reads: its widgets rerun it
    alone, unless a change alters that state, which reruns the page (the page's end saves and links it).

    The state is read when the page's run draws the section and handed to the fragment, which Streamlit calls again
    with the same arguments on each of its own reruns: a state read then that differs from it was changed by a
    widget of this section. Sections nest (a section inside a section reruns alone)."""

    def decorate(draw: Callable[P, None]) -> Callable[P, None]:
        @functools.wraps(draw)  # the fragment's identity is the function's module and name
        def fragment(drawn_with: Any, *args: P.args, **kwargs: P.kwargs) -> None:
            if read_state(session_state()) != drawn_with:
                st.rerun()  # the whole page: its end saves the new state and draws the share box with its link
            draw(*args, **kwargs)

        run = st.fragment(fragment)

        @functools.wraps(draw)
        def call(*args: P.args, **kwargs: P.kwargs) -> None:
            run(read_state(session_state()), *args, **kwargs)

        return call

    return decorate
