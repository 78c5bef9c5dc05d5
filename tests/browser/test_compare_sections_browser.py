"""Issue 45, items 4 and 13: Compare's sections are fragments, and every choice in them is part of the page's state.
With a reference, four systems and COMET's scores uploaded in Chromium, a widget of a section that no link holds (the
report's button) reruns that section alone: the runs the page's websocket carries end as fragment runs (Streamlit's
``FINISHED_FRAGMENT_RUN_SUCCESSFULLY``) and send nothing of the page outside the section (no significance table's
heading, no ranking), while the section shows the change. A choice that is part of the page's state (the examples'
count, the system set against the baseline, the human scores: each survives a file replaced and a restart) reruns the
whole page, so that its link, the share box and the state kept for a reload hold it."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Locator, Page, WebSocket, expect
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from tests.browser.widgets import choose
from tests.score_files import SYSTEMS, comet_json, comet_scores, system_lines
from ui.state import compare as cps

STREAM_PATH = "/_stcore/stream"
FRAGMENT_RUN = ForwardMsg.ScriptFinishedStatus.Name(ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY)
FULL_RUN = ForwardMsg.ScriptFinishedStatus.Name(ForwardMsg.FINISHED_SUCCESSFULLY)
STOPPED = ForwardMsg.ScriptFinishedStatus.Name(ForwardMsg.FINISHED_EARLY_FOR_RERUN)
#: Headings of the page outside every section: a full run sends them again, a section's run never.
OUTSIDE = ("Corpus BLEU and significance against the baseline", "Corpus COMET and significance against the baseline")
RANKING = "Ranking"
RUN_WAIT_MS = 60_000


class Runs:
    """The app's runs as the page's websocket carries them: each ends with a ``script_finished`` (its status) and
    holds the texts of the headings and Markdown it sent."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.finished: list[tuple[str, list[str]]] = []
        self._texts: list[str] = []
        page.on("websocket", self._attach)

    def _attach(self, ws: WebSocket) -> None:
        if urlsplit(ws.url).path.endswith(STREAM_PATH):
            ws.on("framereceived", self._received)

    def _received(self, payload: str | bytes) -> None:
        if isinstance(payload, str):
            return
        msg = ForwardMsg()
        msg.ParseFromString(payload)
        kind = msg.WhichOneof("type")
        if kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            element = msg.delta.new_element
            shown = element.WhichOneof("type")
            if shown in ("heading", "markdown"):
                self._texts.append(getattr(element, shown).body)
        elif kind == "script_finished":
            self.finished.append((ForwardMsg.ScriptFinishedStatus.Name(msg.script_finished), self._texts))
            self._texts = []

    def since(self, mark: int, wait_for_app: Callable[..., None]) -> list[tuple[str, list[str]]]:
        """The runs finished since ``mark`` (``len(finished)`` before an interaction), once one has run to its end
        and the page has drawn it (waited for as a state of the page: at most ``RUN_WAIT_MS``)."""
        waited = 0
        while not any(status != STOPPED for status, _texts in self.finished[mark:]):
            assert waited < RUN_WAIT_MS, f"no run ended; runs since: {self.finished[mark:]}"
            self.page.wait_for_timeout(100)  # this client's events arrive while Playwright waits
            waited += 100
        wait_for_app(self.page)
        return self.finished[mark:]


def expect_section_alone(runs: list[tuple[str, list[str]]], *sent: str) -> None:
    """Every run was a fragment's, sending each of ``sent`` (a text its section draws) and nothing outside it."""
    assert [status for status, _texts in runs if status != STOPPED] == [FRAGMENT_RUN], runs
    texts = [text for _status, shown in runs for text in shown]
    for text in sent:
        assert any(text in t for t in texts), (text, texts)
    for heading in (*OUTSIDE, RANKING):
        assert heading not in texts, (heading, texts)


def examples_shown(page: Page) -> Locator:
    """The examples' lines in their expander ("Line 12: BLEU ...")."""
    expander = page.get_by_test_id("stExpander").filter(has_text="Examples that tell the story")
    return expander.get_by_test_id("stMarkdown").filter(has_text=re.compile(r"^Line \d+: BLEU "))


def linked_state(page: Page) -> cps.CompareState:
    """The state the address bar's link holds."""
    query = parse_qs(urlsplit(page.evaluate("location.href")).query)
    state, notes = cps.PAGE.from_link(query["s"][0])
    assert not notes, notes
    assert isinstance(state, cps.CompareState)
    return state


def human_in_link(page: Page) -> str:
    """The human-score choice of the state the address bar's link holds ("" for none)."""
    return str(linked_state(page).imported.human)


def wait_for_link(page: Page, holds: Callable[[cps.CompareState], bool]) -> None:
    """Wait until the address bar's link holds a state for which ``holds`` is true (the address follows the run's
    page_info message), at most ``RUN_WAIT_MS``."""
    waited = 0
    while not holds(linked_state(page)):
        assert waited < RUN_WAIT_MS, page.evaluate("location.href")
        page.wait_for_timeout(100)
        waited += 100


def test_a_widget_inside_a_section_reruns_it_alone_and_a_linked_choice_reruns_the_page(
    page: Page,
    streamlit_server: str,
    wait_for_app: Callable[..., None],
    compare_with_scores: Callable[..., None],
) -> None:
    runs = Runs(page)  # before the page opens: its websocket opens with it
    lines = system_lines()
    compare_with_scores(
        page, streamlit_server, {n: lines[n] for n in SYSTEMS}, ("comet.json", comet_json(comet_scores()))
    )
    expect(page.get_by_role("heading", name=RANKING, exact=True)).to_be_visible()

    # The examples (a section inside the systems' section): one more on each side, a choice the link keeps.
    page.get_by_text("Examples that tell the story").click()
    expect(examples_shown(page)).to_have_count(2 * 3)
    mark = len(runs.finished)
    count = page.get_by_label("Examples on each side", exact=True)
    count.fill("4")
    count.press("Enter")
    expect(examples_shown(page)).to_have_count(2 * 4)
    assert FULL_RUN in [status for status, _texts in runs.since(mark, wait_for_app)]
    wait_for_link(page, lambda state: state.examples == 4)

    # The system set against the baseline: the systems' section shows it, the link keeps it.
    mark = len(runs.finished)
    choose(page, "System to set against the baseline", SYSTEMS[2])
    assert FULL_RUN in [status for status, _texts in runs.since(mark, wait_for_app)]
    expect(page.get_by_role("combobox", name="System to set against the baseline", exact=True)).to_have_value(
        SYSTEMS[2]
    )
    wait_for_link(page, lambda state: state.other == SYSTEMS[2])

    # The report: building it reruns the report alone, not the buckets above it.
    mark = len(runs.finished)
    page.get_by_role("button", name="Build the report").click()
    expect(page.get_by_role("button", name="Report (HTML)")).to_be_visible(timeout=RUN_WAIT_MS)
    expect_section_alone(runs.since(mark, wait_for_app), "A report to keep")
    assert "Where the systems differ" not in [t for _s, shown in runs.finished[mark:] for t in shown]

    # The human scores are part of the page's state: the page reruns, and its link and the share box hold them.
    assert human_in_link(page) == ""
    mark = len(runs.finished)
    choose(page, "Human scores", "COMET")
    assert FULL_RUN in [status for status, _texts in runs.since(mark, wait_for_app)]
    expect(page.get_by_role("heading", name="Metrics checked against people")).to_be_visible()
    wait_for_link(page, lambda state: state.imported.human == "imported-1")
    token = parse_qs(urlsplit(page.evaluate("location.href")).query)["s"][0]
    page.get_by_text("Share this view").click()
    expect(page.get_by_test_id("stExpander").filter(has_text="Share this view")).to_contain_text(token)

    page.reload()  # a new server session: the state kept for this browser brings the choice back
    wait_for_app(page)
    expect(page.get_by_role("combobox", name="Human scores", exact=True)).to_have_value("COMET")
    expect(page.get_by_test_id("stException")).to_have_count(0)
