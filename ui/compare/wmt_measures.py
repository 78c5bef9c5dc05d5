"""WMT25's two measures in Compare's "Metrics checked against people" (issue 46), from bleucore's ``MetaRow.spa`` and
``MetaRow.acc_eq``: soft pairwise accuracy at the system level (SPA; Thompson et al. 2024, arXiv 2409.09598; WMT25
prints PCE = 1 - SPA) and tie-calibrated pairwise accuracy acc_eq at the segment level (Deutsch, Foster and Freitag
2023, "Ties Matter") with its calibrated tie threshold. Their columns beside the correlations, what each rewards in
words, a sentence per metric saying how many systems, pairs and segments stand behind each number (and when the
threshold calls every pair a tie), and the pairs where a metric's confidence is furthest from the people's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd
import streamlit as st

from bleucore.meta_evaluation import MetaRow, SoftPairwiseAccuracy, TieCalibratedAccuracy
from ui.shell.i18n import _
from ui.shell.markdown import escape_markdown

#: The table's columns this module adds, after the correlations.
SYSTEM_COLUMNS = ("spa", "pce")
SEGMENT_COLUMNS = ("acc_eq", "tie_threshold", "acc_eq_untied")
#: The pairs per metric listed where its confidence is furthest from the people's.
WORST_PAIRS = 3


def values(row: MetaRow) -> dict[str, float | None]:
    """The row's WMT25 columns: SPA and PCE at the system level, acc_eq, its threshold and its untied value at the
    segment level."""
    if row.level == "system":
        spa = row.spa
        return {"spa": spa.value if spa else None, "pce": spa.pce if spa else None}
    ties = row.acc_eq
    return {
        "acc_eq": ties.value if ties else None,
        "tie_threshold": ties.epsilon if ties else None,
        "acc_eq_untied": ties.untied if ties else None,
    }


def column_config() -> dict[str, Any]:
    """The WMT25 columns' labels and help (the page's language)."""
    return {
        "spa": st.column_config.NumberColumn(
            _("SPA (systems)"),
            format="%.3f",
            help=_("Soft pairwise accuracy: 1 minus the mean gap between the people's and the metric's confidence."),
        ),
        "pce": st.column_config.NumberColumn(
            _("PCE"), format="%.3f", help=_("Pairwise confidence error, 1 − SPA, as WMT25 prints it.")
        ),
        "acc_eq": st.column_config.NumberColumn(
            _("acc_eq (segments)"),
            format="%.3f",
            help=_("Tie-calibrated pairwise accuracy, averaged over the segments, at the tie threshold."),
        ),
        "tie_threshold": st.column_config.NumberColumn(
            _("tie threshold"),
            format="%.4g",
            help=_("Sentence-level differences of the metric up to this count as ties: the best acc_eq's threshold."),
        ),
        "acc_eq_untied": st.column_config.NumberColumn(
            _("acc_eq at threshold 0"), format="%.3f", help=_("acc_eq when only equal scores are ties.")
        ),
    }


def explanation(human: str) -> str:
    """What SPA and acc_eq reward and why acc_eq has a threshold (Markdown, ``human`` escaped)."""
    return escape_markdown(
        _(
            "WMT25's measures. Soft pairwise accuracy (SPA; Thompson et al. 2024): for every pair of systems, a paired "
            "permutation test gives how sure {human} is that the first is better (its p-value), and the same from the "
            "metric's segment scores; SPA is 1 minus the mean gap between the two. It rewards a metric that is as "
            "sure as the people are: sure where they are sure, unsure where they cannot tell two systems apart, not "
            "only one that puts them in the right order. WMT25 prints PCE = 1 − SPA. acc_eq (Deutsch et al. 2023, "
            "“Ties Matter”): in each segment, the share of system pairs the metric orders as {human} does, a pair "
            "both call a tie counting as right, averaged over the segments. People tie often (MQM gives many "
            "segments no error at all) and a metric almost never gives two translations the same score, so it could "
            "never match those ties: the tie threshold is the metric difference up to which a pair counts as a tie, "
            "chosen where acc_eq is highest. A threshold as wide as the metric's whole range (100 for sentence BLEU) "
            "calls every pair a tie: then acc_eq is only the share of pairs the people tie, and the metric's own "
            "orderings did no better than that."
        ).format(human=human)
    )


def _spa_words(label: str, spa: SoftPairwiseAccuracy, segments: int) -> str:
    pairs = len(spa.pairs)
    return _(
        "SPA {spa:.3f} (PCE {pce:.3f}) over the {pairs} pairs of {n} systems, each pair's two p-values from "
        "{permutations:,} permutations of {segments:,} segments: {metric}'s confidence is {pce:.3f} away from the "
        "people's on average."
    ).format(
        spa=spa.value,
        pce=spa.pce,
        pairs=pairs,
        n=len(spa.systems),
        permutations=spa.permutations,
        segments=segments,
        metric=label,
    )


def _ties_words(label: str, ties: TieCalibratedAccuracy, digits: int) -> str:
    total = ties.items * ties.pairs_per_item
    threshold = f"{ties.epsilon:.{digits}f}"
    text = _(
        "acc_eq {acc:.3f} at a tie threshold of {threshold}, over {items:,} segments of {per} pairs each ({total:,} "
        "pairs): {concordant:,} ordered as the people order them, {both:,} tied by both, {discordant:,} ordered the "
        "other way, {human:,} tied by the people only and {metric_ties:,} by {metric} only."
    ).format(
        acc=ties.value,
        threshold=threshold,
        items=ties.items,
        per=ties.pairs_per_item,
        total=total,
        concordant=ties.concordant,
        both=ties.ties_both,
        discordant=ties.discordant,
        human=ties.ties_human,
        metric_ties=ties.ties_metric,
        metric=label,
    )
    if ties.epsilon > 0:
        text += " " + _(
            "Ties are {metric} differences up to {threshold}; with only equal scores as ties, acc_eq is {untied:.3f}."
        ).format(metric=label, threshold=threshold, untied=ties.untied)
    else:
        text += " " + _("The best threshold is 0: counting close scores as ties does not help {metric}.").format(
            metric=label
        )
    if total and ties.ties_both + ties.ties_metric == total:
        text += " " + _(
            "At this threshold {metric} calls every pair a tie: its acc_eq is the share of pairs the people tie "
            "({share:.1%}), so its own orderings within a segment did no better than calling every pair a tie."
        ).format(metric=label, share=ties.ties_both / total)
    return text


def sentences(rows: Sequence[MetaRow], digits: Mapping[str, int]) -> list[str]:
    """One Markdown line per metric: its SPA and its acc_eq in words, with what stands behind each (names
    escaped); ``digits``: each metric's decimals for its tie threshold."""
    out = []
    segment_rows = {row.metric: row for row in rows if row.level == "segment"}
    for row in rows:
        if row.level != "system":
            continue
        label = escape_markdown(row.metric)
        parts = []
        ties = segment_rows[row.metric].acc_eq if row.metric in segment_rows else None
        if row.spa is not None:
            segments = ties.items if ties is not None else segment_rows[row.metric].size // max(1, row.size)
            parts.append(_spa_words(label, row.spa, segments))
        if ties is not None:
            parts.append(_ties_words(label, ties, digits.get(row.metric, 2)))
        if parts:
            out.append(f"**{label}**: " + " ".join(parts))
    return out


def worst_pairs(rows: Sequence[MetaRow]) -> pd.DataFrame:
    """Per metric, the ``WORST_PAIRS`` pairs where its confidence is furthest from the people's."""
    found = [
        (row.metric, pair.first, pair.second, pair.human_p, pair.metric_p, pair.error)
        for row in rows
        if row.level == "system" and row.spa is not None
        for pair in row.spa.worst_pairs(WORST_PAIRS)
    ]
    return pd.DataFrame(found, columns=["metric", "first", "second", "human_p", "metric_p", "gap"])


def show_worst_pairs(rows: Sequence[MetaRow], human: str) -> None:
    """The pairs behind SPA: where each metric's confidence is furthest from the people's, in an expander."""
    table = worst_pairs(rows)
    if table.empty:
        return
    with st.expander(_("The pairs where each metric's confidence is furthest from the people's")):
        st.caption(
            escape_markdown(
                _(
                    "Each p-value is the chance, under the permutation test, of a difference at least as large if "
                    "the first system were no better than the second: near 0, sure that it is better; near 1, sure "
                    "that it is not; near 0.5, no telling. A pair's gap is its share of the PCE."
                )
            )
        )
        st.dataframe(
            table,
            hide_index=True,
            column_config={
                "metric": st.column_config.TextColumn(_("metric")),
                "first": st.column_config.TextColumn(_("first system")),
                "second": st.column_config.TextColumn(_("second system")),
                "human_p": st.column_config.NumberColumn(_("p by {human}").format(human=human), format="%.3f"),
                "metric_p": st.column_config.NumberColumn(_("p by the metric"), format="%.3f"),
                "gap": st.column_config.NumberColumn(_("gap"), format="%.3f"),
            },
        )
