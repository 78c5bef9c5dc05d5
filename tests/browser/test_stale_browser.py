"""A browser one run behind, in Chromium: two quick option changes, the second made before the first one's run
reached the page, both stay (the second once undid both: the page sent back its Preset box as drawn, which the app
took for the old preset picked again).

The test routes the app's WebSocket through itself and holds the server's messages while a person makes the two
changes, then lets them through in order: the page is one run behind by construction, not by timing.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect


class HeldStream:
    """The app's WebSocket: the page's messages go straight to the server; the server's are held while
    ``holding`` and let through, in order, by ``release``."""

    def __init__(self) -> None:
        self.holding = False
        self.held: list[str | bytes] = []
        self.page_side: WebSocketRoute | None = None

    def route(self, ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()  # the page's messages are forwarded as they are sent
        self.page_side = ws
        server.on_message(self._from_server)

    def _from_server(self, message: str | bytes) -> None:
        if self.holding:
            self.held.append(message)
        elif self.page_side is not None:
            self.page_side.send(message)

    def release(self) -> None:
        self.holding = False
        assert self.page_side is not None and self.held, "the server answered nothing while the page was held"
        for message in self.held:
            self.page_side.send(message)
        self.held.clear()


@pytest.mark.parametrize(("path", "start"), [("", "tutorial preset"), ("/corpus", "sacreBLEU defaults")])
def test_two_quick_changes_on_a_page_one_run_behind_both_stay(
    page: Page, streamlit_server: str, wait_for_app: Callable[..., None], path: str, start: str
) -> None:
    stream = HeldStream()
    page.route_web_socket(re.compile(r"/_stcore/stream$"), stream.route)
    page.goto(streamlit_server + path)
    wait_for_app(page)
    captions = page.get_by_test_id("stCaptionContainer")
    expect(captions.filter(has_text=f"Options: {start}")).to_have_count(1)
    sidebar = page.get_by_test_id("stSidebar")
    order = sidebar.get_by_role("spinbutton", name="Max n-gram order N")
    lowercase = sidebar.get_by_role("checkbox", name="Lowercase")
    stream.holding = True
    order.fill("2")
    order.press("Enter")
    sidebar.get_by_text("Lowercase", exact=True).click()
    expect(lowercase).to_be_checked()
    expect(captions.filter(has_text=f"Options: {start}")).to_have_count(1)  # clicked on the page as drawn before N = 2
    stream.release()
    expect(captions.filter(has_text=re.compile(r"Options: custom: .*lowercase, N = 2"))).to_have_count(1)
    wait_for_app(page)
    expect(order).to_have_value("2")
    expect(lowercase).to_be_checked()
