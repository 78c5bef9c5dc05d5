"""What every LaTeX table of the report is made of: user text escaped (``latex_escape``) and one booktabs ``table``
float (``latex_float``), so the report's tables (``latex``, and the tables of deltas, AutoRank and WMT25's
meta-evaluation) share one implementation."""

from __future__ import annotations

__all__ = ["latex_escape", "latex_float"]

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


def latex_escape(text: str, typewriter: bool = False) -> str:
    """``text`` with every LaTeX special character written as a command (user names are never markup); in
    ``typewriter`` text (``\\texttt``) ``|`` stays, as the typewriter font has it."""
    return "".join(c if typewriter and c == "|" else _SPECIAL.get(c, c) for c in text)


def latex_float(spec: str, head: list[str], rows: list[str], note: str) -> str:
    """One of the report's tables: a ``table`` float holding a booktabs ``tabular`` of columns ``spec`` (``head``'s
    lines above the middle rule, ``rows`` below it) and ``note`` as its footnote."""
    tabular = [
        f"\\begin{{tabular}}{{{spec}}}",
        "\\toprule",
        *head,
        "\\midrule",
        *rows,
        "\\bottomrule",
        "\\end{tabular}",
    ]
    footnote = ["\\par\\smallskip", "\\parbox{\\linewidth}{\\footnotesize\\raggedright " + note + "}"]
    return "\n".join(["\\begin{table}[t]", "\\centering", *tabular, *footnote, "\\end{table}"])
