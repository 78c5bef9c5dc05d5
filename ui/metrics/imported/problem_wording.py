"""Why a score file is not the format it looks like (``BadScoreFile.problem``: bleucore's codes, one class per kind
of problem), in the session's language: one template per code, its placeholders named like the code's fields. The
file's own field names and values (`prediction`, `True`) and Python's words for broken JSON are quoted as code."""

from __future__ import annotations

from bleucore.metrics.imported import (
    FileProblem,
    JsonSyntax,
    NoPrediction,
    NoScore,
    NoScoreKey,
    NotAnObject,
    NotPrintedLine,
    NotSegments,
    NotSystems,
    OnlySystemScores,
    PredictionNotNumber,
    ScoreNotNumber,
    SecondJsonValue,
    SegmentPastLines,
    SystemIdMismatch,
    SystemIdNotName,
)
from ui.shell.i18n import N_, fill

#: Each code's template (a msgid), filled from the code's fields.
PROBLEMS: dict[type, str] = {
    JsonSyntax: N_("line {line:,} cannot be read as JSON at character {column:,} (`{message}`)"),
    SecondJsonValue: N_("a second JSON value starts on line {line:,}"),
    NotSystems: N_("it is not an object of systems, each path with its list of segments"),
    NotSegments: N_("the value of the system {system} is not a list of segments"),
    NoScoreKey: N_("segment {segment:,} of {system} has no `{key}` score"),
    ScoreNotNumber: N_("segment {segment:,} of {system} has the score `{value}`, not a finite number"),
    SegmentPastLines: N_("line {line:,} numbers a segment past the file's {lines:,} lines"),
    NotPrintedLine: N_("line {line:,} is neither `PATH<TAB>Segment I<TAB>score: X` nor `PATH<TAB>score: X`"),
    OnlySystemScores: N_("it holds system scores only (`comet-score --only_system`): run `comet-score` without it"),
    NoScore: N_("it holds no score"),
    NotAnObject: N_("line {line:,} is not a JSON object"),
    SystemIdNotName: N_("line {line:,} has the `system_id` `{value}`, not a name"),
    NoPrediction: N_("line {line:,} has no `prediction`"),
    PredictionNotNumber: N_("line {line:,} has the `prediction` `{value}`, not a finite number"),
}
#: MetricX's ``system_id`` where the first line has none, and none where it has one (``SystemIdMismatch.missing``).
SYSTEM_ID = {
    False: N_("line {line:,} has a `system_id`, unlike the first line"),
    True: N_("line {line:,} has no `system_id`, unlike the first line"),
}
#: The most of a system's path a message quotes.
SHOWN_CHARS = 40


def problem_text(problem: FileProblem) -> str:
    """``problem`` in the session's language (the clause after "NAME is not FORMAT: ")."""
    values = dict(vars(problem))
    if isinstance(values.get("system"), str) and len(values["system"]) > SHOWN_CHARS:
        values["system"] = values["system"][: SHOWN_CHARS - 3] + "..."
    if isinstance(problem, SystemIdMismatch):
        return fill(SYSTEM_ID[problem.missing], values)
    return fill(PROBLEMS[type(problem)], values)
