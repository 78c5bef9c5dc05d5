"""The report's AutoRank (``bleucore.significance.auto_rank``, WMT25's): every metric of the report but the human
judgement combined from its corpus values, and the AutoRank as a table in the HTML, LaTeX and text outputs, beside the
clusters of ``--rank``."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..significance import SignificanceTable
from ..significance.auto_rank import AutoRank, autorank
from .latex_base import latex_escape, latex_float

__all__ = ["autorank_html", "autorank_latex", "autorank_note", "autorank_text", "report_autorank"]


def report_autorank(tables: Sequence[SignificanceTable], systems: Sequence[str], human: str | None) -> AutoRank | None:
    """AutoRank of ``systems`` over every table's metric but ``human`` and any metric that cannot score every system;
    None below 2 systems or without such a metric."""
    scores: dict[str, list[float]] = {}
    lower: list[str] = []
    for table in tables:
        if table.label == human:
            continue
        by_system = {row.system: row.score for row in table.rows}
        if any(name not in by_system for name in systems):
            continue
        scores[table.label] = [by_system[name] for name in systems]
        if not table.higher_is_better:
            lower.append(table.label)
    if len(systems) < 2 or not scores:
        return None
    return autorank(systems, scores, lower_is_better=lower)


def autorank_note(ranking: AutoRank, human: str | None) -> str:
    """How the AutoRank was made, in one paragraph."""
    metrics = ", ".join(ranking.metrics)
    turned = [m for m, up in zip(ranking.metrics, ranking.higher_is_better) if not up]
    flipped = f" ({', '.join(turned)} negated first: lower is better)" if turned else ""
    left_out = f" {human}, the human judgement, is left out: its own ranking is the people's." if human else ""
    return (
        f"AutoRank as WMT25 ranks systems without human judgements: each metric's corpus values ({metrics}{flipped}) "
        "scaled by (x - median) / max(epsilon, Q100 - Q25), averaged with equal weights, then mapped linearly so that "
        f"the best average is 1 and the worst {len(ranking.rows)}. It orders the systems; it is not a significance "
        f"test (the clusters above are).{left_out}"
    )


def autorank_html(ranking: AutoRank, human: str | None) -> list[str]:
    """The AutoRank section of the HTML report."""
    head = "".join(f"<th>{escape(m)} (scaled)</th>" for m in ranking.metrics)
    out = [
        "<h2>AutoRank</h2>",
        f'<p class="note">{escape(autorank_note(ranking, human))}</p>',
        f'<table class="autorank"><thead><tr><th>place</th><th>system</th><th>AutoRank</th>{head}</tr></thead><tbody>',
    ]
    for row in ranking.rows:
        scaled = "".join(f"<td>{z:+.2f}</td>" for z in row.scaled)
        out.append(f"<tr><td>{row.place}</td><td>{escape(row.system)}</td><td>{row.autorank:.1f}</td>{scaled}</tr>")
    out.append("</tbody></table>")
    return out


def autorank_text(ranking: AutoRank) -> str:
    """The AutoRank as a text table, best first."""
    header = ["Place", "System", "AutoRank"]
    rows = [[str(row.place), row.system, f"{row.autorank:.1f}"] for row in ranking.rows]
    widths = [max(len(h), *(len(r[k]) for r in rows)) for k, h in enumerate(header)]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip() for line in [header, *rows]]
    return f"AutoRank of {', '.join(ranking.metrics)} (WMT25; 1 is best)\n" + "\n".join(lines) + "\n"


def autorank_latex(ranking: AutoRank) -> str:
    """The AutoRank as one of the report's LaTeX tables (place, system, AutoRank) with its footnote."""
    rows = [f"{row.place} & {latex_escape(row.system)} & {row.autorank:.1f} \\\\" for row in ranking.rows]
    metrics = ", ".join(latex_escape(m) for m in ranking.metrics)
    note = (
        f"AutoRank as WMT25 computes it from {metrics}: each metric's corpus values scaled by "
        "$(x - \\mathrm{median}) / \\max(\\varepsilon, Q_{100} - Q_{25})$ (lower-is-better metrics negated), "
        "averaged, and mapped linearly onto 1 (best) to $N$. An ordering, not a significance test."
    )
    return latex_float("clc", ["Place & System & AutoRank \\\\"], rows, note)
