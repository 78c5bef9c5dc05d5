"""Development tools shared by tests/, bench/ and scripts/ (never shipped, never imported by the app):
``chromium`` (which browser, with which flags), ``server`` (start and stop a test Streamlit server by PID),
``cjk_generators`` and ``corpora`` (seeded corpora), ``readme`` (the README's command blocks) and ``timing`` (a bench
command's wall time)."""
