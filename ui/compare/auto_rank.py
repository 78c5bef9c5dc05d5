"""Compare's AutoRank, beside the cluster ranking for three systems or more: every picked metric that scores every
system (the one named as human scores left out, as the report leaves it out) combined into one ranking as WMT25's
general MT task ranks systems without human judgements (bleucore's ``autorank``; Kocmi et al. 2025, "Preliminary
Ranking of WMT25 General Machine Translation Systems"): each metric's corpus values scaled by (x - median) /
max(epsilon, Q100 - Q25), a lower-is-better metric negated first, averaged with equal weights, and mapped linearly
onto 1 (the best) .. N. The corpus values are those of the significance tables above (cached, the same numbers)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pandas as pd
import streamlit as st

from bleucore.significance import AutoRank, autorank
from ui.compare import cache
from ui.shell.i18n import _, and_list
from ui.shell.markdown import escape_markdown

if TYPE_CHECKING:
    from ui.compare.scored import ScoredMetric
    from ui.state import compare as cps

#: Systems AutoRank is shown for (as the cluster ranking).
MIN_SYSTEMS = 3


def combined(
    metrics: Sequence[ScoredMetric], baseline: str, nrefs: int, settings: cps.CompareState
) -> tuple[AutoRank, list[ScoredMetric]] | None:
    """bleucore's AutoRank of every system over ``metrics`` that score every system but the one named as human
    scores, from the significance tables' corpus values; None without such a metric or with fewer than
    ``MIN_SYSTEMS`` systems."""
    used = [m for m in metrics if m.complete and not (m.from_file and m.metric_id == settings.imported.human)]
    if not used or len(used[0].statistics) < MIN_SYSTEMS:
        return None
    systems = list(used[0].statistics)
    scores: dict[str, list[float]] = {}
    for scored in used:
        table = cache.significance(scored.key, scored.statistics, baseline, nrefs, settings)
        by_system = {row.system: row.score for row in table.rows}
        if any(name not in by_system for name in systems):
            return None
        scores[scored.label] = [by_system[name] for name in systems]
    lower = [m.label for m in used if not m.higher_is_better]
    return autorank(systems, scores, lower_is_better=lower), used


def frame(ranking: AutoRank) -> pd.DataFrame:
    """Place, system, AutoRank, the average of the scaled values and each metric's scaled value (``z0``, ``z1``...)."""
    rows: list[dict[str, Any]] = []
    for row in ranking.rows:
        entry: dict[str, Any] = {
            "place": row.place,
            "system": row.system,
            "autorank": row.autorank,
            "average": row.average,
        }
        entry.update({f"z{k}": z for k, z in enumerate(row.scaled)})
        rows.append(entry)
    return pd.DataFrame(rows)


def how(ranking: AutoRank, used: Sequence[ScoredMetric], human: str | None) -> str:
    """What AutoRank combined and how, in words (Markdown, names escaped)."""
    names = [escape_markdown(m.label) for m in used]
    turned = [escape_markdown(m.label) for m in used if not m.higher_is_better]
    text = _(
        "AutoRank combines {metrics} as WMT25 ranks systems without human judgements: each metric's corpus values "
        "are scaled by (x − median) / max(ε, Q100 − Q25), that is how far a system is from the middle system, in "
        "steps of the spread from the 25th percentile to the best system; the scaled values are averaged with equal "
        "weights, and the averages are mapped linearly onto 1 (the best) to {n} (the worst)."
    ).format(metrics=and_list(names), n=len(ranking.rows))
    if turned:
        text += " " + _("{metrics} negated first: lower is better.").format(metrics=and_list(turned))
    if len(used) == 1:
        text += " " + _("With one metric, AutoRank is that metric's order: pick more metrics to combine them.")
    if human:
        text += " " + _("{human}, the human scores, is left out: its own ranking is the people's.").format(
            human=escape_markdown(human)
        )
    text += " " + _(
        "It orders the systems and tests nothing: a difference of a few tenths is not significant; the clusters "
        "above say which systems the tests tell apart."
    )
    return text


def show_autorank(metrics: Sequence[ScoredMetric], baseline: str, nrefs: int, settings: cps.CompareState) -> None:
    """The AutoRank block, under the rankings (nothing below ``MIN_SYSTEMS`` systems)."""
    found = combined(metrics, baseline, nrefs, settings)
    if found is None:
        return
    ranking, used = found
    human = next((m.label for m in metrics if m.from_file and m.metric_id == settings.imported.human), None)
    st.markdown("#### " + _("AutoRank: every metric at once"))
    st.markdown(how(ranking, used, human))
    config: dict[str, Any] = {
        "place": st.column_config.NumberColumn(_("place"), format="%d"),
        "system": st.column_config.TextColumn(_("system"), pinned=True),
        "autorank": st.column_config.NumberColumn(
            _("AutoRank"), format="%.1f", help=_("1 is the best system, N the worst; one decimal, as WMT25 prints it.")
        ),
        "average": st.column_config.NumberColumn(
            _("mean scaled value"), format="%+.2f", help=_("The average of the metrics' scaled values.")
        ),
    }
    for k, scored in enumerate(used):
        config[f"z{k}"] = st.column_config.NumberColumn(
            _("{metric}, scaled").format(metric=scored.label),
            format="%+.2f",
            help=_("(x − median) / max(ε, Q100 − Q25) of the corpus values, higher is better."),
        )
    st.dataframe(frame(ranking), hide_index=True, column_config=config, key="compare_autorank")
