"""Compare's examples that tell the story: the lines where the system beats the baseline most, and where the
baseline beats the system most, by the chosen sentence metric, both hypotheses side by side, each highlighted
against the references as Explore draws the chosen metric: BLEU's n-gram chips (``bleucore.explain``), chrF's
matched character 3-grams (Explore's first order shown) against its best reference, TER's edit alignment, each
under the page's options for that metric (the numbers beside it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import streamlit as st

from bleucore import BleuOptions, explain
from ui.compare.analysis import sentence_differences
from ui.inputs.uploads import TextFile
from ui.metrics.bleu import highlight
from ui.metrics.chrf import cache as chrf_cache
from ui.metrics.chrf import view as chrf_view
from ui.metrics.ter import cache as ter_cache
from ui.metrics.ter import view as ter_view
from ui.shell.i18n import _
from ui.shell.markdown import escape_markdown
from ui.state import compare as cps

MAX_EXAMPLES = 10
#: The character n-gram order of the chrF highlight (Explore's chrF tab opens on it).
CHRF_ORDER = 3


def extremes(
    baseline: np.ndarray, system: np.ndarray, count: int, higher_is_better: bool
) -> tuple[list[int], list[int]]:
    """0-based lines where the system is most better, and most worse, than the baseline (ties: earlier line)."""
    diffs = sentence_differences(baseline, system).dropna(subset=["difference"])
    diffs["gain"] = diffs["difference"] * (1 if higher_is_better else -1)
    better = diffs[diffs["gain"] > 0].sort_values(["gain", "line"], ascending=[False, True])
    worse = diffs[diffs["gain"] < 0].sort_values(["gain", "line"], ascending=[True, True])
    return [int(x) - 1 for x in better["line"].head(count)], [int(x) - 1 for x in worse["line"].head(count)]


def picture(
    metric_id: str, hypothesis: str, references: Sequence[str], options: BleuOptions, metric_options: Any = None
) -> str:
    """The hypothesis highlighted against the references as Explore draws ``metric_id`` (escaped HTML), under
    ``options`` (BLEU) or ``metric_options`` (chrF's or TER's; None: sacreBLEU's defaults)."""
    if metric_id in ("chrf", "chrf++"):
        explanation = chrf_cache.chrf_explanation(hypothesis, tuple(references), metric_options)
        reference = references[explanation.reference_index]
        label = _("Reference {position}").format(position=explanation.reference_index + 1)
        order, chrf = min(CHRF_ORDER, explanation.options.char_order), explanation.options
        return (
            chrf_view.STYLE
            + chrf_view.legend_html(order)
            + chrf_view.char_html(hypothesis, reference, order, _("Candidate"), chrf)
            + chrf_view.char_html(reference, hypothesis, order, label, chrf)
        )
    if metric_id == "ter":
        if ter_view.too_long(hypothesis, references):
            raise ValueError(_("TER is computed here for sentences of up to {n} words").format(n=ter_view.MAX_WORDS))
        return ter_view.alignment_html(ter_cache.ter_explanation(hypothesis, tuple(references), metric_options))
    result = explain(hypothesis, references, options)
    return highlight.orders_html(result.candidate, result.orders)


def _example(
    line: int,
    baseline: str,
    other: str,
    systems: Mapping[str, TextFile],
    refs: Sequence[TextFile],
    scores: Mapping[str, np.ndarray],
    label: str,
    options: BleuOptions,
    metric_id: str,
    metric_options: Any,
) -> None:
    references = [r.lines[line] for r in refs]
    st.markdown(
        escape_markdown(
            _("Line {line}: {metric} {other} {b:.2f}, {baseline} {a:.2f}").format(
                line=line + 1,
                metric=label,
                other=other,
                b=float(scores[other][line]),
                baseline=baseline,
                a=float(scores[baseline][line]),
            )
        )
    )
    for j, reference in enumerate(references, start=1):
        st.caption(escape_markdown(_("Reference {position}").format(position=j) + ": " + reference))
    for column, name in zip(st.columns(2), (baseline, other)):
        with column:
            st.markdown("**" + escape_markdown(name) + "**")
            try:
                shown = picture(metric_id, systems[name].lines[line], references, options, metric_options)
            except ValueError as err:
                st.caption(
                    escape_markdown(_("This line cannot be explained with these options: {err}.").format(err=err))
                )
                continue
            st.html(shown)


def show_examples(
    baseline: str,
    other: str,
    systems: Mapping[str, TextFile],
    refs: Sequence[TextFile],
    scores: Mapping[str, np.ndarray],
    label: str,
    higher_is_better: bool,
    options: BleuOptions,
    metric_id: str = "bleu",
    metric_options: Any = None,
) -> None:
    """The examples on both sides, ``MAX_EXAMPLES`` at most each, drawn as Explore draws ``metric_id`` under the
    page's options for it (``metric_options``: chrF's or TER's)."""
    count = int(
        st.number_input(
            _("Examples on each side"),
            min_value=1,
            max_value=MAX_EXAMPLES,
            value=3,
            step=1,
            key=cps.COMPARE_EXAMPLES,
            persist_state="session",
        )
        or 3
    )
    better, worse = extremes(scores[baseline], scores[other], count, higher_is_better)
    for title, lines in (
        (_("Where {other} beats {baseline} most"), better),
        (_("Where {baseline} beats {other} most"), worse),
    ):
        st.markdown("**" + escape_markdown(title.format(other=other, baseline=baseline)) + "**")
        if not lines:
            st.caption(_("No line."))
        for line in lines:
            _example(line, baseline, other, systems, refs, scores, label, options, metric_id, metric_options)
