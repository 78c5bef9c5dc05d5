"""Compare's examples that tell the story: the lines where the system beats the baseline most, and where the
baseline beats the system most, by the chosen sentence metric, both hypotheses side by side, each highlighted
against the references as Explore draws the chosen metric: BLEU's n-gram chips (``bleucore.explain``), chrF's
matched character 3-grams (Explore's first order shown) against its best reference, TER's edit alignment, each
under the page's options for that metric (the numbers beside it). An imported metric (COMET's scores, read from a
file) cannot be drawn: its lines are drawn with BLEU's n-gram chips, and the page says so."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np
import streamlit as st

from bleucore import BleuOptions
from ui.compare import pictures
from ui.compare.analysis import sentence_differences
from ui.inputs.uploads import TextFile
from ui.metrics.error_wording import error_text
from ui.shell.i18n import _
from ui.shell.markdown import escape_markdown
from ui.state import compare as cps

if TYPE_CHECKING:
    from ui.compare.scored import ScoredMetric


def extremes(
    baseline: np.ndarray, system: np.ndarray, count: int, higher_is_better: bool
) -> tuple[list[int], list[int]]:
    """0-based lines where the system is most better, and most worse, than the baseline (ties: earlier line)."""
    diffs = sentence_differences(baseline, system).dropna(subset=["difference"])
    diffs["gain"] = diffs["difference"] * (1 if higher_is_better else -1)
    better = diffs[diffs["gain"] > 0].sort_values(["gain", "line"], ascending=[False, True])
    worse = diffs[diffs["gain"] < 0].sort_values(["gain", "line"], ascending=[True, True])
    return [int(x) - 1 for x in better["line"].head(count)], [int(x) - 1 for x in worse["line"].head(count)]


def _example(
    line: int,
    baseline: str,
    other: str,
    systems: Mapping[str, TextFile],
    refs: Sequence[TextFile],
    scored: ScoredMetric,
    options: BleuOptions,
) -> None:
    references = [r.lines[line] for r in refs]
    scores, digits = scored.sentences, scored.digits
    st.markdown(
        escape_markdown(
            _("Line {line:,}: {metric} {other} {b}, {baseline} {a}").format(
                line=line + 1,
                metric=scored.label,
                other=other,
                b=f"{float(scores[other][line]):.{digits}f}",
                baseline=baseline,
                a=f"{float(scores[baseline][line]):.{digits}f}",
            )
        )
    )
    for j, reference in enumerate(references, start=1):
        st.caption(escape_markdown(_("Reference {position}").format(position=j) + ": " + reference))
    for column, name in zip(st.columns(2), (baseline, other)):
        with column:
            st.markdown("**" + escape_markdown(name) + "**")
            st.html(pictures.line_html(systems[name].lines[line]))
            try:
                shown = pictures.picture(
                    scored.metric_id, systems[name].lines[line], references, options, scored.options
                )
            except ValueError as err:
                st.caption(
                    escape_markdown(
                        _("This line cannot be explained with these options: {err}.").format(err=error_text(err))
                    )
                )
                continue
            st.html(shown)


def show_examples(
    baseline: str,
    other: str,
    systems: Mapping[str, TextFile],
    refs: Sequence[TextFile],
    scored: ScoredMetric,
    options: BleuOptions,
) -> None:
    """The examples on both sides by the sentence metric ``scored``, ``cps.MAX_EXAMPLES`` at most each, drawn as Explore
    draws it under the page's options for it (BLEU's chips under ``options`` for an imported metric)."""
    count = int(
        st.number_input(
            _("Examples on each side"),
            min_value=1,
            max_value=cps.MAX_EXAMPLES,
            step=1,
            key=cps.COMPARE_EXAMPLES,
            persist_state="session",
        )
        or cps.FIRST_EXAMPLES
    )
    if scored.from_file:
        st.caption(
            escape_markdown(
                _(
                    "{metric}'s scores were read from a file, so nothing here can show why it scored a line: each line "
                    "is drawn with BLEU's n-gram matches under the sidebar's options."
                ).format(metric=scored.label)
            )
        )
    if legend := pictures.legend_html(scored.metric_id, scored.options):  # once, not beside every hypothesis
        st.html(legend)
    better, worse = extremes(scored.sentences[baseline], scored.sentences[other], count, scored.higher_is_better)
    for title, lines in (
        (_("Where {other} beats {baseline} most"), better),
        (_("Where {baseline} beats {other} most"), worse),
    ):
        st.markdown("**" + escape_markdown(title.format(other=other, baseline=baseline)) + "**")
        if not lines:
            st.caption(_("No line."))
        for line in lines:
            _example(line, baseline, other, systems, refs, scored, options)
