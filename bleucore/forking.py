"""Forked copies of this process: how many a job may use, when forking is safe, and the chunk worker.

``processes`` and ``can_fork`` are the one policy of both users: MeCab's analysis split between copies
(``tokenizers.mecab``, for a large batch outside a streamed score) and the command line's scores (``ChunkWorker``,
below); while a chunk copy exists, on either side of the fork, nothing else forks (the two processes use the CPUs).

Chunks of a file scored by a forked copy of this process while this one scores the next lines:

BLEU's statistics are per segment and additive (Papineni et al. 2002), so two parts of a file can be
counted at once and taken back in order. The copy is forked once, after a first chunk has been scored here:
it inherits the token encoder (every word tokenized so far), the imports and the open files' rules, then takes
parts of undecoded bytes through a pipe (decoding them itself where the tokenizer reads text: MeCab) and sends back
what the caller asks of their statistics (``stream.aligned_statistics``' ``finish``). A copy that fails in any way
sends nothing and the part is scored here again, so errors are reported as without it. One copy, not one per
chunk: a copy reusing the heap it inherited pays a copy-on-write fault per page, each time. Used by the command line
(``BLEUCORE_PROCESSES=1`` turns it off); never in a multi-threaded process (the app's server) or where
``fork`` is not available.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import struct
import sys
import threading
from collections.abc import Callable
from typing import IO, Any

__all__ = ["CHUNK_PROCESSES_VARIABLE", "ChunkWorker", "can_fork", "chunk_processes", "processes"]

#: The command line's corpus score: this process and at most one copy.
CHUNK_PROCESSES_VARIABLE = "BLEUCORE_PROCESSES"
_CAN_FORK = sys.platform.startswith("linux") and hasattr(os, "fork")
_LENGTH = struct.Struct("<Q")


def processes(variable: str, most: int) -> int:
    """How many processes a job may use: the number in the environment variable ``variable`` if it holds one,
    else one per CPU this process may run on, at most ``most``."""
    value = os.environ.get(variable, "").strip()
    if value.isdigit():
        return max(1, int(value))
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(cpus, most))


def chunk_processes() -> int:
    """Processes the command line scores a file with: ``BLEUCORE_PROCESSES``, else 2 on two CPUs or more."""
    return processes(CHUNK_PROCESSES_VARIABLE, 2)


#: Chunk copies of this process alive, and whether this process is one: either way its CPUs are taken, and no other
#: job (MeCab's pool) forks.
_COPIES = {"alive": 0, "in_copy": False}


def can_fork(processes: int) -> bool:
    """True if a job may fork copies now: more than one process asked, Linux, one thread (a multi-threaded process,
    such as the app's server, never forks) and no ``ChunkWorker`` on either side of a fork (its copy and this process
    already use the CPUs: a MeCab pool besides would only compete for them)."""
    busy = _COPIES["alive"] > 0 or _COPIES["in_copy"]
    return processes > 1 and _CAN_FORK and threading.active_count() == 1 and not busy


def _send(out: IO[bytes], payload: bytes) -> None:
    out.write(_LENGTH.pack(len(payload)) + payload)
    out.flush()


def _receive(source: IO[bytes]) -> bytes | None:
    """One message, or None at the end of the pipe (or a message cut short)."""
    head = source.read(_LENGTH.size)
    if len(head) < _LENGTH.size:
        return None
    payload = source.read(_LENGTH.unpack(head)[0])
    return payload if len(payload) == _LENGTH.unpack(head)[0] else None


class ChunkWorker:
    """A forked copy of this process running ``score(task)`` on each task it is sent, in turn, until ``close``.
    ``submit`` sends a task; ``result`` waits for its result, None if the copy failed (the caller scores the
    task itself; a copy that failed once is given nothing more)."""

    def __init__(self, score: Callable[[Any], Any]) -> None:
        task_read, task_write = os.pipe()
        result_read, result_write = os.pipe()
        sys.stdout.flush()  # nothing buffered is written twice
        self._pid = os.fork()
        if self._pid == 0:  # the copy: serve, then leave without running this process's exit handlers
            _COPIES["in_copy"] = True
            os.close(task_write)
            os.close(result_read)
            try:
                with os.fdopen(task_read, "rb") as tasks, os.fdopen(result_write, "wb") as results:
                    while (task := _receive(tasks)) is not None:
                        try:
                            payload = pickle.dumps(score(pickle.loads(task)), protocol=pickle.HIGHEST_PROTOCOL)
                        except Exception:
                            payload = b""
                        _send(results, payload)
            finally:
                os._exit(0)
        _COPIES["alive"] += 1
        os.close(task_read)
        os.close(result_write)
        self._tasks: IO[bytes] | None = os.fdopen(task_write, "wb")
        self._results = os.fdopen(result_read, "rb")

    @property
    def alive(self) -> bool:
        return self._tasks is not None

    def submit(self, task: Any) -> bool:
        """Send ``task``; False if the copy is gone."""
        if self._tasks is None:
            return False
        try:
            _send(self._tasks, pickle.dumps(task, protocol=pickle.HIGHEST_PROTOCOL))
            return True
        except OSError:  # the copy ended (a broken pipe)
            self._tasks = None
            return False

    def result(self) -> Any:
        payload = _receive(self._results)
        if payload is None:
            self._tasks = None
        try:
            return pickle.loads(payload) if payload else None
        except Exception:
            return None

    def close(self) -> None:
        """End the copy and wait for it."""
        for stream in (self._tasks, self._results):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self._tasks = None
        if self._pid:
            os.waitpid(self._pid, 0)
            _COPIES["alive"] -= 1
            self._pid = 0
