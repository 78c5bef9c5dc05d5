"""Score files a hostile or careless user gives (issue 48), shared by the API's, the command line's and the pages'
hostile-input tests: values at a float's limit, numbers that are not decimal numbers, bytes that are not text, JSON
nested 10^5 deep, numbers of 5,000 digits, NaN and Infinity, duplicate keys, fields of the wrong type or size, and
MetricX's JSONL broken the same ways. Each case is a file of ``segments`` scores for one system and the typed
``bleucore.reading.ReadingError`` it must raise, with a piece of its English (the command line's one error line)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from bleucore.metrics.imported.errors import BadScoreFile
from bleucore.reading import (
    BadSpan,
    BinaryInput,
    DuplicateKey,
    JsonTooDeep,
    JsonTooLarge,
    NotAScore,
    NotFinite,
    NumberTooLong,
    ReadingError,
    ScoreOutOfRange,
    TooManySpans,
    WideEncoding,
)

RANGE = "a score must be between -1,000,000,000 and 1,000,000,000"
SPAN = {"text": "a", "confidence": 0.5, "severity": "minor", "start": 0, "end": 1}
TINY_SPAN = b'{"text":"","confidence":0,"severity":"","start":0,"end":0}'


@dataclass(frozen=True)
class Case:
    """A score file (``make(segments)``: its bytes) and what reading it raises: ``error`` with ``english`` in its
    message, where ``{name}`` is the file's name."""

    make: Callable[[int], bytes]
    error: type[ReadingError]
    english: str


def lines(*values: str) -> Callable[[int], bytes]:
    """A plain file whose first lines are ``values``, the rest 0.5."""
    return lambda n: "".join(f"{v}\n" for v in [*values, *["0.5"] * (n - len(values))]).encode("utf-8")


def comet(change: Callable[[list[dict[str, object]]], object]) -> Callable[[int], bytes]:
    """COMET's JSON of one system (``s.txt``) whose segments ``change`` edits (or replaces, when it returns them)."""

    def make(n: int) -> bytes:
        segments: list[dict[str, object]] = [{"src": "x", "mt": "y", "ref": "z", "COMET": 0.5} for _ in range(n)]
        changed = change(segments)
        data = changed if changed is not None else {"s.txt": segments}
        return json.dumps(data).encode("utf-8")

    return make


def raw(text: Callable[[int], str]) -> Callable[[int], bytes]:
    return lambda n: text(n).encode("utf-8")


def metricx(*records: str) -> Callable[[int], bytes]:
    """MetricX's JSONL: a good first line, then ``records`` as written."""
    good = json.dumps({"source": "x", "hypothesis": "y", "reference": "z", "prediction": 1.5})
    return lambda n: ("\n".join([good, *records]) + "\n").encode("utf-8")


def _every(**fields: object) -> Callable[[list[dict[str, object]]], None]:
    return lambda segments: [segment.update(fields) for segment in segments] and None


def _span(**fields: object) -> Callable[[list[dict[str, object]]], None]:
    return lambda segments: segments[0].update(errors=[{**SPAN, **fields}])


CASES: dict[str, Case] = {
    # plain numbers
    "every line 1e308": Case(lambda n: b"1e308\n" * n, ScoreOutOfRange, "line 1 of {name} is 1e308: " + RANGE),
    "1.7e308 and -1.7e308": Case(lines("1.7e308", "-1.7e308"), ScoreOutOfRange, "line 1 of {name} is 1.7e308"),
    "one past the range": Case(lines("0.5", "1000000000.5"), ScoreOutOfRange, "line 2 of {name} is 1000000000.5"),
    "huge exponent": Case(lines("0.5", "1e999999999"), NotAScore, "line 2 of {name} is '1e999999999', not one"),
    "hex float": Case(lines("0x1p3"), NotAScore, "line 1 of {name} is '0x1p3', not one finite number"),
    "underscores": Case(lines("1_000"), NotAScore, "line 1 of {name} is '1_000', not one finite number"),
    "Arabic-Indic digits": Case(lines("\u0663"), NotAScore, "line 1 of {name} is '\u0663', not one finite number"),
    "nan and inf": Case(lines("nan", "inf"), NotAScore, "line 1 of {name} is 'nan', not one finite number"),
    "5,000 digits": Case(lines("1" * 5000), NumberTooLong, "line 1 of {name} has a number of more than 100"),
    "a NUL byte": Case(lambda n: b"0.5\n\x00\n", BinaryInput, "{name} holds a NUL byte on line 2"),
    "a BOM inside": Case(lines("0.5", "\ufeff0.5"), NotAScore, "line 2 of {name} is '\\ufeff0.5'"),
    "UTF-16": Case(lambda n: "0.5\n".encode("utf-16"), WideEncoding, "{name} is UTF-16 encoded"),
    # COMET's printed output
    "printed 1e308": Case(raw(lambda n: "s.txt\tSegment 0\tscore: 1e308\n"), ScoreOutOfRange, "line 1 of {name}"),
    "printed segment 10^30": Case(
        raw(lambda n: f"s.txt\tSegment {10**30}\tscore: 0.5\n"), BadScoreFile, "line 1 numbers a segment past"
    ),
    # COMET's JSON
    "JSON scores 1e308": Case(
        comet(_every(COMET=1e308)),
        ScoreOutOfRange,
        "segment 0 of s.txt in {name} is 1e+308: " + RANGE,
    ),
    "JSON span confidence of 400 digits": Case(
        raw(lambda n: '{"s.txt": [{"COMET": 0.5, "errors": [{"confidence": ' + "9" * 400 + "}]}]}"),
        NumberTooLong,
        "line 1 of {name} has a number of more than 100 characters",
    ),
    "JSON span confidence of 99 digits": Case(
        comet(_span(confidence=int("9" * 99))), BadSpan, "an error span's 'confidence' is not a number from 0 to 1"
    ),
    "JSON 5,000 digits elsewhere": Case(
        raw(lambda n: '{"s.txt": [\n{"COMET": 0.5,\n"x": ' + "1" * 5000 + "}]}"),
        NumberTooLong,
        "line 3 of {name} has a number of more than 100 characters",
    ),
    "JSON nested 10^5 deep (lists)": Case(
        raw(lambda n: "[" * 100_000 + "]" * 100_000), JsonTooDeep, "line 1 of {name} nests lists and objects"
    ),
    "JSON nested 10^5 deep (objects)": Case(
        raw(lambda n: '{"a":' * 100_000 + "1" + "}" * 100_000), JsonTooDeep, "more than 32 levels deep"
    ),
    "JSON NaN": Case(raw(lambda n: '{"s.txt": [{"COMET": NaN}]}'), NotFinite, "{name} holds NaN"),
    "JSON Infinity": Case(raw(lambda n: '{"s.txt": [{"COMET": -Infinity}]}'), NotFinite, "{name} holds -Infinity"),
    "JSON 1e400": Case(raw(lambda n: '{"s.txt": [{"COMET": 1e400}]}'), NotFinite, "{name} holds 1e400"),
    "JSON a hex number": Case(raw(lambda n: '{"s.txt": [{"COMET": 0x10}]}'), BadScoreFile, "line 1: Expecting"),
    "JSON a system twice": Case(
        raw(lambda n: '{"s.txt": [{"COMET": 0.5}], "s.txt": [{"COMET": 0.9}]}'), DuplicateKey, "'s.txt' twice"
    ),
    "JSON a score twice": Case(
        raw(lambda n: '{"s.txt": [{"COMET": 0.5, "COMET": 0.9}]}'), DuplicateKey, "the key 'COMET' twice"
    ),
    "JSON a score as text": Case(comet(lambda s: s[0].update(COMET="0.5")), BadScoreFile, "has the score '0.5'"),
    "JSON a score as true": Case(comet(lambda s: s[0].update(COMET=True)), BadScoreFile, "has the score True"),
    "JSON a score as null": Case(comet(lambda s: s[0].update(COMET=None)), BadScoreFile, "has the score None"),
    "JSON spans not a list": Case(comet(lambda s: s[0].update(errors={})), BadSpan, "error spans are not a list"),
    "JSON a span not an object": Case(comet(lambda s: s[0].update(errors=[1])), BadSpan, "is not an object"),
    "JSON a span's start -1": Case(comet(_span(start=-1)), BadSpan, "'start' is not a whole number from 0"),
    "JSON a span's severity long": Case(comet(_span(severity="x" * 41)), BadSpan, "'severity' is not a text"),
    "JSON a span's text a number": Case(comet(_span(text=3)), BadSpan, "'text' is not a text"),
    "JSON 1,001 spans in a segment": Case(
        comet(lambda s: s[0].update(errors=[SPAN] * 1001)), TooManySpans, "has 1,001 error spans"
    ),
    "JSON not an object": Case(raw(lambda n: "[0.5, 0.6]"), BadScoreFile, "not an object of systems"),
    # MetricX's JSONL
    "MetricX NaN": Case(metricx('{"prediction": NaN}'), NotFinite, "line 2 of {name} holds NaN"),
    "MetricX 1e300": Case(metricx('{"prediction": 1e300}'), ScoreOutOfRange, "line 2 of {name} is 1e+300"),
    "MetricX a prediction as text": Case(
        metricx('{"prediction": "1.5"}'), BadScoreFile, "line 2 has the prediction '1.5', not a finite number"
    ),
    "MetricX a prediction twice": Case(
        metricx('{"prediction": 1, "prediction": 2}'), DuplicateKey, "line 2 of {name} gives the key 'prediction'"
    ),
    "MetricX no prediction": Case(metricx('{"hypothesis": "y"}'), BadScoreFile, "line 2 has no 'prediction'"),
    "MetricX a line not an object": Case(metricx("[1]"), BadScoreFile, "line 2 is not a JSON object"),
    "MetricX a broken line": Case(metricx('{"prediction": 1,'), BadScoreFile, "line 2: Expecting"),
    "MetricX a line nested 10^5 deep": Case(metricx("[" * 100_000), JsonTooDeep, "line 2 of {name} nests"),
    "MetricX 5,000 digits": Case(
        metricx('{"prediction": ' + "1" * 5000 + "}"), NumberTooLong, "line 2 of {name} has a number"
    ),
    "MetricX a system_id list": Case(
        lambda n: b'{"system_id": "a", "prediction": 1}\n{"system_id": [1], "prediction": 1}\n',
        BadScoreFile,
        "line 2 has the system_id [1], not a name",
    ),
}

#: Within the command line's 64 MB a score file but holding 10^6 tiny error spans (58 MB): refused before decoding.
MILLION_SPANS = Case(
    lambda n: b'{"s.txt": [{"COMET": 0.5, "errors": [' + b",".join([TINY_SPAN] * 1_000_000) + b"]}]}",
    JsonTooLarge,
    "{name} holds more than 2,000,000 JSON values",
)
#: Within a page's 16 MB upload box (a span a line, as the page's lines are at most 1,000,000 characters): 270,000
#: tiny error spans in one segment, refused by the spans a segment holds.
BOX_OF_SPANS = Case(
    lambda n: b'{"s.txt": [{"COMET": 0.5, "errors": [\n' + b",\n".join([TINY_SPAN] * 270_000) + b"]}]}",
    TooManySpans,
    "segment 0 of s.txt in {name} has 270,000 error spans",
)
