"""The report's table of every delta from the baseline with its p-value and, beside it, how likely people agree with
a delta that large (Kocmi et al. 2024, ``bleucore.significance.thresholds``), in HTML, LaTeX and text; "no
estimate" where the paper has no model of the metric, with the reason."""

from __future__ import annotations

from html import escape

from ..significance import SignificanceRow, SignificanceTable
from ..significance.thresholds import MODELS, SOURCE
from .build import Report
from .latex_base import latex_escape, latex_float

__all__ = ["delta_cell", "deltas_html", "deltas_latex", "deltas_note", "deltas_text"]

_REASONS = {
    "not_covered": "no estimate: the paper does not cover this metric",
    "ambiguous": "no estimate: the name does not say which model (e.g. COMET-22, xCOMET-XL)",
    "identical": "identical to the baseline",
    "human": "the human judgement itself",
}


def delta_cell(report: Report, table: SignificanceTable, row: SignificanceRow) -> str:
    """One system's delta, its p-value and the estimate, in words."""
    digits = report.digits_of(table)
    if row.system in report.identical:
        return _REASONS["identical"]
    delta = f"{row.delta:+.{digits}f}" if row.delta is not None else "--"
    p = f", p = {row.p_bootstrap:.4f}" if row.p_bootstrap is not None else ""
    agreement = row.agreement
    if table.label == report.human:
        return f"{delta}{p}; {_REASONS['human']}"
    if agreement is None or agreement.estimate is None:
        reason = agreement.reason if agreement is not None and agreement.reason else "not_covered"
        return f"{delta}{p}; {_REASONS[reason]}"
    return f"{delta}{p}; people agree with its direction in about {100 * agreement.estimate:.0f}% of such pairs"


def _used(report: Report) -> list[str]:
    keys = {r.agreement.model for t in report.tables for r in t.rows if r.agreement is not None and r.agreement.model}
    return [MODELS[key].name for key in MODELS if key in keys]


def deltas_note(report: Report) -> str:
    """How the estimate is made and how to read it."""
    models = ", ".join(_used(report)) or "none of this report's metrics"
    return (
        f"The estimate ({SOURCE}) is the share of system pairs, among 6,530 pairs judged by people (ToShip23), where "
        "the people preferred the system the metric preferred, for a delta of this size under this metric: a sigmoid "
        f"fitted per metric (here: {models}); learned metrics' deltas are taken in the paper's points, 100 times a "
        "0-1 score. It says how much a delta of this size is worth in general, not whether this one is chance (the "
        "p-value says that); 50% is a coin toss. The paper's BLEU needs about 1.4 points for 70% and 2.3 for 80%."
    )


def deltas_html(report: Report) -> list[str]:
    """The HTML section: systems x metrics, each delta with its p-value and estimate."""
    if len(report.systems) < 2:
        return []
    head = "".join(f"<th>{escape(t.label)}</th>" for t in report.tables)
    out = [
        "<h2>How likely people agree with each delta</h2>",
        f'<p class="note">{escape(deltas_note(report))}</p>',
        f"<table><thead><tr><th>system vs {escape(report.baseline)}</th>{head}</tr></thead><tbody>",
    ]
    for system in report.systems:
        if system == report.baseline:
            continue
        cells = []
        for table in report.tables:
            row = next((r for r in table.rows if r.system == system), None)
            cells.append("<td>not scored</td>" if row is None else f"<td>{escape(delta_cell(report, table, row))}</td>")
        out.append(f"<tr><td>{escape(system)}</td>{''.join(cells)}</tr>")
    out.append("</tbody></table>")
    return out


def deltas_text(report: Report) -> str:
    """One line per system and metric."""
    lines = []
    for table in report.tables:
        for row in table.rows:
            if not row.is_baseline:
                lines.append(f"{row.system} {table.label}: {delta_cell(report, table, row)}")
    if not lines:
        return ""
    return f"Deltas from {report.baseline} and how likely people agree ({SOURCE})\n" + "\n".join(lines) + "\n"


def deltas_latex(report: Report) -> str:
    """The estimates as one of the report's LaTeX tables (a percentage per system and metric, -- where none)."""
    rows = []
    for system in report.systems:
        if system == report.baseline:
            continue
        cells = [latex_escape(system)]
        for table in report.tables:
            row = next((r for r in table.rows if r.system == system), None)
            estimate = row.agreement.estimate if row is not None and row.agreement is not None else None
            cells.append("--" if estimate is None or system in report.identical else f"{100 * estimate:.0f}\\%")
        rows.append(" & ".join(cells) + r" \\")
    head = [" & ".join(["System", *(latex_escape(t.label) for t in report.tables)]) + r" \\"]
    note = (
        f"Estimated share of system pairs where people agree with the metric's delta from "
        f"{latex_escape(report.baseline)} (Kocmi et al. 2024, MT-Thresholds: a sigmoid of the delta fitted per metric "
        "on 6,530 system pairs). --: no model of the metric in the paper, or an output identical to the baseline's."
    )
    return latex_float("l" + "c" * len(report.tables), head, rows, note)
