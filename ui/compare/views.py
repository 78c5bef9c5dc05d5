"""What the Compare page draws besides the significance section (``significance.py``): sacreBLEU's lines,
sentence-by-sentence differences, the n-grams one system matches and the other misses, and the test settings.

Each function draws one section; the page decides which to draw and in what order.
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from bleucore import BleuOptions
from bleucore.significance import AR_TRIALS, BOOTSTRAP_SAMPLES, SEED
from ui.compare import cache, charts
from ui.compare.analysis import SystemScores, sentence_differences, sentence_table
from ui.inputs.uploads import TextFile, digest
from ui.metrics.bleu.wording import order_label
from ui.shell import held, i18n
from ui.shell.i18n import N_, _
from ui.shell.markdown import escape_markdown
from ui.state import compare as cps


def show_lines(names: list[str], scores: dict[str, SystemScores]) -> None:
    """sacreBLEU's line of every system."""
    for name in names:
        score = scores[name].corpus
        if score is not None:
            st.code(f"{name}: {score.format()}", language=None, wrap_lines=True)


def show_sentences(
    baseline: str,
    other: str,
    systems: dict[str, TextFile],
    refs: list[TextFile],
    sentences: dict[str, np.ndarray],
    label: str,
    higher_is_better: bool,
    digits: int = 2,
) -> None:
    """One sentence metric (``label``; ``sentences``: each system's score per line) of the baseline against another
    system: scatter, per-line differences, the lines that changed most, worded in the metric's direction (its scores
    with ``digits`` decimals)."""
    diffs = sentence_differences(sentences[baseline], sentences[other])
    left, right = st.columns(2)
    with left:
        st.altair_chart(charts.sentence_scatter(diffs, baseline, other, label, higher_is_better), width="stretch")
        if higher_is_better:
            st.caption(_("One point per line: above the dashed diagonal the system scores higher than the baseline."))
        elif label != "TER":  # an imported error score (MetricX)
            st.caption(
                _("One point per line: below the dashed diagonal the system scores lower than the baseline (better).")
            )
        else:
            st.caption(
                _(
                    "One point per line: below the dashed diagonal the system needs fewer edits than the baseline "
                    "(better)."
                )
            )
    with right:
        st.altair_chart(charts.difference_bars(diffs, label, higher_is_better), width="stretch")
        sign = 1 if higher_is_better else -1
        better = int((sign * diffs["difference"] > 0).sum())
        worse = int((sign * diffs["difference"] < 0).sum())
        st.caption(
            _("By {metric}, the system is better on {better} lines, worse on {worse}, equal on {equal}.").format(
                metric=label, better=better, worse=worse, equal=int(diffs["difference"].notna().sum()) - better - worse
            )
        )
    changes = diffs.dropna(subset=["difference"]).copy()
    changes["size"] = changes["difference"].abs()
    top = changes.sort_values(["size", "line"], ascending=[False, True]).head(15).drop(columns="size")
    index = top["line"].to_numpy() - 1
    top["baseline text"] = [systems[baseline].lines[i] for i in index]
    top["system text"] = [systems[other].lines[i] for i in index]
    for j, ref in enumerate(refs, start=1):
        top[f"reference {j}"] = [ref.lines[i] for i in index]
    st.markdown(_("**Lines that changed most**"))
    st.dataframe(
        top,
        hide_index=True,
        column_config={
            "line": st.column_config.NumberColumn(_("line"), format="%d"),
            "baseline": st.column_config.NumberColumn(
                _("baseline {metric}").format(metric=label), format=f"%.{digits}f"
            ),
            "system": st.column_config.NumberColumn(_("system {metric}").format(metric=label), format=f"%.{digits}f"),
            "difference": st.column_config.NumberColumn(_("difference"), format=f"%+.{digits}f"),
            "baseline text": st.column_config.TextColumn(_("baseline text")),
            "system text": st.column_config.TextColumn(_("system text")),
            **{
                f"reference {j}": st.column_config.TextColumn(_("Reference {position}").format(position=j))
                for j in range(1, len(refs) + 1)
            },
        },
    )


def sentence_download(
    systems: dict[str, TextFile], refs: list[TextFile], per_metric: dict[str, dict[str, np.ndarray]]
) -> None:
    """Every line's references, system texts and sentence scores (each system by each picked metric) as a CSV, written
    when the button is clicked (every system's every line: a tenth of a run's time, written on every run before), and
    without a rerun of the page."""

    def csv() -> str:
        texts = {name: f.lines for name, f in systems.items()}
        return sentence_table(texts, [r.lines for r in refs], per_metric).to_csv(index=False)

    st.download_button(
        _("Download every sentence score (CSV)"),
        csv,
        file_name="compare_sentences.csv",
        mime="text/csv",
        key="compare_dl_csv",
        icon=":material/download:",
        help=_("One row per line: each reference, each system's text and its score by each metric picked above."),
        on_click="ignore",
    )


def show_ngrams(
    baseline: str, other: str, systems: dict[str, TextFile], refs: list[TextFile], options: BleuOptions
) -> None:
    """The n-grams one system matches and the other misses, summed over the corpus."""
    choices = ["all", *range(1, options.max_order + 1)]
    order = st.segmented_control(
        _("Order"),
        choices,
        key=cps.COMPARE_NGRAM_ORDER,
        format_func=i18n.keep_choice(cps.COMPARE_NGRAM_ORDER, choices, order_label()),
        persist_state="session",
        **held.hold(cps.COMPARE_NGRAM_ORDER, choices, "all"),  # the order chosen last, while a smaller N offers fewer
    )
    pair = {"baseline": escape_markdown(baseline), "other": escape_markdown(other)}
    with st.spinner(_("Counting the n-grams {baseline} and {other} match…").format(**pair)):
        table = cache.ngram_table(
            (digest([systems[baseline], *refs]), digest([systems[other], *refs])),
            options,
            None if order in (None, "all") else int(order),
            (systems[baseline].lines, systems[other].lines),
            [r.lines for r in refs],
        )
    if table.empty:
        st.info(_("Both systems match exactly the same n-grams."))
        return
    st.dataframe(
        table,
        hide_index=True,
        column_config={
            "n-gram": st.column_config.TextColumn(_("n-gram")),
            "baseline": st.column_config.NumberColumn(_("matched by the baseline"), format="%d"),
            "system": st.column_config.NumberColumn(_("matched by the system"), format="%d"),
            "difference": st.column_config.NumberColumn(_("difference"), format="%+d"),
        },
    )
    st.caption(
        _(
            "Clipped matches (Count_clip) of each n-gram summed over all lines, as BLEU counts them: a positive "
            "difference is an n-gram the system gets right more often than the baseline, a negative one an n-gram it "
            "misses."
        )
    )


#: The significance settings: (label, smallest, largest, step, key, help).
_TEST_SETTINGS = (
    (
        N_("Bootstrap resamples"),
        1,
        cps.MAX_BOOTSTRAP_SAMPLES,
        100,
        cps.COMPARE_SAMPLES,
        N_("sacreBLEU's --paired-bs-n (default {default:d})."),
    ),
    (
        N_("Randomization trials"),
        1,
        cps.MAX_AR_TRIALS,
        1000,
        cps.COMPARE_TRIALS,
        N_("sacreBLEU's --paired-ar-n (default {default:d})."),
    ),
    (
        N_("Seed"),
        0,
        cps.MAX_SEED,
        1,
        cps.COMPARE_SEED,
        N_("sacreBLEU's SACREBLEU_SEED (default {default:d}): the same seed gives the same p-values."),
    ),
)


def test_settings() -> None:
    """The significance settings in the sidebar."""
    st.header(_("Significance tests"))
    for label, smallest, largest, step, key, help_text in _TEST_SETTINGS:
        default = {cps.COMPARE_SAMPLES: BOOTSTRAP_SAMPLES, cps.COMPARE_TRIALS: AR_TRIALS, cps.COMPARE_SEED: SEED}[key]
        st.number_input(
            _(label),
            min_value=smallest,
            max_value=largest,
            step=step,
            key=key,
            help=_(help_text).format(default=default),
            persist_state="session",
        )
