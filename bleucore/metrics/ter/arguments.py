"""TER's argument group of the command line, with sacreBLEU 2.6's flag names."""

from __future__ import annotations

import argparse

from .options import TerOptions

__all__ = ["add_arguments", "options_from_args"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The "TER options" group (used with -m ter; the defaults are Tercom's)."""
    group = parser.add_argument_group("TER options (with -m ter; the defaults are Tercom's)")
    group.add_argument("--ter-case-sensitive", action="store_true", help="keep case (TER lowercases by default)")
    group.add_argument(
        "--ter-asian-support",
        action="store_true",
        help="with --ter-normalized or --ter-no-punct: split CJK characters, remove CJK punctuation",
    )
    group.add_argument("--ter-no-punct", action="store_true", help="remove punctuation")
    group.add_argument(
        "--ter-normalized", action="store_true", help="Tercom's normalization and punctuation tokenization"
    )


def options_from_args(args: argparse.Namespace) -> TerOptions:
    """TerOptions of the command line."""
    return TerOptions(
        normalized=args.ter_normalized,
        no_punct=args.ter_no_punct,
        asian_support=args.ter_asian_support,
        case_sensitive=args.ter_case_sensitive,
    )
