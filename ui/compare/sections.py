"""Compare's sections (``ui.state.sections``): each reruns alone on a change to its widgets; a change to the
sections' own choices (``cps.SECTION_CHOICES``) is saved and linked from inside the section, any other change of
the page's state reruns the page."""

from __future__ import annotations

from ui.shell.session import session_state
from ui.state import compare as cps
from ui.state.on_page import mirror_state
from ui.state.sections import section

#: Whether the view drawn last held uploaded files (its link cannot hold them), for a section that links its choice.
USES_UPLOADS = "compare_view_uses_uploads"


def publish_section_choice(state: cps.CompareState) -> None:
    """Save and link a state whose sections' choices changed, from inside the section (``mirror_state``)."""
    mirror_state(session_state(), cps.PAGE, state, uploads=bool(session_state().get(USES_UPLOADS)))


#: The decorator of every section of Compare (nested ones too: each compares the state with the one it was drawn
#: with, so a sibling's linked choice must not send it to the whole page).
SECTION = section(cps.read_compare, cps.SECTION_CHOICES, publish_section_choice)
