"""Compare: two or more systems on the same references; paired significance tests against a baseline."""

from __future__ import annotations

import math

import pandas as pd
import streamlit as st

from bleucore import BleuOptions, Statistics
from ui import corpus_cached as cc
from ui import corpus_charts as charts
from ui import corpus_state as cs
from ui import handoff
from ui.corpus_inputs import read_compare_input
from ui.corpus_inputs import show_error as _show_error
from ui.link_box import opened_link_notices, share_box
from ui.options_key import options_key
from ui.options_model import describe
from ui.options_sidebar import options_sidebar
from ui.share import PARAM
from ui.uploads import InputError, TextFile, check_systems, digest, escape_markdown

ALPHA = 0.05
#: Why the baseline's p-value cells show "—" (the table's placeholder for a missing value).
BASELINE_HELP = "the baseline is the system the others are tested against, so it has no p-value of its own."


def compute_statistics(
    systems: list[TextFile], refs: list[TextFile], options: BleuOptions
) -> dict[str, tuple[str, Statistics]]:
    """Per system: (digest of system + references, statistics), with a progress bar for large inputs."""
    total = len(systems) * math.ceil(len(refs[0]) / cc.CHUNK_LINES)
    bar = st.progress(0.0, text="Counting n-grams") if total > 2 else None
    out: dict[str, tuple[str, Statistics]] = {}
    for k, system in enumerate(systems):
        input_digest = digest([system, *refs])

        def progress(done: int, lines: int, k: int = k, name: str = system.name) -> None:
            if bar is not None:
                bar.progress(
                    min(1.0, (k + done / max(lines, 1)) / len(systems)),
                    text=f"Counting n-grams of {name}: {done:,} of {lines:,} lines",
                )

        stats = cc.statistics(input_digest, system.lines, [r.lines for r in refs], options, progress)
        out[system.name] = (input_digest, stats)
    if bar is not None:
        bar.empty()
    return out


def significance_rows(
    names: list[str],
    baseline: str,
    stats: dict[str, tuple[str, Statistics]],
    scores: dict[str, cc.SystemScores],
    options: BleuOptions,
    settings: cs.CompareState,
) -> tuple[pd.DataFrame, list[str]]:
    """One row per system (baseline first): BLEU, bootstrap mean and interval, p-values; and error messages."""
    key = options_key(options)
    base_digest, base_stats = stats[baseline]
    base_score = scores[baseline].corpus
    rows, errors = [], []
    for name in [baseline, *[n for n in names if n != baseline]]:
        score = scores[name].corpus
        if score is None:
            errors.append(f"BLEU of {name} is undefined with these options: {scores[name].corpus_error}.")
            continue
        sys_digest, sys_stats = stats[name]
        try:
            if name == baseline:
                result = cc.cached_confidence(base_digest, key, settings.n_samples, settings.seed, base_stats)
            elif base_score is None:
                continue
            else:
                result = cc.cached_paired(
                    base_digest, sys_digest, key, settings.n_samples, settings.n_trials, settings.seed, base_stats, sys_stats,
                )  # fmt: skip
        except ValueError as err:
            errors.append(f"The tests cannot be run for {name} with these options: {err}.")
            continue
        rows.append(
            {
                "system": name,
                "role": "baseline" if name == baseline else "system",
                "BLEU": score.score,
                "delta": score.score - base_score.score if base_score is not None else None,
                "mean": result.mean,
                "ci": result.ci,
                "lower": result.lower,
                "upper": result.upper,
                "p (bootstrap)": result.p_bootstrap,
                "p (AR)": result.p_randomization,
            }
        )
    columns = ["system", "role", "BLEU", "delta", "mean", "ci", "lower", "upper", "p (bootstrap)", "p (AR)"]
    return pd.DataFrame(rows, columns=columns), errors


def verdict(p_bootstrap: float, p_randomization: float, delta: float) -> str:
    """Plain words for two p-values (and for no difference at all, where they mean nothing)."""
    if delta == 0:
        return (
            "the two systems have the same corpus BLEU, so there is no difference to test "
            "(sacreBLEU's tests still report their smallest p-values, which mean nothing here)"
        )
    both = p_bootstrap < ALPHA and p_randomization < ALPHA
    neither = p_bootstrap >= ALPHA and p_randomization >= ALPHA
    if both:
        return f"significant at p < {ALPHA} in both tests"
    if neither:
        return f"not significant at p < {ALPHA}: the difference could be chance"
    return f"the tests disagree at p < {ALPHA}: treat the difference as uncertain"


def show_significance(table: pd.DataFrame, errors: list[str], baseline: str, settings: cs.CompareState) -> None:
    """The table, the interval chart and one sentence per system."""
    st.subheader("Corpus BLEU and significance against the baseline")
    for message in errors:
        _show_error(message)
    if table.empty:
        return
    st.dataframe(
        table.drop(columns=["ci"]), hide_index=True, placeholder="—",
        column_order=["system", "role", "BLEU", "delta", "p (bootstrap)", "p (AR)", "mean", "lower", "upper"],
        column_config={
            "system": st.column_config.TextColumn("system"),
            "role": st.column_config.TextColumn("role"),
            "BLEU": st.column_config.NumberColumn("BLEU", format="%.2f", help="Corpus BLEU with the sidebar's options"),
            "delta": st.column_config.NumberColumn("Δ BLEU", format="%+.2f", help="BLEU minus the baseline's BLEU"),
            "mean": st.column_config.NumberColumn("bootstrap mean", format="%.2f"),
            "lower": st.column_config.NumberColumn("95% CI low", format="%.2f", help="bootstrap mean - half-width (sacreBLEU's ±)"),
            "upper": st.column_config.NumberColumn("95% CI high", format="%.2f", help="bootstrap mean + half-width"),
            "p (bootstrap)": st.column_config.NumberColumn(
                "p (paired bootstrap)", format="%.4f", help=f"— for the baseline: {BASELINE_HELP}",
            ),
            "p (AR)": st.column_config.NumberColumn(
                "p (approximate randomization)", format="%.4f", help=f"— for the baseline: {BASELINE_HELP}",
            ),
        },
    )  # fmt: skip
    st.altair_chart(charts.confidence_chart(table[["system", "BLEU", "lower", "upper", "role"]]), width="stretch")
    st.caption(charts.CONFIDENCE_CAPTION)
    for _, row in table.iloc[1:].iterrows():
        st.markdown(
            f"**{escape_markdown(row['system'])}** against **{escape_markdown(baseline)}**: "
            f"Δ BLEU {row['delta']:+.2f}, p = {row['p (bootstrap)']:.4f} (paired bootstrap), "
            f"p = {row['p (AR)']:.4f} (approximate randomization): {verdict(row['p (bootstrap)'], row['p (AR)'], row['delta'])}."
        )
    st.caption(
        f"Paired bootstrap resampling ({settings.n_samples:,} resamples; Koehn 2004) and paired approximate "
        f"randomization ({settings.n_trials:,} trials; Riezler & Maxwell 2005), seed {settings.seed}, as sacreBLEU's "
        "--paired-bs and --paired-ar. A p-value is the chance of a BLEU difference at least this large if the two "
        "systems were equally good. Intervals are the bootstrap mean ± half the width of the middle 95% of resampled scores."
    )


def show_lines(names: list[str], scores: dict[str, cc.SystemScores]) -> None:
    """sacreBLEU's line of every system."""
    for name in names:
        score = scores[name].corpus
        if score is not None:
            st.code(f"{name}: {score.format()}", language=None, wrap_lines=True)


def show_sentences(
    baseline: str, other: str, systems: dict[str, TextFile], refs: list[TextFile], scores: dict[str, cc.SystemScores]
) -> None:
    """Sentence BLEU of the baseline against another system: scatter, per-line differences, biggest changes."""
    diffs = cc.sentence_differences(scores[baseline], scores[other])
    left, right = st.columns(2)
    with left:
        st.altair_chart(charts.sentence_scatter(diffs, baseline, other), width="stretch")
        st.caption("One point per line: above the dashed diagonal the system scores higher than the baseline.")
    with right:
        st.altair_chart(charts.difference_bars(diffs), width="stretch")
        better = int((diffs["difference"] > 0).sum())
        worse = int((diffs["difference"] < 0).sum())
        st.caption(f"The system is better on {better} lines, worse on {worse}, equal on {len(diffs) - better - worse}.")
    changes = diffs.dropna(subset=["difference"]).copy()
    changes["size"] = changes["difference"].abs()
    top = changes.sort_values(["size", "line"], ascending=[False, True]).head(15).drop(columns="size")
    index = top["line"].to_numpy() - 1
    top["baseline text"] = [systems[baseline].lines[i] for i in index]
    top["system text"] = [systems[other].lines[i] for i in index]
    top["reference 1"] = [refs[0].lines[i] for i in index]
    st.markdown("**Lines that changed most**")
    st.dataframe(
        top, hide_index=True,
        column_config={
            "line": st.column_config.NumberColumn("line", format="%d"),
            "baseline": st.column_config.NumberColumn("baseline BLEU", format="%.2f"),
            "system": st.column_config.NumberColumn("system BLEU", format="%.2f"),
            "difference": st.column_config.NumberColumn("difference", format="%+.2f"),
        },
    )  # fmt: skip


def show_ngrams(
    baseline: str, other: str, systems: dict[str, TextFile], refs: list[TextFile], options: BleuOptions
) -> None:
    """The n-grams one system matches and the other misses, summed over the corpus."""
    key = cc.stats_key(options)
    ref_lines = tuple(tuple(r.lines) for r in refs)
    counts = {}
    for name in (baseline, other):
        counts[name] = cc.cached_matched_ngrams(
            digest([systems[name], *refs]), key, tuple(systems[name].lines), ref_lines
        )
    choices = ["all", *range(1, options.max_order + 1)]
    if st.session_state.get(cs.COMPARE_NGRAM_ORDER) not in choices:
        st.session_state[cs.COMPARE_NGRAM_ORDER] = "all"
    order = st.segmented_control(
        "Order", choices, key=cs.COMPARE_NGRAM_ORDER, format_func=lambda k: "all orders" if k == "all" else f"n = {k}",
    )  # fmt: skip
    table = cc.ngram_differences(
        counts[baseline], counts[other], options.max_order, None if order in (None, "all") else int(order)
    )
    if table.empty:
        st.info("Both systems match exactly the same n-grams.")
        return
    st.dataframe(
        table, hide_index=True,
        column_config={
            "n-gram": st.column_config.TextColumn("n-gram"),
            "baseline": st.column_config.NumberColumn("matched by the baseline", format="%d"),
            "system": st.column_config.NumberColumn("matched by the system", format="%d"),
            "difference": st.column_config.NumberColumn("difference", format="%+d"),
        },
    )  # fmt: skip
    st.caption(
        "Clipped matches (Count_clip) of each n-gram summed over all lines, as BLEU counts them: a positive "
        "difference is an n-gram the system gets right more often than the baseline, a negative one an n-gram it misses."
    )


def test_settings() -> None:
    """The significance settings in the sidebar."""
    st.header("Significance tests")
    st.number_input(
        "Bootstrap resamples",
        min_value=1,
        max_value=cs.MAX_BOOTSTRAP_SAMPLES,
        step=100,
        key=cs.COMPARE_SAMPLES,
        help="sacreBLEU's --paired-bs-n (default 1000).",
    )
    st.number_input(
        "Randomization trials",
        min_value=1,
        max_value=cs.MAX_AR_TRIALS,
        step=1000,
        key=cs.COMPARE_TRIALS,
        help="sacreBLEU's --paired-ar-n (default 10000).",
    )
    st.number_input(
        "Seed",
        min_value=0,
        max_value=2**32 - 1,
        step=1,
        key=cs.COMPARE_SEED,
        help="sacreBLEU's SACREBLEU_SEED (default 12345): the same seed gives the same p-values.",
    )


def publish(state: cs.CompareState, source: str) -> None:
    """Save the state for later visits and mirror it in the address bar (``?s=``)."""
    st.session_state[cs.COMPARE_SAVED] = state
    token, note = cs.link_with_fallback(cs.compare_link, state)
    uploads = source == "upload" or (source == "sample" and bool(st.session_state.get(cs.COMPARE_EXTRA_UPLOAD)))
    share_box(
        token, note, cs.COMPARE_LOADED_LINK, "the options and test settings",
        with_texts=source == "paste" and note is None, uploads=uploads,
    )  # fmt: skip


def main() -> None:
    """Draw the page."""
    loaded, link_error = cs.init_page(
        st.session_state,
        st.query_params.get(PARAM),
        loaded_key=cs.COMPARE_LOADED_LINK,
        saved_key=cs.COMPARE_SAVED,
        sentinel_key=cs.COMPARE_SOURCE,
        default=cs.CompareState(),
        from_link=cs.compare_from_link,
        widget_values=cs.compare_widget_values,
    )
    st.title("Compare systems")
    st.caption("Two or more systems on the same references: is the difference in BLEU more than chance?")
    opened_link_notices(link_error, loaded is not None and loaded.source == "upload")
    with st.sidebar:
        options_sidebar(cs.COMPARE, cs.START_PRESET)
        test_settings()
    source = st.radio(
        "Input", cs.SOURCES, key=cs.COMPARE_SOURCE, horizontal=True, format_func=lambda s: cs.SOURCE_LABELS[s]
    )
    state = cs.read_compare(st.session_state)
    try:
        systems, refs, errors = read_compare_input(source)
        for message in errors:
            _show_error(message)
        if errors or not refs or not systems:
            return
        if len(systems) < 2:
            _show_error("Add at least two systems to compare.")
            return
        try:
            check_systems(systems, refs)
        except InputError as err:
            _show_error(str(err))
            return
        try:
            corpus_options = state.options.corpus_options()
            sentence_options = state.options.sentence_options()
        except ValueError as err:
            _show_error(f"These options cannot be combined: {err}.")
            return
        names = [s.name for s in systems]
        by_name = {s.name: s for s in systems}
        if st.session_state.get(cs.COMPARE_BASELINE) not in names:
            st.session_state[cs.COMPARE_BASELINE] = names[0]
        baseline = st.selectbox(
            "Baseline", names, key=cs.COMPARE_BASELINE, help="Every other system is tested against this one."
        )
        stats = compute_statistics(systems, refs, corpus_options)
        keys = (options_key(corpus_options), options_key(sentence_options))
        scores = {
            name: cc.cached_system_scores(stats[name][0], name, keys[0], keys[1], len(refs), stats[name][1])
            for name in names
        }
        table, problems = significance_rows(names, baseline, stats, scores, corpus_options, state)
        show_significance(table, problems, baseline, state)
        st.caption(f"Options: {describe(state.options)}")
        show_lines(names, scores)
        others = [n for n in names if n != baseline]
        st.subheader("Sentence by sentence")
        if st.session_state.get(cs.COMPARE_OTHER) not in others:
            st.session_state[cs.COMPARE_OTHER] = others[0]
        other = st.selectbox("System to set against the baseline", others, key=cs.COMPARE_OTHER)
        show_sentences(baseline, other, by_name, refs, scores)
        with st.expander("Open one segment in Explore"):
            handoff.segment_picker(by_name, refs, state.options, "compare")
        st.subheader("N-grams one system matches and the other misses")
        show_ngrams(baseline, other, by_name, refs, corpus_options)
    finally:
        publish(state, source)
    handoff.follow()


main()
