"""Every pair of a ranking (``Ranking.pairs``) as a grid, as comet-compare's summary grid (Unbabel/COMET,
``comet/cli/compare.py``: system_x \\ system_y): the row's system against the column's, who the test says is better
and its p-value. In HTML each cell says its verdict in words (better, worse, not told apart) beside its colour, and
as a sentence naming both systems in its title and aria-label (``latex.latex_pairs`` is the LaTeX grid)."""

from __future__ import annotations

from html import escape

from ..significance import PairTest, Ranking

__all__ = ["GRID_STYLE", "cell_sentence", "p_text", "pair_grid_html", "verdict"]

GRID_STYLE = """
.pair-scroll{overflow-x:auto}table.pair-grid td,table.pair-grid th{text-align:center;border:1px solid #ccc;
white-space:nowrap}table.pair-grid tbody th{text-align:left;font-weight:400;white-space:normal}
table.pair-grid small{display:block;font-variant-numeric:tabular-nums}
td.better{background:#d9f2ea;border-left:3px solid #009e73}td.worse{background:#f9e0d2;border-left:3px dotted #d55e00}
td.self{background:#f7f7f7;color:#777}
"""


def p_text(pair: PairTest) -> str:
    """``p = 0.012``, ``p < 0.001``, or ``no difference`` where the test has no p-value (every difference 0)."""
    if pair.p_value is None:
        return "no difference"
    return "p < 0.001" if pair.p_value < 0.001 else f"p = {pair.p_value:.3f}"


def verdict(pair: PairTest, row: str) -> str:
    """``better``, ``worse`` or ``not told apart``: ``row``'s verdict against the pair's other system."""
    if not pair.significant:
        return "not told apart"
    return "better" if pair.better == row else "worse"


def cell_sentence(pair: PairTest, row: str, column: str) -> str:
    """The verdict of ``row`` against ``column`` as a sentence, with the p-value."""
    kind = verdict(pair, row)
    said = f"{row} and {column} are not told apart" if kind == "not told apart" else f"{row} is significantly {kind} "
    if kind != "not told apart":
        said += f"than {column}"
    return f"{said} ({p_text(pair)})"


def pair_grid_html(ranking: Ranking) -> str:
    """The grid as an HTML table (names escaped), rows and columns in the ranking's order, columns numbered."""
    names = [row.system for row in ranking.rows]
    head = "".join(f'<th scope="col" title="{escape(n)}">{k}</th>' for k, n in enumerate(names, start=1))
    rows = []
    for k, row in enumerate(names, start=1):
        cells = []
        for column in names:
            if column == row:
                cells.append('<td class="self" title="the same system" aria-label="the same system">–</td>')
                continue
            pair = ranking.pair(row, column)
            kind = verdict(pair, row)
            said = escape(cell_sentence(pair, row, column))
            css = {"better": "better", "worse": "worse"}.get(kind, "apart-not")
            cells.append(
                f'<td class="{css}" title="{said}" aria-label="{said}">{kind}<small>{escape(p_text(pair))}</small></td>'
            )
        rows.append(f'<tr><th scope="row">{k}. {escape(row)}</th>{"".join(cells)}</tr>')
    return (
        '<div class="pair-scroll"><table class="pair-grid"><thead><tr><th scope="col">row against column</th>'
        f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )
