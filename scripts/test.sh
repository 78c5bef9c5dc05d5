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

if [ ! -x "$CHROMIUM" ]; then
    say "$CHROMIUM missing: installing Debian's chromium"
    SUDO=""
    if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq chromium >/dev/null
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
