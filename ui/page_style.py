"""Page-wide CSS that keeps a rerun cheap for the browser.

While a script runs, Streamlit marks the previous run's elements stale and fades each one's
opacity over 1 s after a 0.5 s delay (``transition: opacity 1s ease-in 0.5s``). Every fading
element is a compositor animation, and on a loaded machine a page with some forty of them spent
about 120 ms more of Chromium's CPU per slow rerun than with a one-step dim (measured in headless
Chromium on a test page whose script sleeps 2 s). Stale elements still dim, at once after 1 s.
"""

import streamlit as st

STALE_DIM_CSS = '[data-stale="true"]{transition:opacity 0s linear 1s !important;}'


def apply() -> None:
    """Add the stylesheet to the page (a style-only st.html takes no space)."""
    st.html(f"<style>{STALE_DIM_CSS}</style>")
