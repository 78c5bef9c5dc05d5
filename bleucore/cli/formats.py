"""The command line's sacreBLEU 2.6 layouts: a score's text line and JSON, short signatures (``-sh``), several
metrics' outputs joined, and the table of several
systems (``-i sys1 sys2 ...`` without a paired test: ``-f text`` tabulate's fancy_grid, ``-f latex``
its latex_booktabs, JSON a list), written here without tabulate (bleucore needs only numpy)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..metrics import Score

__all__ = [
    "SHORT_KEYS",
    "join_outputs",
    "latex_table",
    "score_dict",
    "short_signature",
    "signatures_block",
    "text_line",
    "text_table",
]

#: sacreBLEU's abbreviations (``Signature._abbr``), shared and per metric label; bleucore's own
#: BLEU keys (order, weights, reflen, variant) get N, w, rl and var.
_SHARED = {
    "version": "v",
    "nrefs": "#",
    "test": "t",
    "lang": "l",
    "subset": "S",
    "origlang": "o",
    "bs": "bs",
    "ar": "ar",
    "seed": "rs",
}
SHORT_KEYS: dict[str, dict[str, str]] = {
    "BLEU": {
        **_SHARED,
        "case": "c",
        "eff": "e",
        "tok": "tok",
        "smooth": "s",
        "order": "N",
        "weights": "w",
        "reflen": "rl",
        "variant": "var",
    },
    "chrF": {**_SHARED, "case": "c", "eff": "e", "nc": "nc", "nw": "nw", "space": "s"},
    "TER": {**_SHARED, "case": "c", "tok": "t", "norm": "nr", "punct": "pn", "asian": "as"},
}


def short_signature(signature: str, label: str) -> str:
    """``nrefs:1|case:mixed|...`` as ``#:1|c:mixed|...`` (keys unknown to the table stay as they are)."""
    keys = SHORT_KEYS.get(label, _SHARED)
    parts = []
    for part in signature.split("|"):
        key, sep, value = part.partition(":")
        parts.append(f"{keys.get(key, key)}{sep}{value}")
    return "|".join(parts)


def _center(text: str, width: int) -> str:
    """tabulate's centring: the odd space goes to the right."""
    left = (width - len(text)) // 2
    return " " * left + text + " " * (width - len(text) - left)


def _widths(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[int]:
    # tabulate: a column is as wide as its widest cell, and at least its header + 2.
    return [max([len(header[i]) + 2, *(len(row[i]) for row in rows)]) for i in range(len(header))]


def _cells(row: Sequence[str], widths: Sequence[int]) -> list[str]:
    # the System column right-aligned, the metric columns centred (sacreBLEU's colalign, stralign)
    return [row[0].rjust(widths[0]), *(_center(cell, w) for cell, w in zip(row[1:], widths[1:]))]


def text_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """tabulate's ``fancy_grid``, as ``sacrebleu -i sys1 sys2 -f text`` prints it."""
    widths = _widths(header, rows)

    def rule(left: str, fill: str, cross: str, right: str) -> str:
        return left + cross.join(fill * (w + 2) for w in widths) + right

    def line(row: Sequence[str]) -> str:
        return "│" + "│".join(f" {cell} " for cell in _cells(row, widths)) + "│"

    out = [rule("╒", "═", "╤", "╕"), line(header), rule("╞", "═", "╪", "╡")]
    for i, row in enumerate(rows):
        if i:
            out.append(rule("├", "─", "┼", "┤"))
        out.append(line(row))
    out.append(rule("╘", "═", "╧", "╛"))
    return "\n".join(out)


def latex_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """tabulate's ``latex_booktabs``, as ``sacrebleu -i sys1 sys2 -f latex`` prints it."""
    widths = _widths(header, rows)

    def line(row: Sequence[str]) -> str:
        return " " + " & ".join(_cells(row, widths)) + " \\\\"

    body = [line(row) for row in rows]
    columns = "r" + "c" * (len(header) - 1)
    return "\n".join(
        [
            f"\\begin{{tabular}}{{{columns}}}",
            "\\toprule",
            line(header),
            "\\midrule",
            *body,
            "\\bottomrule",
            "\\end{tabular}",
        ]
    )


def signatures_block(signatures: dict[str, str]) -> str:
    """The block under sacreBLEU's tables: ``Metric signatures`` and `` - BLEU       <signature>``."""
    lines = ["-----------------", "Metric signatures", "-----------------"]
    lines += [f" - {name:<10} {sig}" for name, sig in signatures.items()]
    return "\n".join(lines)


def text_line(score: Score, width: int, short: bool = False) -> str:
    """sacreBLEU's text line: ``BLEU|<signature> = 50.5 94.4/58.8/43.8/26.7 (BP = 1.000 ...)``
    (``short``: the signature abbreviated as sacreBLEU's ``-sh``)."""
    # Score.format gives "NAME = <score> ..."; add the signature after the name.
    name, rest = score.format(width).split(" = ", 1)
    signature = short_signature(score.signature, name) if short else score.signature
    return f"{name}|{signature} = {rest}"


def score_dict(score: Score, width: int) -> dict[str, object]:
    """Score.to_dict() (full precision) plus sacreBLEU's ``verbose_score`` string (what follows the score)."""
    d = score.to_dict()
    verbose = score.format(width).split(" = ", 1)[1].split(" ", 1)[1:]  # chrF and TER have none
    if verbose:
        d["verbose_score"] = verbose[0]
    return d


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
