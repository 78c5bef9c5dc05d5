"""The command lines: ``bleucore`` (``python -m bleucore``, sacreBLEU 2.6's flags; ``command``), the doctor's
(``doctor``) and the report's (``report``). ``parser`` builds the main parser from every metric's argument group,
``inputs`` reads its files a chunk at a time, ``formats`` prints sacreBLEU's outputs, ``significance`` runs the paired
tests; ``usage`` holds the one error type, reported as one ``bleucore: error:`` line and exit status 2.

Loaded on first use, so that the metrics' argument groups can import ``usage`` and ``--help`` imports no numpy."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_attributes
from .usage import PROG, UsageError

if TYPE_CHECKING:
    from .command import main, render, run
    from .parser import build_parser

_EXPORTS: dict[str, tuple[str, ...]] = {
    "command": ("main", "render", "run"),
    "parser": ("build_parser",),
}
__getattr__ = lazy_attributes(__name__, _EXPORTS, globals())
__all__ = ["PROG", "UsageError", "build_parser", "main", "render", "run"]
