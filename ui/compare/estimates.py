"""Beside every delta of Compare's significance tables, Kocmi et al. 2024's estimate of how likely people agree with it
("Navigating the Metrics Maze", ACL 2024; their MT-Thresholds fits, ``bleucore.significance.human_agreement``, which
every ``SignificanceRow`` carries as ``agreement``): the table's cell, a sentence per system, and a caption saying what
a percentage means and which deltas reach 70 % and 80 % under the metric; "no estimate" with its reason in words
where the paper has no fit of the metric, where the metric holds the human scores, or where there is no delta."""

from __future__ import annotations

from bleucore.metrics import Metric
from bleucore.significance import SignificanceRow, SignificanceTable, ThresholdModel, threshold_model
from ui.shell.i18n import N_, _

#: The paper, as the page cites it (its title kept in English in every language).
PAPER = N_("Kocmi et al. 2024, “Navigating the Metrics Maze”, ACL 2024")
#: Why a delta has no estimate, by code: bleucore's ``NoEstimate`` codes and the page's own two.
REASONS = {
    "not_covered": N_("the paper fitted no curve for {metric}"),
    "ambiguous": N_(
        "the name {metric} does not say which model made the scores: name it after the model (COMET-22, xCOMET-XL, "
        "...) under \u201cScores from other metrics\u201d to get one"
    ),
    "human": N_("{metric} holds the human scores themselves"),
    "same": N_("there is no difference from the baseline to agree with"),
}


def reason(row: SignificanceRow, human: bool) -> str | None:
    """Why ``row`` has no estimate (a ``REASONS`` code), None where it has one or is the baseline's row."""
    if row.is_baseline or row.agreement is None:
        return None
    if human:
        return "human"
    if row.delta == 0:
        return "same"
    if row.agreement.estimate is None:
        return row.agreement.reason or "not_covered"
    return None


def cell(row: SignificanceRow, human: bool) -> str | None:
    """The table's cell: the estimate as a percentage, "no estimate", or None on the baseline's row."""
    if row.is_baseline or row.agreement is None:
        return None
    if reason(row, human) is not None or row.agreement.estimate is None:
        return _("no estimate")
    return f"{row.agreement.estimate:.0%}"


def sentence(row: SignificanceRow, label: str, human: bool) -> str:
    """The estimate of one system's delta in words (Markdown-safe when ``label`` is), "" on the baseline's row."""
    if row.is_baseline or row.agreement is None:
        return ""
    why = reason(row, human)
    if why is not None or row.agreement.estimate is None:
        return _("No estimate of how likely people agree: {reason}.").format(
            reason=_(REASONS[why or "not_covered"]).format(metric=label)
        )
    return _(
        "People agree with the direction of {metric} deltas this large in about {percent:.0%} of system pairs "
        "({paper})."
    ).format(metric=label, percent=row.agreement.estimate, paper=_(PAPER))


def _model(metric: Metric) -> ThresholdModel | None:
    found = threshold_model(metric)
    return found if isinstance(found, ThresholdModel) else None


def _scale(table: SignificanceTable) -> float:
    """The factor bleucore took the metric's deltas in the paper's points with (100 for a 0-1 score)."""
    return next((r.agreement.scale for r in table.rows if r.agreement is not None and r.agreement.model), 1.0)


def caption(table: SignificanceTable, metric: Metric, label: str, digits: int, human: bool) -> str:
    """How the estimate is made and read, and the deltas that reach 70 % and 80 % under this metric ("" for a metric
    without estimates: its sentences say why)."""
    text = _(
        "How likely people agree ({paper}): the paper's authors had people judge 6,530 pairs of systems and fitted, "
        "per metric, how often the people preferred the system the metric preferred, by the size of the delta. "
        "70% means that in about 7 of 10 system pairs with a delta this large the people agreed with the metric's "
        "direction, and in 3 they did not; 50% is a coin toss. It says what a delta of this size was worth on their "
        "data, not whether this one is chance: the p-value says that."
    ).format(paper=_(PAPER))
    model = None if human else _model(metric)
    if model is None:
        return ""
    scale = _scale(table)
    reach = [model.delta_for(share) for share in (0.7, 0.8)]
    if reach[0] is None:
        return text
    points = _("{metric} needs a delta of {seventy} for 70%").format(
        metric=label, seventy=f"{reach[0] / scale:.{digits}f}"
    )
    if reach[1] is not None:
        points = _("{metric} needs a delta of {seventy} for 70% and {eighty} for 80%").format(
            metric=label, seventy=f"{reach[0] / scale:.{digits}f}", eighty=f"{reach[1] / scale:.{digits}f}"
        )
    ceiling = _("however large the delta, the estimate stays below {ceiling:.1%}").format(ceiling=model.a / 100)
    text += " " + _("Here {points}; {ceiling}.").format(points=points, ceiling=ceiling)
    if scale != 1.0:
        text += " " + _(
            "The paper measures {metric} in points, 100 times its 0-1 scores; the estimate takes the delta so."
        ).format(metric=label)
    return text
