#!/usr/bin/env bash
# Keep the machine's cores busy, to prove the browser tests wait for states and not for times.
#   ./scripts/load.sh start [N]   start N busy loops (default: one per core), PIDs in .load.pids
#   ./scripts/load.sh stop        stop exactly those PIDs
#   ./scripts/load.sh run CMD...  start the load, run CMD, stop the load (also on failure or Ctrl-C)
# e.g. ./scripts/load.sh run python -m pytest -q tests/browser
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
    *) sed -n '2,6p' "$0" >&2; exit 2 ;;
esac
