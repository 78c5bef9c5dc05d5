"""Why a score file is not the format it looks like (``BadScoreFile.problem``), as codes: each class is one kind of
problem and its fields the parameters, so the app words it in its own languages; ``detail`` is the command line's
English, the text after "NAME is not FORMAT: "."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "FileProblem",
    "JsonSyntax",
    "NoPrediction",
    "NoScore",
    "NoScoreKey",
    "NotAnObject",
    "NotPrintedLine",
    "NotSegments",
    "NotSystems",
    "OnlySystemScores",
    "PredictionNotNumber",
    "ScoreNotNumber",
    "SecondJsonValue",
    "SegmentPastLines",
    "SystemIdMismatch",
    "SystemIdNotName",
]

#: MetricX's field names, as its JSONL writes them.
SYSTEM = "system_id"
PREDICTION = "prediction"


@dataclass(frozen=True)
class JsonSyntax:
    """JSON that Python's decoder cannot read: at ``line``, ``column`` (1-based), with its English ``message``."""

    line: int
    column: int
    message: str

    @property
    def detail(self) -> str:
        return f"line {self.line:,}: {self.message}"


@dataclass(frozen=True)
class SecondJsonValue:
    """COMET's JSON is one value; a second starts at ``line``."""

    line: int

    @property
    def detail(self) -> str:
        return f"line {self.line:,} starts a second JSON value"


@dataclass(frozen=True)
class NotSystems:
    """COMET's JSON that is not a non-empty object of systems (path -> list of segments)."""

    @property
    def detail(self) -> str:
        return "it is not an object of systems (path: list of segments)"


@dataclass(frozen=True)
class NotSegments:
    """The value of the system ``system`` (``shown``: its path as a cut ``repr``) is not a non-empty list."""

    system: str
    shown: str

    @property
    def detail(self) -> str:
        return f"the value of {self.shown} is not a list of segments"


@dataclass(frozen=True)
class NoScoreKey:
    """Segment ``segment`` (0-based) of ``system`` is not an object holding the score ``key``."""

    segment: int
    system: str
    key: str

    @property
    def detail(self) -> str:
        return f"segment {self.segment} of {self.system} has no {self.key!r} score"


@dataclass(frozen=True)
class ScoreNotNumber:
    """Segment ``segment`` of ``system`` has the score ``value`` (a cut ``repr``), not a number."""

    segment: int
    system: str
    value: str

    @property
    def detail(self) -> str:
        return f"segment {self.segment} of {self.system} has the score {self.value}, not a finite number"


@dataclass(frozen=True)
class SegmentPastLines:
    """COMET's printed output: line ``line`` numbers a segment past the file's ``lines`` lines."""

    line: int
    lines: int

    @property
    def detail(self) -> str:
        return f"line {self.line:,} numbers a segment past the file's {self.lines:,} lines"


@dataclass(frozen=True)
class NotPrintedLine:
    """COMET's printed output: line ``line`` has a tab but is neither a segment's line nor a system's."""

    line: int

    @property
    def detail(self) -> str:
        return f"line {self.line:,} is neither 'PATH<TAB>Segment I<TAB>score: X' nor 'PATH<TAB>score: X'"


@dataclass(frozen=True)
class OnlySystemScores:
    """COMET's printed output of ``comet-score --only_system``: no segment's score."""

    @property
    def detail(self) -> str:
        return "it has system scores only (comet-score --only_system): run comet-score without it"


@dataclass(frozen=True)
class NoScore:
    """COMET's printed output without a score."""

    @property
    def detail(self) -> str:
        return "it has no score"


@dataclass(frozen=True)
class NotAnObject:
    """MetricX's JSONL: line ``line`` is not a JSON object."""

    line: int

    @property
    def detail(self) -> str:
        return f"line {self.line:,} is not a JSON object"


@dataclass(frozen=True)
class SystemIdMismatch:
    """MetricX's JSONL: line ``line`` has a ``system_id`` where the first line has none, or (``missing``) none where
    the first has one."""

    line: int
    missing: bool

    @property
    def detail(self) -> str:
        return f"line {self.line:,} {'has no' if self.missing else 'has a'} {SYSTEM!r}, unlike the first line"


@dataclass(frozen=True)
class SystemIdNotName:
    """MetricX's JSONL: line ``line``'s ``system_id`` is ``value`` (a cut ``repr``), neither a text nor a number."""

    line: int
    value: str

    @property
    def detail(self) -> str:
        return f"line {self.line:,} has the {SYSTEM} {self.value}, not a name"


@dataclass(frozen=True)
class NoPrediction:
    """MetricX's JSONL: line ``line`` has no ``prediction``."""

    line: int

    @property
    def detail(self) -> str:
        return f"line {self.line:,} has no {PREDICTION!r}"


@dataclass(frozen=True)
class PredictionNotNumber:
    """MetricX's JSONL: line ``line``'s ``prediction`` is ``value`` (a cut ``repr``), not a number."""

    line: int
    value: str

    @property
    def detail(self) -> str:
        return f"line {self.line:,} has the {PREDICTION} {self.value}, not a finite number"


FileProblem = (
    JsonSyntax
    | SecondJsonValue
    | NotSystems
    | NotSegments
    | NoScoreKey
    | ScoreNotNumber
    | SegmentPastLines
    | NotPrintedLine
    | OnlySystemScores
    | NoScore
    | NotAnObject
    | SystemIdMismatch
    | SystemIdNotName
    | NoPrediction
    | PredictionNotNumber
)
