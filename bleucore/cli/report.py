"""``python -m bleucore.report REF... -i SYS1 SYS2 ... [--scores NAME FILE...] [--rank] [--html F] [--latex F]
[--json F]`` (also the ``bleucore-report`` command): the comparison report of ``bleucore.report`` from files.

``--scores NAME FILE [FILE ...]`` (repeatable) adds a metric whose segment scores were computed elsewhere
(``bleucore.metrics.imported``: plain numbers, COMET's printed output or its ``--to_json``, MetricX's JSONL; one file
per system in the order of ``-i``, or one file holding every system), ``--lower-better NAME`` says it is an error
score (MetricX's JSONL says so itself, in a note: ``--higher-better NAME`` overrides it), ``--rank`` ranks every
system under every metric in WMT25's clusters, ``--human NAME`` correlates every metric with the ``--scores`` entry
NAME, human judgements (``bleucore.meta_evaluation``). Without an output file it prints the corpus table (and the
rankings, and the correlations); a bad command line or input is one ``bleucore: error:`` line and exit 2."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from .. import limits
from ..buckets import BucketSettings
from ..forking import chunk_processes
from ..limits import MAX_RESAMPLES, MAX_TRAINING_BYTES
from ..meta_evaluation.errors import check_human
from ..metrics import Metric, get_metric
from ..metrics.bleu.arguments import add_model_argument, find_model
from ..metrics.bleu.options import BleuOptions
from ..metrics.chrf import ChrfOptions
from ..reading.checks import check_held_total
from ..reading.held import HeldFile
from ..reading.lines import iter_lines, read_held_lines
from ..report.build import Report, build_report
from ..report.size import check_report_size
from ..report.statistics import SetupCheck
from ..report.warnings import warning_lines
from ..significance.defaults import BOOTSTRAP_SAMPLES, SEED
from ..tokenizers import TOKENIZER_NAMES
from .usage import PROG, UsageError

__all__ = ["MAX_TRAINING_BYTES", "main"]

METRIC_CHOICES = ("bleu", "chrf", "chrf++", "ter")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see python -m bleucore.report --help)")


def build_parser() -> argparse.ArgumentParser:
    """The report's command line."""
    parser = _Parser(
        prog="python -m bleucore.report",
        allow_abbrev=False,
        description="Compare systems: corpus scores with intervals and significance against a baseline, and scores "
        "per reference-length, word-frequency and label bucket (compare-mt 0.2.10's buckets).",
    )
    parser.add_argument("refs", nargs="+", metavar="REF", help="reference files (before -i)")
    parser.add_argument(
        "-i", "--input", nargs="+", required=True, metavar="SYS", help="system output files; the first is the baseline"
    )
    parser.add_argument(
        "--names",
        nargs="+",
        metavar="NAME",
        help="a name per system (default: the file names, with their folders where two have the same name)",
    )
    parser.add_argument(
        "--baseline", metavar="NAME", help="the system the others are tested against (default: the first)"
    )
    parser.add_argument("-m", "--metrics", nargs="+", default=["bleu", "chrf", "ter"], choices=METRIC_CHOICES)
    parser.add_argument(
        "--scores",
        nargs="+",
        action="append",
        metavar=("NAME", "FILE"),
        help="a metric's segment scores computed elsewhere (COMET, MetricX, human scores): its name, then one file "
        "per system in the order of -i, or one file of every system (plain numbers, one a line; comet-score's "
        'printed output; its --to_json file; MetricX\'s JSONL, a "prediction" a line); repeatable',
    )
    parser.add_argument(
        "--lower-better",
        action="append",
        default=[],
        metavar="NAME",
        help="the --scores metric NAME is better when lower (an error score); repeatable. MetricX's JSONL is "
        "lower-is-better without it",
    )
    parser.add_argument(
        "--higher-better",
        action="append",
        default=[],
        metavar="NAME",
        help="the --scores metric NAME is better when higher, although its files are MetricX's JSONL; repeatable",
    )
    parser.add_argument(
        "--rank", action="store_true", help="rank every system under every metric in clusters, as WMT25 ranks them"
    )
    parser.add_argument(
        "--human",
        metavar="NAME",
        help="the --scores metric NAME holds human judgements (DA, ESA, MQM-derived): every other metric's Pearson, "
        "Kendall tau-b and pairwise accuracy against it over the systems (3 or more), and Kendall tau-b over every "
        "segment",
    )
    parser.add_argument(
        "-tok",
        "--tokenize",
        default="13a",
        choices=TOKENIZER_NAMES,
        help="BLEU's tokenizer, also the words of the length and frequency buckets",
    )
    add_model_argument(parser)
    parser.add_argument("--labels", metavar="FILE", help="one label per line (a domain, a source): scores per label")
    parser.add_argument(
        "--train", metavar="FILE", help="a training corpus whose word counts make the frequency buckets"
    )
    parser.add_argument("--n-samples", type=int, default=BOOTSTRAP_SAMPLES, help="bootstrap resamples (default 1000)")
    parser.add_argument("--seed", type=int, default=SEED, help="the resampling seed (default: sacreBLEU's 12345)")
    parser.add_argument("--html", metavar="FILE", help="write the self-contained HTML report here")
    parser.add_argument("--latex", metavar="FILE", help="write the LaTeX table (booktabs) here")
    parser.add_argument("--json", metavar="FILE", help="write every number as JSON records here")
    parser.add_argument("--title", default="BLEU Explorer report", help="the HTML report's title")
    return parser


def metrics_from(names: Sequence[str], tokenize: str) -> list[Metric]:
    """The metrics named on the command line (chrf++: chrF with word order 2)."""
    out = []
    for name in dict.fromkeys(names):
        if name == "bleu":
            out.append(get_metric("bleu", BleuOptions(tokenize=tokenize)))
        elif name == "chrf++":
            out.append(get_metric("chrf", ChrfOptions(word_order=2)))
        else:
            out.append(get_metric(name))
    return out


def imported_from(args: argparse.Namespace, names: Sequence[str], segments: int) -> tuple[list[Metric], list[str]]:
    """The metrics of ``--scores NAME FILE...``, their files read and matched to the systems ``names`` (in the order
    of -i, whose paths they are matched with), and a note for each whose direction its files' format set (MetricX's
    JSONL: lower is better)."""
    from ..metrics.imported import ImportedOptions, imported_metric  # lazy: numpy
    from ..metrics.imported.errors import TooManyImported  # lazy: with the metric, only for --scores
    from ..metrics.imported.files import (  # lazy: with the metric, only for --scores
        assign_scores,
        check_file_count,
        format_direction,
        load_score_files,
    )

    entries = args.scores or []
    if len(entries) > limits.MAX_IMPORTED_METRICS:
        raise TooManyImported(len(entries), limits.MAX_IMPORTED_METRICS)
    given = [entry[0] for entry in entries]
    for flag, named in (("--lower-better", args.lower_better), ("--higher-better", args.higher_better)):
        unknown = [name for name in named if name not in given]
        if unknown:
            raise UsageError(f"{flag} {unknown[0]}: no --scores {unknown[0]} FILE... is given")
    both = [name for name in args.lower_better if name in args.higher_better]
    if both:
        raise UsageError(f"--lower-better {both[0]} and --higher-better {both[0]}: give one")
    out: list[Metric] = []
    notes = []
    for name, *files in entries:
        if not files:
            raise UsageError(f"--scores {name} needs its score files: --scores {name} FILE [FILE ...]")
        ImportedOptions(name)  # a bad name is an error before any file is read
        systems = dict(zip(names, args.input))
        check_file_count(name, len(files), len(systems))
        read = load_score_files(name, files)
        scores = assign_scores(name, read, systems, segments, args.refs[0])
        said = format_direction(read)  # False: MetricX's JSONL
        higher = name in args.higher_better or (name not in args.lower_better and said is not False)
        if said is False and name not in args.lower_better + args.higher_better:
            notes.append(
                f"{name}: {', '.join(files)} {'is' if len(files) == 1 else 'are'} MetricX's JSONL, an error score: "
                f"lower is better (--higher-better {name} if it is not)"
            )
        out.append(imported_metric(name, scores, higher_is_better=higher))
    return out, notes


def file_names(paths: Sequence[str]) -> list[str]:
    """Each system's name from its path: the file's name, with as many of its folders as tell two files of one name
    apart (``a/sys.txt``, ``b/sys.txt``); the same path twice keeps one name twice."""
    parts = [os.path.normpath(path).split(os.sep) for path in paths]
    names = [p[-1] for p in parts]
    for depth in range(2, max(map(len, parts), default=1) + 1):
        clashes = {n for n in names if names.count(n) > 1}
        if not clashes:
            break
        names = [os.sep.join(p[-depth:]) if n in clashes else n for n, p in zip(names, parts)]
    return names


def _system_names(args: argparse.Namespace) -> list[str]:
    names = args.names or file_names(args.input)
    if len(names) != len(args.input):
        raise UsageError(f"{len(args.input)} systems but {len(names)} names: give one name per system")
    if len(set(names)) != len(names):
        raise UsageError("two systems have the same name: give --names")
    return names


def report_from_args(args: argparse.Namespace) -> Report:
    """Read the files (limits checked first) and build the report."""
    names = _system_names(args)
    find_model(args.tokenize, args.spm_model)  # a SentencePiece tokenizer's model, before any file is read
    if len(names) > limits.MAX_SYSTEMS:
        raise UsageError(f"{len(names):,} systems; at most {limits.MAX_SYSTEMS:,} are compared at once")
    if args.human is not None:  # before any file is read
        check_human(args.human, tuple(entry[0] for entry in args.scores or []), len(names))
    if not 1 <= args.n_samples <= MAX_RESAMPLES:
        raise UsageError(f"--n-samples must be from 1 to {MAX_RESAMPLES:,}, got {args.n_samples}")
    if args.seed < 0:  # numpy's generator takes any whole number >= 0
        raise UsageError(f"--seed must be a whole number >= 0, got {args.seed}")
    if args.train and os.path.isfile(args.train) and os.path.getsize(args.train) > MAX_TRAINING_BYTES:
        raise UsageError(
            f"the training corpus {args.train} has {os.path.getsize(args.train):,} bytes; at most "
            f"{MAX_TRAINING_BYTES:,} are read"
        )
    references = [read_held_lines(path) for path in args.refs]
    check_held_total(references)  # the references are held whole; a system's text only while it is read
    check_report_size(len(names), len(references[0]))  # before any system is read
    systems = {name: HeldFile(path) for name, path in zip(names, args.input)}
    for lines in systems.values():
        len(lines)  # each file read (and its limits checked) once before any work, the last two kept
    labels = read_held_lines(args.labels) if args.labels else None
    imported, args.notes = imported_from(args, names, len(references[0]))
    training = iter_lines(args.train) if args.train else None  # counted as it is read, never held
    return build_report(
        systems,
        references,
        [*metrics_from(args.metrics, args.tokenize), *imported],
        baseline=args.baseline,
        labels=labels,
        training=training,
        settings=BucketSettings(args.n_samples, args.seed, args.tokenize),
        rank=args.rank,
        human=args.human,
        processes=chunk_processes(),
        setup=SetupCheck(tuple(file_names(args.refs)), args.tokenize),
    )


def _write_file(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)
    except OSError as err:
        raise OSError(f"cannot write {path}: {err.strerror or err}") from None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the report's command line; returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
        report = report_from_args(args)
        for line in warning_lines(report.warnings(), report.directions, len(report.systems)):
            sys.stderr.write(f"{PROG}: {' '.join(line.split())}\n")
        if args.json:
            _write_file(args.json, json.dumps(report.records(), ensure_ascii=False, indent=1, allow_nan=False) + "\n")
        if args.latex:
            from ..report.latex import latex_table  # lazy: only --latex needs it

            _write_file(args.latex, latex_table(report))
        if args.html:
            from ..report.html import html_report  # lazy: only --html needs it

            _write_file(args.html, html_report(report, args.title))
        if not (args.json or args.latex or args.html):
            from ..report.text import summary  # lazy: only the printed summary needs it

            sys.stdout.write(summary(report))
            sys.stdout.flush()
        for note in getattr(args, "notes", []):  # after the work: a failed command prints one error line only
            sys.stderr.write(f"{PROG}: note: {note}\n")
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    except (ValueError, OSError) as exc:
        sys.stderr.write(f"{PROG}: error: {' '.join(str(exc).split())}\n")
        return 2
    return 0
