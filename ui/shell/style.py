"""Page-wide CSS: a rerun kept cheap for the browser, and phone screens that hide nothing.

While a script runs, Streamlit marks the previous run's elements stale and fades each one's
opacity over 1 s after a 0.5 s delay (``transition: opacity 1s ease-in 0.5s``). Every fading
element is a compositor animation, and on a loaded machine a page with some forty of them spent
about 120 ms more of Chromium's CPU per slow rerun than with a one-step dim (measured in headless
Chromium on a test page whose script sleeps 2 s). Stale elements still dim, at once after 1 s.

On a 390 px phone a tab bar wider than the screen scrolls without a visible scroll bar, so the last
tabs (Explore's Export) look absent: the tabs wrap onto a second row instead. A formula wider than
the screen (Learn's first one) scrolls inside its own box instead of being cut.

Streamlit draws a chart's or a data grid's toolbar (view the data, download, full screen) on hover 2.75 rem above
the element, in the 1 rem gap between elements and over the element above: it hid the last cells of Compare's
correlation table when the pointer crossed the scatter under it. An element with a toolbar keeps that room free above
it (``TOOLBAR_ROOM_CSS``).
"""

import streamlit as st

from ui.shell import reconnect
from ui.shell.history import HIDE_CSS, ONE_ENTRY_PER_PAGE_JS
from ui.shell.plain_code import COPY_JS

STALE_DIM_CSS = '[data-stale="true"]{transition:opacity 0s linear 1s !important;}'
#: A compact icon button whose label is "✕ *what it removes*": the words are kept for screen readers (its
#: accessible name) and hidden on screen, so the ✕ stays beside what it removes, even on a phone. Set upright,
#: the hidden words need no italic font: the browser fetched one (138 kB) for them before Explore's first view.
NAMED_ICON_CSS = (
    '[class*="st-key-explore_remove_"] button em{position:absolute;width:1px;height:1px;overflow:hidden;'
    "clip:rect(0 0 0 0);white-space:nowrap;font-style:normal;}"
)
TOOLBAR_ROOM_CSS = (
    '[data-testid="stElementContainer"]:has(> [data-testid="stFullScreenFrame"] > * > [data-testid="stElementToolbar"])'
    "{margin-top:1.75rem;}"
)
PHONE_CSS = (
    '[data-testid="stTabs"] [role="tablist"]{flex-wrap:wrap;}'
    '[data-testid="stMarkdownContainer"] .katex-display{overflow-x:auto;overflow-y:hidden;}'
    # Stacked columns (a phone) keep a small gap, not the wide one that separates them side by side.
    '@media (max-width:640px){[data-testid="stHorizontalBlock"]{row-gap:1rem !important;}}'
)


def body() -> str:
    """The page-wide HTML: the stylesheet, the history shim (``ui.shell.history``), the reload after a server
    restart (``ui.shell.reconnect``) and the copy buttons' listener (``ui.shell.plain_code``)."""
    return (
        f"<style>{STALE_DIM_CSS}{NAMED_ICON_CSS}{TOOLBAR_ROOM_CSS}{PHONE_CSS}{HIDE_CSS}{reconnect.HIDE_CSS}</style>"
        f"{ONE_ENTRY_PER_PAGE_JS}{reconnect.RELOAD_ON_RECONNECT_JS}{COPY_JS}"
    )


def apply() -> None:
    """Add the page-wide HTML to the page; it takes no space."""
    st.html(body(), unsafe_allow_javascript=True)
