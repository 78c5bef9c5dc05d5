"""A shared link opened as the first request to a fresh server must show the app's own pages.

Regression: with the page scripts in a folder named ``pages/``, Streamlit 1.67 starts in its old
folder mode (PagesManager.uses_pages_directory); if the first request went straight to /corpus,
app.py never ran and the whole server listed "app, compare, corpus, explore, learn" until restart.
"""

from collections.abc import Callable

from playwright.sync_api import Page, expect


def test_first_request_to_a_sub_page_keeps_the_router(
    page: Page, fresh_streamlit_server: str, wait_for_app: Callable[..., None]
) -> None:
    page.goto(f"{fresh_streamlit_server}/corpus")
    wait_for_app(page)
    nav = page.locator('[data-testid="stSidebarNav"]')
    for title in ("Explore", "Learn", "Corpus", "Compare"):
        expect(nav.get_by_text(title, exact=True)).to_be_visible()
    expect(nav.get_by_text("app", exact=True)).to_have_count(0)
    expect(page.get_by_role("heading", name="Corpus BLEU")).to_be_visible()
