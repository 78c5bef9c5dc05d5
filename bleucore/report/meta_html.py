"""The HTML report's meta-evaluation (``bleucore.meta_evaluation``): how often each imported metric agrees with each
built-in one on a system's segments, the segments where they disagree most (both hypotheses escaped, xCOMET's error
spans marked in words and colour: minor, major, critical), and with ``--human`` every metric's correlations with the
human judgement, the number of systems stated."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from ..meta_evaluation import SEVERITIES, DisagreementExample, MetaRow, marked_pieces
from ..meta_evaluation.examples import locate_span
from .build import Report
from .wmt_meta import wmt_meta_html

if TYPE_CHECKING:
    from ..metrics.imported.scores import ErrorSpan

__all__ = ["META_STYLE", "meta_sections"]

META_STYLE = """
mark.sev{border-radius:3px;padding:0 .15em;color:inherit}
sup.sev{font-size:.68em;font-weight:600;border-radius:3px;padding:0 .2em;margin-left:.15em}
.sev-minor{background:#fff1a8}.sev-major{background:#ffc078}.sev-critical{background:#ff8787}.sev-other{background:#ddd}
table.example td,table.example th{text-align:left;vertical-align:top}table.example .num{text-align:right}
details{margin:.3rem 0 .8rem}summary{cursor:pointer}
"""


def _share(value: float | None, size: int) -> str:
    return "no data" if value is None else f"{100 * value:.0f}% of {size:,}"


def _number(value: float | None) -> str:
    return "no data" if value is None else f"{value:.3f}"


def _agreement_section(report: Report) -> list[str]:
    imported = list(dict.fromkeys(row.metric for row in report.agreements))
    builtin = list(dict.fromkeys(row.versus for row in report.agreements))
    cell = {(r.system, r.metric, r.versus): r for r in report.agreements}
    out = [
        "<h2>Where the metrics agree</h2>",
        '<p class="note">For each system against the baseline: among the segments where both metrics\' sentence '
        "scores differ from the baseline's, the share where they move the same way (sacreBLEU's sentence BLEU, chrF "
        "and TER; TER's sign flipped, as fewer edits is better, and so is a lower-is-better imported metric's). Low "
        "agreement says the two metrics reward different things on that system's output.</p>",
    ]
    for metric in imported:
        head = "".join(f"<th>vs {escape(b)}</th>" for b in builtin)
        out.append(
            f"<table><caption>{escape(metric)} against each built-in metric</caption><thead><tr><th>system</th>"
            f"{head}</tr></thead><tbody>"
        )
        for system in report.systems:
            if system == report.baseline:
                continue
            cells = "".join(
                f"<td>{_share(row.value, row.size) if (row := cell.get((system, metric, b))) else 'no data'}</td>"
                for b in builtin
            )
            out.append(f"<tr><td>{escape(system)}</td>{cells}</tr>")
        out.append("</tbody></table>")
    return out


def marked_html(text: str, spans: Sequence[ErrorSpan] | None) -> str:
    """``text`` escaped, each error span it holds wrapped in a mark coloured by its severity and followed by the
    severity in words."""
    if not spans:
        return escape(text)
    out = []
    for piece, span in marked_pieces(text, spans):
        if span is None:
            out.append(escape(piece))
            continue
        severity = span.severity if span.severity in SEVERITIES else "other"
        title = f"{span.severity} error, confidence {span.confidence:.2f}"
        out.append(
            f'<mark class="sev sev-{severity}" title="{escape(title)}">{escape(piece)}</mark>'
            f'<sup class="sev sev-{severity}">{escape(span.severity)}</sup>'
        )
    return "".join(out)


def _unplaced(text: str, spans: Sequence[ErrorSpan] | None) -> str:
    """The spans not found in the text, listed in words (the file's offsets did not fit the line)."""
    missing = [span for span in spans or () if locate_span(text, span) is None]
    if not missing:
        return ""
    listed = "; ".join(f"{escape(s.severity)}: {escape(s.text)} (characters {s.start}-{s.end})" for s in missing)
    return f'<br><span class="note">not found in the line: {listed}</span>'


def _example(example: DisagreementExample, digits: int) -> str:
    e = example
    rows = []
    for who, text, spans, score, versus in (
        (f"{e.baseline} (baseline)", e.baseline_hypothesis, e.baseline_spans, e.scores[0], e.versus_scores[0]),
        (e.system, e.hypothesis, e.spans, e.scores[1], e.versus_scores[1]),
    ):
        rows.append(
            f"<tr><td>{escape(who)}</td><td>{marked_html(text, spans)}{_unplaced(text, spans)}</td>"
            f'<td class="num">{score:.{digits}f}</td><td class="num">{versus:.2f}</td></tr>'
        )
    for k, reference in enumerate(e.references, start=1):
        name = "reference" if len(e.references) == 1 else f"reference {k}"
        rows.append(f"<tr><td>{name}</td><td>{escape(reference)}</td><td></td><td></td></tr>")
    first, second = ("better", "worse") if e.better else ("worse", "better")
    return (
        f"<p><b>Line {e.line:,}</b>: {escape(e.metric)} scores {escape(e.system)}'s line {first} than the "
        f"baseline's, {escape(e.versus)} {second}.</p>"
        f'<table class="example"><thead><tr><th></th><th>hypothesis</th><th class="num">{escape(e.metric)}</th>'
        f'<th class="num">{escape(e.versus)}</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )


def _examples_section(report: Report) -> list[str]:
    digits = {t.label: report.digits_of(t) for t in report.tables}
    out = [
        "<h2>Where they disagree</h2>",
        '<p class="note">The segments where an imported metric and a built-in one move most in opposite directions '
        "from the baseline. Each metric's differences are divided by their standard deviation over the system's "
        "segments (one typical change of that metric), and a segment is ranked by the smaller of its two: both "
        "metrics move far. Error spans from the metric's file (xCOMET) are marked: "
        + ", ".join(f'<mark class="sev sev-{s}">{s}</mark>' for s in SEVERITIES)
        + ".</p>",
    ]
    groups: dict[tuple[str, str, str], list[DisagreementExample]] = {}
    for e in report.examples:
        groups.setdefault((e.metric, e.versus, e.system), []).append(e)
    shown = None
    for (metric, versus, system), found in groups.items():
        if shown != (metric, versus):
            out.append(f"<h3>{escape(metric)} and {escape(versus)}</h3>")
            shown = (metric, versus)
        segments = "1 segment" if len(found) == 1 else f"{len(found)} segments"
        out.append(f"<details open><summary>{escape(system)}: {segments}</summary>")
        out += [_example(e, digits.get(metric, 4)) for e in found]
        out.append("</details>")
    return out


def _meta_table(report: Report) -> list[str]:
    human = report.human or ""
    rows: dict[str, dict[str, MetaRow]] = {}
    for row in report.meta:
        rows.setdefault(row.metric, {})[row.level] = row
    systems = len(report.systems)
    pairs = max(1, systems * (systems - 1) // 2)
    segments = next((r.size for r in report.meta if r.level == "segment"), 0)
    out = [
        f"<h2>Metrics against {escape(human)}</h2>",
        f'<p class="note">{escape(human)} holds human judgements. System level: each metric\'s corpus values of the '
        f"<b>{systems} systems</b> against {escape(human)}'s: Pearson's r, Kendall's tau-b, and pairwise accuracy "
        "(the share of the system pairs a metric orders as the people do, a tie matching only a tie; Kocmi et al. "
        f"2021). With {systems} systems there are {pairs} pairs: one pair ordered the other way moves the accuracy "
        f"by {1 / pairs:.3f} and Kendall's tau by up to {2 / pairs:.3f}, so few systems give wide intervals; do not "
        f"read small differences between metrics. Segment level: Kendall's tau-b over all {segments:,} segments of "
        "every system, pooled (sentence BLEU, chrF and TER as sacreBLEU scores a sentence). A lower-is-better "
        "metric's values are negated first, so agreement with people is positive.</p>",
        "<table><thead><tr><th>metric</th><th>Pearson (systems)</th><th>Kendall (systems)</th><th>pairwise accuracy"
        "</th><th>Kendall (segments)</th></tr></thead><tbody>",
    ]
    for metric, levels in rows.items():
        system, segment = levels.get("system"), levels.get("segment")
        cells = [
            _number(system.pearson if system else None),
            _number(system.kendall if system else None),
            _number(system.pairwise_accuracy if system else None),
            _number(segment.kendall if segment else None),
        ]
        out.append(f"<tr><td>{escape(metric)}</td>{''.join(f'<td>{c}</td>' for c in cells)}</tr>")
    out.append("</tbody></table>")
    return out


def meta_sections(report: Report) -> list[str]:
    """The agreement tables, the disagreement examples and the correlations, each only where the report has them."""
    out: list[str] = []
    if report.agreements:
        out += _agreement_section(report)
    if report.examples:
        out += _examples_section(report)
    if report.meta:
        out += _meta_table(report)
        out += wmt_meta_html(report)
    return out
