"""Compare: two or more systems on the same references under every picked metric (COMET's uploaded scores too); paired
significance tests against a baseline and, for three systems or more, WMT25's ranking."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from bleucore import BleuOptions
from ui.compare import auto_rank, buckets, disagreement, examples, meta, ranking, scored, significance, views
from ui.compare.inputs import read_compare_input
from ui.compare.scored import ScoredMetric
from ui.doctor.view import show_setup_check
from ui.inputs.uploads import InputError, TextFile, check_references, matching_systems
from ui.inputs.widgets import scoring_options, source_radio
from ui.metrics import views as metric_views
from ui.metrics.imported import section as imported_section
from ui.options.bleu import describe
from ui.options.choice import metric_pills, picked_labels
from ui.options.metrics import imported, others
from ui.options.sidebar import options_sidebar
from ui.shell import held
from ui.shell.i18n import _
from ui.shell.markdown import escape_markdown
from ui.shell.markdown import show_error as _show_error
from ui.shell.session import session_state
from ui.state import compare as cps
from ui.state import handoff
from ui.state.inputs import START_PRESET
from ui.state.on_page import mirror_state, open_state_page, publish_state
from ui.state.sections import section

#: Sections drawn as fragments (``ui.state.sections``): a change to one of their widgets reruns that section alone.
SECTION = section(cps.read_compare)


def _uses_uploads(source: str, offered: dict[str, str]) -> bool:
    """True when the view holds uploaded files (uploaded, or systems uploaded beside the sample, or score files)."""
    extra = source == "sample" and bool(st.session_state.get(cps.COMPARE_EXTRA_UPLOAD))
    return source == "upload" or extra or bool(offered)


def choose_baseline(names: list[str]) -> str:
    """The baseline every other system is tested against (the first system until one is chosen)."""
    return str(
        st.selectbox(
            _("Baseline"),
            names,
            key=cps.COMPARE_BASELINE,
            help=_("Every other system is tested against this one."),
            persist_state="session",
            **held.hold(cps.COMPARE_BASELINE, names, names[0]),
        )
    )


def show_metrics(
    choice: tuple[str, ...],
    systems: list[TextFile],
    refs: list[TextFile],
    baseline: str,
    state: cps.CompareState,
    options: tuple[BleuOptions, BleuOptions],
    uploaded: dict[str, imported_section.ImportedScores],
) -> list[ScoredMetric]:
    """Each picked metric scored for every system, in the order of the choice, with its significance section (BLEU's
    and chrF's or TER's followed by sacreBLEU's lines); an imported metric without usable scores is left out (its
    upload says why)."""
    out: list[ScoredMetric] = []
    names = [s.name for s in systems]
    if "bleu" in choice:
        bleu, bleu_scores = scored.bleu(systems, refs, *options)
        significance.show_metric(bleu, baseline, refs, state)
        st.caption(_("Options: {options}").format(options=describe(state.options)))
        views.show_lines(names, bleu_scores)
        out.append(bleu)
    for metric_id in others(choice):
        metric, metric_scores = scored.built_in(metric_id, systems, refs, state.metric_options)
        significance.show_metric(metric, baseline, refs, state)
        metric_views.show_metric_lines(names, metric_scores)
        out.append(metric)
    for metric_id in imported(choice):
        if metric_id in uploaded:
            metric = scored.imported(uploaded[metric_id], systems, refs)
            significance.show_metric(metric, baseline, refs, state, uploaded[metric_id].files)
            out.append(metric)
    return out


def pick_other(names: Sequence[str], baseline: str) -> str:
    """The system set against the baseline (the first other one until one is chosen)."""
    rivals = [n for n in names if n != baseline]
    return str(
        st.selectbox(
            _("System to set against the baseline"),
            rivals,
            key=cps.COMPARE_OTHER,
            persist_state="session",
            **held.hold(cps.COMPARE_OTHER, rivals, rivals[0]),
        )
    )


def pick_sentence_metric(metrics: Sequence[ScoredMetric]) -> ScoredMetric:
    """The metric the lines are compared by (the first picked one until one is chosen)."""
    by_id = {m.metric_id: m for m in metrics}
    labels = {m.metric_id: escape_markdown(m.label) if m.from_file else m.label for m in metrics}
    chosen = st.segmented_control(
        _("Sentence metric"),
        list(by_id),
        key=cps.COMPARE_SENTENCE_METRIC,
        format_func=lambda m: labels.get(m, m),
        persist_state="session",
        **held.hold(cps.COMPARE_SENTENCE_METRIC, list(by_id), metrics[0].metric_id),
    )
    return by_id.get(str(chosen), metrics[0])


def show_sentence_section(
    metrics: Sequence[ScoredMetric],
    systems: dict[str, TextFile],
    refs: list[TextFile],
    baseline: str,
    state: cps.CompareState,
    sentence_options: BleuOptions,
) -> tuple[str, ScoredMetric | None]:
    """The section; (the system set against the baseline, the sentence metric: None when no metric is picked)."""
    st.subheader(_("Sentence by sentence"))
    other = pick_other(list(systems), baseline)
    if not metrics:  # no metric picked: the pills say so
        return other, None
    chosen = pick_sentence_metric(metrics)
    views.show_sentences(
        baseline, other, systems, refs, chosen.sentences, chosen.label, chosen.higher_is_better, chosen.digits
    )
    views.sentence_download(systems, refs, {m.label: m.sentences for m in metrics})
    with st.expander(_("Examples that tell the story: where each system beats the other most")):
        SECTION(examples.show_examples)(baseline, other, systems, refs, chosen, sentence_options)
    SECTION(buckets.where_they_differ)(metrics, systems, refs, baseline, other, state, chosen.label, chosen.sentences)
    return other, chosen


@SECTION
def show_pair(
    metrics: Sequence[ScoredMetric],
    systems: dict[str, TextFile],
    refs: list[TextFile],
    baseline: str,
    state: cps.CompareState,
    scoring: tuple[BleuOptions, BleuOptions],
    with_ngrams: bool,
) -> None:
    """What the baseline is set against one other system by: the sentence section, one segment opened in Explore
    and (``with_ngrams``: BLEU picked) BLEU's clipped word n-grams; one section, since the other system is chosen in
    it."""
    other, sentence_metric = show_sentence_section(metrics, systems, refs, baseline, state, scoring[1])
    with st.expander(_("Open one segment in Explore")):
        chrf_or_ter = sentence_metric is not None and sentence_metric.options is not None
        handoff.segment_picker(systems, refs, state.options, "compare", metrics_tab=chrf_or_ter)
    if with_ngrams:  # BLEU's clipped word n-grams: drawn with BLEU only
        st.subheader(_("N-grams one system matches and the other misses"))
        SECTION(views.show_ngrams)(baseline, other, systems, refs, scoring[0])


def main() -> None:
    """Draw the page."""
    offered: dict[str, str] = {}  # the imported metrics with scores: id -> name

    def title() -> tuple[str, str]:
        offered.update(imported_section.offered(cps.PAGE.prefix, cps.COMPARE_METRICS))  # picks scores just uploaded
        return _("Compare systems"), _(
            "Two or more systems on the same references: is the difference in {metrics} more than chance?"
        ).format(metrics=picked_labels(cps.COMPARE_METRICS, offered))

    open_state_page(cps.PAGE, title)
    with st.sidebar:
        options_sidebar(cps.COMPARE, START_PRESET)
        views.test_settings()
    source = source_radio(cps.PAGE.prefix)
    choice = metric_pills(cps.COMPARE_METRICS, "compare", offered)
    state = cps.read_compare(session_state())
    mirror_state(session_state(), cps.PAGE, state, uploads=_uses_uploads(source, offered))
    try:
        systems, refs = read_compare_input(source)
        if not refs or not systems:
            return
        if len(systems) < 2:
            _show_error(_("Add at least two systems to compare."))
            return
        for system in systems:  # findings before numbers, and before the line-count check they may explain
            with st.spinner(_("Checking {name} against the references…").format(name=escape_markdown(system.name))):
                show_setup_check(system, refs, state.options.tokenize)
        try:
            check_references(refs)
        except InputError as err:
            _show_error(str(err))
            return
        systems, left_out = matching_systems(systems, refs)
        for message in left_out:  # a file with other line counts is named; the others are still compared
            _show_error(message)
        if len(systems) < 2:
            _show_error(
                _("Fewer than two systems have the references' line count: add or correct a system to compare.")
            )
            return
        uploaded = imported_section.score_uploads(cps.PAGE.prefix, offered, systems, refs)
        scoring = scoring_options(state.options)
        if scoring is None:
            return
        baseline = choose_baseline([s.name for s in systems])
        choice = metric_views.scorable(choice, state.metric_options, systems, refs)  # TER past its limit: left out
        metrics = show_metrics(choice, systems, refs, baseline, state, scoring, uploaded)
        ranking.show_rankings(metrics, len(refs), state)
        auto_rank.show_autorank(metrics, baseline, len(refs), state)  # WMT25's AutoRank beside the clusters
        by_name = {s.name: s for s in systems}
        show_pair(metrics, by_name, refs, baseline, state, scoring, "bleu" in choice)
        SECTION(disagreement.show_disagreement)(metrics, by_name, refs, baseline, scoring[1], state.imported.human)
        SECTION(meta.show_meta)(metrics, by_name, refs)
    finally:
        publish_state(
            session_state(),
            cps.PAGE,
            state,
            _("the options, the metrics and test settings"),
            with_texts=source == "paste",
            uploads=_uses_uploads(source, offered),
        )
    handoff.follow()


main()
