"""The report as one self-contained HTML file: tables and charts (SVG drawn by ``svg``; ``render_svg`` renders a
Vega-Lite specification of ``charts`` with vl-convert, for whoever wants that look), no script, no stylesheet or font
fetched: it opens offline. Every user text
(system names, labels, file names) is escaped. With ``--rank``, a section of rankings: one table per metric in
WMT25's style (rank range, system, value), a thick rule where a cluster ends. With an imported metric, the
meta-evaluation's sections (``meta_html``): agreement, disagreement examples, correlations with ``--human``."""

from __future__ import annotations

from html import escape

from ..buckets import BucketAnalysis
from ..significance import Ranking
from .auto_ranking import autorank_html
from .build import Report
from .charts import measure_name
from .deltas import deltas_html
from .meta_html import META_STYLE, meta_sections
from .svg import bucket_svg
from .text import rank_cell, ranking_test
from .untested import untested, untested_rule

__all__ = ["html_report", "render_svg"]

_STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans CJK KR",sans-serif;max-width:60rem;
margin:2rem auto;padding:0 1rem;color:#1b1b1b;line-height:1.45}
table{border-collapse:collapse;margin:.6rem 0 1.2rem}th,td{border-bottom:1px solid #ccc;padding:.25rem .6rem;
text-align:right}th:first-child,td:first-child{text-align:left}code{font-size:.85em;word-break:break-all}
figure{margin:1rem 0;overflow-x:auto}.note{color:#444;font-size:.92em}
tr.cluster-end td{border-bottom:2px solid #333}
table.ranking td:nth-child(2),table.ranking th:nth-child(2){text-align:left}
"""
_ANALYSES = {
    "length": "Score by reference length",
    "frequency": "Word accuracy by word frequency",
    "label": "Score by label",
}


def render_svg(spec: dict[str, object]) -> str:
    """The SVG of a Vega-Lite specification (vl-convert, loaded only when a report is drawn)."""
    try:
        import vl_convert  # lazy: an optional package, only the HTML report needs it
    except ImportError as err:
        raise ValueError("the HTML report needs the vl-convert-python package: pip install vl-convert-python") from err
    svg: str = vl_convert.vegalite_to_svg(spec)
    return svg


def _number(value: float | None, digits: int) -> str:
    return "no data" if value is None else f"{value:.{digits}f}"


def _analysis_section(analysis: BucketAnalysis) -> list[str]:
    size = analysis.size_counts
    out = [f"<h2>{escape(_ANALYSES[analysis.analysis])}</h2>"]
    out += [f'<p class="note">{escape(line)}</p>' for line in analysis.method]
    for metric in analysis.metrics:
        out.append(f"<figure>{bucket_svg(analysis, metric)}</figure>")
        head = "".join(f"<th>{escape(s)}</th>" for s in analysis.systems)
        out.append(
            f"<table><caption>{escape(measure_name(metric))} (* differs from the baseline, p &lt; "
            f"0.05; {untested_rule(analysis)})</caption><thead><tr><th>bucket</th><th>{size}</th>{head}</tr></thead>"
            "<tbody>"
        )
        digits = analysis.digits_of(metric)
        for bucket in analysis.buckets:
            cells = []
            for system in analysis.systems:
                v = analysis.value(bucket.name, system, metric)
                text = _number(v.value, digits)
                if v.ci is not None:
                    text += f" [{v.ci[0]:.{digits}f}, {v.ci[1]:.{digits}f}]"
                if v.significant():
                    text += " *"
                cells.append(f"<td>{escape(text)}</td>")
            count = f"{bucket.size:,}" + ("" if analysis.tested(bucket.name) else f" ({untested(analysis, bucket)})")
            out.append(f"<tr><td>{escape(bucket.name)}</td><td>{count}</td>{''.join(cells)}</tr>")
        out.append("</tbody></table>")
    return out


def _ranking_section(ranking: Ranking, digits: int) -> list[str]:
    direction = "higher is better" if ranking.higher_is_better else "lower is better"
    test = ranking_test(ranking)
    out = [
        f"<h3>{escape(ranking.metric)} ({direction})</h3>",
        f'<p class="note">{escape(test[:1].upper() + test[1:])}.</p>',
        f'<table class="ranking"><thead><tr><th>rank</th><th>system</th><th>{escape(ranking.metric)}</th></tr>'
        "</thead><tbody>",
    ]
    for row, end in zip(ranking.rows, ranking.cluster_ends()):
        rule = ' class="cluster-end"' if end else ""
        out.append(
            f"<tr{rule}><td>{rank_cell(row.rank)}</td><td>{escape(row.system)}</td><td>{row.value:.{digits}f}</td></tr>"
        )
    out.append("</tbody></table>")
    return out


def html_report(report: Report, title: str = "BLEU Explorer report") -> str:
    """The whole report as one HTML document."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title><style>{_STYLE}{META_STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f"<p>{len(report.systems)} systems on {report.segments:,} segments with {report.nrefs} reference"
        f"{'s' if report.nrefs != 1 else ''}; baseline: <b>{escape(report.baseline)}</b>. "
        f"Intervals: 95% paired bootstrap ({report.settings.n_samples:,} resamples, seed {report.settings.seed}); "
        "* marks a difference from the baseline with p &lt; 0.05.</p>",
    ]
    if report.identical:
        names = ", ".join(report.identical)
        parts.append(f'<p class="note">{escape(f"Identical to the baseline, so never marked different: {names}.")}</p>')
    parts.append("<h2>Corpus scores</h2><table><thead><tr><th>system</th>")
    parts += [
        f"<th>{escape(t.label)}{' (higher is better)' if t.higher_is_better else ' (lower is better)'}</th>"
        for t in report.tables
    ]
    parts.append("</tr></thead><tbody>")
    for system in report.systems:
        cells = []
        for table in report.tables:
            row = next((r for r in table.rows if r.system == system), None)
            if row is None:
                cells.append("<td>not scored</td>")
                continue
            d = report.digits_of(table)
            text = f"{row.score:.{d}f}"
            if row.lower is not None and row.upper is not None:
                text += f" [{row.lower:.{d}f}, {row.upper:.{d}f}]"
            if row.p_bootstrap is not None and system not in report.identical:
                text += f" p = {row.p_bootstrap:.4f}" + (" *" if report.significant(table, system) else "")
            cells.append(f"<td>{escape(text)}</td>")
        label = system + (" (baseline)" if system == report.baseline else "")
        parts.append(f"<tr><td>{escape(label)}</td>{''.join(cells)}</tr>")
    parts.append("</tbody></table><h3>Signatures</h3><ul>")
    for label, ours, sacre in report.signatures:
        sacre_text = f"sacreBLEU 2.6: <code>{escape(sacre)}</code>; " if sacre else ""
        parts.append(f"<li>{escape(label)}: {sacre_text}bleucore: <code>{escape(ours)}</code></li>")
    parts.append("</ul>")
    parts += deltas_html(report)
    for analysis in report.analyses:
        parts += _analysis_section(analysis)
    if report.rankings:
        parts.append("<h2>Rankings</h2>")
        parts.append(
            '<p class="note">As WMT25 ranks systems: sorted by the metric, best first; a system\'s rank range extends '
            "past every neighbour that is not significantly different from it; a thick rule ends a cluster (no "
            "range crosses it).</p>"
        )
        for ranking, table in zip(report.rankings, report.tables):
            parts += _ranking_section(ranking, report.digits_of(table))
    if report.autorank is not None:
        parts += autorank_html(report.autorank, report.human)
    parts += meta_sections(report)
    parts.append("</body></html>")
    return "\n".join(parts)
