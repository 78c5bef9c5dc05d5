"""What Corpus and Compare draw for chrF, chrF++ and TER beside BLEU: corpus scores with their
signatures, sentence-table columns, and Compare's per-metric significance table.

Each function computes through ``ui.metrics.cache`` and draws one section; BLEU keeps its own views
(``ui.corpus.views``, ``ui.compare.views``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
import streamlit as st

from ui.compare import state as cps
from ui.compare.views import verdict
from ui.inputs.uploads import TextFile, digest, escape_markdown
from ui.inputs.widgets import show_error
from ui.metrics import cache
from ui.metrics.analysis import MetricScores, significance_rows
from ui.metrics.choice import LOWER_IS_BETTER, others
from ui.metrics.options import MetricKey, MetricSettings, metric_key
from ui.shell.i18n import N_, _

DIRECTIONS = {"better": N_("better"), "worse": N_("worse"), "same": N_("same")}


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
    results = [input_scores(metric_key(m, settings), hyp, refs) for m in others(choice)]
    for result in results:
        st.subheader(_("Corpus {metric}").format(metric=result.label))
        if result.corpus is None:
            show_error(_("{metric} is undefined for this input: {error}.").format(metric=result.label, error=result.error))
            continue
        scored = result.sentences[~np.isnan(result.sentences)]
        cols = st.columns(2)
        cols[0].metric(_("Corpus {metric}").format(metric=result.label), f"{result.corpus.score:.2f}")
        mean = f"{scored.mean():.2f}" if scored.size else "—"
        cols[1].metric(_("Mean of sentence {metric}").format(metric=result.label), mean)
        st.code(result.corpus.format(), language=None, wrap_lines=True)
        st.caption(
            _("Corpus {metric} to full precision: {score!r}. Signature (every option that changes the number):").format(
                metric=result.label, score=result.corpus.score
            )
        )
        st.code(result.corpus.signature, language=None, wrap_lines=True)
        if result.metric_id in LOWER_IS_BETTER:
            st.caption(_("TER counts the edits (insertions, deletions, substitutions, shifts) per reference word: lower is better."))
    return results


def sentence_columns(results: Sequence[MetricScores]) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The sentence table's extra columns (label -> score per line) and their column settings."""
    columns = {r.label: r.sentences for r in results}
    config = {
        r.label: st.column_config.NumberColumn(
            r.label, format="%.2f",
            help=_("Sentence {metric} (0-100, lower is better)").format(metric=r.label) if r.metric_id in LOWER_IS_BETTER
            else _("Sentence {metric} (0-100)").format(metric=r.label),
        )  # fmt: skip
        for r in results
    }
    return columns, config


# --- Compare -----------------------------------------------------------------------------------


def compare_metric(
    metric_id: str, systems: Sequence[TextFile], refs: Sequence[TextFile], baseline: str, settings: cps.CompareState
) -> tuple[pd.DataFrame, list[str], dict[str, MetricScores]]:
    """Every system's scores under a metric and both paired tests against the baseline (errors as messages)."""
    key = metric_key(metric_id, settings.metric_options)
    by_name = {s.name: s for s in systems}
    references = [r.lines for r in refs]
    digests = {s.name: digest([s, *refs]) for s in systems}
    stats = {s.name: cache.metric_statistics(digests[s.name], key, s.lines, references) for s in systems}
    scores = {n: cache.metric_scores(digests[n], key, len(refs), stats[n]) for n in by_name}
    errors = [
        _("{metric} of {name} is undefined: {error}.").format(metric=s.label, name=n, error=s.error)
        for n, s in scores.items() if s.corpus is None
    ]  # fmt: skip
    tests: dict[str, Any] = {}
    for name in by_name:
        if name == baseline or scores[name].corpus is None or scores[baseline].corpus is None:
            continue
        try:
            tests[name] = cache.metric_paired(
                (digests[baseline], digests[name]), key, settings.n_samples, settings.n_trials, settings.seed,
                stats[baseline], stats[name],
            )  # fmt: skip
        except ValueError as err:
            tests[name] = str(err)
            errors.append(_("The tests cannot be run for {name}: {error}.").format(name=name, error=err))
    return significance_rows(key[0], list(by_name), baseline, scores, tests), errors, scores


def show_metric_significance(
    metric_id: str, label: str, table: pd.DataFrame, errors: list[str], baseline: str
) -> None:
    """One metric's significance table and one sentence per system, worded for its direction."""
    st.subheader(_("Corpus {metric} and significance against the baseline").format(metric=label))
    for message in errors:
        show_error(message)
    if table.empty:
        return
    lower = metric_id in LOWER_IS_BETTER
    shown = table.drop(columns=["ci"]).assign(
        direction=[_(DIRECTIONS[d]) if isinstance(d, str) else None for d in table["direction"]],
        role=[_("baseline") if r == "baseline" else _("system") for r in table["role"]],
    )
    st.dataframe(
        shown, hide_index=True, placeholder="—", key=f"compare_table_{metric_id}",
        column_order=["system", "delta", "direction", "p (bootstrap)", "p (AR)", "score", "role", "mean", "lower", "upper"],
        column_config={
            "system": st.column_config.TextColumn(_("system"), pinned=True),
            "role": st.column_config.TextColumn(_("role")),
            "score": st.column_config.NumberColumn(label, format="%.2f", help=_("Corpus {metric} with the chrF and TER options").format(metric=label)),
            "delta": st.column_config.NumberColumn(
                _("Δ {metric}").format(metric=label), format="%+.2f",
                help=_("{metric} minus the baseline's; lower TER is better").format(metric=label) if lower
                else _("{metric} minus the baseline's; higher is better").format(metric=label),
            ),
            "direction": st.column_config.TextColumn(_("than the baseline")),
            "mean": st.column_config.NumberColumn(_("bootstrap mean"), format="%.2f"),
            "lower": st.column_config.NumberColumn(_("95% CI low"), format="%.2f"),
            "upper": st.column_config.NumberColumn(_("95% CI high"), format="%.2f"),
            "p (bootstrap)": st.column_config.NumberColumn(_("p (bootstrap)"), format="%.4f"),
            "p (AR)": st.column_config.NumberColumn(_("p (AR)"), format="%.4f"),
        },
    )  # fmt: skip
    for _index, row in table.iloc[1:].iterrows():
        st.markdown(
            _("**{system}** against **{baseline}** by {metric}: Δ {delta:+.2f} ({direction}), "
              "p = {p_bs:.4f} (paired bootstrap), p = {p_ar:.4f} (approximate randomization): {verdict}.").format(
                system=escape_markdown(row["system"]), baseline=escape_markdown(baseline), metric=label,
                delta=row["delta"], direction=direction_words(metric_id, row["direction"]),
                p_bs=row["p (bootstrap)"], p_ar=row["p (AR)"], verdict=metric_verdict(label, row),
            )
        )  # fmt: skip


def direction_words(metric_id: str, way: str) -> str:
    """The direction of a difference in words, saying why for TER (fewer edits is better)."""
    if metric_id in LOWER_IS_BETTER:
        if way == "better":
            return _("better: fewer edits")
        if way == "worse":
            return _("worse: more edits")
    return _(DIRECTIONS[way])


def metric_verdict(label: str, row: pd.Series) -> str:
    """The verdict of both p-values (``compare_views.verdict``), or why there is nothing to test."""
    if row["delta"] == 0:
        return _("the two systems have the same corpus {metric}, so there is no difference to test").format(metric=label)
    return verdict(row["p (bootstrap)"], row["p (AR)"], row["delta"])


def show_metric_lines(names: Sequence[str], scores: dict[str, MetricScores]) -> None:
    """sacreBLEU's line of every system under one metric other than BLEU."""
    for name in names:
        score = scores[name].corpus
        if score is not None:
            st.code(f"{name}: {score.format()}", language=None, wrap_lines=True)
