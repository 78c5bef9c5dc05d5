"""Corpus's "One sentence, explained", by the sentence metric picked: BLEU's p_n (raw and as scored) and coloured
n-grams, chrF's character n-grams and per-order precision, recall and F-β, or TER's alignment and edits, each under
the page's options (the numbers of the line's row in the sentence table), and the line's hand-off to Explore."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd
import streamlit as st

from bleucore import BleuOptions, SentenceExplanation
from bleucore.metrics.chrf import ChrfOptions
from bleucore.metrics.ter import TerOptions
from ui.inputs.uploads import TextFile
from ui.metrics.bleu import cache as bleu_cache
from ui.metrics.bleu import wording
from ui.metrics.bleu.chip_words import order_caption, orders_caption
from ui.metrics.bleu.highlight import order_html, orders_html
from ui.metrics.chrf import cache as chrf_cache
from ui.metrics.chrf import view as chrf_view
from ui.metrics.ter import cache as ter_cache
from ui.metrics.ter import view as ter_view
from ui.options.bleu import Choices
from ui.options.metrics import MetricKey, metric_of
from ui.shell import held, i18n
from ui.shell.i18n import _
from ui.shell.markdown import escape_markdown, show_error
from ui.state import corpus as cs
from ui.state import handoff

#: The options Explore's "chrF & TER" tab explains with (sacreBLEU's defaults).
EXPLORE_DEFAULTS = (ChrfOptions(), ChrfOptions(word_order=2), TerOptions())


def scored_label(options: BleuOptions) -> str:
    """The header of the smoothed precisions, saying which smoothing made them."""
    method = options.smooth_method
    return (
        _("p_n as scored (%), no smoothing")
        if method == "none"
        else _("p_n as scored (%), after {method} smoothing").format(method=method)
    )


def sentence_precisions(explanation: SentenceExplanation) -> pd.DataFrame:
    """One row per order: matched/total, raw p_n and p_n as the score uses it (smoothed; None beyond the effective
    order)."""
    score = explanation.score
    rows = []
    for order in explanation.orders:
        n = order.n
        rows.append(
            {
                "n": n,
                "matched / total": f"{order.matches}/{order.total}",
                "raw p_n (%)": float(order.precision * 100) if order.total else None,
                "p_n as scored (%)": score.precisions[n - 1] if n <= score.eff_order else None,
                "clipped": order.clipped,
            }
        )
    return pd.DataFrame(rows)


def precision_columns(options: BleuOptions) -> dict[str, Any]:
    """Headers and help of the sentence's precision table: raw against smoothed, each labelled."""
    return {
        "matched / total": st.column_config.TextColumn(_("matched / total")),
        "clipped": st.column_config.NumberColumn(_("clipped")),
        "raw p_n (%)": st.column_config.NumberColumn(
            _("raw p_n (%)"),
            format="%.2f",
            help=_("Clipped matches / n-grams, before smoothing; — when the line has no n-gram"),
        ),
        "p_n as scored (%)": st.column_config.NumberColumn(
            scored_label(options),
            format="%.2f",
            help=_(
                "The precision the score uses, as in sacreBLEU's line above: smoothing replaces zero counts; "
                "— for an order left out by the effective order"
            ),
        ),
    }


def worst_line(scores: npt.ArrayLike, higher_is_better: bool) -> int:
    """The 1-based line of the worst sentence score (lowest, or highest for an error rate such as TER; the first
    such line, NaN skipped); 1 when no line has a score."""
    values = np.asarray(scores, dtype=float)
    if np.isnan(values).all():
        return 1
    return int(np.nanargmin(values) if higher_is_better else np.nanargmax(values)) + 1


def show_sentence(
    hyp: TextFile,
    refs: list[TextFile],
    worst: int,
    options: Choices,
    sentence_options: BleuOptions,
    metric: tuple[str, str, MetricKey | None] = ("bleu", "BLEU", None),
    segment_scores: np.ndarray | None = None,
) -> None:
    """One line's full explanation by the sentence metric (``metric``: its id, label and key; BLEU's key is None,
    it uses ``sentence_options``) and a way to open it in Explore; ``worst`` is the line shown first. An imported
    metric (``segment_scores``: its score of each line) cannot explain a line: its score is shown, then BLEU's."""
    st.subheader(_("One sentence, explained"))
    segments = len(hyp)
    current = st.session_state.get(cs.CORPUS_LINE)
    if not isinstance(current, int) or not 1 <= current <= segments:
        st.session_state[cs.CORPUS_LINE] = (
            min(max(int(current or 1), 1), segments) if isinstance(current, int) else worst
        )
    line = int(
        st.number_input(
            _("Line to explain"), min_value=1, max_value=segments, step=1, key=cs.CORPUS_LINE, persist_state="session"
        )
    )
    hypothesis = hyp.lines[line - 1]
    references = tuple(r.lines[line - 1] for r in refs)
    labels = [_("hypothesis"), *(_("reference {n}").format(n=j + 1) for j in range(len(references)))]
    width = max(len(label) for label in labels) + 2
    raw = "\n".join(f"{label + ':':<{width}}{text}" for label, text in zip(labels, (hypothesis, *references)))
    st.code(raw, language=None, wrap_lines=True)
    metric_id, label, key = metric
    if segment_scores is not None:
        _imported_sentence(label, float(segment_scores[line - 1]), line)
    if key is None or segment_scores is not None:
        _bleu_sentence(hypothesis, references, line, options, sentence_options)
    else:
        _metric_sentence(metric_id, label, key, hypothesis, references, line, options)


def _imported_sentence(label: str, score: float, line: int) -> None:
    """An imported metric's score of the line, and why BLEU explains it."""
    shown = escape_markdown(label)
    st.metric(_("{metric} of line {line:,}").format(metric=shown, line=line), f"{score:.4f}")
    st.caption(
        escape_markdown(
            _(
                "{metric}'s scores were read from a file, so nothing here can show why it scored this line: below is "
                "BLEU's explanation of it under the sidebar's options."
            ).format(metric=label)
        )
    )


def _bleu_sentence(
    hypothesis: str, references: tuple[str, ...], line: int, options: Choices, sentence_options: BleuOptions
) -> None:
    try:
        explanation = bleu_cache.explain_text(hypothesis, references, sentence_options)
    except ValueError as err:
        show_error(
            _(
                "Line {line:,} cannot be explained with these options: {err}. Choose another smoothing method in the "
                "sidebar, or another line."
            ).format(line=line, err=wording.error_text(err))
        )
        return
    score = explanation.score
    st.metric(
        _("Sentence BLEU of line {line:,}").format(line=line),
        f"{score.score:.2f}",
        help=_("To full precision: {score!r}").format(score=score.score),
    )
    st.code(score.format(), language=None, wrap_lines=True)
    st.caption(_("Sentence BLEU of line {line:,} to full precision: {score!r}.").format(line=line, score=score.score))
    st.dataframe(
        sentence_precisions(explanation),
        hide_index=True,
        placeholder="—",
        column_config=precision_columns(sentence_options),
    )
    if explanation.diagnosis is not None:
        st.info(escape_markdown(wording.describe_all(explanation.diagnosis.reasons)))
    orders = [*range(1, len(explanation.orders) + 1), 0]
    n = st.segmented_control(
        _("Show the n-grams of order"),
        orders,
        key=cs.CORPUS_ORDER,
        format_func=i18n.keep_choice(cs.CORPUS_ORDER, orders, wording.order_label()),
        persist_state="session",
        **held.hold(cs.CORPUS_ORDER, orders, 1),  # the order chosen last, while a smaller N offers fewer
    )
    if n == 0:
        st.caption(orders_caption(explanation.orders))
        st.html(orders_html(explanation.candidate, explanation.orders))
    else:
        order = explanation.order(int(n or 1))
        st.caption(order_caption(order))
        st.html(order_html(explanation.candidate, order, explanation.references))
    state = handoff.sentence_state(hypothesis, references, options, int(n if n is not None else 1))
    handoff.explore_button(_("Open this sentence in Explore"), state, "corpus_open_explore")


def _metric_sentence(
    metric_id: str,
    label: str,
    key: MetricKey,
    hypothesis: str,
    references: tuple[str, ...],
    line: int,
    options: Choices,
) -> None:
    """chrF's or TER's explanation of one line under the page's options, and its hand-off to Explore's chrF &
    TER tab."""
    metric_options: Any = metric_of(key).options
    score: Any = None
    if metric_id == "ter":
        if not ter_view.too_long(hypothesis, references):
            score = ter_cache.ter_explanation(hypothesis, references, metric_options).score
    else:
        explanation = chrf_cache.chrf_explanation(hypothesis, references, metric_options)
        score = explanation.score
    if score is not None:
        st.metric(
            _("Sentence {metric} of line {line:,}").format(metric=label, line=line),
            f"{score.score:.2f}",
            help=_("To full precision: {score!r}").format(score=score.score),
        )
        st.code(score.format(), language=None, wrap_lines=True)
    if metric_id == "ter":
        ter_view.render(hypothesis, references, metric_options, heading=False)
    else:
        chrf_view.show_orders(hypothesis, references, explanation, cs.CORPUS_CHRF_ORDER)
    state = handoff.sentence_state(hypothesis, references, options, 1, metrics_tab=True)
    if metric_options not in EXPLORE_DEFAULTS:
        st.caption(
            _(
                "Explore's chrF & TER tab explains the line with sacreBLEU's default chrF and TER options, not "
                "the ones chosen here."
            )
        )
    handoff.explore_button(_("Open this sentence in Explore"), state, "corpus_open_explore")
