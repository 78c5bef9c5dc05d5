"""Browser history: one entry per page visited, not one per edit.

Each page mirrors its state in the address bar (``?s=``, ``ui.links.share``) by assigning
``st.query_params``. Streamlit 1.67 writes every *changed* query string with
``history.pushState`` (``App.handlePageInfoChanged``; streamlit/streamlit#16831 keeps the push on
purpose so a query change can be undone), so three keystrokes on Explore made three entries and
Back walked through them. Widgets bound with ``bind="query-params"`` use ``replaceState``, but
they store one parameter per widget, not the one validated, versioned ``s`` token that hand-offs
and shared links carry.

This page script wraps ``history.pushState`` once per tab: an entry whose path is the current one
(only the query changed) replaces the current entry; a page switch (another path) still pushes.
So the address bar always holds the current view (reload or copy reproduces it) and Back leaves
the page, to the previous page visited or the site before.
"""

from __future__ import annotations

ONE_ENTRY_PER_PAGE_JS = """<script data-bleu-history>
(() => {
  if (window.__bleuOneEntryPerPage) return;
  window.__bleuOneEntryPerPage = true;
  const push = window.history.pushState.bind(window.history);
  window.history.pushState = function (state, unused, url) {
    const target = new URL(url === undefined || url === null ? window.location.href : url, window.location.href);
    if (target.pathname === window.location.pathname) {
      return window.history.replaceState(state, unused, url);
    }
    return push(state, unused, url);
  };
})();
</script>"""
#: The script's element takes no room on the page (an element with a script is not style-only):
#: out of the layout's flow, it adds no gap above the title.
HIDE_CSS = '[data-testid="stElementContainer"]:has(script[data-bleu-history]){position:absolute;}'
