"""Where bytes become lines, the one place: the file rules and the one decoder (``decode``), files read a block at a
time (``lines``), line-aligned files read a chunk at a time (``aligned``), the size and shape checks every reader runs
before the work they guard (``checks``), and what they raise (``errors``: typed ``ValueError``s that the command line,
the doctor and the app each word). Score files (``bleucore.metrics.imported``) are checked here too, before any
arithmetic: their values and xCOMET's spans (``scores``), their JSON bounded before it is decoded (``json_bounds``),
and what those raise (``score_errors``).

Loaded on first use (PEP 562): reading a file imports no numpy until chunks are aligned."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_attributes

if TYPE_CHECKING:
    from .aligned import AlignedFiles, Chunk, mismatch
    from .checks import (
        check_held_statistics,
        check_held_text,
        check_held_total,
        check_line_lengths,
        check_segment_chars,
        check_texts,
        line_lengths,
    )
    from .decode import TextRules, check_encoding, decode_lines, decode_text, split_fields, split_lines
    from .errors import (
        BadLine,
        BinaryInput,
        EmptyInput,
        HeldSizeError,
        LineCountMismatch,
        LineTooLong,
        NotText,
        ReadingError,
        SegmentLimitError,
        SegmentTooLong,
        TerWordPairs,
        TooManyLines,
        WideEncoding,
        plural_lines,
    )
    from .json_bounds import check_json, json_values
    from .lines import STDIN, LineReader, PathLike, count_lines, iter_lines, read_held_lines, read_lines
    from .score_errors import (
        BadSpan,
        DuplicateKey,
        JsonTooDeep,
        JsonTooLarge,
        NotAScore,
        NotFinite,
        NumberTooLong,
        ScoreOutOfRange,
        TooManySpans,
    )
    from .scores import check_score, score_of_text, segment_spans, span_fields

_EXPORTS: dict[str, tuple[str, ...]] = {
    "aligned": ("AlignedFiles", "Chunk", "mismatch"),
    "checks": (
        "check_held_statistics",
        "check_held_text",
        "check_held_total",
        "check_line_lengths",
        "check_segment_chars",
        "check_texts",
        "line_lengths",
    ),
    "decode": ("TextRules", "check_encoding", "decode_lines", "decode_text", "split_fields", "split_lines"),
    "errors": (
        "BadLine",
        "BinaryInput",
        "EmptyInput",
        "HeldSizeError",
        "LineCountMismatch",
        "LineTooLong",
        "NotText",
        "ReadingError",
        "SegmentLimitError",
        "SegmentTooLong",
        "TerWordPairs",
        "TooManyLines",
        "WideEncoding",
        "plural_lines",
    ),
    "json_bounds": ("check_json", "json_values"),
    "lines": ("STDIN", "LineReader", "PathLike", "count_lines", "iter_lines", "read_held_lines", "read_lines"),
    "score_errors": (
        "BadSpan",
        "DuplicateKey",
        "JsonTooDeep",
        "JsonTooLarge",
        "NotAScore",
        "NotFinite",
        "NumberTooLong",
        "ScoreOutOfRange",
        "TooManySpans",
    ),
    "scores": ("check_score", "score_of_text", "segment_spans", "span_fields"),
}
__getattr__ = lazy_attributes(__name__, _EXPORTS, globals())
__all__ = [
    "STDIN",
    "AlignedFiles",
    "BadLine",
    "BadSpan",
    "BinaryInput",
    "Chunk",
    "DuplicateKey",
    "EmptyInput",
    "HeldSizeError",
    "JsonTooDeep",
    "JsonTooLarge",
    "LineCountMismatch",
    "LineReader",
    "LineTooLong",
    "NotAScore",
    "NotFinite",
    "NotText",
    "NumberTooLong",
    "PathLike",
    "ReadingError",
    "ScoreOutOfRange",
    "SegmentLimitError",
    "SegmentTooLong",
    "TerWordPairs",
    "TextRules",
    "TooManyLines",
    "TooManySpans",
    "WideEncoding",
    "check_encoding",
    "check_held_statistics",
    "check_held_text",
    "check_held_total",
    "check_json",
    "check_line_lengths",
    "check_score",
    "check_segment_chars",
    "check_texts",
    "count_lines",
    "decode_lines",
    "decode_text",
    "iter_lines",
    "json_values",
    "line_lengths",
    "mismatch",
    "plural_lines",
    "read_held_lines",
    "read_lines",
    "score_of_text",
    "segment_spans",
    "span_fields",
    "split_fields",
    "split_lines",
]
