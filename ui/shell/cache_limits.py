"""The bounds every ``st.cache_data`` of the app uses: entries and time to live (tests/test_limits.py checks
each cache names them). Each page's caches sit next to the code they speed up, in its package's ``cache.py``."""

#: Entries of the per-sentence caches (Explore, Learn, the Corpus page's explained line, tests).
MAX_SENTENCE_ENTRIES = 64
#: Entries of the whole-input caches (one per input and options).
MAX_INPUT_ENTRIES = 16
#: Entries of the caches of one system's results on Compare (its setup check, scores, chrF's and TER's statistics,
#: its score file): every system of a page at the page's limit (ui.inputs.limits.MAX_PAGE_LINES: 40 systems of
#: 2,500 lines) and a few more, else a rerun recomputes them all (17 s of setup checks for 30 systems). At most 1.1 MB
#: an entry per 2,500 lines (chrF's statistics, BLEU's sentence scores), so about 50 MB a cache for such a page.
MAX_SYSTEM_ENTRIES = 48
MAX_CHUNK_ENTRIES = 256
TTL_SECONDS = 3600
