"""``python -m bleucore.doctor REF [REF ...] -i HYP [--source SRC] [-tok TOK] [--metric {bleu,chrf,ter}] [--json]
[--waterfall FROM[:TO]]`` (also ``bleucore-doctor``): the setup's findings, then each tool's score of the metric on the
files, and optionally the steps from one tool's number to another's.

A file that cannot be read as text is a finding, not an error; the exit code is 1 when a finding is an error,
0 otherwise, and 2 for bad usage (one ``bleucore: error:`` line, as the main command line)."""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from collections.abc import Sequence
from typing import Any, NoReturn

from ..doctor.finding import Setup
from ..doctor.reading import read_path
from ..doctor.report import Report, diagnose
from ..metrics.bleu.arguments import add_model_argument, find_model
from ..reading.errors import HeldSizeError
from ..tokenizers.registry import TOKENIZER_NAMES
from ..tools import (
    FAMILIES,
    METRICS,
    TOOLS,
    ConventionScorer,
    MetricWaterfall,
    Waterfall,
    family,
    tool,
    waterfall,
)
from .usage import PROG, UsageError

_KEYS = [t.key for t in TOOLS]


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error raises UsageError (one ``bleucore: error:`` line) instead of printing usage."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see python -m bleucore.doctor --help)")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m bleucore.doctor",
        allow_abbrev=False,
        description="Check an evaluation's files, then score them as each BLEU (chrF, TER) tool would.",
    )
    parser.add_argument("refs", nargs="+", metavar="REF", help="reference files (before -i)")
    parser.add_argument("-i", "--input", required=True, metavar="HYP", help="the hypothesis file")
    parser.add_argument(
        "--source",
        metavar="SRC",
        help="the source file the hypothesis translates: lines left untranslated, the source given as the output",
    )
    parser.add_argument(
        "-tok", "--tokenize", default="13a", choices=TOKENIZER_NAMES, help="the tokenizer the score uses"
    )
    add_model_argument(parser)
    parser.add_argument(
        "--metric",
        default="bleu",
        choices=METRICS,
        help="the metric whose tools score the files (default bleu); -tok applies to BLEU only",
    )
    parser.add_argument("--json", action="store_true", help='one JSON object: {"findings": [...], "scores": [...]}')
    parser.add_argument("-f", "--format", default="text", choices=("text", "json"), help="text, or json (as --json)")
    parser.add_argument(
        "--waterfall",
        metavar="FROM[:TO]",
        help=f"the steps from one tool's score to another's (default TO: sacrebleu); BLEU's tools: {', '.join(_KEYS)}, "
        f"and sacrebleu-TOK with -tok TOK; chrF's: {', '.join(t.key for t in FAMILIES['chrf'].tools)}; TER's: "
        f"{', '.join(t.key for t in FAMILIES['ter'].tools)}",
    )
    return parser


def _text(report: Report) -> str:
    lines = [f"{f.severity}: {f.text()}" for f in report.findings] or ["No problem found in the setup."]
    if report.scores:
        width = max(_width(s.tool.name) for s in report.scores)
        lines += ["", "The same files scored as each tool scores them (0-100; as the tool prints it):"]
        for s in report.scores:
            number = f"{s.points:6.2f}  {s.printed}" if s.points is not None else f"     -  fails: {s.failure}"
            lines.append(f"  {s.tool.name}{' ' * (width - _width(s.tool.name))}  {number}")
    else:
        lines += ["", "No score: fix the errors above first."]
    return "\n".join(lines) + "\n"


def _width(text: str) -> int:
    """Columns ``text`` takes in a terminal: East Asian wide and full-width characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _steps(report: Report, ends: tuple[Any, Any] | None) -> Waterfall | MetricWaterfall | None:
    """The waterfall between the two tools asked for, on the report's counts (None: not asked, or no score)."""
    if not ends or report.scorer is None:
        return None
    if isinstance(report.scorer, ConventionScorer):
        return waterfall(*ends, scorer=report.scorer)
    return family(report.metric).waterfall(*ends, report.scorer)


def _waterfall_json(steps: Waterfall | MetricWaterfall) -> dict[str, Any]:
    """``{"from", "to", "start", "end", "steps": [{"field", "before", "after", "delta", "why"}]}``, points."""
    if isinstance(steps, MetricWaterfall):
        start, end = steps.start_score, steps.end_score
        rows = [(s.field, s.before, s.after, s.delta, s.text(steps.words)) for s in steps.steps]
    else:
        start, end = steps.start_score.score, steps.end_score.score
        rows = [(s.field, s.before, s.after, s.delta, s.text()) for s in steps.steps]
    return {
        "from": steps.start.key,
        "to": steps.end.key,
        "start": start,
        "end": end,
        "steps": [{"field": f, "before": b, "after": a, "delta": d, "why": w} for f, b, a, d, w in rows],
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
        if args.spm_model is not None:  # else a missing model is a finding, with the files' others
            find_model(args.tokenize, args.spm_model)
        start, _, end = (args.waterfall or "").partition(":")
        ends: tuple[Any, Any] | None = None
        if args.waterfall and args.metric == "bleu":
            ends = (tool(start, args.tokenize), tool(end or "sacrebleu", args.tokenize))
        elif args.waterfall:
            ends = (family(args.metric).tool(start), family(args.metric).tool(end or "sacrebleu"))
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    except ValueError as exc:  # UsageError, or an unknown tool in --waterfall
        sys.stderr.write(f"{PROG}: error: {' '.join(str(exc).split())}\n")
        return 2
    hyp, refs = read_path(args.input), [read_path(r) for r in args.refs]
    source = read_path(args.source) if args.source else None
    reading = [f for text in (hyp, *refs) for f in text.findings]
    setup = Setup(
        hyp.lines,
        [r.lines for r in refs],
        hyp.name,
        [r.name for r in refs],
        args.tokenize,
        source=source.lines if source and source.lines else None,
        source_name=source.name if source else "source",
    )
    try:
        report = diagnose(setup, reading, source_reading=source.findings if source else (), metric=args.metric)
    except HeldSizeError as exc:  # a file or all of them past the doctor's limits, before any work
        sys.stderr.write(f"bleucore: error: {exc}\n")
        return 2
    steps = _steps(report, ends)
    try:
        if args.json or args.format == "json":
            out = report.to_dict()
            if steps:
                out["waterfall"] = _waterfall_json(steps)
            sys.stdout.write(json.dumps(out, ensure_ascii=False, indent=1) + "\n")
        else:
            sys.stdout.write(_text(report) + (f"\n{steps.text()}\n" if steps else ""))
        sys.stdout.flush()
    except OSError as exc:
        sys.stderr.write(f"{PROG}: error: cannot write the report to standard output ({exc.strerror or exc})\n")
        return 2
    return 1 if any(f.severity == "error" for f in report.findings) else 0
