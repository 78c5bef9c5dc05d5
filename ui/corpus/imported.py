"""Corpus's imported metrics (COMET's segment scores and others read from files, ``ui.metrics.imported``): each
picked one's corpus value, the mean of its segment scores, with bleucore's signature, and its scores as the other
metrics' are kept (``MetricScores``) for the sentence table, the sentence metric and the buckets."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

import streamlit as st

from ui.inputs.uploads import TextFile
from ui.metrics.analysis import MetricScores
from ui.shell.i18n import _, and_list
from ui.shell.markdown import escape_markdown

if TYPE_CHECKING:
    from ui.metrics.imported.section import ImportedScores


class FromFile(NamedTuple):
    """One picked imported metric of the page: its id, the hypothesis's scores, statistics and direction."""

    metric_id: str
    scores: MetricScores
    statistics: object
    higher_is_better: bool


def scores_of(entry: ImportedScores, hyp: TextFile, refs: Sequence[TextFile]) -> tuple[MetricScores, object]:
    """The hypothesis's scores under the imported metric (its corpus value, the mean, and each segment's), and its
    statistics (for the buckets)."""
    metric = entry.metric
    stats = metric.statistics_for(hyp.name, hyp.lines, [r.lines for r in refs])
    corpus = metric.score_from_statistics(stats, len(refs))
    return MetricScores("imported", entry.label, corpus, None, metric.segment_values(stats), entry.key), stats


def show_corpus_scores(
    picked: Sequence[str], uploaded: Mapping[str, ImportedScores], hyp: TextFile, refs: Sequence[TextFile]
) -> list[FromFile]:
    """Each picked imported metric with scores: its corpus value and where it came from, in the order picked."""
    out = []
    for metric_id in picked:
        entry = uploaded.get(metric_id)
        if entry is None:
            continue
        scores, stats = scores_of(entry, hyp, refs)
        label = escape_markdown(entry.label)
        st.subheader(_("Corpus {metric}").format(metric=label))
        if scores.corpus is None:  # never: a file of scores has one score a line, so a mean
            continue
        st.metric(_("Corpus {metric}").format(metric=label), f"{scores.corpus.score:.4f}")
        st.caption(
            escape_markdown(
                _(
                    "The mean of its {n:,} segment scores, read from {files}. sacreBLEU has no {metric}: cite the "
                    "model or the people that gave the scores beside bleucore's signature:"
                ).format(n=len(hyp), files=and_list(list(entry.files)), metric=entry.label)
            )
        )
        st.code(scores.corpus.signature, language=None, wrap_lines=True)
        out.append(FromFile(metric_id, scores, stats, entry.metric.higher_is_better))
    return out
