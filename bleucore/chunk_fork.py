"""One chunk of a file scored by a forked copy of this process while this one scores the next.

BLEU's statistics are per segment and additive (Papineni et al. 2002), so two chunks of lines can be
counted at once and taken back in order. The copy is forked after the chunk is read: it inherits the
chunk's bytes and the token encoder (every word tokenized so far), and sends back only the statistics.
A copy that fails in any way sends nothing and the chunk is scored here again, so errors are reported as
without it. Used by the command line (one process per CPU, ``BLEUCORE_PROCESSES=1`` turns it off); never
in a multi-threaded process (the app's server) or where ``fork`` is not available.
"""

from __future__ import annotations

import os
import pickle
import sys
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["PROCESSES_VARIABLE", "ForkedChunk", "can_fork", "processes"]

PROCESSES_VARIABLE = "BLEUCORE_PROCESSES"
_CAN_FORK = sys.platform.startswith("linux") and hasattr(os, "fork")


def processes() -> int:
    """Processes the command line scores a file's chunks with: ``BLEUCORE_PROCESSES``, else 2 when this process
    may use two CPUs (the second takes every other chunk), else 1."""
    value = os.environ.get(PROCESSES_VARIABLE, "").strip()
    if value.isdigit():
        return max(1, int(value))
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return 2 if cpus >= 2 else 1


def can_fork(processes: int) -> bool:
    """True if a chunk may be given to a forked copy: more than one process asked, Linux, one thread."""
    return processes > 1 and _CAN_FORK and threading.active_count() == 1


class ForkedChunk:
    """``score()`` run in a forked copy of this process; ``result()`` waits for what it returned (None if the
    copy failed: the caller scores the chunk itself)."""

    def __init__(self, score: Callable[[], Any]) -> None:
        read, write = os.pipe()
        sys.stdout.flush()  # nothing buffered is written twice
        self._pid = os.fork()
        if self._pid == 0:  # the copy: score, send, and leave without running this process's exit handlers
            os.close(read)
            try:
                payload = pickle.dumps(score(), protocol=pickle.HIGHEST_PROTOCOL)
            except BaseException:  # noqa: BLE001 - any failure: the parent scores the chunk again
                payload = b""
            try:
                with os.fdopen(write, "wb") as out:
                    out.write(payload)
            finally:
                os._exit(0)
        os.close(write)
        self._read = read

    def result(self) -> Any:
        with os.fdopen(self._read, "rb") as source:
            payload = source.read()
        os.waitpid(self._pid, 0)
        try:
            return pickle.loads(payload) if payload else None
        except Exception:  # noqa: BLE001 - a truncated payload (the copy was killed): score it here
            return None
