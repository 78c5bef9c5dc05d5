"""Development tools shared by tests/, bench/ and scripts/ (never shipped, never imported by the app):
``chromium`` (which browser, with which flags), ``server`` (start and stop a test Streamlit server by PID) and
``cjk_generators`` (seeded Korean, Japanese and Chinese corpora)."""
