"""Whole-process timings for the bench scripts: a command's wall time, start-up included, and its CPU time (what
it costs whatever else the machine runs)."""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from collections.abc import Collection
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]


def timed(command: list[str], ok: Collection[int] = (0,)) -> float:
    """Seconds ``command`` takes, run from the repository; exits with its error output when its status is not ``ok``."""
    start = time.perf_counter()
    done = subprocess.run(command, cwd=REPO_ROOT, capture_output=True, text=True)
    took = time.perf_counter() - start
    if done.returncode not in ok:
        sys.exit(f"{command[:3]} failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return took


def timed_cpu(command: list[str], ok: Collection[int] = (0,)) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system of the process and its children) of ``command``; the CPU time
    moves less than the wall time when other jobs share the machine."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    took = timed(command, ok)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return took, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
