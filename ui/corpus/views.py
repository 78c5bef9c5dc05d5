"""What the Corpus page draws: the scores, the charts, the sentence table and one sentence explained.

Each function draws one section from a ``ui.corpus.analysis.CorpusAnalysis`` (or one line's
bleucore explanation); the page decides which to draw and in what order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd
import streamlit as st

from bleucore import BleuOptions, SentenceExplanation
from bleucore.metrics.bleu import BLEU
from ui.corpus import cache, charts
from ui.corpus import state as cs
from ui.corpus.analysis import CorpusAnalysis, with_metric_columns
from ui.inputs.uploads import TextFile, escape_markdown
from ui.inputs.widgets import show_error
from ui.links import handoff
from ui.metrics import views as metric_views
from ui.metrics.analysis import MetricScores
from ui.metrics.bleu import cache as bleu_cache
from ui.metrics.bleu import wording
from ui.metrics.bleu.chip_words import order_caption, orders_caption
from ui.metrics.bleu.highlight import order_html, orders_html
from ui.metrics.bleu.options import Choices
from ui.metrics.sacrebleu_view import show_sacrebleu
from ui.shell import i18n
from ui.shell.i18n import N_, _

WHY_DIFFERENT = N_("""\
**Corpus BLEU is not the mean of sentence BLEU.** Corpus BLEU first adds up, over all segments,
the clipped matches and the n-gram totals of every order and the lengths c and r, and computes one
BLEU from those sums: a long sentence weighs more than a short one, a sentence without any
matching 4-gram does not make the corpus score 0, and the brevity penalty is applied once, to the
total length. Sentence BLEU scores each line on its own (here with {eff} and {smooth} smoothing),
so short lines with few n-grams swing between 0 and 100, and their plain average can lie far from
the corpus score in either direction.""")


def show_scores(
    analysis: CorpusAnalysis, hyp: TextFile, refs: Sequence[TextFile], options: Choices, corpus_options: BleuOptions,
    sentence_options: BleuOptions,
) -> None:
    """Corpus BLEU with its signature and sacreBLEU's line, against the mean of sentence BLEU."""
    corpus = analysis.corpus
    cols = st.columns(4)
    cols[0].metric(_("Corpus BLEU"), f"{corpus.score:.2f}" if corpus else _("undefined"))
    cols[1].metric(
        _("Mean of sentence BLEU"), f"{analysis.mean_sentence:.2f}" if analysis.mean_sentence is not None else _("undefined")
    )
    cols[2].metric(_("Segments"), f"{len(analysis.table):,}")
    cols[3].metric(_("References"), len(refs))
    if corpus is None:
        show_error(
            _("Corpus BLEU is undefined with these options: {err}. Choose another smoothing method.").format(
                err=wording.reason_text(analysis.corpus_error_reason, analysis.corpus_error or "")
            )
        )
    else:
        st.code(corpus.format(), language=None, wrap_lines=True)
        st.caption(
            _("Corpus BLEU to full precision: {score!r}. Signature (every option that changes the number):").format(score=corpus.score)
        )
        st.code(corpus.signature, language=None, wrap_lines=True)
        show_sacrebleu(BLEU(corpus_options), hyp, refs)
    if analysis.undefined:
        reason = wording.describe(analysis.undefined_reason) if analysis.undefined_reason else ""
        st.warning(
            _("Sentence BLEU is undefined for {undefined:,} lines with these options "
            "({reason}); they are left out of the mean and charts.").format(undefined=analysis.undefined, reason=escape_markdown(reason))
        )
    eff = _("effective order") if sentence_options.effective_order else _("no effective order")
    with st.expander(_("Why corpus BLEU and the mean of sentence BLEU differ"), expanded=True):
        st.markdown(_(WHY_DIFFERENT).format(eff=eff, smooth=options.smooth_method))
        if corpus is not None and analysis.mean_sentence is not None:
            diff = corpus.score - analysis.mean_sentence
            st.markdown(
                _("Here corpus BLEU is **{score:.2f}** and the mean of sentence BLEU is "
                "**{mean_sentence:.2f}**: a difference of {diff:+.2f} points. The corpus "
                "sums are {sys_len:,} hypothesis and {ref_len:,.0f} reference tokens, and "
                "{matches} matched n-grams of orders 1 to {n}.").format(score=corpus.score, mean_sentence=analysis.mean_sentence, diff=diff, sys_len=corpus.sys_len, ref_len=corpus.ref_len,
                matches=", ".join(f"{m:,}/{t:,}" for m, t in zip(corpus.counts, corpus.totals)),
                n=len(corpus.counts))
            )


def show_charts(analysis: CorpusAnalysis, with_bleu: bool, metrics: Sequence[tuple[MetricScores, pd.DataFrame]]) -> None:
    """For BLEU (if picked) and every other picked metric: the sentence-score histogram and the corpus score by
    reference-length bucket (``metrics``: each metric's scores and its buckets)."""
    series: list[tuple[str, pd.DataFrame, float | None, pd.DataFrame]] = []
    if with_bleu:
        series.append(("BLEU", analysis.table, analysis.corpus.score if analysis.corpus else None, analysis.buckets))
    for result, buckets in metrics:
        table = pd.DataFrame({"line": analysis.table["line"], result.label: result.sentences})
        series.append((result.label, table, result.corpus.score if result.corpus else None, buckets))
    for label, table, corpus, buckets in series:
        left, right = st.columns(2)
        with left:
            st.subheader(_("Sentence {metric}").format(metric=label))
            st.altair_chart(charts.score_histogram(table, corpus, label, label), width="stretch")
            st.caption(
                _("How many sentences fall in each band of 10 {metric} points; the dashed line is corpus {metric}.").format(metric=label)
            )
        with right:
            st.subheader(_("{metric} by sentence length").format(metric=label))
            if buckets[f"corpus {label}"].notna().any():
                st.altair_chart(charts.length_bucket_chart(buckets, label), width="stretch")
                st.caption(
                    _("Corpus {metric} of the sentences in each band of reference length r (BLEU's tokens, the closest "
                      "reference); numbers above the bars count the sentences.").format(metric=label)
                )  # fmt: skip
            else:
                st.info(_("{metric} is undefined for every length band with these options.").format(metric=label))


def column_config(max_order: int, nrefs: int) -> dict[str, Any]:
    """The sentence table's columns: formats and help texts (one text column per reference)."""
    config: dict[str, Any] = {
        "line": st.column_config.NumberColumn(_("line"), help=_("Line number in the files (1-based)"), format="%d"),
        "BLEU": st.column_config.NumberColumn(
            _("sentence BLEU"), help=_("Sentence BLEU (0-100) with the sidebar's options"), format="%.2f"
        ),
        "c": st.column_config.NumberColumn("c", help=_("Hypothesis length in tokens"), format="%d"),
        "r": st.column_config.NumberColumn("r", help=_("Reference length by the chosen rule")),
        "hypothesis": st.column_config.TextColumn(_("hypothesis"), width="large"),
        **{
            f"reference {j}": st.column_config.TextColumn(_("reference {j}").format(j=j), width="large")
            for j in range(1, nrefs + 1)
        },
    }
    for n in range(1, max_order + 1):
        config[f"p{n}"] = st.column_config.NumberColumn(
            f"p{n}", help=_("Modified {n}-gram precision in percent (clipped matches / {n}-grams), unsmoothed; empty when the line has no {n}-gram").format(n=n),
            format="%.1f",
        )  # fmt: skip
    return config


def show_table(
    analysis: CorpusAnalysis,
    max_order: int,
    files: dict[str, object],
    options: tuple[BleuOptions, BleuOptions],
    input_digest: str,
    metrics: Sequence[MetricScores] = (),
) -> None:
    """The sortable sentence table (worst BLEU first) with a column per other picked metric, its row
    selection, and the downloads (which hold the other metrics too)."""
    st.subheader(_("Every sentence, worst first"))
    extra = metric_views.sentence_columns(metrics)
    table = with_metric_columns(analysis.table, extra[0])  # the other metrics' columns right after BLEU's
    table = table.sort_values(["BLEU", "line"], na_position="last", kind="stable").reset_index(drop=True)
    event = st.dataframe(
        table, hide_index=True, column_config={**column_config(max_order, len(files.get("references") or [1])), **extra[1]}, key=cs.CORPUS_TABLE, placeholder="—",
        on_select="rerun", selection_mode="single-row", height=360,
    )  # fmt: skip
    st.caption(_("Click a column header to sort; select a row to explain that sentence below."))
    rows = list(getattr(getattr(event, "selection", None), "rows", []) or [])
    if rows and rows != st.session_state.get(cs.CORPUS_LAST_SELECTION):
        st.session_state[cs.CORPUS_LINE] = int(table.iloc[rows[0]]["line"])
    st.session_state[cs.CORPUS_LAST_SELECTION] = rows
    csv, result = cache.downloads(input_digest, options[0], options[1], analysis, files, metrics)
    left, right = st.columns(2)
    left.download_button(
        _("Download table (CSV)"), csv, file_name="bleu_sentences.csv", mime="text/csv", key="corpus_dl_csv"
    )
    right.download_button(
        _("Download result (JSON)"), result, file_name="bleu_corpus.json", mime="application/json", key="corpus_dl_json"
    )


def scored_label(options: BleuOptions) -> str:
    """The header of the smoothed precisions, saying which smoothing made them."""
    method = options.smooth_method
    return _("p_n as scored (%), no smoothing") if method == "none" else _("p_n as scored (%), after {method} smoothing").format(method=method)


def sentence_precisions(explanation: SentenceExplanation) -> pd.DataFrame:
    """One row per order: matched/total, raw p_n and p_n as the score uses it (smoothed; None beyond the effective order)."""
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
            _("raw p_n (%)"), format="%.2f", help=_("Clipped matches / n-grams, before smoothing; — when the line has no n-gram")
        ),
        "p_n as scored (%)": st.column_config.NumberColumn(
            scored_label(options), format="%.2f",
            help=_("The precision the score uses, as in sacreBLEU's line above: smoothing replaces zero counts; "
            "— for an order left out by the effective order"),
        ),
    }  # fmt: skip


def show_sentence(
    hyp: TextFile,
    refs: list[TextFile],
    analysis: CorpusAnalysis,
    options: Choices,
    sentence_options: BleuOptions,
) -> None:
    """One line's full explanation: p_n fractions, coloured n-grams, and a way to open it in Explore."""
    st.subheader(_("One sentence, explained"))
    segments = len(hyp)
    current = st.session_state.get(cs.CORPUS_LINE)
    if not isinstance(current, int) or not 1 <= current <= segments:
        st.session_state[cs.CORPUS_LINE] = (
            min(max(int(current or 1), 1), segments) if isinstance(current, int) else analysis.worst_line
        )
    line = int(st.number_input(_("Line to explain"), min_value=1, max_value=segments, step=1, key=cs.CORPUS_LINE))
    hypothesis = hyp.lines[line - 1]
    references = tuple(r.lines[line - 1] for r in refs)
    try:
        explanation = bleu_cache.explain_text(hypothesis, references, sentence_options)
    except ValueError as err:
        show_error(_("Line {line} cannot be explained with these options: {err}.").format(line=line, err=wording.error_text(err)))
        return
    score = explanation.score
    labels = ["hypothesis", *(f"reference {j + 1}" for j in range(len(references)))]
    width = max(len(label) for label in labels) + 2
    raw = "\n".join(f"{label + ':':<{width}}{text}" for label, text in zip(labels, (hypothesis, *references)))
    st.code(raw, language=None, wrap_lines=True)
    st.metric(_("Sentence BLEU of line {line}").format(line=line), f"{score.score:.2f}", help=_("To full precision: {score!r}").format(score=score.score))
    st.code(score.format(), language=None, wrap_lines=True)
    st.caption(_("Sentence BLEU of line {line} to full precision: {score!r}.").format(line=line, score=score.score))
    st.dataframe(
        sentence_precisions(explanation), hide_index=True, placeholder="—",
        column_config=precision_columns(sentence_options),
    )  # fmt: skip
    if explanation.diagnosis is not None:
        st.info(escape_markdown(wording.describe_all(explanation.diagnosis.reasons)))
    orders = [*range(1, len(explanation.orders) + 1), 0]
    i18n.keep_choice(cs.CORPUS_ORDER, orders, wording.order_label())
    n = st.segmented_control(
        _("Show the n-grams of order"), orders, key=cs.CORPUS_ORDER,
        format_func=wording.order_format(),
    )  # fmt: skip
    if n == 0:
        st.caption(orders_caption(explanation.orders))
        st.html(orders_html(explanation.candidate, explanation.orders))
    else:
        order = explanation.order(int(n or 1))
        st.caption(order_caption(order))
        st.html(order_html(explanation.candidate, order, explanation.references))
    state = handoff.sentence_state(hypothesis, references, options, int(n if n is not None else 1))
    handoff.explore_button(_("Open this sentence in Explore"), state, "corpus_open_explore")
