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
import math
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, NoReturn

from .options import (
    MAX_ORDER_LIMIT,
    REF_LENGTH_RULES,
    SMOOTHING_DEFAULTS,
    SMOOTHING_METHODS,
    TOKENIZER_NAMES,
    VARIANTS,
    BleuOptions,
    uniform_weights,
)
from . import __version__
from .resampling import AR_TRIALS, BOOTSTRAP_SAMPLES, SEED

if TYPE_CHECKING:
    from .score import BLEUScore
    from .stats import Statistics
    from .stream import LineReader

PROG = "bleucore"
STDIN = "-"
DEFAULT_ORDER = 4
MAX_WIDTH = 16
FORMATS = ("json", "text")


class UsageError(ValueError):
    """A bad command line or bad input file: reported as one ``bleucore: error:`` line, exit 2."""


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

    bleu = parser.add_argument_group("BLEU options")
    bleu.add_argument("-tok", "--tokenize", choices=TOKENIZER_NAMES, default="13a",
                      help="tokenizer, as sacreBLEU's (default: %(default)s)")
    bleu.add_argument("-lc", "--lowercase", action="store_true", help="case-insensitive BLEU")
    bleu.add_argument("-s", "--smooth-method", choices=SMOOTHING_METHODS, default="exp", metavar="METHOD",
                      help=f"smoothing: {', '.join(SMOOTHING_METHODS)} (default: %(default)s)")
    bleu.add_argument("-sv", "--smooth-value", type=float, default=None, metavar="VALUE",
                      help="value of floor, add-k, nltk-method1 (epsilon), nltk-method4/7 (k), nltk-method6 (alpha)")
    bleu.add_argument("--max-ngram-order", type=int, default=None, metavar="N",
                      help=f"highest n-gram order N, 1..{MAX_ORDER_LIMIT} (default: {DEFAULT_ORDER}, or the number of weights)")
    bleu.add_argument("--weights", default=None, metavar="W1,W2,...",
                      help="n-gram weights summing to 1, e.g. 0.5,0.5 or 1/3,1/3,1/3 (default: 1/N each)")
    bleu.add_argument("--ref-length", choices=REF_LENGTH_RULES, default="closest",
                      help="reference length r per segment (default: %(default)s; ties go to the shorter)")
    bleu.add_argument("--variant", choices=VARIANTS, default="standard",
                      help="standard BLEU, simplified BP min(1, c/r), or the tutorial code that skips zero precisions")
    bleu.add_argument("--effective-order", action=argparse.BooleanOptionalAction, default=None,
                      help="sacreBLEU's effective order (default: on with -sl, off for corpus BLEU and nltk-method*)")

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
        return LineReader(path)
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


def iter_chunk_statistics(reference_paths: Sequence[str], hypothesis_path: str, options: BleuOptions) -> Iterator[Statistics]:
    """Per-segment statistics of one system, a chunk of lines at a time (``stream.iter_statistics``),
    with the errors of ``read_corpus``: files that cannot be read, an empty hypothesis file, line counts."""
    from .stream import iter_statistics

    readers: list[LineReader] = []
    try:
        for path in [hypothesis_path, *reference_paths]:
            readers.append(_open(path))
        if readers[0].at_end():
            raise UsageError(f"{readers[0].name} is empty: there is no segment to score")
        yield from iter_statistics(readers[0], readers[1:], options)
    finally:
        for reader in readers:
            reader.close()


# --- options ---------------------------------------------------------------------------------


def _parse_weights(text: str) -> tuple[float, ...]:
    try:
        return tuple(float(Fraction(part.strip())) for part in text.split(","))
    except (ValueError, ZeroDivisionError):
        raise UsageError(f"--weights must be comma-separated numbers such as 0.25,0.25,0.25,0.25, got {text!r}") from None


def _weights(args: argparse.Namespace) -> tuple[float, ...]:
    order: int | None = args.max_ngram_order
    if args.weights is None:
        return uniform_weights(DEFAULT_ORDER if order is None else order)
    weights = _parse_weights(args.weights)
    if order is not None and order != len(weights):
        raise UsageError(f"--weights gives {len(weights)} weights but --max-ngram-order is {order}")
    return weights


def _smooth_value(args: argparse.Namespace) -> float | None:
    value: float | None = args.smooth_value
    if value is None:
        return None
    if not math.isfinite(value) or value < 0:
        raise UsageError(f"--smooth-value must be a finite number >= 0, got {value:g}")
    if SMOOTHING_DEFAULTS[args.smooth_method] is None:
        sys.stderr.write(f"{PROG}: warning: {args.smooth_method} smoothing takes no value; --smooth-value {value:g} is ignored\n")
        return None
    return value


def options_from_args(args: argparse.Namespace) -> BleuOptions:
    """BleuOptions of the command line; effective order defaults to on in sentence mode (not for NLTK)."""
    effective: bool | None = args.effective_order
    if effective is None:
        effective = bool(args.sentence_level) and not args.smooth_method.startswith("nltk-")
    return BleuOptions(
        tokenize=args.tokenize,
        lowercase=args.lowercase,
        weights=_weights(args),
        smooth_method=args.smooth_method,
        smooth_value=_smooth_value(args),
        effective_order=effective,
        ref_length=args.ref_length,
        variant=args.variant,
    )


# --- scoring and output ----------------------------------------------------------------------


def statistics(hypotheses: Sequence[str], corpus: Corpus, options: BleuOptions) -> Statistics:
    """Per-segment statistics of one system, computed once."""
    from .fast import text_statistics

    return text_statistics(hypotheses, corpus.references, options)


def text_line(score: BLEUScore, width: int) -> str:
    """sacreBLEU's text line: ``BLEU|<signature> = 50.5 94.4/58.8/43.8/26.7 (BP = 1.000 ...)``."""
    # BLEUScore.format gives "BLEU = <score> <precisions> (...)"; add the signature after the name.
    return f"BLEU|{score.signature}{score.format(width)[4:]}"


def score_dict(score: BLEUScore, width: int) -> dict[str, object]:
    """BLEUScore.to_dict() (full precision) plus sacreBLEU's ``verbose_score`` string."""
    d = score.to_dict()
    d["verbose_score"] = score.format(width).split(" ", 3)[3]
    return d


def render(score: BLEUScore, args: argparse.Namespace, json_format: bool, indent: int | None) -> str:
    """One score as the command line prints it (without the final newline)."""
    if args.score_only:
        return f"{score.score:.{args.width}f}"
    if json_format:
        import json

        return json.dumps(score_dict(score, args.width), indent=indent)
    return text_line(score, args.width)


def run_corpus(args: argparse.Namespace, hypothesis_path: str, options: BleuOptions) -> str:
    """Corpus BLEU of the one system: statistics summed chunk by chunk (bounded memory), then scored."""
    from .score import score_statistics
    from .stream import sum_statistics

    total = sum_statistics(iter_chunk_statistics(args.refs, hypothesis_path, options))
    score = score_statistics(total, options, len(args.refs))
    return render(score, args, args.format != "text", indent=1) + "\n"


def run_sentences(args: argparse.Namespace, hypothesis_path: str, options: BleuOptions) -> str:
    """Sentence BLEU of every line of the one system, in order (JSON Lines with -f json), chunk by chunk."""
    from .score import SegmentError, sentence_scores_from_statistics

    nrefs = len(args.refs)
    json_format = args.format == "json"
    out: list[str] = []
    for stats in iter_chunk_statistics(args.refs, hypothesis_path, options):
        try:
            scores = sentence_scores_from_statistics(stats, options, nrefs)
        except SegmentError as exc:
            raise UsageError(f"line {len(out) + 1 + exc.index}: {exc}") from None
        out.extend([render(score, args, json_format, indent=None) + "\n" for score in scores])
    return "".join(out)


# --- significance: --confidence, --paired-bs, --paired-ar -----------------------------------------


def _samples(value: int, flag: str) -> int:
    if value < 1:
        raise UsageError(f"{flag} must be at least 1, got {value}")
    return value


def _with_bootstrap(signature: str, test: str, n: int) -> str:
    """sacreBLEU's signature additions: ``nrefs:1|bs:1000|seed:12345|...``."""
    first, _, rest = signature.partition("|")
    return f"{first}|{test}:{n}|seed:{SEED}|{rest}"


def run_confidence(args: argparse.Namespace, corpus: Corpus, options: BleuOptions) -> str:
    """One system's score with sacreBLEU's bootstrap ``μ = mean ± 95% CI`` (same draws, same numbers)."""
    from .significance import bootstrap_confidence
    from .score import score_statistics

    n = _samples(args.confidence_n, "--confidence-n")
    stats = statistics(corpus.systems[0], corpus, options)
    score = score_statistics(stats, options, len(corpus.references))
    conf = bootstrap_confidence(stats, options, n, SEED)
    width = args.width
    interval = f"μ = {conf.mean:.{width}f} ± {conf.ci:.{width}f}"
    if args.score_only:
        return f"{score.score:.{width}f} ({interval})\n"
    signature = _with_bootstrap(score.signature, "bs", n)
    if args.format != "text":
        import json

        d = score_dict(score, width)
        d.update(signature=signature, confidence_mean=conf.mean, confidence_var=conf.ci, confidence=interval)
        return json.dumps(d, indent=1) + "\n"
    line = text_line(score, width).split(" = ", 1)[1]
    number, rest = line.split(" ", 1)
    return f"BLEU|{signature} = {number} ({interval}) {rest}\n"


def run_paired(args: argparse.Namespace, corpus: Corpus, options: BleuOptions) -> str:
    """Each system against the first (the baseline), as sacreBLEU's paired tests; JSON by default
    (sacreBLEU's list of ``{"system", "BLEU": {score, p_value, mean, ci}}``) or a text table."""
    from .significance import paired_approximate_randomization, paired_bootstrap
    from .score import score_statistics

    bootstrap = bool(args.paired_bs)
    n = _samples(args.paired_bs_n, "--paired-bs-n") if bootstrap else _samples(args.paired_ar_n, "--paired-ar-n")
    from .fast import systems_statistics

    stats = systems_statistics(corpus.systems, corpus.references, options)  # references tokenized once
    base = stats[0]
    rows: list[dict[str, float | None]] = [
        {"score": score_statistics(base, options).score, "p_value": None, "mean": None, "ci": None}
    ]
    for other in stats[1:]:
        if bootstrap:
            result = paired_bootstrap(base, other, options, n, SEED)
            rows[0].update(mean=result.baseline_mean, ci=result.baseline_ci)
        else:
            result = paired_approximate_randomization(base, other, options, n, SEED)
        rows.append({"score": result.system_score, "p_value": result.p_value, "mean": result.mean, "ci": result.ci})
    names = [f"Baseline: {corpus.system_names[0]}", *corpus.system_names[1:]]
    if args.format != "text":
        import json

        return json.dumps([{"system": name, "BLEU": row} for name, row in zip(names, rows)], indent=4) + "\n"
    return _paired_table(names, rows, bootstrap, n, args.width, score_statistics(base, options, len(corpus.references)).signature)


def _paired_table(
    names: list[str], rows: list[dict[str, float | None]], bootstrap: bool, n: int, width: int, signature: str
) -> str:
    test = f"Paired bootstrap resampling test with {n} resampling trials" if bootstrap else (
        f"Paired approximate randomization test with {n} trials"
    )
    header = ["System", "BLEU", "mean ± 95% CI" if bootstrap else "", "p-value"]
    lines = []
    for name, row in zip(names, rows):
        mean, ci, p = row["mean"], row["ci"], row["p_value"]
        lines.append([
            name,
            f"{row['score']:.{width}f}",
            f"{mean:.{width}f} ± {ci:.{width}f}" if mean is not None and ci is not None else "",
            "" if p is None else f"{p:.4f}{' *' if p < 0.05 else ''}",
        ])
    widths = [max(len(r[i]) for r in [header, *lines]) for i in range(4)]
    table = [
        "  ".join([r[0].ljust(widths[0]), *(r[i].rjust(widths[i]) for i in range(1, 4))]).rstrip()
        for r in [header, *lines]
    ]
    note = "* p < 0.05: the difference from the baseline is unlikely to be chance (same-system null hypothesis)."
    test_sig = _with_bootstrap(signature, "bs" if bootstrap else "ar", n)
    return "\n".join([test, f"BLEU|{test_sig}", "", *table, "", note]) + "\n"


def run_significance(args: argparse.Namespace, hypothesis_paths: list[str], options: BleuOptions) -> str:
    """--confidence (one system) or --paired-bs / --paired-ar (a baseline and systems)."""
    if args.sentence_level:
        raise UsageError("significance tests and confidence intervals are for corpus BLEU, not -sl")
    paired = args.paired_bs or args.paired_ar
    if paired and args.confidence:
        raise UsageError("--confidence is for one system; paired tests already give each system's interval")
    if paired and len(hypothesis_paths) < 2:
        raise UsageError("paired tests need a baseline and at least one system: -i BASELINE SYSTEM [SYSTEM ...]")
    if not paired and len(hypothesis_paths) > 1:
        raise UsageError(f"--confidence takes one hypothesis file, got {len(hypothesis_paths)}; compare systems with --paired-bs")
    corpus = read_corpus(args.refs, hypothesis_paths)
    if paired:
        return run_paired(args, corpus, options)
    return run_confidence(args, corpus, options)


def run(args: argparse.Namespace) -> str:
    """Everything the command prints for ``args``; UsageError/ValueError/OSError on bad input."""
    if not 0 <= args.width <= MAX_WIDTH:
        raise UsageError(f"--width must be between 0 and {MAX_WIDTH}, got {args.width}")
    options = options_from_args(args)
    hypothesis_paths: list[str] = args.input or [STDIN]
    if not args.refs:
        raise UsageError(f"no reference file given: python -m {PROG} REF [REF ...] -i HYP (references before -i)")
    if args.paired_bs or args.paired_ar or args.confidence:
        return run_significance(args, hypothesis_paths, options)
    if len(hypothesis_paths) > 1:
        raise UsageError(
            f"give one hypothesis file with -i, got {len(hypothesis_paths)}: {' '.join(hypothesis_paths)} "
            "(compare systems with --paired-bs or --paired-ar)"
        )
    if args.sentence_level:
        return run_sentences(args, hypothesis_paths[0], options)
    return run_corpus(args, hypothesis_paths[0], options)


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
