"""The bounds every ``st.cache_data`` of the app uses: entries and time to live (tests/test_limits.py checks
each cache names them). Each page's caches sit next to the code they speed up, in its package's ``cache.py``."""

#: Entries of the per-sentence caches (Explore, Learn, the Corpus page's explained line, tests).
MAX_SENTENCE_ENTRIES = 64
#: Entries of the whole-input caches (one per input and options).
MAX_INPUT_ENTRIES = 16
MAX_CHUNK_ENTRIES = 256
TTL_SECONDS = 3600
