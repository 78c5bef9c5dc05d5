#!/usr/bin/env bash
# Keep the machine's cores busy, to prove the browser tests wait for states and not for times.
#   ./scripts/load.sh start [N]   start N busy loops (default: one per core), PIDs in .load.pids
#   ./scripts/load.sh stop        stop exactly those PIDs
#   ./scripts/load.sh run CMD...  start the load, run CMD, stop the load (also on failure or Ctrl-C)
#   ./scripts/load.sh --help      this text
# e.g. ./scripts/load.sh run python -m pytest -q tests/browser
#
# It measures nothing itself: it is the other job on a shared machine. Each busy loop is a plain Python
# "while True: pass" at normal priority, as another engineer's build would be, started in the background and
# stopped by the PID it wrote, never by name. Run under it, the browser suite must still pass (its tests wait for
# the app's states, not for times), and scripts/load_test.py judges the server's round trip while every core is
# also busy, the browser's redraw beside it (its load average and CPU pressure lines show how busy the machine was):
#   ./scripts/load.sh run python scripts/load_test.py --sessions 30
set -euo pipefail

cd "$(dirname "$0")/.."
PIDFILE=.load.pids

start() {
    local n=${1:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
    if [ -s "$PIDFILE" ]; then
        echo "[load.sh] a load is already running (PIDs $(tr '\n' ' ' <"$PIDFILE")); stop it first" >&2
        return 1
    fi
    for _ in $(seq "$n"); do
        # A plain busy loop at normal priority, as another engineer's build would be.
        python3 -c 'while True: pass' &
        echo $! >>"$PIDFILE"
    done
    echo "[load.sh] started $n busy loop(s): PIDs $(tr '\n' ' ' <"$PIDFILE")"
}

stop() {
    [ -s "$PIDFILE" ] || { rm -f "$PIDFILE"; return 0; }
    while read -r pid; do
        kill "$pid" 2>/dev/null || true  # only the PIDs this script started
    done <"$PIDFILE"
    echo "[load.sh] stopped PIDs $(tr '\n' ' ' <"$PIDFILE")"
    rm -f "$PIDFILE"
}

case "${1:-}" in
    start) shift; start "$@" ;;
    stop) stop ;;
    run)
        shift
        start
        trap stop EXIT INT TERM
        "$@"
        ;;
    -h | --help | help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" ;;
    *) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
