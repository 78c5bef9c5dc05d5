"""The command line's text output, read as sacreBLEU's lines and bleucore's second-signature comment lines
(``# sacreBLEU 2.6: BLEU|nrefs:1|...|version:2.6.0``, one per metric, under the score lines)."""

from __future__ import annotations

PAIR = "# sacreBLEU 2.6"


def score_lines(text: str) -> str:
    """The output without its comment lines: what sacreBLEU's text format holds."""
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith(PAIR))


def sacrebleu_signatures(text: str) -> list[str]:
    """The ``NAME|signature`` each comment line gives (as sacreBLEU prints it before " = ")."""
    return [line.removeprefix(PAIR + ": ") for line in text.splitlines() if line.startswith(PAIR + ": ")]
