"""Hostile share links opened on the real server in Chromium (issue 25): a compressed bomb, a link cut short and a
link whose JSON holds a lone surrogate (which crashed every page with a traceback) each show the one message
naming the problem, with the page's defaults below it and no exception box."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import link_token
from ui.links.share import MAX_DECODED_BYTES, MAX_LINK_STATE

WaitForApp = Callable[..., None]


_token = link_token


BOMB = _token(b'{"v":2,"c":"' + b"a" * (25 * MAX_DECODED_BYTES) + b'"}')
SURROGATE = _token(json.dumps({"page": "explore", "v": 2, "c": "a \ud800 b", "r": ["a b"]}).encode())
CUT = _token(json.dumps({"page": "explore", "v": 2, "c": "the cat sat on the mat", "r": ["the cat"]}).encode())[:-3]


@pytest.mark.parametrize(
    ("path", "token", "reason"),
    [
        ("", BOMB, f"expands beyond {MAX_DECODED_BYTES:,} bytes"),
        ("", SURROGATE, "corrupted"),
        ("corpus", CUT, "corrupted"),
    ],
    ids=["bomb-explore", "surrogate-explore", "cut-corpus"],
)
def test_a_hostile_link_shows_its_message_on_the_real_server(
    page: Page, streamlit_server: str, wait_for_app: WaitForApp, path: str, token: str, reason: str
) -> None:
    assert len(token) <= MAX_LINK_STATE
    page.goto(f"{streamlit_server}/{path}?s={token}")
    wait_for_app(page)
    alert = page.get_by_test_id("stAlert").filter(has_text="This link could not be opened")
    expect(alert).to_contain_text(reason)
    expect(page.get_by_test_id("stException")).to_have_count(0)
