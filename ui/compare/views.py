"""What the Compare page draws: the significance table and chart, sacreBLEU's lines, sentence-by-sentence
differences, the n-grams one system matches and the other misses, and the test settings.

Each function draws one section; the page decides which to draw and in what order.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from bleucore import BleuOptions
from bleucore.significance import AR_TRIALS, BOOTSTRAP_SAMPLES, SEED
from ui.compare import cache, charts
from ui.compare import state as cps
from ui.compare.analysis import SystemScores, ngram_differences, sentence_differences
from ui.inputs.uploads import TextFile, digest, escape_markdown
from ui.inputs.widgets import show_error
from ui.metrics.bleu.wording import order_format
from ui.shell.i18n import N_, _

ALPHA = 0.05
#: Why the baseline's p-value cells show "—" (the table's placeholder for a missing value).
BASELINE_HELP = N_("the baseline is the system the others are tested against, so it has no p-value of its own.")


def verdict(p_bootstrap: float, p_randomization: float, delta: float) -> str:
    """Plain words for two p-values (and for no difference at all, where they mean nothing)."""
    if delta == 0:
        return _(
            "the two systems have the same corpus BLEU, so there is no difference to test "
            "(sacreBLEU's tests still report their smallest p-values, which mean nothing here)"
        )
    both = p_bootstrap < ALPHA and p_randomization < ALPHA
    neither = p_bootstrap >= ALPHA and p_randomization >= ALPHA
    if both:
        return _("significant at p < {alpha} in both tests").format(alpha=ALPHA)
    if neither:
        return _("not significant at p < {alpha}: the difference could be chance").format(alpha=ALPHA)
    return _("the tests disagree at p < {alpha}: treat the difference as uncertain").format(alpha=ALPHA)


def show_significance(table: pd.DataFrame, errors: list[str], baseline: str, settings: cps.CompareState) -> None:
    """The table, the interval chart and one sentence per system."""
    st.subheader(_("Corpus BLEU and significance against the baseline"))
    for message in errors:
        show_error(message)
    if table.empty:
        return
    st.dataframe(
        table.drop(columns=["ci"]), hide_index=True, placeholder="—",
        # Δ BLEU and the p-values next to the system: on a phone they are on screen, the rest scrolls in the table.
        column_order=["system", "delta", "p (bootstrap)", "p (AR)", "BLEU", "role", "mean", "lower", "upper"],
        column_config={
            "system": st.column_config.TextColumn(_("system"), pinned=True),
            "role": st.column_config.TextColumn(_("role")),
            "BLEU": st.column_config.NumberColumn(_("BLEU"), format="%.2f", help=_("Corpus BLEU with the sidebar's options")),
            "delta": st.column_config.NumberColumn(_("Δ BLEU"), format="%+.2f", help=_("BLEU minus the baseline's BLEU")),
            "mean": st.column_config.NumberColumn(_("bootstrap mean"), format="%.2f"),
            "lower": st.column_config.NumberColumn(_("95% CI low"), format="%.2f", help=_("bootstrap mean - half-width (sacreBLEU's ±)")),
            "upper": st.column_config.NumberColumn(_("95% CI high"), format="%.2f", help=_("bootstrap mean + half-width")),
            "p (bootstrap)": st.column_config.NumberColumn(
                _("p (bootstrap)"), format="%.4f", help=_("Paired bootstrap resampling; — for the baseline: {BASELINE_HELP}").format(BASELINE_HELP=_(BASELINE_HELP)),
            ),
            "p (AR)": st.column_config.NumberColumn(
                _("p (AR)"), format="%.4f", help=_("Approximate randomization; — for the baseline: {BASELINE_HELP}").format(BASELINE_HELP=_(BASELINE_HELP)),
            ),
        },
    )  # fmt: skip
    st.altair_chart(charts.confidence_chart(table[["system", "BLEU", "lower", "upper", "role"]]), width="stretch")
    st.caption(_(charts.CONFIDENCE_CAPTION))
    for _index, row in table.iloc[1:].iterrows():
        st.markdown(
            _("**{row}** against **{baseline}**: "
            "Δ BLEU {row2:+.2f}, p = {row3:.4f} (paired bootstrap), "
            "p = {row4:.4f} (approximate randomization): {row5}.").format(row=escape_markdown(row['system']), baseline=escape_markdown(baseline), row2=row['delta'], row3=row['p (bootstrap)'], row4=row['p (AR)'], row5=verdict(row['p (bootstrap)'], row['p (AR)'], row['delta']))
        )
    st.caption(
        _("Paired bootstrap resampling ({n_samples:,} resamples; Koehn 2004) and paired approximate "
        "randomization ({n_trials:,} trials; Riezler & Maxwell 2005), seed {seed}, as sacreBLEU's "
        "--paired-bs and --paired-ar. A p-value is the chance of a BLEU difference at least this large if the two "
        "systems were equally good. Intervals are the bootstrap mean ± half the width of the middle 95% of resampled scores.").format(n_samples=settings.n_samples, n_trials=settings.n_trials, seed=settings.seed)
    )


def show_lines(names: list[str], scores: dict[str, SystemScores]) -> None:
    """sacreBLEU's line of every system."""
    for name in names:
        score = scores[name].corpus
        if score is not None:
            st.code(f"{name}: {score.format()}", language=None, wrap_lines=True)


def show_sentences(
    baseline: str, other: str, systems: dict[str, TextFile], refs: list[TextFile], scores: dict[str, SystemScores]
) -> None:
    """Sentence BLEU of the baseline against another system: scatter, per-line differences, biggest changes."""
    diffs = sentence_differences(scores[baseline], scores[other])
    left, right = st.columns(2)
    with left:
        st.altair_chart(charts.sentence_scatter(diffs, baseline, other), width="stretch")
        st.caption(_("One point per line: above the dashed diagonal the system scores higher than the baseline."))
    with right:
        st.altair_chart(charts.difference_bars(diffs), width="stretch")
        better = int((diffs["difference"] > 0).sum())
        worse = int((diffs["difference"] < 0).sum())
        st.caption(_("The system is better on {better} lines, worse on {worse}, equal on {equal}.").format(better=better, worse=worse, equal=len(diffs) - better - worse))
    changes = diffs.dropna(subset=["difference"]).copy()
    changes["size"] = changes["difference"].abs()
    top = changes.sort_values(["size", "line"], ascending=[False, True]).head(15).drop(columns="size")
    index = top["line"].to_numpy() - 1
    top["baseline text"] = [systems[baseline].lines[i] for i in index]
    top["system text"] = [systems[other].lines[i] for i in index]
    top["reference 1"] = [refs[0].lines[i] for i in index]
    st.markdown(_("**Lines that changed most**"))
    st.dataframe(
        top, hide_index=True,
        column_config={
            "line": st.column_config.NumberColumn(_("line"), format="%d"),
            "baseline": st.column_config.NumberColumn(_("baseline BLEU"), format="%.2f"),
            "system": st.column_config.NumberColumn(_("system BLEU"), format="%.2f"),
            "difference": st.column_config.NumberColumn(_("difference"), format="%+.2f"),
            "baseline text": st.column_config.TextColumn(_("baseline text")),
            "system text": st.column_config.TextColumn(_("system text")),
            "reference 1": st.column_config.TextColumn(_("Reference {position}").format(position=1)),
        },
    )  # fmt: skip


def show_ngrams(
    baseline: str, other: str, systems: dict[str, TextFile], refs: list[TextFile], options: BleuOptions
) -> None:
    """The n-grams one system matches and the other misses, summed over the corpus."""
    ref_lines = [r.lines for r in refs]
    counts = {
        name: cache.matched_ngrams(digest([systems[name], *refs]), options, systems[name].lines, ref_lines)
        for name in (baseline, other)
    }
    choices = ["all", *range(1, options.max_order + 1)]
    if st.session_state.get(cps.COMPARE_NGRAM_ORDER) not in choices:
        st.session_state[cps.COMPARE_NGRAM_ORDER] = "all"
    order = st.segmented_control(
        _("Order"), choices, key=cps.COMPARE_NGRAM_ORDER, format_func=order_format(),
    )  # fmt: skip
    table = ngram_differences(
        counts[baseline], counts[other], options.max_order, None if order in (None, "all") else int(order)
    )
    if table.empty:
        st.info(_("Both systems match exactly the same n-grams."))
        return
    st.dataframe(
        table, hide_index=True,
        column_config={
            "n-gram": st.column_config.TextColumn(_("n-gram")),
            "baseline": st.column_config.NumberColumn(_("matched by the baseline"), format="%d"),
            "system": st.column_config.NumberColumn(_("matched by the system"), format="%d"),
            "difference": st.column_config.NumberColumn(_("difference"), format="%+d"),
        },
    )  # fmt: skip
    st.caption(
        _("Clipped matches (Count_clip) of each n-gram summed over all lines, as BLEU counts them: a positive "
        "difference is an n-gram the system gets right more often than the baseline, a negative one an n-gram it misses.")
    )


#: The significance settings: (label, smallest, largest, step, key, help).
_TEST_SETTINGS = (
    (N_("Bootstrap resamples"), 1, cps.MAX_BOOTSTRAP_SAMPLES, 100, cps.COMPARE_SAMPLES, N_("sacreBLEU's --paired-bs-n (default {default}).")),
    (N_("Randomization trials"), 1, cps.MAX_AR_TRIALS, 1000, cps.COMPARE_TRIALS, N_("sacreBLEU's --paired-ar-n (default {default}).")),
    (
        N_("Seed"), 0, cps.MAX_SEED, 1, cps.COMPARE_SEED,
        N_("sacreBLEU's SACREBLEU_SEED (default {default}): the same seed gives the same p-values."),
    ),
)  # fmt: skip


def test_settings() -> None:
    """The significance settings in the sidebar."""
    st.header(_("Significance tests"))
    for label, smallest, largest, step, key, help_text in _TEST_SETTINGS:
        default = {cps.COMPARE_SAMPLES: BOOTSTRAP_SAMPLES, cps.COMPARE_TRIALS: AR_TRIALS, cps.COMPARE_SEED: SEED}[key]
        st.number_input(_(label), min_value=smallest, max_value=largest, step=step, key=key, help=_(help_text).format(default=default))
