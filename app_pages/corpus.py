"""Corpus: BLEU of a hypothesis file against one or more reference files, and every sentence's share."""

from __future__ import annotations

import math
from typing import Any

import pandas as pd
import streamlit as st

from bleucore import BleuOptions, SentenceExplanation
from ui import corpus_cached as cc
from ui import corpus_charts as charts
from ui import corpus_state as cs
from ui import handoff, wording
from ui.corpus_inputs import read_corpus_input
from ui.corpus_inputs import show_error as _show_error
from ui.highlight import order_caption, order_html, orders_caption, orders_html
from ui.link_box import opened_link_notices, share_box
from ui.options_key import options_key
from ui.options_model import Choices, describe
from ui.options_sidebar import options_sidebar
from ui.share import PARAM
from ui.uploads import InputError, TextFile, check_same_length, digest, escape_markdown


WHY_DIFFERENT = """\
**Corpus BLEU is not the mean of sentence BLEU.** Corpus BLEU first adds up, over all segments,
the clipped matches and the n-gram totals of every order and the lengths c and r, and computes one
BLEU from those sums: a long sentence weighs more than a short one, a sentence without any
matching 4-gram does not make the corpus score 0, and the brevity penalty is applied once, to the
total length. Sentence BLEU scores each line on its own (here with {eff} and {smooth} smoothing),
so short lines with few n-grams swing between 0 and 100, and their plain average can lie far from
the corpus score in either direction."""


def compute(
    hyp: TextFile, refs: list[TextFile], input_digest: str, corpus_options: BleuOptions, sentence_options: BleuOptions
) -> cc.CorpusAnalysis:
    """Statistics (chunked, with a progress bar for large inputs) and the cached analysis."""
    chunks = math.ceil(len(hyp) / cc.CHUNK_LINES)
    bar = st.progress(0.0, text=f"Counting n-grams of {len(hyp):,} lines") if chunks > 1 else None

    def progress(done: int, total: int) -> None:
        if bar is not None:
            bar.progress(done / total, text=f"Counting n-grams: {done:,} of {total:,} lines")

    stats = cc.statistics(input_digest, hyp.lines, [r.lines for r in refs], corpus_options, progress)
    if bar is not None:
        bar.empty()
    return cc.cached_analysis(
        input_digest, options_key(corpus_options), options_key(sentence_options), len(refs),
        stats, hyp.lines, refs[0].lines,
    )  # fmt: skip


def show_scores(
    analysis: cc.CorpusAnalysis, nrefs: int, options: Choices, sentence_options: BleuOptions
) -> None:
    """Corpus BLEU with its signature and sacreBLEU's line, against the mean of sentence BLEU."""
    corpus = analysis.corpus
    cols = st.columns(4)
    cols[0].metric("Corpus BLEU", f"{corpus.score:.2f}" if corpus else "undefined")
    cols[1].metric(
        "Mean of sentence BLEU", f"{analysis.mean_sentence:.2f}" if analysis.mean_sentence is not None else "undefined"
    )
    cols[2].metric("Segments", f"{len(analysis.table):,}")
    cols[3].metric("References", nrefs)
    if corpus is None:
        _show_error(
            f"Corpus BLEU is undefined with these options: {analysis.corpus_error}. Choose another smoothing method."
        )
    else:
        st.code(corpus.format(), language=None, wrap_lines=True)
        st.caption(
            f"Corpus BLEU to full precision: {corpus.score!r}. Signature (every option that changes the number):"
        )
        st.code(corpus.signature, language=None, wrap_lines=True)
    if analysis.undefined:
        reason = wording.describe(analysis.undefined_reason) if analysis.undefined_reason else ""
        st.warning(
            f"Sentence BLEU is undefined for {analysis.undefined:,} lines with these options "
            f"({escape_markdown(reason)}); they are left out of the mean and charts."
        )
    eff = "effective order" if sentence_options.effective_order else "no effective order"
    with st.expander("Why corpus BLEU and the mean of sentence BLEU differ", expanded=True):
        st.markdown(WHY_DIFFERENT.format(eff=eff, smooth=options.smooth_method))
        if corpus is not None and analysis.mean_sentence is not None:
            diff = corpus.score - analysis.mean_sentence
            st.markdown(
                f"Here corpus BLEU is **{corpus.score:.2f}** and the mean of sentence BLEU is "
                f"**{analysis.mean_sentence:.2f}**: a difference of {diff:+.2f} points. The corpus "
                f"sums are {corpus.sys_len:,} hypothesis and {corpus.ref_len:,.0f} reference tokens, and "
                + ", ".join(f"{m:,}/{t:,}" for m, t in zip(corpus.counts, corpus.totals))
                + " matched n-grams of orders 1 to "
                + f"{len(corpus.counts)}."
            )


def show_charts(analysis: cc.CorpusAnalysis) -> None:
    """The sentence BLEU histogram and BLEU by reference-length bucket."""
    left, right = st.columns(2)
    with left:
        st.subheader("Sentence BLEU")
        corpus = analysis.corpus.score if analysis.corpus else None
        st.altair_chart(charts.score_histogram(analysis.table, corpus), width="stretch")
        st.caption("How many sentences fall in each band of 10 BLEU points; the dashed line is corpus BLEU.")
    with right:
        st.subheader("BLEU by sentence length")
        if analysis.buckets["corpus BLEU"].notna().any():
            st.altair_chart(charts.length_bucket_chart(analysis.buckets), width="stretch")
            st.caption(
                "Corpus BLEU of the sentences in each band of reference length r; numbers above the bars count the sentences."
            )
        else:
            st.info("BLEU is undefined for every length band with these options.")


def column_config(max_order: int) -> dict[str, Any]:
    """The sentence table's columns: formats and help texts."""
    config: dict[str, Any] = {
        "line": st.column_config.NumberColumn("line", help="Line number in the files (1-based)", format="%d"),
        "BLEU": st.column_config.NumberColumn(
            "sentence BLEU", help="Sentence BLEU (0-100) with the sidebar's options", format="%.2f"
        ),
        "c": st.column_config.NumberColumn("c", help="Hypothesis length in tokens", format="%d"),
        "r": st.column_config.NumberColumn("r", help="Reference length by the chosen rule"),
        "hypothesis": st.column_config.TextColumn("hypothesis", width="large"),
        "reference": st.column_config.TextColumn("reference 1", width="large"),
    }
    for n in range(1, max_order + 1):
        config[f"p{n}"] = st.column_config.NumberColumn(
            f"p{n}", help=f"Modified {n}-gram precision in percent (clipped matches / {n}-grams), unsmoothed; empty when the line has no {n}-gram",
            format="%.1f",
        )  # fmt: skip
    return config


def show_table(
    analysis: cc.CorpusAnalysis,
    max_order: int,
    files: dict[str, object],
    keys: tuple[cc.OptionsKey, cc.OptionsKey],
    input_digest: str,
) -> None:
    """The sortable sentence table (worst first), its row selection, and the downloads."""
    st.subheader("Every sentence, worst first")
    table = analysis.table.sort_values(["BLEU", "line"], na_position="last", kind="stable").reset_index(drop=True)
    event = st.dataframe(
        table, hide_index=True, column_config=column_config(max_order), key=cs.CORPUS_TABLE, placeholder="—",
        on_select="rerun", selection_mode="single-row", height=360,
    )  # fmt: skip
    st.caption("Click a column header to sort; select a row to explain that sentence below.")
    rows = list(getattr(getattr(event, "selection", None), "rows", []) or [])
    if rows and rows != st.session_state.get(cs.CORPUS_LAST_SELECTION):
        st.session_state[cs.CORPUS_LINE] = int(table.iloc[rows[0]]["line"])
    st.session_state[cs.CORPUS_LAST_SELECTION] = rows
    csv, result = cc.cached_downloads(input_digest, keys[0], keys[1], analysis, files)
    left, right = st.columns(2)
    left.download_button(
        "Download table (CSV)", csv, file_name="bleu_sentences.csv", mime="text/csv", key="corpus_dl_csv"
    )
    right.download_button(
        "Download result (JSON)", result, file_name="bleu_corpus.json", mime="application/json", key="corpus_dl_json"
    )


def scored_label(options: BleuOptions) -> str:
    """The header of the smoothed precisions, saying which smoothing made them."""
    method = options.smooth_method
    return "p_n as scored (%), no smoothing" if method == "none" else f"p_n as scored (%), after {method} smoothing"


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
                "raw p_n (%)": float(order.precision) * 100 if order.total else None,
                "p_n as scored (%)": score.precisions[n - 1] if n <= score.eff_order else None,
                "clipped": order.clipped,
            }
        )
    return pd.DataFrame(rows)


def precision_columns(options: BleuOptions) -> dict[str, Any]:
    """Headers and help of the sentence's precision table: raw against smoothed, each labelled."""
    return {
        "raw p_n (%)": st.column_config.NumberColumn(
            "raw p_n (%)", format="%.2f", help="Clipped matches / n-grams, before smoothing; — when the line has no n-gram"
        ),
        "p_n as scored (%)": st.column_config.NumberColumn(
            scored_label(options), format="%.2f",
            help="The precision the score uses, as in sacreBLEU's line above: smoothing replaces zero counts; "
            "— for an order left out by the effective order",
        ),
    }  # fmt: skip


def show_sentence(
    hyp: TextFile,
    refs: list[TextFile],
    analysis: cc.CorpusAnalysis,
    options: Choices,
    sentence_options: BleuOptions,
) -> None:
    """One line's full explanation: p_n fractions, coloured n-grams, and a way to open it in Explore."""
    st.subheader("One sentence, explained")
    segments = len(hyp)
    current = st.session_state.get(cs.CORPUS_LINE)
    if not isinstance(current, int) or not 1 <= current <= segments:
        st.session_state[cs.CORPUS_LINE] = (
            min(max(int(current or 1), 1), segments) if isinstance(current, int) else analysis.worst_line
        )
    line = int(st.number_input("Line to explain", min_value=1, max_value=segments, step=1, key=cs.CORPUS_LINE))
    hypothesis = hyp.lines[line - 1]
    references = tuple(r.lines[line - 1] for r in refs)
    try:
        explanation = cc.cached_explain(hypothesis, references, options_key(sentence_options))
    except ValueError as err:
        _show_error(f"Line {line} cannot be explained with these options: {err}.")
        return
    score = explanation.score
    labels = ["hypothesis", *(f"reference {j + 1}" for j in range(len(references)))]
    width = max(len(label) for label in labels) + 2
    raw = "\n".join(f"{label + ':':<{width}}{text}" for label, text in zip(labels, (hypothesis, *references)))
    st.code(raw, language=None, wrap_lines=True)
    st.metric(f"Sentence BLEU of line {line}", f"{score.score:.2f}", help=f"To full precision: {score.score!r}")
    st.code(score.format(), language=None, wrap_lines=True)
    st.caption(f"Sentence BLEU of line {line} to full precision: {score.score!r}.")
    st.dataframe(
        sentence_precisions(explanation), hide_index=True, placeholder="—",
        column_config=precision_columns(sentence_options),
    )  # fmt: skip
    if explanation.diagnosis is not None:
        st.info(escape_markdown(wording.describe_all(explanation.diagnosis.reasons)))
    n = st.segmented_control(
        "Show the n-grams of order", [*range(1, len(explanation.orders) + 1), 0], key=cs.CORPUS_ORDER,
        format_func=lambda k: f"n = {k}" if k else "all orders",
    )  # fmt: skip
    if n == 0:
        st.caption(orders_caption(explanation.orders))
        st.html(orders_html(explanation.candidate, explanation.orders))
    else:
        order = explanation.order(int(n or 1))
        st.caption(order_caption(order))
        st.html(order_html(explanation.candidate, order, explanation.references))
    state = handoff.sentence_state(hypothesis, references, options, int(n if n is not None else 1))
    handoff.explore_button("Open this sentence in Explore", state, "corpus_open_explore")


def publish(state: cs.CorpusState, source: str) -> None:
    """Save the state for later visits and mirror it in the address bar (``?s=``)."""
    st.session_state[cs.CORPUS_SAVED] = state
    token, note = cs.link_with_fallback(cs.corpus_link, state)
    share_box(
        token, note, cs.CORPUS_LOADED_LINK, "the options, the chosen line",
        with_texts=source == "paste" and note is None, uploads=source == "upload",
    )  # fmt: skip


def main() -> None:
    """Draw the page."""
    loaded, link_error = cs.init_page(
        st.session_state,
        st.query_params.get(PARAM),
        loaded_key=cs.CORPUS_LOADED_LINK,
        saved_key=cs.CORPUS_SAVED,
        sentinel_key=cs.CORPUS_SOURCE,
        default=cs.CorpusState(),
        from_link=cs.corpus_from_link,
        widget_values=cs.corpus_widget_values,
    )
    st.title("Corpus BLEU")
    st.caption("Score a whole test set: corpus BLEU as sacreBLEU computes it, and every sentence's own BLEU.")
    opened_link_notices(link_error, loaded is not None and loaded.source == "upload")
    with st.sidebar:
        options = options_sidebar(cs.CORPUS, cs.START_PRESET)
    source = st.radio(
        "Input", cs.SOURCES, key=cs.CORPUS_SOURCE, horizontal=True, format_func=lambda s: cs.SOURCE_LABELS[s],
    )  # fmt: skip
    state = cs.read_corpus(st.session_state)
    try:
        hyp, refs, errors = read_corpus_input(source)
        for message in errors:
            _show_error(message)
        if errors or hyp is None or not refs:
            return
        try:
            check_same_length(hyp, refs)
        except InputError as err:
            _show_error(str(err))
            return
        try:
            corpus_options = options.corpus_options()
            sentence_options = options.sentence_options()
        except ValueError as err:
            _show_error(f"These options cannot be combined: {err}.")
            return
        files = [hyp, *refs]
        input_digest = digest(files)
        analysis = compute(hyp, refs, input_digest, corpus_options, sentence_options)
        if st.session_state.get(cs.CORPUS_LAST_INPUT) != input_digest:
            if st.session_state.get(cs.CORPUS_LAST_INPUT) is not None or not state.line:
                st.session_state[cs.CORPUS_LINE] = analysis.worst_line
            st.session_state[cs.CORPUS_LAST_INPUT] = input_digest
            st.session_state[cs.CORPUS_LAST_SELECTION] = []
        show_scores(analysis, len(refs), options, sentence_options)
        st.caption(f"Options: {describe(options)}")
        show_charts(analysis)
        keys = (options_key(corpus_options), options_key(sentence_options))
        names: dict[str, object] = {"hypothesis": hyp.name, "references": [r.name for r in refs]}
        show_table(analysis, corpus_options.max_order, names, keys, input_digest)
        show_sentence(hyp, refs, analysis, options, sentence_options)
        state = cs.read_corpus(st.session_state)
    finally:
        publish(state, source)
    handoff.follow()


main()
