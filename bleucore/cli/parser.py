"""The command line's parser: sacreBLEU 2.6's flag names (never abbreviated), one argument group per metric
from the registry, and sacreBLEU's test-set flags ending in an error that says what to do instead."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from ..metrics import DEFAULT_METRIC, METRIC_NAMES, METRICS
from ..reading.lines import STDIN
from ..significance.defaults import AR_TRIALS, BOOTSTRAP_SAMPLES, SEED
from .usage import PROG, UsageError

MAX_WIDTH = 16
FORMATS = ("json", "text", "latex")
#: sacreBLEU's environment variable that overrides -f/--format.
FORMAT_ENV = "SACREBLEU_FORMAT"

#: sacreBLEU 2.6 flags bleucore does not have, with what to do instead (``_Unsupported``).
UNSUPPORTED: dict[tuple[str, ...], str] = {
    ("-t", "--test-set"): "bleucore scores files only; fetch the test set with "
    "`sacrebleu -t SET -l PAIR --echo ref > ref.txt` and give ref.txt before -i",
    ("--echo",): "use `sacrebleu -t SET -l PAIR --echo src|ref` to print a test set's lines",
    ("--download",): "use `sacrebleu --download SET` to download a test set",
    ("--list", "-ls"): "use `sacrebleu --list` to list test sets",
    ("--citation", "--cite"): "use `sacrebleu -t SET --citation` for a test set's citation",
    ("-ol", "--origlang"): "select the lines yourself and give the files before -i (no test-set annotations here)",
    ("--subset",): "select the lines yourself and give the files before -i (no test-set annotations here)",
    ("-d", "--detail"): "per-origlang detail needs a test set; score the subsets' files one by one",
}


class _Unsupported(argparse.Action):
    """A sacreBLEU flag bleucore does not have: the parse ends with a message naming what to do instead."""

    def __init__(self, option_strings: Sequence[str], dest: str, advice: str = "", **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs="*", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
        self.advice = advice

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        raise argparse.ArgumentError(self, f"sacreBLEU's {option_string} is not supported by {PROG}: {self.advice}")


class _Version(argparse.Action):
    """``-V/--version``: the version read when asked (bleucore.version reads the package metadata), not at start-up."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        from ..version import __version__  # lazy: importlib.metadata only when the version is asked for

        sys.stdout.write(f"{PROG} {__version__}\n")  # as argparse's version action: standard output
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """argparse, but an error raises UsageError instead of printing usage and exiting."""

    def _get_option_tuples(self, option_string: str) -> list[Any]:
        # No prefix matching at all: allow_abbrev=False covers --long options only, so drop the
        # prefix matches of -short options too (-l is not -lc); "-w2" (-w with 2) stays.
        tuples: list[Any] = super()._get_option_tuples(option_string)
        return [t for t in tuples if not option_string.startswith("--") and t[1] == option_string[:2]]

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see python -m {PROG} --help)")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser: sacreBLEU's names for the flags both tools have."""
    parser = _Parser(
        prog=PROG,
        allow_abbrev=False,  # -t is never taken for -tok, nor -sh for -s h
        description=(
            "Corpus or sentence BLEU of a hypothesis file against reference files, numbers identical to\n"
            "sacreBLEU 2.6 (sacreBLEU smoothing) and NLTK 3.10 (nltk-method* smoothing).\n\n"
            f"  {PROG} ref1.txt ref2.txt -i hyp.txt            corpus BLEU as JSON\n"
            f"  {PROG} ref.txt -i hyp.txt -f text -w 2         sacreBLEU's text line\n"
            f"  {PROG} ref.txt -i hyp.txt -sl -f json          one JSON object per line\n"
            f"  {PROG} ref.txt -i sys1.txt sys2.txt -f latex   a table of several systems\n\n"
            "Files are UTF-8 (a BOM is ignored; -e for another encoding), one segment per line;\n"
            f"reference files go before -i. python -m {PROG} runs the same command."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("refs", nargs="*", metavar="REF", help="reference files, line-aligned with the hypotheses")
    parser.add_argument(
        "-i",
        "--input",
        nargs="+",
        metavar="HYP",
        default=None,
        help=f"hypothesis file(s) ('{STDIN}' or none given: standard input); put them after the references",
    )
    parser.add_argument(
        "-nr",
        "--num-refs",
        type=int,
        default=1,
        metavar="N",
        help="one reference file whose lines hold N tab-separated references (default: %(default)s)",
    )
    parser.add_argument(
        "-e",
        "--encoding",
        default="utf-8",
        help="encoding of the input files (default: %(default)s; output is always UTF-8)",
    )

    parser.add_argument(
        "-m",
        "--metrics",
        nargs="+",
        choices=METRIC_NAMES,
        default=None,
        metavar="METRIC",
        help=f"metrics to compute: {', '.join(METRIC_NAMES)} (default: {DEFAULT_METRIC})",
    )
    for name in METRICS:  # one argument group per metric, in registry order
        METRICS[name].add_arguments(parser)

    tests = parser.add_argument_group(
        f"significance (sacreBLEU 2.6's draws: seed {SEED}, identical p-values, means and intervals)"
    )
    tests.add_argument(
        "-ci", "--confidence", action="store_true", help="one system: bootstrap mean ± 95%% confidence interval"
    )
    tests.add_argument(
        "-cin",
        "--confidence-n",
        type=int,
        default=BOOTSTRAP_SAMPLES,
        metavar="N",
        help="bootstrap resamples for --confidence (default: %(default)s)",
    )
    paired = tests.add_mutually_exclusive_group()
    paired.add_argument(
        "-pbs", "--paired-bs", action="store_true", help="paired bootstrap resampling: -i BASELINE SYSTEM [SYSTEM ...]"
    )
    paired.add_argument(
        "-par",
        "--paired-ar",
        action="store_true",
        help="paired approximate randomization: -i BASELINE SYSTEM [SYSTEM ...]",
    )
    tests.add_argument(
        "-pbsn",
        "--paired-bs-n",
        type=int,
        default=BOOTSTRAP_SAMPLES,
        metavar="N",
        help="resamples for --paired-bs (default: %(default)s)",
    )
    tests.add_argument(
        "-parn",
        "--paired-ar-n",
        type=int,
        default=AR_TRIALS,
        metavar="N",
        help="trials for --paired-ar (default: %(default)s)",
    )
    tests.add_argument(
        "--human-agreement",
        action="store_true",
        help="with a paired test: beside each p-value, how likely people agree with the delta (Kocmi et al. 2024's "
        "MT-Thresholds; BLEU and chrF, 'no estimate' for the others): a text column and a JSON key",
    )
    tests.add_argument(
        "-j",
        "--paired-jobs",
        type=int,
        default=1,
        metavar="N",
        help="accepted for sacreBLEU compatibility; the tests run in one process (same numbers)",
    )

    report = parser.add_argument_group("output")
    report.add_argument("-sl", "--sentence-level", action="store_true", help="score every hypothesis line")
    report.add_argument(
        "-f",
        "--format",
        choices=FORMATS,
        default=None,
        help=f"json, text or latex (several systems; default: json for corpus BLEU, text with -sl, "
        f"as sacreBLEU); ${FORMAT_ENV} overrides it, as in sacreBLEU",
    )
    report.add_argument(
        "-w", "--width", type=int, default=1, help="decimals of the score in text output (default: %(default)s)"
    )
    report.add_argument("-b", "--score-only", action="store_true", help="print only the score (-w decimals)")
    report.add_argument("-q", "--quiet", action="store_true", help="no warnings on standard error")
    report.add_argument("-sh", "--short", action="store_true", help="sacreBLEU's short signature (#:1|c:mixed|...)")
    report.add_argument(
        "-nc", "--no-color", action="store_true", help="accepted for sacreBLEU compatibility (never coloured)"
    )
    for flags, advice in UNSUPPORTED.items():
        parser.add_argument(*flags, action=_Unsupported, advice=advice)
    report.add_argument("-V", "--version", action=_Version, nargs=0, help="print the version and exit")
    return parser


# --- scoring and output ----------------------------------------------------------------------
