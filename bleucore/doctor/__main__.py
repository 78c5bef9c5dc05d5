"""``python -m bleucore.doctor REF [REF ...] -i HYP [-tok TOK] [-f text|json]``: the setup check on files.

Prints every finding (text or JSON) and exits 1 when one is an error, 0 otherwise; bad usage is one
``bleucore: error:`` line and exit 2, as the main command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict

from ..line_reader import LineReader
from ..tokenizers.registry import TOKENIZER_NAMES
from . import check_setup


def read_lines(path: str) -> list[str]:
    """Every line of a UTF-8 file, as the scoring command line reads it (bleucore's limits apply)."""
    lines: list[str] = []
    with LineReader(path, rstrip=True) as reader:
        while chunk := reader.take(100_000):
            lines += chunk
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bleucore.doctor", allow_abbrev=False,
                                     description="Check an evaluation's files before scoring them.")  # fmt: skip
    parser.add_argument("refs", nargs="+", metavar="REF", help="reference files (before -i)")
    parser.add_argument("-i", "--input", required=True, metavar="HYP", help="the hypothesis file")
    parser.add_argument("-tok", "--tokenize", default="13a", choices=TOKENIZER_NAMES, help="the tokenizer the score uses")
    parser.add_argument("-f", "--format", default="text", choices=("text", "json"))
    try:
        args = parser.parse_args(argv)
        findings = check_setup(read_lines(args.input), [read_lines(r) for r in args.refs], args.input, args.refs, args.tokenize)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 0
    except (ValueError, OSError) as exc:
        sys.stderr.write(f"bleucore: error: {exc}\n")
        return 2
    if args.format == "json":
        sys.stdout.write(json.dumps([asdict(f) for f in findings], ensure_ascii=False, indent=1) + "\n")
    elif findings:
        sys.stdout.write("".join(f"{f.severity}: {f.text()}\n" for f in findings))
    else:
        sys.stdout.write("No problem found in the setup.\n")
    return 1 if any(f.severity == "error" for f in findings) else 0


if __name__ == "__main__":
    sys.exit(main())
