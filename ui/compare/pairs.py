"""Compare's pair grid, as comet-compare's summary grid (Unbabel/COMET, ``comet/cli/compare.py``: system_x \\
system_y): for one metric's ranking, every pair of systems, who the test says is better and its p-value. Each cell
says its verdict in words (better, worse, not told apart) and its p-value, and in its title and aria-label as a
whole sentence with both names; the colour only repeats the word."""

from __future__ import annotations

from html import escape

from bleucore.significance import PairTest, Ranking
from ui.shell.i18n import _, ngettext
from ui.shell.palette import DARK_TEXT, GREEN, LIGHT_GREY, VERMILLION

STYLESHEET = (
    "<style>"
    ".pair-scroll{overflow-x:auto;max-width:100%;}"
    ".pair-grid{border-collapse:collapse;font-size:13px;line-height:17px;margin-bottom:0.25rem;}"
    f".pair-grid th,.pair-grid td{{padding:3px 8px;border:1px solid {LIGHT_GREY};text-align:center;"
    "vertical-align:middle;white-space:nowrap;}"
    ".pair-grid thead th{background:#F2F4F7;font-weight:600;}"
    ".pair-grid tbody th{text-align:left;font-weight:400;overflow-wrap:anywhere;white-space:normal;"
    "max-width:16rem;}"
    ".pair-grid .p{display:block;font-size:11px;font-variant-numeric:tabular-nums;}"
    f".pair-grid td.better{{background:#D9F2EA;color:{DARK_TEXT};border-left:3px solid {GREEN};}}"
    f".pair-grid td.worse{{background:#F9E0D2;color:{DARK_TEXT};border-left:3px dotted {VERMILLION};}}"
    f".pair-grid td.apart-not{{background:#FFFFFF;color:{DARK_TEXT};}}"
    ".pair-grid td.self{background:#F7F7F7;color:#777777;}"
    "</style>"
)


def p_words(pair: PairTest) -> str:
    """The pair's p-value as a cell prints it (``p = 0.012``, ``p < 0.001``), or why there is none."""
    if pair.p_value is None:
        return _("no difference")
    if pair.p_value < 0.001:
        return "p < 0.001"
    return f"p = {pair.p_value:.3f}"


def verdict(pair: PairTest, row: str) -> str:
    """``better``, ``worse`` or ``apart-not``: the verdict of ``row`` against the pair's other system."""
    if not pair.significant:
        return "apart-not"
    return "better" if pair.better == row else "worse"


def cell_sentence(pair: PairTest, row: str, column: str) -> str:
    """The cell's verdict as a sentence naming both systems (its title and aria-label)."""
    kind = verdict(pair, row)
    if kind == "better":
        text = _("{row} is significantly better than {column}")
    elif kind == "worse":
        text = _("{row} is significantly worse than {column}")
    else:
        text = _("{row} and {column} are not told apart")
    return text.format(row=row, column=column) + f" ({p_words(pair)})"


def cell_word(kind: str) -> str:
    """The word a cell shows for its verdict."""
    return {"better": _("better"), "worse": _("worse"), "apart-not": _("not told apart")}[kind]


def grid_html(ranking: Ranking) -> str:
    """Every pair as a grid (rows and columns in the ranking's order, names escaped): row system against column
    system, the verdict in words and the p-value in each cell."""
    names = [row.system for row in ranking.rows]
    head = "".join(
        f'<th scope="col" title="{escape(name)}" aria-label="{escape(name)}">{k}</th>'
        for k, name in enumerate(names, start=1)
    )
    corner = escape(_("row against column"))
    body = []
    for k, row in enumerate(names, start=1):
        cells = []
        for column in names:
            if column == row:
                same = escape(_("the same system"))
                cells.append(f'<td class="self" title="{same}" aria-label="{same}">–</td>')
                continue
            pair = ranking.pair(row, column)
            kind = verdict(pair, row)
            sentence = escape(cell_sentence(pair, row, column))
            cells.append(
                f'<td class="{kind}" title="{sentence}" aria-label="{sentence}">{escape(cell_word(kind))}'
                f'<span class="p">{escape(p_words(pair))}</span></td>'
            )
        body.append(f'<tr><th scope="row">{k}. {escape(row)}</th>{"".join(cells)}</tr>')
    return (
        f'<div class="pair-scroll"><table class="pair-grid"><thead><tr><th scope="col">{corner}</th>{head}</tr>'
        f"</thead><tbody>{''.join(body)}</tbody></table></div>"
    )


def separated_words(ranking: Ranking) -> str:
    """How many of the pairs the test tells apart, in a sentence."""
    total = len(ranking.pairs)
    return ngettext(
        "The test tells {k} of the {n} pair apart.", "The test tells {k} of the {n} pairs apart.", total
    ).format(k=ranking.separated, n=total)
