"""The command line's name and its one error type (light: the parser and the metrics' argument
groups raise it)."""

from __future__ import annotations

__all__ = ["PROG", "UsageError"]

PROG = "bleucore"


class UsageError(ValueError):
    """A bad command line or bad input file: reported as one ``bleucore: error:`` line, exit 2."""
