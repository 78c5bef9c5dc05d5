"""What can be wrong with a score file, as typed errors (``bleucore.reading.ReadingError``: a ``ValueError`` whose
message is the command line's English and whose fields let the app word it in its own language). A score file whose
number of scores differs from the references' lines is ``bleucore.reading.LineCountMismatch``; what can be wrong with
a score file's numbers and JSON (``NotAScore``, a score out of range, JSON too deep, ...) is ``bleucore.reading
.score_errors``'s, raised where every score file is checked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...reading.errors import ReadingError
from ...reading.score_errors import NotAScore

if TYPE_CHECKING:
    from .problems import FileProblem

__all__ = [
    "BadScoreFile",
    "MissingSystem",
    "NotAScore",
    "ScoreFileCount",
    "ScoreFileTooLarge",
    "SegmentMissing",
    "TooManyImported",
    "TooManySystems",
    "shown",
]


def shown(value: object) -> str:
    """``value``'s ``repr`` for a message, cut to 40 characters (a file may hold a megabyte where a number was due)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class BadScoreFile(ReadingError):
    """The file ``name`` looks like COMET's ``--to_json`` output (``format``), its printed output or MetricX's JSONL
    but is not: ``problem`` says why and where (a code of ``problems``), ``detail`` in the command line's English."""

    def __init__(self, name: str, format: str, problem: FileProblem) -> None:
        super().__init__(f"{name} is not {format}: {problem.detail}", name)
        self.format, self.problem, self.detail = format, problem, problem.detail


class SegmentMissing(ReadingError):
    """In COMET's printed output ``name``, the system ``system`` has no score for segment ``segment`` (0-based, as
    COMET numbers them), or (``twice``) two scores for it."""

    def __init__(self, name: str, system: str, segment: int, twice: bool = False) -> None:
        what = "two scores" if twice else "no score"
        super().__init__(f"{name} has {what} for segment {segment} of {system}", name)
        self.system, self.segment, self.twice = system, segment, twice


class MissingSystem(ReadingError):
    """The file ``name`` holds the scores of several systems (``found``) but none of the system ``system`` (given as
    ``path``), by path or by file name."""

    def __init__(self, name: str, system: str, path: str, found: tuple[str, ...]) -> None:
        listed = ", ".join(found[:5]) + (", ..." if len(found) > 5 else "")
        which = system if system == path else f"{system} ({path})"
        super().__init__(f"{name} holds no scores for the system {which}; it has: {listed}", name)
        self.system, self.path, self.found = system, path, found


class ScoreFileCount(ReadingError):
    """The metric ``name`` was given ``files`` score files for ``systems`` systems: one per system, in the order of
    the systems, or one file holding every system. ``single``: the one file holds one system's scores only."""

    def __init__(self, name: str, files: int, systems: int, single: bool = False) -> None:
        if single:
            message = (
                f"the {name} scores hold one system's scores but there are {systems} systems: give one file per "
                "system, or COMET's output of every system"
            )
        else:
            message = (
                f"{files} {name} score files for {systems} systems: give one file per system (in the order of the "
                "systems) or one file holding every system"
            )
        super().__init__(message, name)
        self.files, self.systems, self.single = files, systems, single


class ScoreFileTooLarge(ReadingError):
    """The score file ``name`` has ``size`` bytes, past ``limit`` (``bleucore.limits.MAX_SCORE_FILE_BYTES``)."""

    def __init__(self, name: str, size: int, limit: int) -> None:
        super().__init__(f"the score file {name} has {size:,} bytes; at most {limit:,} are read", name)
        self.size, self.limit = size, limit


class TooManySystems(ReadingError):
    """``count`` systems compared at once, past ``limit`` (``bleucore.limits.MAX_SYSTEMS``)."""

    def __init__(self, count: int, limit: int) -> None:
        super().__init__(f"{count:,} systems; at most {limit:,} are compared at once", "the systems")
        self.count, self.limit = count, limit


class TooManyImported(ReadingError):
    """``count`` imported metrics (``--scores`` entries), past ``limit`` (``bleucore.limits.MAX_IMPORTED_METRICS``)."""

    def __init__(self, count: int, limit: int) -> None:
        super().__init__(f"{count:,} imported metrics; at most {limit:,} are allowed", "the imported metrics")
        self.count, self.limit = count, limit
