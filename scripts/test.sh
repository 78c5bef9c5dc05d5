#!/usr/bin/env bash
# The one test command of the README: installs what the tests need, then runs
# the whole pytest suite. Extra arguments are passed to pytest, e.g.
#   ./scripts/test.sh tests/browser -x
# The browser tests need Chromium (or Chrome): CHROMIUM=/path/to/it if set, else
# /usr/bin/chromium, else chromium, chromium-browser or google-chrome on PATH. On Debian
# and Ubuntu a missing browser (and the CJK fonts) is installed with apt-get; elsewhere
# (macOS, Fedora) install one yourself and this script finds it (see the README).
set -euo pipefail

cd "$(dirname "$0")/.."

say() { printf '[test.sh] %s\n' "$*"; }

find_browser() {
    if [ -n "${CHROMIUM:-}" ]; then echo "$CHROMIUM"; return; fi
    if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; return; fi
    local name
    for name in chromium chromium-browser google-chrome google-chrome-stable; do
        if command -v "$name" >/dev/null 2>&1; then command -v "$name"; return; fi
    done
    local mac="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"
    if [ -x "$mac" ]; then echo "$mac"; fi
}

say "installing Python test dependencies (requirements-dev.txt)"
python -m pip install --quiet --disable-pip-version-check --root-user-action=ignore -r requirements-dev.txt

browser=$(find_browser)
if command -v apt-get >/dev/null 2>&1 && command -v dpkg >/dev/null 2>&1; then
    # Debian packages the browser tests need: the browser itself (unless one was found), and CJK
    # fonts so that Korean, Japanese and Chinese text renders as glyphs (not boxes) in screenshots.
    missing=()
    [ -n "$browser" ] || missing+=(chromium)
    dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
    # pdflatex and booktabs, so that tests/cli/test_report.py compiles the report's LaTeX table (about 48 MB
    # to download, without the recommended extras; the test only skips where no TeX can be installed).
    latex=()
    command -v pdflatex >/dev/null 2>&1 || latex+=(texlive-latex-base texlive-latex-recommended)
    if [ ${#missing[@]} -gt 0 ] || [ ${#latex[@]} -gt 0 ]; then
        say "installing Debian's ${missing[*]} ${latex[*]}"
        SUDO=""
        if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then
            SUDO="sudo"
        fi
        export DEBIAN_FRONTEND=noninteractive
        $SUDO apt-get update -qq
        if [ ${#missing[@]} -gt 0 ]; then
            $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
        fi
        if [ ${#latex[@]} -gt 0 ]; then
            $SUDO apt-get install -y -qq --no-install-recommends "${latex[@]}" >/dev/null
        fi
        browser=$(find_browser)
    fi
fi
if [ -z "$browser" ] || [ ! -x "$browser" ]; then
    say "ERROR: no Chromium found (${browser:-none}); install chromium or Google Chrome, or set CHROMIUM=/path/to/it." >&2
    say "Browser tests are never skipped." >&2
    exit 1
fi
export CHROMIUM="$browser"  # tests/browser/conftest.py drives this one
say "browser: $("$browser" --version 2>/dev/null || echo "$browser")"

say "running: python -m pytest $*"
status=0
python -m pytest "$@" || status=$?
say "pytest exited with status $status"
exit "$status"
