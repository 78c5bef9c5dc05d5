"""What the pages say of a score file that cannot be used, worded from the fields of bleucore's typed errors
(``bleucore.metrics.imported``'s and ``bleucore.reading``'s) in the session's language, each naming the file."""

from __future__ import annotations

from bleucore.metrics.imported import (
    BadScoreFile,
    MissingSystem,
    NotAScore,
    ScoreFileCount,
    ScoreFileTooLarge,
    SegmentMissing,
    TooManyImported,
    TooManySystems,
)
from bleucore.reading import (
    BadSpan,
    DuplicateKey,
    JsonTooDeep,
    JsonTooLarge,
    LineCountMismatch,
    NotFinite,
    NumberTooLong,
    ReadingError,
    ScoreOutOfRange,
    TooManySpans,
)
from ui.inputs.uploads import reading_message
from ui.metrics.imported.problem_wording import problem_text
from ui.shell.i18n import N_, _, and_list

#: The formats a file was taken for (``BadScoreFile.format``, bleucore's English), in words.
FORMATS = {
    "COMET's printed output": N_("COMET's printed output"),
    "COMET's JSON output (--to_json)": N_("COMET's JSON output"),
    'MetricX\'s JSONL (one JSON object with a "prediction" a line)': N_("MetricX's JSONL"),
}
#: What each field of xCOMET's error span must be (``BadSpan.field``), in words.
SPAN_FIELDS = {
    "": N_("the error spans of segment {segment:,} of {system} are not a list"),
    "span": N_("an error span of segment {segment:,} of {system} is not an object"),
    "text": N_("an error span of segment {segment:,} of {system} has no “text” of at most {chars:,} characters"),
    "confidence": N_("an error span of segment {segment:,} of {system} has no “confidence” from 0 to 1"),
    "severity": N_(
        "an error span of segment {segment:,} of {system} has no “severity” of at most {severity:,} characters"
    ),
    "start": N_("an error span of segment {segment:,} of {system} has no “start” from 0 to {chars:,}"),
    "end": N_("an error span of segment {segment:,} of {system} has no “end” from 0 to {chars:,}"),
}
#: How many of a file's systems a message lists.
LISTED = 5


def describe(err: ReadingError) -> str:
    """``err`` in the page's language, naming the file (or the systems) it is about and what to do."""
    if isinstance(err, NotAScore):
        return _(
            "Line {line:,} of {name} is “{text}”, not one finite number (`nan` and `inf` are not scores): give one "
            "score per line."
        ).format(line=err.line, name=err.name, text=err.text if len(err.text) <= 40 else err.text[:37] + "...")
    if isinstance(err, LineCountMismatch):
        return _(
            "{name} has {n:,} scores but the references ({reference}) have {m:,} lines: give one score per segment, "
            "in the references' order."
        ).format(name=err.name, n=err.lines, reference=err.other, m=err.other_lines)
    if isinstance(err, MissingSystem):
        listed = [*err.found[:LISTED], *(["…"] if len(err.found) > LISTED else [])]
        return _(
            "{name} holds no scores for the system {system}; it holds {found}. A file of several systems is matched "
            "to them by path, then by file name: give the file COMET scored for {system}, or its scores in a file "
            "of their own."
        ).format(name=err.name, system=err.system, found=and_list(listed))
    if isinstance(err, ScoreFileCount) and err.single:
        return _(
            "The {metric} scores hold one system's scores but there are {systems} systems: give one file per system, "
            "or COMET's output of every system."
        ).format(metric=err.name, systems=err.systems)
    if isinstance(err, ScoreFileCount):
        return _(
            "{files} {metric} score files for {systems} systems: give one file per system (in the order of the "
            "systems) or one file holding every system; a Remove button takes a file away."
        ).format(files=err.files, metric=err.name, systems=err.systems)
    if isinstance(err, SegmentMissing) and err.twice:
        return _("{name} has two scores for segment {segment:,} of {system}: give each segment's score once.").format(
            name=err.name, segment=err.segment, system=err.system
        )
    if isinstance(err, SegmentMissing):
        return _(
            "{name} has no score for segment {segment:,} of {system} (COMET numbers segments from 0): give every "
            "segment's score."
        ).format(name=err.name, segment=err.segment, system=err.system)
    if isinstance(err, BadScoreFile):
        kind = FORMATS.get(err.format)
        return _("{name} is not {format}: {detail}.").format(
            name=err.name, format=_(kind) if kind is not None else err.format, detail=problem_text(err.problem)
        )
    if isinstance(err, ScoreFileTooLarge):
        return _("The score file {name} has {size:,} bytes; at most {limit:,} are read.").format(
            name=err.name, size=err.size, limit=err.limit
        )
    if isinstance(err, TooManySystems):
        return _("{count:,} systems; at most {limit:,} are compared at once.").format(count=err.count, limit=err.limit)
    if isinstance(err, TooManyImported):
        return _("{count:,} imported metrics; at most {limit:,} are allowed.").format(count=err.count, limit=err.limit)
    return _describe_numbers(err)


def _where(name: str, line: int | None, segment: int | None = None, system: str | None = None) -> str:
    """A place in a score file in words: its line where known, else its segment of a system."""
    if line is not None:
        return _("Line {line:,} of {name}").format(line=line, name=name)
    if segment is not None and system:
        return _("Segment {segment:,} of {system} in {name}").format(segment=segment, system=system, name=name)
    if segment is not None:
        return _("Segment {segment:,} of {name}").format(segment=segment, name=name)
    return name


def _describe_numbers(err: ReadingError) -> str:
    """The checks every score file passes before any arithmetic (``bleucore.reading.scores``, ``json_bounds``)."""
    if isinstance(err, ScoreOutOfRange):
        return _(
            "{where} is {text}: a score must be between {low:,.0f} and {high:,.0f}. Is it the right column, or a sum "
            "where one score per segment was due?"
        ).format(
            where=_where(err.name, err.line, err.segment, err.system), text=err.text, low=-err.limit, high=err.limit
        )
    if isinstance(err, NotFinite):
        return _("{where} holds {text}: the numbers of a score file must be finite.").format(
            where=_where(err.name, err.line), text=err.text
        )
    if isinstance(err, NumberTooLong):
        return _(
            "Line {line:,} of {name} has a number of more than {limit:,} characters: a score has at most {limit:,}."
        ).format(line=err.line, name=err.name, limit=err.limit)
    if isinstance(err, JsonTooDeep):
        return _(
            "Line {line:,} of {name} nests lists and objects more than {limit:,} levels deep: a score file's JSON "
            "nests at most {limit:,}."
        ).format(line=err.line, name=err.name, limit=err.limit)
    if isinstance(err, JsonTooLarge):
        return _(
            "{name} holds more than {limit:,} JSON values (lists, objects and their items): give one file per system."
        ).format(name=err.name, limit=err.limit)
    if isinstance(err, DuplicateKey):
        return _("{where} gives the key “{key}” twice in one object: which value is meant?").format(
            where=_where(err.name, err.line), key=err.key if len(err.key) <= 40 else err.key[:37] + "..."
        )
    if isinstance(err, TooManySpans):
        return _(
            "Segment {segment:,} of {system} in {name} has {count:,} error spans; a segment may have at most {limit:,}."
        ).format(segment=err.segment, system=err.system, name=err.name, count=err.count, limit=err.limit)
    if isinstance(err, BadSpan):
        detail = _(SPAN_FIELDS[err.field]).format(
            segment=err.segment, system=err.system, chars=err.limit, severity=err.limit
        )
        return _("{name} is not {format}: {detail}.").format(name=err.name, format=_(FORMATS[_JSON]), detail=detail)
    return reading_message(err)


_JSON = "COMET's JSON output (--to_json)"
