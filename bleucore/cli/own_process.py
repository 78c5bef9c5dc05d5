"""What the command line sets for its own process, never the library for its host's: glibc keeps freed memory for the
next chunk, and OpenBLAS starts no thread pool (the command line does no linear algebra)."""

from __future__ import annotations

import os
import sys

__all__ = ["keep_freed_memory", "spare_blas_threads"]


def keep_freed_memory() -> None:
    """glibc only: keep freed memory in the heap for the next chunk instead of giving it back (mallopt(3):
    ``M_MMAP_THRESHOLD`` 32 MB, ``M_TRIM_THRESHOLD`` 128 MB). Every chunk allocates arrays of a few MB, which glibc
    would map and unmap each time: 52k page faults and 0.1-0.18 s of system time for 100k lines, 25k with this
    (the peak resident memory is the same). The command line only: a library must not set its host's malloc."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes  # lazy: numpy imports it anyway; --help needs none

    try:
        libc = ctypes.CDLL(None)
        libc.mallopt(-3, 32 << 20)  # M_MMAP_THRESHOLD (a fixed value also ends glibc's own adjustment)
        libc.mallopt(-1, 128 << 20)  # M_TRIM_THRESHOLD
    except (OSError, AttributeError):  # not glibc (musl has mallopt too, and ignores it)
        pass


def spare_blas_threads() -> None:
    """One OpenBLAS thread (``OPENBLAS_NUM_THREADS=1``, unless set) for numpy, imported after this: its pool of one
    thread per CPU spins for some 70 ms after the import, 0.06 s of CPU taken from the forked copy's CPU (issue 41:
    ``import numpy`` 0.13 -> 0.07 s of CPU). Nothing the command line computes goes through BLAS (the bootstrap sums
    with ``np.einsum``). No effect once numpy is imported."""
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
