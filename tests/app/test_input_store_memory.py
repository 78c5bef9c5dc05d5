"""Memory bounded by what is held (issue 40): sixteen sessions each keep a file whose lines hold one four-byte
character each, and the server's memory grows by no more than the store's budget for decoded files. Before, the
store held every file's lines in memory and counted their UTF-8 bytes: one emoji in a line of ASCII widens the whole
string to four bytes a character, so a file counted 2 MB took 8 MB. Measured in a child process (a fresh
interpreter: the app's server side, run by AppTest) with tracemalloc, after a first session has loaded the pages, so
that only what the files leave behind is counted."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import ROOT

#: The decoded files' budget in the child (two of the files: the sixteen cannot fit in it).
BUDGET = 20 * 2**20
#: What else a session may leave in the Python heap (its state, Streamlit's caches of the page): far below a file.
SLACK = 3 * 2**20

CHILD = """
import gc, json, os, sys, tempfile, tracemalloc
os.environ["BLEU_EXPLORER_STORE"] = tempfile.mkdtemp()
sys.path.insert(0, sys.argv[1])
from tests.conftest import drop_zone, open_app
from ui.inputs import identity
from ui.inputs.decoded import resident_bytes
from ui.inputs.limits import MAX_UPLOAD_BYTES
from ui.inputs.store import InputStore
from ui.state import corpus as cs

store = InputStore(identity.store_folder() / identity.DATABASE, memory_bytes=int(sys.argv[2]))
identity._store = lambda: store
line = "a" * 999 + "\\U0001F642"  # 1,003 bytes in UTF-8; as a string, four bytes a character
lines = MAX_UPLOAD_BYTES // 1_004 - 1

def session(name):
    data = (name + "\\n" + (line + "\\n") * lines).encode()  # each file its own: no two share a decoded copy
    at = open_app("corpus")
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    drop_zone(at, cs.CORPUS_REF_UPLOAD).set_value([(name, data, "text/plain")])
    at.run()
    assert not at.exception and any("kept for this session" in c.value for c in at.caption)

session("warm-up.txt")  # the pages' modules, Streamlit's own first-run objects
gc.collect()
tracemalloc.start()
before = tracemalloc.get_traced_memory()[0]
for n in range(16):
    session(f"emoji{n}.txt")
gc.collect()
grown = tracemalloc.get_traced_memory()[0] - before
data = ((line + "\\n") * lines).encode()
print(json.dumps({"grown": grown, "held": store.decoded.held, "file": resident_bytes(tuple(data.decode().split())),
                  "utf8": len(data),
                  "kept": store.size}))
"""


def test_sixteen_sessions_of_wide_characters_grow_memory_by_the_decoded_budget_at_most() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(ROOT), str(BUDGET)], capture_output=True, text=True, timeout=280, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["file"] >= 3.9 * found["utf8"]  # a file's strings take four times its UTF-8 bytes
    assert 16 * found["file"] > 4 * BUDGET  # what the sixteen files would take if all were held
    assert found["kept"] >= 17 * found["utf8"] - 17 * 2_000  # all kept, on disk
    assert found["held"] <= BUDGET
    assert found["grown"] <= BUDGET + SLACK, found
