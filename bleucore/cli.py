"""The command line, ``python -m bleucore REF [REF ...] -i HYP``, with sacreBLEU 2.6's flag names.

Corpus mode prints one JSON object (the default, as sacreBLEU) or sacreBLEU's text line;
``-sl`` scores every hypothesis line (text lines by default, as sacreBLEU; ``-f json`` gives
JSON Lines). Unlike sacreBLEU's JSON, ``score`` and every other number keep full float precision.

Corpus mode and ``-sl`` read the files a chunk of lines at a time (``bleucore.stream``; the
file rules and the not-UTF-8 message are stream's); the significance tests read them whole.

Bad input ends with one line on stderr, ``bleucore: error: ...``, and exit status 2. Only light
modules are imported at start-up; tokenizers, statistics and numpy are imported by the run
functions, so ``--help`` stays fast.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

from . import __version__
from .metrics import DEFAULT_METRIC, METRIC_NAMES, METRICS, Metric, Score
from .resampling import AR_TRIALS, BOOTSTRAP_SAMPLES, SEED
from .usage import PROG, UsageError

if TYPE_CHECKING:
    from .stream import LineReader

__all__ = ["PROG", "UsageError", "build_parser", "main", "run"]

STDIN = "-"
MAX_WIDTH = 16
FORMATS = ("json", "text")


class _Parser(argparse.ArgumentParser):
    """argparse, but an error raises UsageError instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see python -m {PROG} --help)")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser: sacreBLEU's names for the flags both tools have."""
    parser = _Parser(
        prog=f"python -m {PROG}",
        description=(
            "Corpus or sentence BLEU of a hypothesis file against reference files, numbers identical to\n"
            "sacreBLEU 2.6 (sacreBLEU smoothing) and NLTK 3.10 (nltk-method* smoothing).\n\n"
            f"  python -m {PROG} ref1.txt ref2.txt -i hyp.txt            corpus BLEU as JSON\n"
            f"  python -m {PROG} ref.txt -i hyp.txt -f text -w 2         sacreBLEU's text line\n"
            f"  python -m {PROG} ref.txt -i hyp.txt -sl -f json          one JSON object per line\n\n"
            "Files are UTF-8 (a BOM is ignored), one segment per line; reference files go before -i."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("refs", nargs="*", metavar="REF", help="reference files, line-aligned with the hypotheses")
    parser.add_argument(
        "-i", "--input", nargs="+", metavar="HYP", default=None,
        help=f"hypothesis file ('{STDIN}' or none given: standard input); put it after the references",
    )

    parser.add_argument("-m", "--metrics", nargs="+", choices=METRIC_NAMES, default=None, metavar="METRIC",
                        help=f"metrics to compute: {', '.join(METRIC_NAMES)} (default: {DEFAULT_METRIC})")
    for name in METRICS:  # one argument group per metric, in registry order
        METRICS[name].add_arguments(parser)

    tests = parser.add_argument_group(
        f"significance (sacreBLEU 2.6's draws: seed {SEED}, identical p-values, means and intervals)"
    )
    tests.add_argument("-ci", "--confidence", action="store_true",
                       help="one system: bootstrap mean ± 95%% confidence interval")
    tests.add_argument("-cin", "--confidence-n", type=int, default=BOOTSTRAP_SAMPLES, metavar="N",
                       help="bootstrap resamples for --confidence (default: %(default)s)")
    paired = tests.add_mutually_exclusive_group()
    paired.add_argument("-pbs", "--paired-bs", action="store_true",
                        help="paired bootstrap resampling: -i BASELINE SYSTEM [SYSTEM ...]")
    paired.add_argument("-par", "--paired-ar", action="store_true",
                        help="paired approximate randomization: -i BASELINE SYSTEM [SYSTEM ...]")
    tests.add_argument("-pbsn", "--paired-bs-n", type=int, default=BOOTSTRAP_SAMPLES, metavar="N",
                       help="resamples for --paired-bs (default: %(default)s)")
    tests.add_argument("-parn", "--paired-ar-n", type=int, default=AR_TRIALS, metavar="N",
                       help="trials for --paired-ar (default: %(default)s)")

    report = parser.add_argument_group("output")
    report.add_argument("-sl", "--sentence-level", action="store_true", help="score every hypothesis line")
    report.add_argument("-f", "--format", choices=FORMATS, default=None,
                        help="json or text (default: json for corpus BLEU, text with -sl, as sacreBLEU)")
    report.add_argument("-w", "--width", type=int, default=1,
                        help="decimals of the score in text output (default: %(default)s)")
    report.add_argument("-b", "--score-only", action="store_true", help="print only the score")
    report.add_argument("-V", "--version", action="version", version=f"{PROG} {__version__}")
    return parser


# --- input -----------------------------------------------------------------------------------


def _open(path: str) -> LineReader:
    """A ``stream.LineReader`` of a UTF-8 file (or of standard input for '-'); UsageError if it
    cannot be opened. The file rules and the not-UTF-8 message are ``bleucore.stream``'s."""
    from .stream import LineReader

    if path == STDIN and (sys.stdin is None or sys.stdin.isatty()):
        raise UsageError(f"no hypothesis file: give -i HYP or pipe the hypotheses into python -m {PROG}")
    try:
        return LineReader(path, rstrip=True)  # sacreBLEU's command line reads line.rstrip()
    except OSError as exc:  # LineReader's message: "cannot read <name>: <reason>"
        raise UsageError(exc.strerror or str(exc)) from None


def _read_all(path: str) -> list[str]:
    with _open(path) as reader:
        return reader.take(sys.maxsize)


def _count(n: int) -> str:
    return f"{n} line" if n == 1 else f"{n} lines"


@dataclass(frozen=True)
class Corpus:
    """The hypothesis lines of one or more systems and the reference streams, all line-aligned."""

    system_names: tuple[str, ...]
    systems: tuple[list[str], ...]
    reference_names: tuple[str, ...]
    references: tuple[list[str], ...]


def read_corpus(reference_paths: Sequence[str], hypothesis_paths: Sequence[str]) -> Corpus:
    """Read every file and check that all have the same number of lines."""
    if not reference_paths:
        raise UsageError(f"no reference file given: python -m {PROG} REF [REF ...] -i HYP (references before -i)")
    systems = tuple(_read_all(path) for path in hypothesis_paths)
    names = tuple("<stdin>" if p == STDIN else p for p in hypothesis_paths)
    references = tuple(_read_all(path) for path in reference_paths)
    first, count = names[0], len(systems[0])
    if count == 0:
        raise UsageError(f"{first} is empty: there is no segment to score")
    for name, lines in [*zip(names[1:], systems[1:]), *zip(reference_paths, references)]:
        if len(lines) != count:
            raise UsageError(f"{first} has {_count(count)} but {name} has {_count(len(lines))}")
    return Corpus(names, systems, tuple(reference_paths), references)


def iter_chunk_statistics(reference_paths: Sequence[str], hypothesis_path: str, metric: Metric) -> Iterator[Any]:
    """Per-segment statistics of one system, a chunk of lines at a time (``stream.iter_statistics``),
    with the errors of ``read_corpus``: files that cannot be read, an empty hypothesis file, line counts."""
    from .stream import iter_statistics

    readers: list[LineReader] = []
    try:
        for path in [hypothesis_path, *reference_paths]:
            readers.append(_open(path))
        if readers[0].at_end():
            raise UsageError(f"{readers[0].name} is empty: there is no segment to score")
        yield from iter_statistics(readers[0], readers[1:], metric)
    finally:
        for reader in readers:
            reader.close()


# --- scoring and output ----------------------------------------------------------------------


def text_line(score: Score, width: int) -> str:
    """sacreBLEU's text line: ``BLEU|<signature> = 50.5 94.4/58.8/43.8/26.7 (BP = 1.000 ...)``."""
    # Score.format gives "NAME = <score> ..."; add the signature after the name.
    name, rest = score.format(width).split(" = ", 1)
    return f"{name}|{score.signature} = {rest}"


def score_dict(score: Score, width: int) -> dict[str, object]:
    """Score.to_dict() (full precision) plus sacreBLEU's ``verbose_score`` string (what follows the score)."""
    d = score.to_dict()
    verbose = score.format(width).split(" = ", 1)[1].split(" ", 1)[1:]  # chrF and TER have none
    if verbose:
        d["verbose_score"] = verbose[0]
    return d


def render(score: Score, args: argparse.Namespace, json_format: bool, indent: int | None) -> str:
    """One score as the command line prints it (without the final newline)."""
    if args.score_only:
        return f"{score.score:.{args.width}f}"
    if json_format:
        import json

        return json.dumps(score_dict(score, args.width), indent=indent)
    return text_line(score, args.width)


def run_corpus(args: argparse.Namespace, hypothesis_path: str, metric: Metric) -> str:
    """The corpus score of the one system: statistics summed chunk by chunk (bounded memory), then scored."""
    from .stream import sum_statistics

    total = sum_statistics(iter_chunk_statistics(args.refs, hypothesis_path, metric))
    score = metric.score_from_statistics(total, len(args.refs))
    return render(score, args, args.format != "text", indent=1) + "\n"


def run_sentences(args: argparse.Namespace, hypothesis_path: str, metric: Metric) -> str:
    """The score of every line of the one system, in order (JSON Lines with -f json), chunk by chunk."""
    from .metrics.bleu.score import SegmentError

    nrefs = len(args.refs)
    json_format = args.format == "json"
    out: list[str] = []
    for stats in iter_chunk_statistics(args.refs, hypothesis_path, metric):
        try:
            scores = metric.sentence_scores(stats, nrefs)
        except SegmentError as exc:
            raise UsageError(f"line {len(out) + 1 + exc.index}: {exc}") from None
        out.extend([render(score, args, json_format, indent=None) + "\n" for score in scores])
    return "".join(out)


def metrics_from_args(args: argparse.Namespace) -> list[Metric]:
    """The metrics of -m/--metrics (default: BLEU), in sacreBLEU's order (by name), each once."""
    names = sorted(set(getattr(args, "metrics", None) or [DEFAULT_METRIC]), key=str.upper)
    return [METRICS.load(name).from_args(args) for name in names]


def join_outputs(outputs: list[str], args: argparse.Namespace, json_format: bool) -> str:
    """Several metrics' corpus outputs: a JSON list, or sacreBLEU's text lines aligned at " = "."""
    if len(outputs) == 1:
        return outputs[0]
    lines = [out.rstrip("\n") for out in outputs]
    if json_format:  # sacreBLEU's list: "[\n" + ",\n".join(results) + "\n]" (of numbers with -b)
        return "[\n" + ",\n".join(lines) + "\n]\n"
    if args.score_only:
        return "".join(line + "\n" for line in lines)
    width = max(line.index(" = ") for line in lines)
    return "".join(line[: line.index(" = ")].rjust(width) + line[line.index(" = ") :] + "\n" for line in lines)


def run(args: argparse.Namespace) -> str:
    """Everything the command prints for ``args``; UsageError/ValueError/OSError on bad input."""
    if not 0 <= args.width <= MAX_WIDTH:
        raise UsageError(f"--width must be between 0 and {MAX_WIDTH}, got {args.width}")
    metrics = metrics_from_args(args)
    hypothesis_paths: list[str] = args.input or [STDIN]
    if not args.refs:
        raise UsageError(f"no reference file given: python -m {PROG} REF [REF ...] -i HYP (references before -i)")
    if args.paired_bs or args.paired_ar or args.confidence:
        from .cli_significance import run_significance

        return run_significance(args, hypothesis_paths, metrics)
    if len(hypothesis_paths) > 1:
        raise UsageError(
            f"give one hypothesis file with -i, got {len(hypothesis_paths)}: {' '.join(hypothesis_paths)} "
            "(compare systems with --paired-bs or --paired-ar)"
        )
    if args.sentence_level:
        if len(metrics) > 1:
            raise UsageError("-sl scores one metric at a time (as sacreBLEU): give one name to -m")
        return run_sentences(args, hypothesis_paths[0], metrics[0])
    return join_outputs([run_corpus(args, hypothesis_paths[0], m) for m in metrics], args, args.format != "text")


def _fail(message: str) -> int:
    sys.stderr.write(f"{PROG}: error: {' '.join(message.split())}\n")
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: sys.argv[1:]); returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        output = run(args)
    except SystemExit as exc:  # --help and --version
        return exc.code if isinstance(exc.code, int) else 0
    except (ValueError, OSError) as exc:  # UsageError and bleucore's own checks
        return _fail(str(exc) or type(exc).__name__)
    except KeyboardInterrupt:
        return 130
    try:
        sys.stdout.write(output)
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into head: stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0
