"""chrF's argument group of the command line, with sacreBLEU 2.6's flag names."""

from __future__ import annotations

import argparse

from ...cli.usage import UsageError
from .options import ChrfOptions

__all__ = ["add_arguments", "options_from_args"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The "chrF options" group (used with -m chrf)."""
    group = parser.add_argument_group("chrF options (with -m chrf)")
    group.add_argument(
        "-cc",
        "--chrf-char-order",
        type=int,
        default=6,
        metavar="N",
        help="character n-gram order (default: %(default)s)",
    )
    group.add_argument(
        "-cw",
        "--chrf-word-order",
        type=int,
        default=0,
        metavar="N",
        help="word n-gram order (default: %(default)s; 2 is chrF++)",
    )
    group.add_argument(
        "--chrf-beta",
        type=int,
        default=2,
        metavar="BETA",
        help="recall is BETA times as important as precision (default: %(default)s)",
    )
    group.add_argument("--chrf-whitespace", action="store_true", help="count spaces in character n-grams")
    group.add_argument("--chrf-lowercase", action="store_true", help="case-insensitive chrF")
    group.add_argument(
        "--chrf-eps-smoothing",
        action="store_true",
        help="chrF++.py's epsilon smoothing instead of sacreBLEU's effective order",
    )


def options_from_args(args: argparse.Namespace) -> ChrfOptions:
    """ChrfOptions of the command line; a bad value is a UsageError naming the flag."""
    try:
        return ChrfOptions(
            char_order=args.chrf_char_order,
            word_order=args.chrf_word_order,
            beta=args.chrf_beta,
            lowercase=args.chrf_lowercase,
            whitespace=args.chrf_whitespace,
            eps_smoothing=args.chrf_eps_smoothing,
        )
    except ValueError as exc:
        raise UsageError(f"{exc} (--chrf-char-order, --chrf-word-order, --chrf-beta)") from None
