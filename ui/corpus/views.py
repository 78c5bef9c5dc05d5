"""What the Corpus page draws: the scores, the charts, the sentence table and one sentence explained.

Each function draws one section from a ``ui.corpus.analysis.CorpusAnalysis`` (or one line's
bleucore explanation); the page decides which to draw and in what order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd
import streamlit as st

from bleucore import BleuOptions, BLEUScore
from bleucore.metrics.bleu import BLEU
from ui.corpus import cache, charts
from ui.corpus.analysis import CorpusAnalysis, reference_names, with_metric_columns
from ui.inputs.uploads import TextFile
from ui.metrics import views as metric_views
from ui.metrics.analysis import MetricScores
from ui.metrics.bleu import charts as bleu_charts
from ui.metrics.bleu import wording
from ui.metrics.sacrebleu_view import show_sacrebleu
from ui.options.bleu import Choices
from ui.shell.i18n import N_, _
from ui.shell.markdown import escape_markdown, show_error
from ui.state import corpus as cs

WHY_DIFFERENT = N_("""\
**Corpus BLEU is not the mean of sentence BLEU.** Corpus BLEU first adds up, over all segments,
the clipped matches and the n-gram totals of every order and the lengths c and r, and computes one
BLEU from those sums: a long sentence weighs more than a short one, a sentence without any
matching 4-gram does not make the corpus score 0, and the brevity penalty is applied once, to the
total length. Sentence BLEU scores each line on its own (here with {eff} and {smooth} smoothing),
so short lines with few n-grams swing between 0 and 100, and their plain average can lie far from
the corpus score in either direction.""")


def show_scores(
    analysis: CorpusAnalysis,
    hyp: TextFile,
    refs: Sequence[TextFile],
    options: Choices,
    corpus_options: BleuOptions,
    sentence_options: BleuOptions,
) -> None:
    """Corpus BLEU with its signature and sacreBLEU's line, against the mean of sentence BLEU."""
    corpus = analysis.corpus
    cols = st.columns(4)
    cols[0].metric(_("Corpus BLEU"), f"{corpus.score:.2f}" if corpus else _("undefined"))
    cols[1].metric(
        _("Mean of sentence BLEU"),
        f"{analysis.mean_sentence:.2f}" if analysis.mean_sentence is not None else _("undefined"),
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
            _("Corpus BLEU to full precision: {score!r}. Signature (every option that changes the number):").format(
                score=corpus.score
            )
        )
        st.code(corpus.signature, language=None, wrap_lines=True)
        show_sacrebleu(BLEU(corpus_options), hyp, refs)
        show_corpus_precisions(corpus)
    if analysis.undefined:
        reason = wording.describe(analysis.undefined_reason) if analysis.undefined_reason else ""
        st.warning(
            _(
                "Sentence BLEU is undefined for {undefined:,} lines with these options "
                "({reason}); they are left out of the mean and charts."
            ).format(undefined=analysis.undefined, reason=escape_markdown(reason))
        )
    eff = _("effective order") if sentence_options.effective_order else _("no effective order")
    with st.expander(_("Why corpus BLEU and the mean of sentence BLEU differ"), expanded=True):
        st.markdown(_(WHY_DIFFERENT).format(eff=eff, smooth=options.smooth_method))
        if corpus is not None and analysis.mean_sentence is not None:
            diff = corpus.score - analysis.mean_sentence
            st.markdown(
                _(
                    "Here corpus BLEU is **{score:.2f}** and the mean of sentence BLEU is "
                    "**{mean_sentence:.2f}**: a difference of {diff:+.2f} points. The corpus "
                    "sums are {sys_len:,} hypothesis and {ref_len:,.0f} reference tokens, and "
                    "{matches} matched n-grams of orders 1 to {n}."
                ).format(
                    score=corpus.score,
                    mean_sentence=analysis.mean_sentence,
                    diff=diff,
                    sys_len=corpus.sys_len,
                    ref_len=corpus.ref_len,
                    matches=", ".join(f"{m:,}/{t:,}" for m, t in zip(corpus.counts, corpus.totals)),
                    n=len(corpus.counts),
                )
            )


def show_corpus_precisions(corpus: BLEUScore) -> None:
    """Corpus BLEU's picture: p_1..p_N from the summed counts as the score uses them, and the same numbers as a
    table (smoothed where the score smooths, marked so), with the brevity penalty in the caption."""
    st.altair_chart(bleu_charts.precision_chart(corpus), width="stretch")
    st.caption(bleu_charts.precision_caption(corpus))
    st.dataframe(
        bleu_charts.precision_table(corpus),
        hide_index=True,
        placeholder="—",
        key="corpus_precisions",
        column_config={
            "n": st.column_config.NumberColumn("n", format="%d"),
            "fraction": st.column_config.TextColumn(_("clipped matches / n-grams")),
            "p_n (%)": st.column_config.NumberColumn(
                _("p_n as scored (%)"),
                format="%.4f",
                help=_("The bar's height: what sacreBLEU's line prints as p_1/…/p_N"),
            ),
            "smoothed": st.column_config.CheckboxColumn(_("smoothed"), help=_("Smoothing replaced a zero count")),
            "weight": st.column_config.NumberColumn(_("weight"), format="%.4f"),
            "log_term": st.column_config.NumberColumn(_("w_n·log p_n"), format="%.4f"),
        },
    )


def show_charts(
    analysis: CorpusAnalysis, with_bleu: bool, metrics: Sequence[tuple[MetricScores, pd.DataFrame]]
) -> None:
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
                _(
                    "How many sentences fall in each band of 10 {metric} points; the dashed line is corpus {metric}."
                ).format(metric=label)
            )
        with right:
            st.subheader(_("{metric} by reference length").format(metric=label))
            if buckets[f"corpus {label}"].notna().any():
                st.altair_chart(charts.length_bucket_chart(buckets, label), width="stretch")
                st.caption(
                    _(
                        "Corpus {metric} of the sentences in each bucket of reference length: the words of "
                        "reference 1 under BLEU's tokenizer, in `compare-mt`'s buckets, as in the scores by bucket "
                        "below and in the report; numbers above the bars count the sentences."
                    ).format(metric=label)
                )
            else:
                st.info(_("{metric} is undefined for every length bucket with these options.").format(metric=label))


def column_config(max_order: int, nrefs: int, smoothing: str = "none") -> dict[str, Any]:
    """The sentence table's columns: formats and help texts (one text column per reference); p_n are labelled with
    the ``smoothing`` the sentence score applies to them."""
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
            f"p{n}" if smoothing == "none" else _("p{n} ({smoothing}-smoothed)").format(n=n, smoothing=smoothing),
            help=_(
                "Modified {n}-gram precision in percent as sentence BLEU uses it (sacreBLEU's precisions): clipped "
                "matches / {n}-grams, after {smoothing} smoothing of a zero count; — beyond the effective order or "
                "where the score is undefined"
            ).format(n=n, smoothing=smoothing),
            format="%.1f",
        )
    return config


def sentence_frame(
    analysis: CorpusAnalysis,
    with_bleu: bool,
    max_order: int,
    metrics: Sequence[MetricScores],
    sort_by: tuple[str, bool],
) -> pd.DataFrame:
    """The sentence table as shown: BLEU's columns (sentence BLEU, c, r, p_n) when BLEU is picked, every other
    picked metric's sentence scores, the texts; worst first by ``sort_by`` (a column, whether higher is better)."""
    table = with_metric_columns(analysis.table, {m.label: m.sentences for m in metrics})  # right after BLEU's
    if not with_bleu:
        table = table.drop(columns=["BLEU", "c", "r", *(f"p{n}" for n in range(1, max_order + 1))])
    column, higher = sort_by
    return table.sort_values([column, "line"], ascending=[higher, True], na_position="last", kind="stable").reset_index(
        drop=True
    )


def show_table(
    analysis: CorpusAnalysis,
    max_order: int,
    files: dict[str, object],
    options: tuple[BleuOptions, BleuOptions],
    input_digest: str,
    metrics: Sequence[MetricScores] = (),
    with_bleu: bool = True,
    sort_by: tuple[str, bool] = ("BLEU", True),
) -> None:
    """The sortable sentence table, worst first by the sentence metric (``sort_by``: its column and whether higher
    is better), with a column per picked metric, its row selection, and the downloads (every picked metric)."""
    st.subheader(_("Every sentence, worst {metric} first").format(metric=escape_markdown(sort_by[0])))
    table = sentence_frame(analysis, with_bleu, max_order, metrics, sort_by)
    extra = metric_views.sentence_columns(metrics)
    config = column_config(max_order, len(reference_names(files)) or 1, options[1].smooth_method)
    event = st.dataframe(
        table,
        hide_index=True,
        column_config={**config, **extra[1]},
        key=cs.CORPUS_TABLE,
        placeholder="—",
        on_select="rerun",
        selection_mode="single-row",
        height=360,
    )
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
