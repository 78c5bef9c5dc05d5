"""The report's LaTeX table (booktabs): systems x metrics, each score with its 95% bootstrap interval and a mark
where it differs from the baseline (paired bootstrap, Koehn 2004), and a footnote with the test, the resamples
and the signatures, as MATEO's and sacreBLEU's LaTeX outputs report them; with ``--rank``, one table per metric
in the style of WMT25's rankings (rank range, system, value; a ``\\cmidrule`` where a cluster ends); with
``--human``, a table of every metric's correlations with the human judgement, the number of systems stated."""

from __future__ import annotations

from ..significance import Ranking
from .auto_ranking import autorank_latex
from .build import Report
from .deltas import deltas_latex
from .latex_base import latex_escape
from .latex_base import latex_float as _float
from .wmt_meta import wmt_meta_latex, wmt_meta_rows

__all__ = ["latex_escape", "latex_meta", "latex_ranking", "latex_table"]

MARK = r"$^{\dagger}$"


def latex_table(report: Report, alpha: float = 0.05) -> str:
    """A ``table`` float holding a booktabs ``tabular`` (one row per system) and its footnote; needs only
    ``\\usepackage{booktabs}``."""
    header = [
        "System",
        *(latex_escape(t.label) + (r" $\uparrow$" if t.higher_is_better else r" $\downarrow$") for t in report.tables),
    ]
    rows = []
    for system in report.systems:
        cells = [latex_escape(system) + (" (baseline)" if system == report.baseline else "")]
        for table in report.tables:
            row = next((r for r in table.rows if r.system == system), None)
            if row is None:
                cells.append("--")
                continue
            mark = MARK if report.significant(table, system, alpha) else ""
            d = report.digits_of(table)
            interval = f" {{\\scriptsize [{row.lower:.{d}f}, {row.upper:.{d}f}]}}" if row.lower is not None else ""
            cells.append(f"{row.score:.{d}f}{mark}{interval}")
        rows.append(" & ".join(cells) + r" \\")
    signatures = "; ".join(
        f"{latex_escape(label)}: \\texttt{{{latex_escape(sacre or ours, typewriter=True)}}}"
        for label, ours, sacre in report.signatures
    )
    resampling = report.settings
    note = (
        f"{MARK} differs from the baseline (paired bootstrap resampling, Koehn 2004: "
        f"{resampling.n_samples:,} resamples, seed {resampling.seed}, $p < {alpha}$). "
        "Brackets: 95\\% bootstrap confidence interval. "
        f"{report.segments:,} segments, {report.nrefs} reference{'s' if report.nrefs != 1 else ''}. "
        f"Signatures (sacreBLEU 2.6 where it has the metric, else bleucore): {signatures}."
    )
    if report.identical:
        names = ", ".join(latex_escape(name) for name in report.identical)
        note += f" Output identical to the baseline's, so never marked: {names}."
    rankings = [latex_ranking(r, report.digits_of(t)) for r, t in zip(report.rankings, report.tables)]
    return "\n".join(
        [
            "% BLEU Explorer report (bleucore); needs \\usepackage{booktabs}",
            _float("l" + "c" * len(report.tables), [" & ".join(header) + r" \\"], rows, note),
            *rankings,
            *([latex_meta(report)] if report.meta else []),
            *([deltas_latex(report)] if len(report.systems) > 1 else []),
            *([autorank_latex(report.autorank)] if report.autorank else []),
            *([wmt_meta_latex(report)] if wmt_meta_rows(report) else []),
            "",
        ]
    )


def latex_ranking(ranking: Ranking, digits: int = 2) -> str:
    """One metric's ranking as WMT25 typesets its tables: rank range, system and value, best first, a
    ``\\cmidrule`` where a cluster ends, and a footnote naming the test."""
    arrow = r"$\uparrow$" if ranking.higher_is_better else r"$\downarrow$"
    lines = []
    for row, end in zip(ranking.rows, ranking.cluster_ends()):
        lines.append(f"{row.rank[0]}--{row.rank[1]} & {latex_escape(row.system)} & {row.value:.{digits}f} \\\\")
        if end:
            lines.append("\\cmidrule{1-3}")
    if ranking.test == "wilcoxon":
        test = "one-sided Wilcoxon signed-rank tests on the segment scores"
    else:
        test = f"paired bootstrap resampling ({ranking.n_samples:,} resamples, seed {ranking.seed})"
    note = (
        f"Systems ranked by {latex_escape(ranking.metric)} as WMT25 ranks them: a system's rank range extends past "
        f"every neighbour not significantly different ({test}, $p < {ranking.alpha}$); a rule separates clusters."
    )
    return _float("clc", [f"Rank & System & {latex_escape(ranking.metric)} {arrow} \\\\"], lines, note)


def _correlation(value: float | None) -> str:
    return "--" if value is None else f"{value:.3f}"


def latex_meta(report: Report) -> str:
    """Every metric's correlations with the human judgement ``report.human``: Pearson, Kendall tau-b and pairwise
    accuracy over the systems, Kendall tau-b over the segments pooled; a footnote with the number of systems."""
    human = latex_escape(report.human or "")
    systems = len(report.systems)
    segments = next((row.size for row in report.meta if row.level == "segment"), 0)
    rows = []
    for row in report.meta:
        if row.level != "system":
            continue
        segment = next((r for r in report.meta if r.metric == row.metric and r.level == "segment"), None)
        cells = [row.pearson, row.kendall, row.pairwise_accuracy, segment.kendall if segment else None]
        rows.append(" & ".join([latex_escape(row.metric), *map(_correlation, cells)]) + r" \\")
    note = (
        f"Correlation with the human judgement {human} over the {systems} systems' corpus values (Pearson's $r$, "
        "Kendall's $\\tau_b$, pairwise accuracy as Kocmi et al. 2021: a tie matches only a tie) and over all "
        f"{segments:,} segments pooled (Kendall's $\\tau_b$). Lower-is-better values are negated first. With "
        f"{systems} systems ({systems * (systems - 1) // 2} pairs) a system-level correlation is uncertain (its "
        "interval is wide): small differences between metrics say little."
    )
    head = [
        f" & \\multicolumn{{3}}{{c}}{{{systems} systems}} & Segments \\\\",
        "\\cmidrule(lr){2-4}\\cmidrule(lr){5-5}",
        f"Metric vs {human} & Pearson & Kendall & Pairwise acc. & Kendall \\\\",
    ]
    return _float("lcccc", head, rows, note)
