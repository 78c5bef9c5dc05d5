"""Compare: two or more systems on the same references; paired significance tests against a baseline."""

from __future__ import annotations

import math
from typing import Any

import streamlit as st

from bleucore import BleuOptions, Statistics
from ui.compare import buckets, cache, examples, significance, views
from ui.compare.inputs import read_compare_input
from ui.doctor.view import show_setup_check
from ui.inputs.uploads import InputError, TextFile, check_references, digest, matching_systems
from ui.inputs.widgets import scoring_options, source_radio
from ui.metrics import views as metric_views
from ui.metrics.bleu import cache as bleu_cache
from ui.metrics.bleu import wording
from ui.metrics.bleu.options_key import options_key
from ui.metrics.sacrebleu_view import lacking_words, paired_citation
from ui.options.bleu import describe
from ui.options.choice import metric_pills, picked_labels
from ui.options.metrics import LABELS, LOWER_IS_BETTER, MetricKey, metric_of
from ui.options.metrics import others as other_metrics
from ui.options.sidebar import options_sidebar
from ui.shell.i18n import _
from ui.shell.markdown import show_error as _show_error
from ui.shell.session import session_state
from ui.state import compare as cps
from ui.state import handoff
from ui.state.inputs import START_PRESET
from ui.state.on_page import mirror_state, open_state_page, publish_state


def compute_statistics(
    systems: list[TextFile], refs: list[TextFile], options: BleuOptions
) -> dict[str, tuple[str, Statistics]]:
    """Per system: (digest of system + references, statistics), with a progress bar for large inputs."""
    total = len(systems) * math.ceil(len(refs[0]) / bleu_cache.LINES_PER_CACHED_CHUNK)
    bar = st.progress(0.0, text=_("Counting n-grams")) if total > 2 else None
    out: dict[str, tuple[str, Statistics]] = {}
    for k, system in enumerate(systems):
        input_digest = digest([system, *refs])

        def progress(done: int, lines: int, k: int = k, name: str = system.name) -> None:
            if bar is not None:
                bar.progress(
                    min(1.0, (k + done / max(lines, 1)) / len(systems)),
                    text=_("Counting n-grams of {name}: {done:,} of {lines:,} lines").format(
                        name=name, done=done, lines=lines
                    ),
                )

        stats = bleu_cache.statistics(input_digest, system.lines, [r.lines for r in refs], options, progress)
        out[system.name] = (input_digest, stats)
    if bar is not None:
        bar.empty()
    return out


def show_significance(
    metric_id: str,
    key: MetricKey,
    stats: dict[str, tuple[str, Any]],
    undefined: dict[str, str],
    baseline: str,
    refs: list[TextFile],
    state: cps.CompareState,
) -> None:
    """One metric's significance section; ``undefined`` holds the message of each system it cannot score."""
    table = cache.significance(key, stats, baseline, len(refs), state)
    systems = [baseline, *(name for name in stats if name != baseline)]
    metric = metric_of(key)
    citation = paired_citation(metric, [r.name for r in refs], systems, state.n_samples, state.n_trials, state.seed)
    equivalent = metric.sacrebleu_equivalent(len(refs))
    errors = [
        undefined.get(name)
        or _("The tests cannot be run for {name}: {error}. Choose other options in the sidebar.").format(
            name=name, error=reason
        )
        for name, reason in table.skipped
    ]
    significance.show(metric_id, table, errors, state, citation, lacking_words(equivalent.lacking, equivalent.missing))


def _uses_uploads(source: str) -> bool:
    """True when the view compares uploaded files (uploaded, or systems uploaded beside the sample)."""
    return source == "upload" or (source == "sample" and bool(st.session_state.get(cps.COMPARE_EXTRA_UPLOAD)))


def main() -> None:
    """Draw the page."""
    open_state_page(
        cps.PAGE,
        lambda: (
            _("Compare systems"),
            _("Two or more systems on the same references: is the difference in {metrics} more than chance?").format(
                metrics=picked_labels(cps.COMPARE_METRICS)
            ),
        ),
    )
    with st.sidebar:
        options_sidebar(cps.COMPARE, START_PRESET)
        views.test_settings()
    source = source_radio(cps.PAGE.prefix)
    choice = metric_pills(cps.COMPARE_METRICS, "compare")
    state = cps.read_compare(session_state())
    mirror_state(session_state(), cps.PAGE, state, uploads=_uses_uploads(source))
    try:
        systems, refs = read_compare_input(source)
        if not refs or not systems:
            return
        if len(systems) < 2:
            _show_error(_("Add at least two systems to compare."))
            return
        for system in systems:  # findings before numbers, and before the line-count check they may explain
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
        scoring = scoring_options(state.options)
        if scoring is None:
            return
        corpus_options, sentence_options = scoring
        names = [s.name for s in systems]
        by_name = {s.name: s for s in systems}
        if st.session_state.get(cps.COMPARE_BASELINE) not in names:
            st.session_state[cps.COMPARE_BASELINE] = names[0]
        baseline = st.selectbox(
            _("Baseline"),
            names,
            key=cps.COMPARE_BASELINE,
            help=_("Every other system is tested against this one."),
            persist_state="session",
        )
        stats = compute_statistics(systems, refs, corpus_options)
        scores = {
            name: cache.system_scores(stats[name][0], name, corpus_options, sentence_options, len(refs), stats[name][1])
            for name in names
        }
        if "bleu" in choice:
            undefined = {
                name: _(
                    "BLEU of {name} is undefined with these options: {err}. Choose another smoothing method in the "
                    "sidebar."
                ).format(name=name, err=wording.reason_text(s.corpus_error_reason, s.corpus_error or ""))
                for name, s in scores.items()
                if s.corpus is None
            }
            show_significance("bleu", ("bleu", options_key(corpus_options)), stats, undefined, baseline, refs, state)
            st.caption(_("Options: {options}").format(options=describe(state.options)))
            views.show_lines(names, scores)
        per_line: dict[str, tuple[str, bool, dict[str, Any]]] = {}  # metric id -> label, direction, sentence scores
        metric_options: dict[str, Any] = {}  # metric id -> its options (chrF, TER), for the examples' marks
        inputs: dict[str, tuple[Any, dict[str, tuple[str, Any]]]] = {}  # metric id -> key, name -> (digest, stats)
        if "bleu" in choice:
            per_line["bleu"] = ("BLEU", True, {name: scores[name].sentences for name in names})
            if all(s.corpus is not None for s in scores.values()):  # buckets only where every system has a score
                inputs["bleu"] = (("bleu", options_key(corpus_options)), stats)
        for metric_id in other_metrics(choice):
            key, metric_stats, metric_scores = metric_views.compare_inputs(
                metric_id, systems, refs, state.metric_options
            )
            metric_options[metric_id] = metric_of(key).options
            label = next(iter(metric_scores.values())).label
            per_line[metric_id] = (
                label,
                metric_id not in LOWER_IS_BETTER,
                {n: s.sentences for n, s in metric_scores.items()},
            )
            if all(s.corpus is not None for s in metric_scores.values()):
                inputs[metric_id] = (key, metric_stats)
            undefined = {
                name: _(
                    "{metric} of {name} is undefined: {error}. Check its file and references, or the metric's options."
                ).format(metric=s.label, name=name, error=s.error)
                for name, s in metric_scores.items()
                if s.corpus is None
            }
            show_significance(metric_id, key, metric_stats, undefined, baseline, refs, state)
            metric_views.show_metric_lines(names, metric_scores)
        others = [n for n in names if n != baseline]
        st.subheader(_("Sentence by sentence"))
        if st.session_state.get(cps.COMPARE_OTHER) not in others:
            st.session_state[cps.COMPARE_OTHER] = others[0]
        other = st.selectbox(
            _("System to set against the baseline"), others, key=cps.COMPARE_OTHER, persist_state="session"
        )
        if per_line:  # no metric picked: the pills say so
            if st.session_state.get(cps.COMPARE_SENTENCE_METRIC) not in per_line:
                st.session_state[cps.COMPARE_SENTENCE_METRIC] = next(iter(per_line))
            sentence_metric = st.segmented_control(
                _("Sentence metric"),
                list(per_line),
                key=cps.COMPARE_SENTENCE_METRIC,
                format_func=LABELS.__getitem__,
                persist_state="session",
            ) or next(iter(per_line))
            label, higher, sentences = per_line[sentence_metric]
            views.show_sentences(baseline, other, by_name, refs, sentences, label, higher)
            views.sentence_download(by_name, refs, {lab: per_system for lab, _higher, per_system in per_line.values()})
            with st.expander(_("Examples that tell the story: where each system beats the other most")):
                examples.show_examples(
                    baseline,
                    other,
                    by_name,
                    refs,
                    sentences,
                    label,
                    higher,
                    sentence_options,
                    sentence_metric,
                    metric_options.get(sentence_metric),
                )
            buckets.where_they_differ(inputs, by_name, refs, baseline, other, state, label, sentences)
        with st.expander(_("Open one segment in Explore")):
            chosen = st.session_state.get(cps.COMPARE_SENTENCE_METRIC)
            handoff.segment_picker(by_name, refs, state.options, "compare", metrics_tab=chosen in metric_options)
        if "bleu" in choice:  # BLEU's clipped word n-grams: drawn with BLEU only
            st.subheader(_("N-grams one system matches and the other misses"))
            views.show_ngrams(baseline, other, by_name, refs, corpus_options)
    finally:
        publish_state(
            session_state(),
            cps.PAGE,
            state,
            _("the options, the metrics and test settings"),
            with_texts=source == "paste",
            uploads=_uses_uploads(source),
        )
    handoff.follow()


main()
