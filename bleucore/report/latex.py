"""The report's LaTeX table (booktabs): systems x metrics, each score with its 95% bootstrap interval and a mark
where it differs from the baseline (paired bootstrap, Koehn 2004), and a footnote with the test, the resamples
and the signatures, as MATEO's and sacreBLEU's LaTeX outputs report them."""

from __future__ import annotations

from .build import Report

__all__ = ["latex_escape", "latex_table"]

_SPECIAL = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "|": r"\textbar{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
}
MARK = r"$^{\dagger}$"


def latex_escape(text: str, typewriter: bool = False) -> str:
    """``text`` with every LaTeX special character written as a command (user names are never markup); in
    ``typewriter`` text (``\\texttt``) ``|`` stays, as the typewriter font has it."""
    return "".join(c if typewriter and c == "|" else _SPECIAL.get(c, c) for c in text)


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
            interval = f" {{\\scriptsize [{row.lower:.2f}, {row.upper:.2f}]}}" if row.lower is not None else ""
            cells.append(f"{row.score:.2f}{mark}{interval}")
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
    return "\n".join(
        [
            "% BLEU Explorer report (bleucore); needs \\usepackage{booktabs}",
            "\\begin{table}[t]",
            "\\centering",
            "\\begin{tabular}{l" + "c" * len(report.tables) + "}",
            "\\toprule",
            " & ".join(header) + r" \\",
            "\\midrule",
            *rows,
            "\\bottomrule",
            "\\end{tabular}",
            "\\par\\smallskip",
            "\\parbox{\\linewidth}{\\footnotesize\\raggedright " + note + "}",
            "\\end{table}",
            "",
        ]
    )
