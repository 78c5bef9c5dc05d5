"""The report's section on WMT25's two meta-evaluation measures against ``--human`` (``bleucore.meta_evaluation``):
soft pairwise accuracy at the system level (Thompson et al. 2024; WMT25 prints PCE = 1 - SPA) and tie-calibrated
pairwise accuracy acc_eq at the segment level (Deutsch et al. 2023), with its tie threshold, in HTML, LaTeX and
text. Both are mt-metrics-eval's numbers (``scripts/check_mt_metrics_eval.py``)."""

from __future__ import annotations

from html import escape

from ..cli.formats import text_table
from ..meta_evaluation import MetaRow
from .build import Report
from .latex_base import latex_escape, latex_float

__all__ = ["wmt_meta_html", "wmt_meta_latex", "wmt_meta_note", "wmt_meta_rows", "wmt_meta_text"]


def wmt_meta_rows(report: Report) -> list[tuple[str, MetaRow, MetaRow]]:
    """(metric, its system-level row, its segment-level row) for every metric that has both measures."""
    levels: dict[str, dict[str, MetaRow]] = {}
    for row in report.meta:
        levels.setdefault(row.metric, {})[row.level] = row
    return [
        (metric, rows["system"], rows["segment"])
        for metric, rows in levels.items()
        if "system" in rows and "segment" in rows and rows["system"].spa is not None and rows["segment"].acc_eq
    ]


def wmt_meta_note(report: Report) -> str:
    """What the two measures are and how to read them, in one paragraph."""
    systems = len(report.systems)
    pairs = systems * (systems - 1) // 2
    first = wmt_meta_rows(report)
    permutations = first[0][1].spa.permutations if first and first[0][1].spa else 1000
    return (
        f"As WMT25's metrics task meta-evaluates metrics against {report.human}. Soft pairwise accuracy (SPA, "
        "Thompson et al. 2024): for each of the "
        f"{pairs} pairs of the {systems} systems, the p-value of a one-sided paired permutation test ({permutations:,} "
        "permutations, seed 4, mt-metrics-eval's) that one is better than the other, from the people's segment scores "
        "and from the metric's; SPA is 1 minus the mean gap between the two p-values (1: the metric is exactly as sure "
        "as the people about every pair, including the pairs they cannot tell apart). WMT25 prints PCE = 1 - SPA. "
        "acc_eq (Deutsch et al. 2023): within each segment, the share of system pairs the metric orders as the people "
        "do, a tie counting only where both tie, averaged over the segments; metric differences up to the tie "
        "threshold epsilon count as ties, epsilon chosen to give the highest acc_eq (without it, a metric that never "
        "ties could not match the people's many ties). Sentence BLEU, chrF and TER are sacreBLEU's sentence scores; "
        "lower-is-better scores are negated first. With few systems SPA moves in steps: compare metrics on it only "
        "where they differ clearly."
    )


def _worst(row: MetaRow) -> str:
    if row.spa is None or not row.spa.pairs:
        return "no data"
    pair = row.spa.worst_pairs(1)[0]
    return f"{pair.first} vs {pair.second}: p = {pair.human_p:.3f} (people), {pair.metric_p:.3f} (metric)"


def wmt_meta_html(report: Report) -> list[str]:
    """The HTML section, or nothing without the measures."""
    found = wmt_meta_rows(report)
    if not found:
        return []
    human = escape(report.human or "")
    out = [
        f"<h2>WMT25's meta-evaluation against {human}</h2>",
        f'<p class="note">{escape(wmt_meta_note(report))}</p>',
        "<table><thead><tr><th>metric</th><th>SPA (systems)</th><th>PCE</th><th>acc_eq (segments)</th>"
        "<th>tie threshold</th><th>acc_eq without new ties</th><th>the pair furthest from the people</th></tr>"
        "</thead><tbody>",
    ]
    for metric, system, segment in found:
        spa, ties = system.spa, segment.acc_eq
        assert spa is not None and ties is not None  # wmt_meta_rows keeps only these
        cells = [
            f"{spa.value:.3f}",
            f"{spa.pce:.3f}",
            f"{ties.value:.3f}",
            f"{ties.epsilon:.4g}",
            f"{ties.untied:.3f}",
            escape(_worst(system)),
        ]
        out.append(f"<tr><td>{escape(metric)}</td>{''.join(f'<td>{c}</td>' for c in cells)}</tr>")
    out.append("</tbody></table>")
    return out


def wmt_meta_text(report: Report) -> str:
    """The two measures as text lines, one per metric."""
    rows = []
    for metric, system, segment in wmt_meta_rows(report):
        spa, ties = system.spa, segment.acc_eq
        assert spa is not None and ties is not None
        rows.append([metric, f"{spa.value:.3f}", f"{ties.value:.3f}", f"{ties.epsilon:.4g}"])
    if not rows:
        return ""
    header = ["Metric", "SPA", "acc_eq", "Tie threshold"]
    title = f"WMT25's meta-evaluation against {report.human} (SPA over systems, acc_eq over segments)\n"
    return title + text_table(header, rows) + "\n"


def wmt_meta_latex(report: Report) -> str:
    """The two measures as one of the report's LaTeX tables."""
    rows = []
    for metric, system, segment in wmt_meta_rows(report):
        spa, ties = system.spa, segment.acc_eq
        assert spa is not None and ties is not None
        rows.append(
            f"{latex_escape(metric)} & {spa.value:.3f} & {spa.pce:.3f} & {ties.value:.3f} & {ties.epsilon:.4g} \\\\"
        )
    human = latex_escape(report.human or "")
    note = (
        f"Against {human}: soft pairwise accuracy over the {len(report.systems)} systems (Thompson et al. 2024; "
        "one-sided paired permutation tests, 1,000 permutations, seed 4) and PCE $= 1 -$ SPA; acc$_{eq}$ over the "
        "segments (Deutsch et al. 2023), averaged per segment, with its calibrated tie threshold $\\varepsilon$. "
        "Computed as mt-metrics-eval computes them."
    )
    head = [f"Metric vs {human} & SPA & PCE & acc$_{{eq}}$ & $\\varepsilon$ \\\\"]
    return latex_float("lcccc", head, rows, note)
