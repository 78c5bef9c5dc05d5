"""The Explore hand-off survives a run that stopped before its switch reached the browser: the request stays
until Explore opens, so the next run of the source page switches instead of losing the click."""

from __future__ import annotations

from tests.conftest import open_app
from ui.state import explore as es
from ui.state import handoff


def test_a_pending_hand_off_switches_on_the_next_run_and_ends_in_explore() -> None:
    at = open_app("compare")
    state = es.ExploreState("a pending candidate", ("a pending reference",))
    at.session_state[handoff.PENDING] = (handoff.EXPLORE_PAGE, es.PAGE_STATE.to_link(state))  # left by a stopped run
    at.run()
    assert not at.exception
    assert [t.value for t in at.text_area if t.value == "a pending candidate"], "Explore opened the requested line"
    assert handoff.PENDING not in at.session_state  # done: going back to Compare does not switch again
    at.switch_page("app_pages/compare.py").run()
    assert [t.value for t in at.title] == ["Compare systems"]
