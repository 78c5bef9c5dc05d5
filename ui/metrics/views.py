"""What Corpus and Compare draw for chrF, chrF++ and TER beside BLEU: corpus scores with their
signatures, sentence-table columns, and each Compare system's statistics and scores.

Each function computes through ``ui.metrics.cache`` and draws one section; BLEU keeps its own views
(``ui.corpus.views``, ``ui.compare.views``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, cast

import numpy as np
import streamlit as st

from bleucore.metrics import Metric
from bleucore.metrics.chrf import chrf_orders
from bleucore.reading import TerWordPairs
from ui.inputs.uploads import TextFile, digest
from ui.metrics import cache, error_wording
from ui.metrics.analysis import MetricScores
from ui.metrics.chrf.corpus_chart import order_chart
from ui.metrics.sacrebleu_view import show_sacrebleu
from ui.metrics.ter import cache as ter_cache
from ui.metrics.ter.corpus_chart import edit_chart
from ui.options.metrics import LOWER_IS_BETTER, MetricKey, MetricSettings, metric_key, metric_of, others
from ui.shell.i18n import _
from ui.shell.markdown import escape_markdown, show_error


class _SummedStatistics(Protocol):
    """chrF's corpus score, as bleucore's chrF makes it: its statistics summed over the input (per order and kind:
    hypothesis, reference and matched n-grams), which ``chrf_orders`` reads."""

    @property
    def statistics(self) -> Sequence[int]: ...


def scorable(
    choice: Sequence[str], settings: MetricSettings, systems: Sequence[TextFile], refs: Sequence[TextFile]
) -> tuple[str, ...]:
    """``choice`` without a metric that cannot score one of ``systems`` (TER past its word pairs in a segment), each
    left out with a message naming the file and line; the statistics are computed (and cached) here, once."""
    left: set[str] = set()
    references = [r.lines for r in refs]
    for metric_id in others(choice):
        key = metric_key(metric_id, settings)
        for system in systems:
            try:
                cache.metric_statistics(digest([system, *refs]), key, system.lines, references)
            except TerWordPairs as err:
                show_error(error_wording.left_out(err, metric_of(key).printed_label, system.name))
                left.add(metric_id)
                break
    return tuple(m for m in choice if m not in left)


def input_scores(key: MetricKey, hyp: TextFile, refs: Sequence[TextFile]) -> MetricScores:
    """One input's scores under a metric, cached per its digest and the metric's options."""
    input_digest = digest([hyp, *refs])
    references = [r.lines for r in refs]
    stats = cache.metric_statistics(input_digest, key, hyp.lines, references)
    return cache.metric_scores(input_digest, key, len(refs), stats)


# --- Corpus ------------------------------------------------------------------------------------


def show_corpus_scores(
    choice: Sequence[str], settings: MetricSettings, hyp: TextFile, refs: Sequence[TextFile]
) -> list[MetricScores]:
    """Each picked metric other than BLEU: its corpus score, sacreBLEU's line and its signature."""
    keys = [metric_key(m, settings) for m in others(choice)]
    results = [input_scores(key, hyp, refs) for key in keys]
    for key, result in zip(keys, results):
        st.subheader(_("Corpus {metric}").format(metric=result.label))
        if result.corpus is None:
            show_error(
                _(
                    "{metric} is undefined for this input: {error}. Check the files (a reference may be empty) or the "
                    "metric's options."
                ).format(metric=result.label, error=result.error)
            )
            continue
        scored = result.sentences[~np.isnan(result.sentences)]
        cols = st.columns(2)
        cols[0].metric(_("Corpus {metric}").format(metric=result.label), f"{result.corpus.score:.2f}")
        mean = f"{scored.mean():.2f}" if scored.size else "—"
        cols[1].metric(_("Mean of sentence {metric}").format(metric=result.label), mean)
        if scored.size:
            st.caption(why_corpus_differs(result.metric_id, result.label, result.corpus.score, float(scored.mean())))
        st.code(result.corpus.format(), language=None, wrap_lines=True)
        st.caption(
            _("Corpus {metric} to full precision: {score!r}. Signature (every option that changes the number):").format(
                metric=result.label, score=result.corpus.score
            )
        )
        st.code(result.corpus.signature, language=None, wrap_lines=True)
        show_sacrebleu(metric_of(key), hyp, refs)
        show_corpus_picture(metric_of(key), result, hyp, refs)
        if result.metric_id in LOWER_IS_BETTER:
            st.caption(
                _(
                    "TER counts the edits (insertions, deletions, substitutions, shifts) per reference word: lower is "
                    "better."
                )
            )
    return results


def why_corpus_differs(metric_id: str, label: str, corpus: float, mean: float) -> str:
    """Why the corpus score is not the mean of the sentence scores, for chrF or TER, with the two numbers."""
    if metric_id == "ter":
        why = _(
            "Corpus TER divides all edits by all reference words, so a long line counts for more; the mean of "
            "sentence TER gives a 3-word line the weight of a 40-word one."
        )
    else:
        why = _(
            "Corpus {metric} adds up the n-grams of every line before computing precision and recall, so a long "
            "line counts for more; the mean of sentence {metric} gives every line the same weight."
        ).format(metric=label)
    return _("{why} Here: {corpus:.2f} against {mean:.2f} ({diff:+.2f}).").format(
        why=why, corpus=corpus, mean=mean, diff=corpus - mean
    )


def show_corpus_picture(metric: Metric, result: MetricScores, hyp: TextFile, refs: Sequence[TextFile]) -> None:
    """chrF's per-order precision, recall and F-β, or TER's edits by type, from the whole input."""
    if result.metric_id == "chrf" and result.corpus is not None:
        options = metric.options
        summed = cast(_SummedStatistics, result.corpus).statistics
        st.altair_chart(order_chart(chrf_orders(summed, options)), width="stretch")
        st.caption(
            _(
                "Precision, recall and F-β (β = {beta}) of each n-gram order, from the n-grams of the whole input. "
                "{metric} = {score:.2f} is F-β of the precision and recall averaged over the orders, not a mean of "
                "sentence scores."
            ).format(beta=options.beta, metric=result.label, score=result.corpus.score)
        )
    elif result.metric_id == "ter" and result.corpus is not None:
        counts = ter_cache.edit_counts(digest([hyp, *refs]), metric.options, hyp.lines, [r.lines for r in refs])
        st.altair_chart(edit_chart(counts), width="stretch")
        st.caption(
            _(
                "TER = (insertions + deletions + substitutions + shifts) / average reference length = "
                "{edits:,} / {length:,.1f} = {score:.2f}: the edits of each line's closest reference, summed."
            ).format(edits=counts.edits, length=counts.ref_length, score=counts.score)
        )


def sentence_columns(results: Sequence[MetricScores]) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The sentence table's extra columns (label -> score per line) and their column settings."""
    columns = {r.label: r.sentences for r in results}
    config = {r.label: _column(r) for r in results}
    return columns, config


def _column(result: MetricScores) -> Any:
    """A sentence-table column's settings: its label, its decimals and what it holds."""
    label = result.label
    if result.metric_id == "imported":  # an imported metric's segment scores, on their own scale
        return st.column_config.NumberColumn(
            label,
            format="%.4f",
            help=_("{metric} of each segment, read from its file").format(metric=escape_markdown(label)),  # Markdown
        )
    if result.metric_id in LOWER_IS_BETTER:
        return st.column_config.NumberColumn(
            label, format="%.2f", help=_("Sentence {metric} (0-100, lower is better)").format(metric=label)
        )
    return st.column_config.NumberColumn(label, format="%.2f", help=_("Sentence {metric} (0-100)").format(metric=label))


# --- Compare -----------------------------------------------------------------------------------


def compare_inputs(
    metric_id: str, systems: Sequence[TextFile], refs: Sequence[TextFile], settings: MetricSettings
) -> tuple[MetricKey, dict[str, tuple[str, Any]], dict[str, MetricScores]]:
    """Every system under a metric: its key, each system's (text digest, statistics) and scores, cached."""
    key = metric_key(metric_id, settings)
    references = [r.lines for r in refs]
    stats: dict[str, tuple[str, Any]] = {}
    for system in systems:
        input_digest = digest([system, *refs])
        stats[system.name] = (input_digest, cache.metric_statistics(input_digest, key, system.lines, references))
    scores = {name: cache.metric_scores(d, key, len(refs), st_) for name, (d, st_) in stats.items()}
    return key, stats, scores


def show_metric_lines(names: Sequence[str], scores: dict[str, MetricScores]) -> None:
    """sacreBLEU's line of every system under one metric other than BLEU."""
    for name in names:
        score = scores[name].corpus
        if score is not None:
            st.code(f"{name}: {score.format()}", language=None, wrap_lines=True)
