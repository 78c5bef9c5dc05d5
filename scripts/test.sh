#!/usr/bin/env bash
# The one test command of the README: installs what the tests need, then runs
# the whole pytest suite. Extra arguments are passed to pytest, e.g.
#   ./scripts/test.sh tests/browser -x
set -euo pipefail

cd "$(dirname "$0")/.."
CHROMIUM=/usr/bin/chromium

say() { printf '[test.sh] %s\n' "$*"; }

say "installing Python test dependencies (requirements-dev.txt)"
python -m pip install --quiet --disable-pip-version-check --root-user-action=ignore -r requirements-dev.txt

# Debian packages the browser tests need: the browser itself, and CJK fonts so that Korean,
# Japanese and Chinese text renders as glyphs (not boxes) in screenshots.
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
if [ ${#missing[@]} -gt 0 ]; then
    say "installing Debian's ${missing[*]}"
    SUDO=""
    if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ ! -x "$CHROMIUM" ]; then
    say "ERROR: $CHROMIUM is still missing; browser tests must not be skipped" >&2
    exit 1
fi
say "browser: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"

say "running: python -m pytest $*"
status=0
python -m pytest "$@" || status=$?
say "pytest exited with status $status"
exit "$status"
