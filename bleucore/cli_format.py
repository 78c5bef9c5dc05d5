"""The command line's sacreBLEU 2.6 layouts: short signatures (``-sh``) and the table of several
systems (``-i sys1 sys2 ...`` without a paired test: ``-f text`` tabulate's fancy_grid, ``-f latex``
its latex_booktabs, JSON a list), written here without tabulate (bleucore needs only numpy)."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["SHORT_KEYS", "latex_table", "short_signature", "signatures_block", "text_table"]

#: sacreBLEU's abbreviations (``Signature._abbr``), shared and per metric label; bleucore's own
#: BLEU keys (order, weights, reflen, variant) get N, w, rl and var.
_SHARED = {"version": "v", "nrefs": "#", "test": "t", "lang": "l", "subset": "S", "origlang": "o",
           "bs": "bs", "ar": "ar", "seed": "rs"}
SHORT_KEYS: dict[str, dict[str, str]] = {
    "BLEU": {**_SHARED, "case": "c", "eff": "e", "tok": "tok", "smooth": "s",
             "order": "N", "weights": "w", "reflen": "rl", "variant": "var"},
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
    return "\n".join([f"\\begin{{tabular}}{{{columns}}}", "\\toprule", line(header), "\\midrule", *body,
                      "\\bottomrule", "\\end{tabular}"])


def signatures_block(signatures: dict[str, str]) -> str:
    """The block under sacreBLEU's tables: ``Metric signatures`` and `` - BLEU       <signature>``."""
    lines = ["-----------------", "Metric signatures", "-----------------"]
    lines += [f" - {name:<10} {sig}" for name, sig in signatures.items()]
    return "\n".join(lines)
