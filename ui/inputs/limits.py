"""The app's own limits on what a visitor gives it: the upload boxes' sizes, pasted text, and the server-side store
that keeps a browser session's files (docs/limits.md names each; tests/test_limits.py checks them against
.streamlit/config.toml and bleucore's held limits). Numbers only: ``ui.inputs.uploads`` and ``ui.inputs.store`` check
them, ``ui.inputs.kept`` words them.

A box's size is in Streamlit's megabytes: its frontend refuses a larger file before it is sent, counting a megabyte
as 1,000,000 bytes (1,048,576 on Windows), and the server refuses a body over ``server.maxUploadSize`` MiB. The app
checks MiB, so a file the box lets through is never refused for its bytes, and ``bleucore.limits.MAX_HELD_CHARS`` is a
MiB of characters per MB of the box, so it is never refused for its characters either: only a line count over
``MAX_HELD_LINES`` (or a line over ``MAX_LINE_CHARS``) is refused by the app, and every box's help says so.
"""

from __future__ import annotations

from bleucore import HELD, MAX_HELD_CHARS, HeldLimits

MIB = 2**20

#: The box of a file scored line by line (a hypothesis, a reference, a system output, a labels file), in MB: a
#: MiB of characters per MB is ``MAX_HELD_CHARS`` (a test set of 20,000 lines of 100 characters).
MAX_UPLOAD_MB = MAX_HELD_CHARS // MIB
MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * MIB
#: The box of a training corpus, whose words are only counted (the frequency buckets), in MB: the report's
#: ``bleucore.limits.MAX_TRAINING_BYTES`` (tests/test_limits.py checks). It is the largest box, so
#: ``server.maxUploadSize`` in .streamlit/config.toml is this.
MAX_TRAINING_UPLOAD_MB = 16
#: The box of a score file of an imported metric (plain numbers, COMET's printed output, or its JSON, which repeats
#: every segment's source, hypothesis and reference: about 4 MB for four systems of 3,000 lines), in MB; its text is
#: kept, not scored line by line.
MAX_SCORES_UPLOAD_MB = MAX_TRAINING_UPLOAD_MB
MAX_SCORES_UPLOAD_BYTES = MAX_SCORES_UPLOAD_MB * MIB
#: Longest pasted text, in characters: what an uploaded file may hold.
MAX_PASTE_CHARS = MAX_HELD_CHARS
#: Lines and characters of all of Compare's files together (its systems and references): 40 systems of 2,500 lines
#: and their reference at WMT's 110 characters a line (WMT25 has 30 to 40 systems per language pair), past the
#: other pages' (bleucore's held totals: 80,000 lines and 8 MiB). Compare keeps a few numbers per line and system, not
#: Corpus's 5 KB a line, and its caches of one system's results hold every system of such a page
#: (``ui.shell.cache_limits.MAX_SYSTEM_ENTRIES``); its decoded text stays within the store's ``MAX_DECODED_BYTES``
#: (12 MiB of Hangul are about 30 MB there). docs/limits.md gives the time and memory measured.
MAX_COMPARE_LINES = 120_000
MAX_COMPARE_CHARS = 12 * MIB
#: Compare's held limits: each file's are bleucore's, all of them together Compare's.
COMPARE_HELD = HeldLimits("Compare", HELD.lines, HELD.chars, MAX_COMPARE_LINES, MAX_COMPARE_CHARS)

#: A browser session's share of the store: its files' bytes and their number (a file beyond either is used while
#: the session lasts, not kept, and named until it is given again or removed).
MAX_SESSION_BYTES = 64 * MIB
MAX_SESSION_FILES = 32
#: Bytes the store keeps on disk over all sessions (files and page states); the least recently used sessions are
#: removed first to make room.
MAX_STORE_BYTES = 512 * MIB
#: Memory the store's decoded files may take (their lines as Python strings, counted as resident: 1 to 4 bytes a
#: character, plus each line's own 49 to 80 bytes): the files in use are decoded from the disk again when needed.
MAX_DECODED_BYTES = 128 * MIB
#: A session's files and page states are removed after this long without use.
IDLE_SECONDS = 6 * 3600
#: How long the store remembers that a session was removed, and why, so that a reload says so.
GONE_SECONDS = 7 * 24 * 3600
