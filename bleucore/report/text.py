"""The report as text, printed when no output file is asked: the corpus table (each score with its interval and a
mark where it differs from the baseline) and, with ``--rank``, each metric's ranking with a rule between clusters;
with ``--human``, every metric's correlations with the human judgement."""

from __future__ import annotations

from ..cli.formats import text_table
from ..significance import Ranking
from .auto_ranking import autorank_text
from .build import Report
from .deltas import deltas_text
from .wmt_meta import wmt_meta_text

__all__ = ["meta_text", "rank_cell", "ranking_test", "ranking_text", "summary"]


def rank_cell(rank: tuple[int, int]) -> str:
    """A rank range as WMT25's tables print it: ``1-1``, ``2-4``."""
    return f"{rank[0]}-{rank[1]}"


def ranking_test(ranking: Ranking) -> str:
    """The test that separated the clusters, in a few words."""
    if ranking.test == "wilcoxon":
        return f"one-sided Wilcoxon signed-rank test on the segment scores, p < {ranking.alpha}"
    return f"paired bootstrap, {ranking.n_samples:,} resamples, seed {ranking.seed}, p < {ranking.alpha}"


def ranking_text(ranking: Ranking, digits: int) -> str:
    """One metric's ranking: rank range, system and value, a rule where a cluster ends."""
    rows = [[rank_cell(row.rank), row.system, f"{row.value:.{digits}f}"] for row in ranking.rows]
    widths = [max(len(h), *(len(r[k]) for r in rows)) for k, h in enumerate(("Rank", "System", ranking.metric))]
    line = "  ".join
    out = [f"Ranking by {ranking.metric} ({ranking_test(ranking)}; clusters as WMT25)"]
    out.append(line(h.ljust(w) for h, w in zip(("Rank", "System", ranking.metric), widths)).rstrip())
    for row, end in zip(rows, ranking.cluster_ends()):
        out.append(line(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
        if end:
            out.append("-" * (sum(widths) + 4))
    return "\n".join(out) + "\n"


def summary(report: Report) -> str:
    """The corpus table as text: each score, its interval, and * where it differs from the baseline; then the
    rankings, the correlations and the deltas, a blank line between sections and a newline at the end."""
    header = ["System", *(t.label for t in report.tables)]
    rows = []
    for system in report.systems:
        cells = [system + (" (baseline)" if system == report.baseline else "")]
        for table in report.tables:
            row = next((r for r in table.rows if r.system == system), None)
            digits = report.digits_of(table)
            mark = "*" if row is not None and report.significant(table, system) else ""
            if row is None:
                cells.append("--")
            elif row.lower is None or row.upper is None:
                cells.append(f"{row.score:.{digits}f}{mark}")
            else:
                cells.append(f"{row.score:.{digits}f}{mark} [{row.lower:.{digits}f}, {row.upper:.{digits}f}]")
        rows.append(cells)
    notes = [f"{name}: output identical to the baseline's, never marked different" for name in report.identical]
    text = (
        text_table(header, rows)
        + "\n* differs from the baseline (paired bootstrap, p < 0.05)\n"
        + "".join(note + "\n" for note in notes)
    )
    for ranking, table in zip(report.rankings, report.tables):
        text += "\n" + ranking_text(ranking, report.digits_of(table))
    if report.autorank is not None:
        text += "\n" + autorank_text(report.autorank)
    if report.meta:
        text += "\n" + meta_text(report)
        spa = wmt_meta_text(report)
        text += "\n" + spa if spa else ""
    deltas = deltas_text(report)
    return text + ("\n" + deltas if deltas else "")  # each section ends with its newline: a blank line between


def meta_text(report: Report) -> str:
    """Every metric against the human judgement: Pearson, Kendall tau-b and pairwise accuracy over the systems,
    Kendall tau-b over every segment pooled."""

    def number(value: float | None) -> str:
        return "no data" if value is None else f"{value:.3f}"

    systems = len(report.systems)
    rows = []
    for row in report.meta:
        if row.level == "system":
            segment = next((r for r in report.meta if r.metric == row.metric and r.level == "segment"), None)
            values = [row.pearson, row.kendall, row.pairwise_accuracy, segment.kendall if segment else None]
            rows.append([row.metric, *map(number, values)])
    header = ["Metric", "Pearson", "Kendall", "Pairwise acc.", "Kendall (segments)"]
    return (
        f"Against {report.human}, human judgements, over {systems} systems (few systems give wide intervals) and "
        "every segment pooled\n" + text_table(header, rows) + "\n"
    )
