"""Compare's "Where BLEU and COMET disagree" (issue 38), shown when an imported metric is picked: how often each
imported metric moves the same way as each built-in one on a system's segments against the baseline
(``bleucore.meta_evaluation.agreement_rows``, in words), then, for the pair chosen, the segments of each system where
the two move most in opposite directions (``disagreement_examples``, the HTML report's): both hypotheses drawn as the
built-in metric explains a line (BLEU's n-gram chips, chrF's character n-grams, TER's edits:
``ui.compare.pictures.picture``), both metrics' two scores, and xCOMET's error spans marked beside the chips in words
and colour (``ui.compare.spans``), the picture's legend once above them all. Each metric's sentence values are
bleucore's (``metric_values``), cached per metric and texts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import streamlit as st

from bleucore import BleuOptions
from bleucore.meta_evaluation import AgreementRow, DisagreementExample, agreement_rows
from bleucore.meta_evaluation import disagreement_examples as core_examples
from ui.compare import pictures, spans
from ui.compare.meta_values import values_of
from ui.inputs.uploads import TextFile
from ui.metrics.error_wording import error_text
from ui.shell import held, i18n
from ui.shell.i18n import _
from ui.shell.markdown import escape_markdown
from ui.state import compare as cps

if TYPE_CHECKING:
    from ui.compare.scored import ScoredMetric


def agreement_sentence(row: AgreementRow, baseline: str) -> str:
    """One agreement row in words (Markdown-escaped)."""
    if row.value is None:
        text = _("{system} against {baseline}: no segment where both {metric} and {versus} move.")
    else:
        text = _(
            "{system} against {baseline}: {metric} and {versus} move the same way on {share:.0%} of the {size:,} "
            "segments where both move."
        )
    return escape_markdown(
        text.format(
            system=row.system,
            baseline=baseline,
            metric=row.metric,
            versus=row.versus,
            share=row.value or 0.0,
            size=row.size,
        )
    )


def _pick(label: str, key: str, metrics: Sequence[ScoredMetric]) -> ScoredMetric:
    """One of ``metrics`` (the only one without asking)."""
    if len(metrics) == 1:
        return metrics[0]
    by_id = {m.metric_id: m for m in metrics}
    names = i18n.named({m.metric_id: m.label for m in metrics})  # a selectbox's options are plain text, never Markdown
    chosen = st.selectbox(
        label,
        list(by_id),
        key=key,
        format_func=i18n.keep_choice(key, list(by_id), names),
        persist_state="session",
        **held.hold(key, list(by_id), metrics[0].metric_id),  # the metric chosen last, while its file is replaced
    )
    return by_id.get(str(chosen), metrics[0])


def _side(
    example: DisagreementExample, first: bool, versus: ScoredMetric, digits: tuple[int, int], options: BleuOptions
) -> None:
    """One hypothesis of an example: its system, both metrics' scores, its error spans and the built-in view."""
    e = example
    name = e.baseline if first else e.system
    k = 0 if first else 1
    st.markdown("**" + escape_markdown(name) + "**")
    st.caption(
        escape_markdown(
            _("{metric} {score}, {versus} {versus_score}").format(
                metric=e.metric,
                score=f"{e.scores[k]:.{digits[0]}f}",
                versus=e.versus,
                versus_score=f"{e.versus_scores[k]:.{digits[1]}f}",
            )
        )
    )
    found = e.baseline_spans if first else e.spans
    text = e.baseline_hypothesis if first else e.hypothesis
    # the line itself on both sides, its error spans marked where the file has them
    st.html(spans.STYLE + spans.spans_html(text, found) if found is not None else pictures.line_html(text))
    try:
        shown = pictures.picture(versus.metric_id, text, e.references, options, versus.options)
    except ValueError as err:
        st.caption(
            escape_markdown(_("This line cannot be explained with these options: {err}.").format(err=error_text(err)))
        )
        return
    st.html(shown)


def show_example(e: DisagreementExample, versus: ScoredMetric, digits: tuple[int, int], options: BleuOptions) -> None:
    """One segment: what each metric says, the references, then both hypotheses side by side."""
    if e.better:
        said = _("Line {line:,}: {metric} scores {system}'s line better than {baseline}'s, {versus} worse.")
    else:
        said = _("Line {line:,}: {metric} scores {system}'s line worse than {baseline}'s, {versus} better.")
    st.markdown(
        escape_markdown(
            said.format(line=e.line, metric=e.metric, system=e.system, baseline=e.baseline, versus=e.versus)
        )
    )
    for j, reference in enumerate(e.references, start=1):
        st.caption(escape_markdown(_("Reference {position}").format(position=j) + ": " + reference))
    for column, first in zip(st.columns(2), (True, False)):
        with column:
            _side(e, first, versus, digits, options)


def show_disagreement(
    metrics: Sequence[ScoredMetric],
    systems: Mapping[str, TextFile],
    refs: Sequence[TextFile],
    baseline: str,
    options: BleuOptions,
    human: str = "",
) -> None:
    """The section, when an imported metric and a built-in one are picked (every system scored by both); ``human``:
    the id of the imported metric named as human scores, which is checked against people below, not here."""
    imported = [m for m in metrics if m.from_file and m.metric_id != human]
    builtin = [m for m in metrics if not m.from_file and m.complete]
    if not imported or not builtin:
        return
    values = {m.metric_id: values_of(m, systems, refs) for m in [*imported, *builtin]}
    st.subheader(_("Where the metrics disagree"))
    st.caption(
        _(
            "Each metric's sentence scores against the baseline's: the share of segments where both move and move the "
            "same way (sacreBLEU's sentence BLEU, chrF and TER; fewer edits is better). Low agreement says the two "
            "metrics reward different things; it says which one moved, never which one is right."
        )
        + "".join(
            " "
            + _("{human} holds the human scores: it is checked against people below, not here.").format(
                human=escape_markdown(m.label)
            )
            for m in metrics
            if m.from_file and m.metric_id == human
        )
    )
    rows = agreement_rows([values[m.metric_id] for m in [*imported, *builtin]], baseline)
    st.markdown("\n".join("- " + agreement_sentence(row, baseline) for row in rows))
    left, middle, right = st.columns(3)
    with left:
        metric = _pick(_("Imported metric"), cps.COMPARE_DISAGREE_IMPORTED, imported)
    with middle:
        versus = _pick(_("Built-in metric"), cps.COMPARE_DISAGREE_BUILT_IN, builtin)
    with right:
        count = int(
            st.number_input(
                _("Segments per system"),
                min_value=1,
                max_value=cps.MAX_EXAMPLES,
                key=cps.COMPARE_DISAGREE_COUNT,
                persist_state="session",
            )
            or cps.FIRST_EXAMPLES
        )
    st.markdown(
        "#### "
        + escape_markdown(_("Where {versus} and {metric} disagree").format(versus=versus.label, metric=metric.label))
    )
    st.caption(
        _(
            "The segments where the two metrics move most in opposite directions from the baseline: each metric's "
            "differences are divided by their standard deviation over the system's segments, and a segment is ranked "
            "by the smaller of the two, so both metrics move far. Each hypothesis is drawn as {versus} explains it."
        ).format(versus=escape_markdown(versus.label))
    )
    if any(values[metric.metric_id].errors.values()):
        st.html(spans.STYLE + spans.legend_html())
    if legend := pictures.legend_html(versus.metric_id, versus.options):  # once, not beside every hypothesis
        st.html(legend)
    lines = {name: systems[name].lines for name in systems}
    references = [r.lines for r in refs]
    digits = (metric.digits, versus.digits)
    for system in systems:
        if system == baseline:
            continue
        found = core_examples(
            values[metric.metric_id], values[versus.metric_id], system, baseline, lines, references, count
        )
        with st.expander(
            escape_markdown(_("{system} against {baseline}").format(system=system, baseline=baseline)), expanded=True
        ):
            if not found:
                st.caption(_("No segment where the two metrics move in opposite directions."))
            for example in found:
                show_example(example, versus, digits, options)
