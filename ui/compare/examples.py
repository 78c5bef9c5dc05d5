"""Compare's examples that tell the story: the lines where the system beats the baseline most, and where the
baseline beats the system most, by the chosen sentence metric, both hypotheses side by side, marked as that metric
sees them: BLEU's n-grams as Explore highlights them (``bleucore.explain``), chrF's character 3-grams against the
best reference, or TER's edits against the reference needing the fewest."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import streamlit as st

from bleucore import BleuOptions, explain
from ui.compare import state as cps
from ui.compare.analysis import sentence_differences
from ui.inputs.uploads import TextFile, escape_markdown
from ui.metrics.bleu import highlight
from ui.metrics.chrf import cache as chrf_cache
from ui.metrics.chrf import view as chrf_view
from ui.metrics.ter import cache as ter_cache
from ui.metrics.ter import view as ter_view
from ui.shell.i18n import _

#: One hypothesis marked against its references (HTML, user text escaped); raises ValueError when it cannot be.
Highlighter = Callable[[str, Sequence[str]], str]

MAX_EXAMPLES = 10


def extremes(baseline: np.ndarray, system: np.ndarray, count: int, higher_is_better: bool) -> tuple[list[int], list[int]]:
    """0-based lines where the system is most better, and most worse, than the baseline (ties: earlier line)."""
    diffs = sentence_differences(baseline, system).dropna(subset=["difference"])
    diffs["gain"] = diffs["difference"] * (1 if higher_is_better else -1)
    better = diffs[diffs["gain"] > 0].sort_values(["gain", "line"], ascending=[False, True])
    worse = diffs[diffs["gain"] < 0].sort_values(["gain", "line"], ascending=[True, True])
    return [int(x) - 1 for x in better["line"].head(count)], [int(x) - 1 for x in worse["line"].head(count)]


def highlighter(metric_id: str, options: BleuOptions, metric_options: Any = None) -> Highlighter:
    """How the examples mark a hypothesis for the sentence metric ``metric_id`` (``metric_options``: chrF's or
    TER's options; BLEU uses ``options``)."""
    if metric_id == "ter":
        def ter(text: str, references: Sequence[str]) -> str:
            if ter_view.too_long(text, references):
                raise ValueError(_("TER is drawn here for sentences of up to {n} words").format(n=ter_view.MAX_WORDS))
            return ter_view.alignment_html(ter_cache.ter_explanation(text, tuple(references), metric_options))
        return ter
    if metric_id in ("chrf", "chrf++"):
        def chrf(text: str, references: Sequence[str]) -> str:
            explanation = chrf_cache.chrf_explanation(text, tuple(references), metric_options)
            n = min(3, explanation.options.char_order)
            best = references[explanation.reference_index]
            return chrf_view.STYLE + chrf_view.legend_html(n) + chrf_view.char_html(text, best, n, _("Hypothesis"), explanation.options)
        return chrf

    def bleu(text: str, references: Sequence[str]) -> str:
        result = explain(text, list(references), options)
        return highlight.orders_html(result.candidate, result.orders)
    return bleu


def _example(line: int, baseline: str, other: str, systems: Mapping[str, TextFile], refs: Sequence[TextFile],
             scores: Mapping[str, np.ndarray], label: str, mark: Highlighter) -> None:  # fmt: skip
    references = [r.lines[line] for r in refs]
    st.markdown(escape_markdown(_("Line {line}: {metric} {other} {b:.2f}, {baseline} {a:.2f}").format(
        line=line + 1, metric=label, other=other, b=float(scores[other][line]), baseline=baseline,
        a=float(scores[baseline][line]))))  # fmt: skip
    for j, reference in enumerate(references, start=1):
        st.caption(escape_markdown(_("Reference {position}").format(position=j) + ": " + reference))
    for column, name in zip(st.columns(2), (baseline, other)):
        with column:
            st.markdown("**" + escape_markdown(name) + "**")
            try:
                html = mark(systems[name].lines[line], references)
            except ValueError as err:
                st.caption(escape_markdown(_("This line cannot be explained with these options: {err}.").format(err=err)))
                continue
            st.html(html)


def show_examples(
    baseline: str, other: str, systems: Mapping[str, TextFile], refs: Sequence[TextFile],
    scores: Mapping[str, np.ndarray], label: str, higher_is_better: bool, mark: Highlighter,
) -> None:  # fmt: skip
    """The examples on both sides, ``MAX_EXAMPLES`` at most each, each hypothesis marked by ``mark``."""
    count = int(st.number_input(
        _("Examples on each side"), min_value=1, max_value=MAX_EXAMPLES, value=3, step=1, key=cps.COMPARE_EXAMPLES
    ) or 3)  # fmt: skip
    better, worse = extremes(scores[baseline], scores[other], count, higher_is_better)
    for title, lines in ((_("Where {other} beats {baseline} most"), better), (_("Where {baseline} beats {other} most"), worse)):
        st.markdown("**" + escape_markdown(title.format(other=other, baseline=baseline)) + "**")
        if not lines:
            st.caption(_("No line."))
        for line in lines:
            _example(line, baseline, other, systems, refs, scores, label, mark)
