"""After the server restarts, the open page is drawn again from what the server keeps.

When the server process ends (a redeploy, a sleep after idling, a crash), the browser's page keeps showing the last
run and Streamlit 1.67 reconnects to the new process without running the script again: the page went on showing a
score and files "kept for this session" until the next click, whether or not the new server still had them. This
script, added once per tab with the page-wide HTML (``ui.shell.style``), watches Streamlit's connection state (the
``data-test-connection-state`` of the app's root element, which the browser tests wait on too) and reloads the page
when it is connected again after having lost the connection. The address holds the view (``?s=``) and the browser
session's kept files (``?u=``), so the reload reads the page's state and files from the server's store, or says
that they are gone (``ui.inputs.kept.lost_notice``). A connection lost and found again while the server went
on (a network hiccup) reloads too, which costs a run and loses nothing the address or the store holds.
"""

from __future__ import annotations

RELOAD_ON_RECONNECT_JS = """<script data-bleu-reconnect>
(() => {
  if (window.__bleuReloadOnReconnect) return;
  window.__bleuReloadOnReconnect = true;
  let lost = false;
  const check = () => {
    const app = document.querySelector('[data-testid="stApp"]');
    const state = app && app.getAttribute('data-test-connection-state');
    if (!state) return;
    if (state !== 'CONNECTED') {
      lost = true;
    } else if (lost) {
      lost = false;
      window.location.reload();
    }
  };
  new MutationObserver(check).observe(document.body, {
    subtree: true, attributes: true, attributeFilter: ['data-test-connection-state'],
  });
})();
</script>"""
#: Like the history shim's, the script's element takes no room on the page.
HIDE_CSS = '[data-testid="stElementContainer"]:has(script[data-bleu-reconnect]){position:absolute;}'
