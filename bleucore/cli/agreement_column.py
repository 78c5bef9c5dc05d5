"""``--human-agreement``'s column in the paired tests' text table: beside each system's p-value, how likely people
agree with its delta (``bleucore.significance.thresholds``: Kocmi et al. 2024), or "no estimate", and a line naming
the source under the table. Without the flag the table is unchanged, so scripts that read its p-value column keep
working."""

from __future__ import annotations

from collections.abc import Sequence

from ..significance.thresholds import SOURCE, HumanAgreement

__all__ = ["agreement_text", "with_agreement_column"]

HEADER = "humans agree"


def agreement_text(agreement: HumanAgreement | None) -> str:
    """A row's cell: "70%", "no estimate", or nothing on the baseline's row."""
    if agreement is None:
        return ""
    return "no estimate" if agreement.estimate is None else f"{100 * agreement.estimate:.0f}%"


def with_agreement_column(table: str, agreements: Sequence[HumanAgreement | None], rows: int) -> str:
    """``table`` (the paired test's text: two title lines, a blank line, the header and ``rows`` rows, then the note)
    with the estimate as a last column and the source after the note."""
    lines = table.rstrip("\n").split("\n")
    first = 3  # the header's line
    block = lines[first : first + 1 + rows]
    cells = [HEADER, *(agreement_text(a) for a in agreements)]
    width = max(len(line) for line in block)
    cell_width = max(len(c) for c in cells)
    lines[first : first + 1 + rows] = [
        f"{line.ljust(width)}  {cell.rjust(cell_width)}".rstrip() for line, cell in zip(block, cells)
    ]
    lines.append(
        f"{HEADER}: the share of system pairs where people agreed with a delta this large under the metric ({SOURCE})."
    )
    return "\n".join(lines) + "\n"
