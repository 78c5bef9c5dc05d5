"""What can be wrong with a score file's numbers and JSON, as typed errors (``ReadingError``s: the message is the
command line's English, the fields let the app word it in its own language). ``scores`` and ``json_bounds`` raise
them, before any arithmetic and before a JSON is decoded. A place in a file is a ``line`` where it is known, else a
``segment`` (0-based, as COMET numbers them) of a ``system`` (its path inside the file)."""

from __future__ import annotations

from .. import limits
from .errors import ReadingError

__all__ = [
    "BadSpan",
    "DuplicateKey",
    "JsonTooDeep",
    "JsonTooLarge",
    "NotAScore",
    "NotFinite",
    "NumberTooLong",
    "ScoreOutOfRange",
    "TooManySpans",
    "place",
    "span_expected",
]


def place(name: str, line: int | None = None, segment: int | None = None, system: str | None = None) -> str:
    """``line 5 of s.txt``, ``segment 3 of sys.txt in c.json``, or ``c.json`` where nothing more is known."""
    if line is not None:
        return f"line {line:,} of {name}"
    if segment is not None:
        return f"segment {segment} of {system} in {name}" if system else f"segment {segment} of {name}"
    return name


def _shown(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


class NotAScore(ReadingError):
    """Line ``line`` of the file ``name`` is ``text``, not one finite number (``nan`` and ``inf`` are not)."""

    def __init__(self, name: str, line: int, text: str) -> None:
        super().__init__(f"line {line:,} of {name} is {_shown(text)!r}, not one finite number", name)
        self.line, self.text = line, text


class NotFinite(ReadingError):
    """A JSON number that is not finite: ``text`` is ``NaN``, ``Infinity``, ``-Infinity`` or a literal past a
    float's range (``1e400``); ``line`` where known (one a line: MetricX's JSONL)."""

    def __init__(self, name: str, text: str, line: int | None = None) -> None:
        super().__init__(f"{place(name, line)} holds {_shown(text)}: a score file's numbers must be finite", name)
        self.text, self.line = text, line


class ScoreOutOfRange(ReadingError):
    """A score ``text`` (as the file wrote it, or the value read) past ``limit`` in magnitude
    (``bleucore.limits.MAX_SCORE_MAGNITUDE``), at its place (``line``, or ``segment`` of ``system``)."""

    def __init__(
        self,
        name: str,
        text: str,
        limit: float,
        line: int | None = None,
        segment: int | None = None,
        system: str | None = None,
    ) -> None:
        super().__init__(
            f"{place(name, line, segment, system)} is {_shown(text)}: a score must be between {-limit:,.0f} and "
            f"{limit:,.0f}",
            name,
        )
        self.text, self.limit, self.line, self.segment, self.system = text, limit, line, segment, system


class NumberTooLong(ReadingError):
    """Line ``line`` of ``name`` has a number of more than ``limit`` characters
    (``bleucore.limits.MAX_NUMBER_CHARS``)."""

    def __init__(self, name: str, line: int, limit: int) -> None:
        super().__init__(
            f"line {line:,} of {name} has a number of more than {limit:,} characters; a score file's numbers may "
            f"have at most {limit:,}",
            name,
        )
        self.line, self.limit = line, limit


class JsonTooDeep(ReadingError):
    """The JSON of ``name`` nests lists and objects more than ``limit`` levels deep (``bleucore.limits
    .MAX_JSON_DEPTH``), first on line ``line``."""

    def __init__(self, name: str, line: int, limit: int) -> None:
        super().__init__(
            f"line {line:,} of {name} nests lists and objects more than {limit:,} levels deep; a score file's JSON "
            f"may nest at most {limit:,}",
            name,
        )
        self.line, self.limit = line, limit


class JsonTooLarge(ReadingError):
    """The JSON of ``name`` holds more than ``limit`` values (``bleucore.limits.MAX_JSON_ITEMS``: lists, objects and
    their items)."""

    def __init__(self, name: str, limit: int) -> None:
        super().__init__(
            f"{name} holds more than {limit:,} JSON values (lists, objects and their items); a score file may hold "
            f"at most {limit:,}: give one file per system",
            name,
        )
        self.limit = limit


class DuplicateKey(ReadingError):
    """An object of the JSON of ``name`` gives the key ``key`` twice (which value is meant?); ``line`` where known."""

    def __init__(self, name: str, key: str, line: int | None = None) -> None:
        super().__init__(f"{place(name, line)} gives the key {_shown(key)!r} twice in one object", name)
        self.key, self.line = key, line


def span_expected(field: str) -> str:
    """What the error span's ``field`` must be, in English (the limits are ``bleucore.limits``'s)."""
    if field == "text":
        return f"a text of at most {limits.MAX_LINE_CHARS:,} characters"
    if field == "severity":
        return f"a text of at most {limits.MAX_SEVERITY_CHARS:,} characters"
    if field == "confidence":
        return "a number from 0 to 1"
    return f"a whole number from 0 to {limits.MAX_LINE_CHARS:,}"


class BadSpan(ReadingError):
    """xCOMET's error spans of segment ``segment`` of ``system`` in ``name`` are not a list (``field`` ""), a span is
    not an object (``field`` "span"), or a span's ``field`` (``text``, ``confidence``, ``severity``, ``start``,
    ``end``) is not what ``span_expected`` says (``limit``: the field's)."""

    def __init__(self, name: str, segment: int, system: str, field: str) -> None:
        where = place(name, segment=segment, system=system)
        if field == "":
            problem = "the error spans are not a list"
        elif field == "span":
            problem = "an error span is not an object"
        else:
            problem = f"an error span's {field!r} is not {span_expected(field)}"
        super().__init__(f"{where}: {problem}", name)
        self.segment, self.system, self.field = segment, system, field
        #: The field's limit: characters of ``text`` and ``severity``, the largest ``start`` and ``end`` (else None).
        self.limit: int | None = limits.MAX_SEVERITY_CHARS if field == "severity" else limits.MAX_LINE_CHARS
        if field in ("", "span", "confidence"):
            self.limit = None


class TooManySpans(ReadingError):
    """Segment ``segment`` of ``system`` in ``name`` has ``count`` error spans, past ``limit``
    (``bleucore.limits.MAX_SEGMENT_SPANS``)."""

    def __init__(self, name: str, segment: int, system: str, count: int, limit: int) -> None:
        super().__init__(
            f"{place(name, segment=segment, system=system)} has {count:,} error spans; a segment may have at most "
            f"{limit:,}",
            name,
        )
        self.segment, self.system, self.count, self.limit = segment, system, count, limit
