"""Corpus: BLEU of a hypothesis file against one or more reference files, and every sentence's share."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import streamlit as st

from bleucore import BleuOptions
from ui.corpus import buckets as corpus_buckets
from ui.corpus import cache, sentence, views
from ui.corpus import imported as corpus_imported
from ui.corpus.analysis import CorpusAnalysis
from ui.doctor.view import show_setup_check
from ui.inputs.hypothesis import read_hypothesis_input
from ui.inputs.uploads import InputError, TextFile, check_same_length, digest
from ui.inputs.widgets import scoring_options, source_radio
from ui.metrics import cache as metric_cache
from ui.metrics import views as metric_views
from ui.metrics.bleu import cache as bleu_cache
from ui.metrics.bleu.options_key import options_key
from ui.metrics.imported import section as imported_section
from ui.options.bleu import describe
from ui.options.choice import metric_pills, picked_labels
from ui.options.metrics import LOWER_IS_BETTER, MetricKey, imported, metric_key
from ui.options.metrics import others as other_metrics
from ui.options.sidebar import options_sidebar
from ui.shell import held
from ui.shell.i18n import _
from ui.shell.markdown import escape_markdown
from ui.shell.markdown import show_error as _show_error
from ui.shell.session import session_state
from ui.state import corpus as cs
from ui.state import handoff
from ui.state.inputs import START_PRESET
from ui.state.on_page import mirror_state, open_state_page, publish_state


def compute(
    hyp: TextFile, refs: list[TextFile], input_digest: str, corpus_options: BleuOptions, sentence_options: BleuOptions
) -> CorpusAnalysis:
    """Statistics (chunked, with a progress bar for large inputs) and the cached analysis."""
    chunks = math.ceil(len(hyp) / bleu_cache.LINES_PER_CACHED_CHUNK)
    bar = st.progress(0.0, text=_("Counting n-grams of {n:,} lines").format(n=len(hyp))) if chunks > 1 else None

    def progress(done: int, total: int) -> None:
        if bar is not None:
            bar.progress(
                done / total, text=_("Counting n-grams: {done:,} of {total:,} lines").format(done=done, total=total)
            )

    references = [r.lines for r in refs]
    stats = bleu_cache.statistics(input_digest, hyp.lines, references, corpus_options, progress)
    if bar is not None:
        bar.empty()
    return cache.analysis(input_digest, corpus_options, sentence_options, stats, hyp.lines, references)


def sentence_metrics(
    choice: tuple[str, ...],
    analysis: CorpusAnalysis,
    extra: list[Any],
    state: cs.CorpusState,
    from_files: list[corpus_imported.FromFile],
) -> dict[str, tuple[str, bool, np.ndarray, MetricKey | None]]:
    """Each picked metric's sentence scores: id -> (label, whether higher is better, scores by line, key; None for
    BLEU, whose sentence options come from the sidebar); ``from_files``: the imported metrics' (id, scores, stats)."""
    out: dict[str, tuple[str, bool, np.ndarray, MetricKey | None]] = {}
    if "bleu" in choice:
        out["bleu"] = ("BLEU", True, analysis.table["BLEU"].to_numpy(dtype=float), None)
    for metric_id, result in zip(other_metrics(choice), extra):
        key = metric_key(metric_id, state.metric_options)
        out[metric_id] = (
            result.label,
            metric_id not in LOWER_IS_BETTER,
            np.asarray(result.sentences, dtype=float),
            key,
        )
    for entry in from_files:
        result = entry.scores
        out[entry.metric_id] = (result.label, entry.higher_is_better, result.sentences, result.key)
    return out


def sentence_metric(by_metric: dict[str, Any]) -> str:
    """The metric the sentence table sorts by and the line is explained by: a choice when more than one is picked."""
    ids = list(by_metric)
    kept = held.hold(cs.CORPUS_SENTENCE_METRIC, ids, ids[0])  # the metric chosen last, while its scores are replaced
    if len(ids) == 1:
        return ids[0]
    st.segmented_control(
        _("Sentence metric"),
        ids,
        key=cs.CORPUS_SENTENCE_METRIC,
        format_func=lambda m: escape_markdown(by_metric[m][0]) if m in by_metric else m,
        help=_("The metric the table below sorts by, worst first, and explains one line by."),
        persist_state="session",
        **kept,
    )
    return str(st.session_state.get(cs.CORPUS_SENTENCE_METRIC) or ids[0])


def main() -> None:
    """Draw the page."""
    offered: dict[str, str] = {}  # the imported metrics with scores: id -> name

    def title() -> tuple[str, str]:
        offered.update(imported_section.offered(cs.PAGE.prefix, cs.CORPUS_METRICS))  # picks scores just uploaded
        return _("Corpus {metrics}").format(metrics=picked_labels(cs.CORPUS_METRICS, offered)), _(
            "Score a whole test set: each picked metric's corpus score as sacreBLEU computes it, and every "
            "sentence's own score."
        )

    open_state_page(cs.PAGE, title)
    with st.sidebar:
        options = options_sidebar(cs.CORPUS, START_PRESET)
    source = source_radio(cs.PAGE.prefix)
    choice = metric_pills(cs.CORPUS_METRICS, "corpus", offered)
    state = cs.read_corpus(session_state())
    uploads = source == "upload" or bool(offered)
    mirror_state(session_state(), cs.PAGE, state, uploads=uploads)
    try:
        hyp, refs = read_hypothesis_input(cs.PAGE.prefix, source)
        if hyp is None or not refs:
            return
        show_setup_check(hyp, refs, options.tokenize)  # findings before numbers, and before the line-count check
        st.page_link(
            "app_pages/doctor.py",
            icon=":material/stethoscope:",
            label=_(
                "Score doctor: these files as NLTK, Hugging Face, torchmetrics, multi-bleu.perl and the tutorials "
                "score them, and why"
            ),
        )
        try:
            check_same_length(hyp, refs)
        except InputError as err:
            _show_error(str(err))
            return
        uploaded = imported_section.score_uploads(cs.PAGE.prefix, offered, [hyp], refs)
        scoring = scoring_options(options)
        if scoring is None:
            return
        corpus_options, sentence_options = scoring
        choice = metric_views.scorable(choice, state.metric_options, [hyp], refs)  # TER past its limit: left out
        files = [hyp, *refs]
        input_digest = digest(files)
        analysis = compute(hyp, refs, input_digest, corpus_options, sentence_options)
        if "bleu" in choice:
            views.show_scores(analysis, hyp, refs, options, corpus_options, sentence_options)
            st.caption(_("Options: {options}").format(options=describe(options)))
        extra = metric_views.show_corpus_scores(choice, state.metric_options, hyp, refs)
        from_files = corpus_imported.show_corpus_scores(imported(choice), uploaded, hyp, refs)
        references = [r.lines for r in refs]
        buckets = []
        inputs: dict[str, tuple[Any, dict[str, tuple[str, Any]]]] = {}  # metric id -> key, {name: (digest, stats)}
        sentences: dict[str, tuple[str, Any]] = {}  # metric id -> label, sentence scores
        if "bleu" in choice and analysis.corpus is not None:
            bleu_stats = bleu_cache.statistics(input_digest, hyp.lines, references, corpus_options)
            inputs["bleu"] = (("bleu", options_key(corpus_options)), {hyp.name: (input_digest, bleu_stats)})
            sentences["bleu"] = ("BLEU", analysis.table["BLEU"].to_numpy(dtype=float))
        for metric_id, result in zip(other_metrics(choice), extra):
            key = metric_key(metric_id, state.metric_options)
            stats = metric_cache.metric_statistics(digest([hyp, *refs]), key, hyp.lines, references)
            buckets.append(
                (result, cache.metric_buckets(input_digest, key, corpus_options, result, stats, analysis.lengths))
            )
            if result.corpus is not None:
                inputs[metric_id] = (key, {hyp.name: (input_digest, stats)})
                sentences.setdefault(metric_id, (result.label, np.asarray(result.sentences, dtype=float)))
        for entry in from_files:
            inputs[entry.metric_id] = (entry.scores.key, {hyp.name: (input_digest, entry.statistics)})
            sentences.setdefault(entry.metric_id, (entry.scores.label, entry.scores.sentences))
        views.show_charts(analysis, "bleu" in choice, buckets)
        by_metric = sentence_metrics(choice, analysis, extra, state, from_files)
        if not by_metric:  # no metric picked: the pills say so
            return
        metric_id = sentence_metric(by_metric)
        label, higher, scores, sentence_key = by_metric[metric_id]
        worst = sentence.worst_line(scores, higher)
        shown = f"{input_digest} {metric_id}"  # new files or another sentence metric: its worst line first
        if st.session_state.get(cs.CORPUS_LAST_INPUT) != shown:
            if st.session_state.get(cs.CORPUS_LAST_INPUT) is not None or not state.line:
                st.session_state[cs.CORPUS_LINE] = worst
            st.session_state[cs.CORPUS_LAST_INPUT] = shown
            st.session_state[cs.CORPUS_LAST_SELECTION] = []
        names: dict[str, object] = {"hypothesis": hyp.name, "references": [r.name for r in refs]}
        views.show_table(
            analysis,
            corpus_options.max_order,
            names,
            (corpus_options, sentence_options),
            input_digest,
            [*extra, *(entry.scores for entry in from_files)],
            with_bleu="bleu" in choice,
            sort_by=(label, higher),
        )
        segment_scores = scores if any(metric_id == entry.metric_id for entry in from_files) else None
        sentence.show_sentence(
            hyp, refs, worst, options, sentence_options, (metric_id, label, sentence_key), segment_scores
        )
        if sentences:
            bucket_label, bucket_scores = sentences.get(metric_id, next(iter(sentences.values())))
            corpus_buckets.show_buckets(inputs, hyp, refs, options, bucket_label, {hyp.name: bucket_scores})
        state = cs.read_corpus(session_state())
    finally:
        publish_state(
            session_state(),
            cs.PAGE,
            state,
            _("the options, the metrics, the chosen line"),
            with_texts=source == "paste",
            uploads=uploads,
        )
    handoff.follow()


main()
