"""Which Chromium the browser tests, bench/first_view.py and scripts/load_test.py drive, and its flags.

One place for both, so a macOS or Fedora machine (``CHROMIUM=/path``, or a browser on PATH) runs
all three the same way (DEVELOPERS.md, README "Tests").
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

#: Browsers tried in order when CHROMIUM is not set (Debian, Fedora/Arch, Ubuntu, Chrome).
BROWSER_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
MACOS_CHROME = Path("/Applications/Google Chrome.app/Contents/MacOS/Google Chrome")

# Flags the machine needs: no sandbox as root in a container, no GPU, and none of Chromium's
# own background traffic (updates, sync, safe browsing, QUIC probes): the network is closed.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
#: The only hosts a page may request: everything else is aborted and reported.
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


def find_chromium() -> Path | None:
    """The browser to drive: ``$CHROMIUM`` if set, else /usr/bin/chromium, else one on PATH (or macOS's Chrome)."""
    named = os.environ.get("CHROMIUM")
    if named:
        return Path(named)
    if Path("/usr/bin/chromium").exists():
        return Path("/usr/bin/chromium")
    for name in BROWSER_NAMES:
        found = shutil.which(name)
        if found:
            return Path(found)
    return MACOS_CHROME if MACOS_CHROME.exists() else None
