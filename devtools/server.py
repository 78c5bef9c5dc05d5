"""A Streamlit server for tests, benchmarks and load tests: the app on a free loopback port, started with the
flags DEVELOPERS.md gives and stopped by its PID (then its own process group), never by name."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import IO

REPO_ROOT = Path(__file__).resolve().parents[1]
START_TIMEOUT_S = 60.0
#: The environment variable naming the folder of the app's store (``ui.inputs.identity.STORE_ENV``).
STORE_ENV = "BLEU_EXPLORER_STORE"


class ServerError(RuntimeError):
    """The server exited or did not answer in time; the message holds its output."""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def health_ok(url: str) -> bool:
    """``/_stcore/health`` answers ``ok``; an opener without proxies, so no proxy sees loopback calls."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(url, timeout=2) as response:
            return bool(response.status == 200 and response.read().strip() == b"ok")
    except (urllib.error.URLError, OSError):
        return False


def command(app: Path, port: int) -> list[str]:
    return [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(app),
        "--server.address",
        "127.0.0.1",
        "--server.port",
        str(port),
        "--server.headless",
        "true",
        "--browser.gatherUsageStats",
        "false",
        "--server.fileWatcherType",
        "none",
    ]


def start_server(
    app: Path,
    log: IO[bytes],
    timeout_s: float = START_TIMEOUT_S,
    root: Path = REPO_ROOT,
    port: int | None = None,
    store: Path | None = None,
) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``app`` (cwd = the repository ``root``, so its .streamlit/config.toml applies as deployed and its own
    packages are imported) in its own process group, output to ``log`` (a file: a chatty server never blocks on a
    pipe); return it and its base URL once healthy. ``port``: a free one unless given (a restart reuses its
    server's); ``store``: the folder of the app's store of uploaded files (``BLEU_EXPLORER_STORE``), else the
    environment's. ServerError with the output if it exits or stays silent past ``timeout_s``."""
    port = port or free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    if store is not None:
        env[STORE_ENV] = str(store)
    proc = subprocess.Popen(
        command(app, port),
        cwd=root,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout_s
    while not health_ok(f"{base}/_stcore/health"):
        if proc.poll() is not None or time.monotonic() > deadline:
            stop_server(proc)
            log.seek(0)
            output = log.read().decode(errors="replace")
            why = (
                f"exited early with status {proc.returncode}"
                if proc.returncode is not None
                else (f"did not answer {base}/_stcore/health within {timeout_s:.0f} s")
            )
            raise ServerError(f"streamlit {why}:\n{output}")
        time.sleep(0.25)
    return proc, base


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the server's PID, wait, then SIGKILL to the process group created for it (and what it spawned)."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)


@contextlib.contextmanager
def serve(
    app: Path, timeout_s: float = START_TIMEOUT_S, root: Path = REPO_ROOT, store: Path | None = None
) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """``start_server`` for a ``with`` block, its output in a temporary file; stopped by PID on exit."""
    with tempfile.TemporaryFile() as log:
        proc, base = start_server(app, log, timeout_s, root, store=store)
        try:
            yield proc, base
        finally:
            stop_server(proc)
