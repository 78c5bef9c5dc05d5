"""Compare's significance section, the same for BLEU, chrF, chrF++ and TER: bleucore's
``significance_table`` (sacreBLEU 2.6's ``--paired-bs`` and ``--paired-ar``; Koehn 2004, Riezler &
Maxwell 2005) as a table, an interval chart and one sentence per system, worded in the metric's
direction (TER: fewer edits is better), each delta with Kocmi et al. 2024's estimate of how likely people agree with it
(``ui.compare.estimates``)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pandas as pd
import streamlit as st

from bleucore.metrics import Metric
from bleucore.significance import SignificanceTable
from ui.compare import cache, charts, estimates
from ui.metrics.bleu.wording import reason_text
from ui.metrics.sacrebleu_view import lacking_words, paired_citation, show_sacrebleu_paired
from ui.shell.i18n import N_, _, and_list
from ui.shell.markdown import escape_markdown, show_error
from ui.shell.spoken import fill_spoken

if TYPE_CHECKING:
    from ui.compare.scored import ScoredMetric
    from ui.inputs.uploads import TextFile
    from ui.state import compare as cps

ALPHA = 0.05
#: The table's columns ("score" is the metric's corpus score; "direction" is better / worse / same).
COLUMNS = ["system", "role", "score", "delta", "direction", "mean", "ci", "lower", "upper", "p (bootstrap)", "p (AR)"]
DIRECTIONS = {"better": N_("better"), "worse": N_("worse"), "same": N_("same")}
#: Why the baseline's p-value cells show "—" (the table's placeholder for a missing value).
BASELINE_HELP = N_("the baseline is the system the others are tested against, so it has no p-value of its own.")


def frame(table: SignificanceTable) -> pd.DataFrame:
    """The table's rows as a DataFrame of ``COLUMNS`` (baseline first)."""
    rows = [
        (
            r.system,
            "baseline" if r.is_baseline else "system",
            r.score,
            r.delta,
            table.direction(r) or None,
            r.mean,
            r.ci,
            r.lower,
            r.upper,
            r.p_bootstrap,
            r.p_randomization,
        )
        for r in table.rows
    ]
    return pd.DataFrame(rows, columns=COLUMNS)


def verdict(label: str, p_bootstrap: float, p_randomization: float, delta: float) -> str:
    """Plain words for two p-values (and for no difference at all, where they mean nothing)."""
    if delta == 0:
        return _("the two systems have the same corpus {metric}, so there is no difference to test").format(
            metric=label
        )
    both = p_bootstrap < ALPHA and p_randomization < ALPHA
    neither = p_bootstrap >= ALPHA and p_randomization >= ALPHA
    if both:
        return _("significant at p < {alpha} in both tests").format(alpha=ALPHA)
    if neither:
        return _("not significant at p < {alpha}: the difference could be chance").format(alpha=ALPHA)
    return _("the tests disagree at p < {alpha}: treat the difference as uncertain").format(alpha=ALPHA)


def direction_words(table: SignificanceTable, way: str) -> str:
    """The direction of a difference in words, saying why for an error rate (fewer edits is better)."""
    if table.metric == "ter" and way in ("better", "worse"):
        return _("better: fewer edits") if way == "better" else _("worse: more edits")
    return _(DIRECTIONS[way])


def show(
    metric_id: str,
    table: SignificanceTable,
    errors: Sequence[str],
    settings: cps.CompareState,
    citation: Mapping[str, Any] | None = None,
    lacking: str = "",
    digits: int = 2,
    files: Sequence[str] = (),
    metric: Metric | None = None,
    human: bool = False,
) -> None:
    """One metric's table, interval chart, one sentence per system, the tests' settings, the signatures and
    sacrebleu commands (``citation``: ``ui.metrics.sacrebleu_view.paired_citation``; ``lacking``: the settings
    sacreBLEU has no equivalent for, in words) and a JSON download; ``digits``: the values' decimals, ``files``: an
    imported metric's score files (sacreBLEU has no such metric); ``metric``: the table's metric, whose fit the
    estimates' caption reads (Kocmi et al. 2024); ``human``: the metric holds the human scores (no estimate)."""
    label = table.label
    number, signed = f"%.{digits}f", f"%+.{digits}f"
    shown_label = escape_markdown(label) if files else label  # an imported metric's name in Markdown (the user's text)
    st.subheader(_("Corpus {metric} and significance against the baseline").format(metric=shown_label))
    for message in errors:
        show_error(message)
    data = frame(table)
    if data.empty:
        return
    shown = data.drop(columns=["ci"]).assign(
        direction=[_(DIRECTIONS[d]) if isinstance(d, str) else "—" for d in data["direction"]],  # a str column: no NaN
        role=[_(r) for r in data["role"]],
        agreement=[estimates.cell(r, human) or "—" for r in table.rows],  # the baseline: "—", as direction
    )
    if table.higher_is_better:
        delta_help = _("{metric} minus the baseline's; higher is better").format(metric=shown_label)
    elif table.metric == "ter":
        delta_help = _("{metric} minus the baseline's; lower TER is better").format(metric=shown_label)
    else:
        delta_help = _("{metric} minus the baseline's; lower is better").format(metric=shown_label)
    st.dataframe(
        shown,
        hide_index=True,
        placeholder="—",
        key=f"compare_table_{metric_id}",
        # Δ and the p-values next to the system: on a phone they are on screen, the rest scrolls in the table.
        column_order=[
            "system",
            "delta",
            "p (bootstrap)",
            "p (AR)",
            "agreement",
            "direction",
            "score",
            "role",
            "mean",
            "lower",
            "upper",
        ],
        column_config={
            "system": st.column_config.TextColumn(_("system"), pinned=True),
            "role": st.column_config.TextColumn(_("role")),
            "score": st.column_config.NumberColumn(
                label, format=number, help=_("Corpus {metric}").format(metric=shown_label)
            ),
            "delta": st.column_config.NumberColumn(
                _("Δ {metric}").format(metric=label), format=signed, help=delta_help
            ),
            "agreement": st.column_config.TextColumn(
                _("people agree (est.)"),
                help=_(
                    "How likely people agree with a delta this large under {metric} ({paper}); "
                    "— for the baseline, “no estimate” where the paper has none (the sentences below say why)."
                ).format(metric=shown_label, paper=_(estimates.PAPER)),
            ),
            "direction": st.column_config.TextColumn(_("than the baseline")),
            "mean": st.column_config.NumberColumn(_("bootstrap mean"), format=number),
            "lower": st.column_config.NumberColumn(
                _("95% CI low"), format=number, help=_("bootstrap mean - half-width (sacreBLEU's ±)")
            ),
            "upper": st.column_config.NumberColumn(
                _("95% CI high"), format=number, help=_("bootstrap mean + half-width")
            ),
            "p (bootstrap)": st.column_config.NumberColumn(
                _("p (bootstrap)"),
                format="%.4f",
                help=_("Paired bootstrap resampling; — for the baseline: {BASELINE_HELP}").format(
                    BASELINE_HELP=_(BASELINE_HELP)
                ),
            ),
            "p (AR)": st.column_config.NumberColumn(
                _("p (AR)"),
                format="%.4f",
                help=_("Approximate randomization; — for the baseline: {BASELINE_HELP}").format(
                    BASELINE_HELP=_(BASELINE_HELP)
                ),
            ),
        },
    )
    if data["lower"].notna().all():
        st.altair_chart(
            charts.confidence_chart(shown[["system", "score", "lower", "upper", "role"]], label, digits),
            width="stretch",
        )
        st.caption(_(charts.CONFIDENCE_CAPTION).format(metric=shown_label))
    for row in table.rows[1:]:
        if row.delta is None or row.p_bootstrap is None or row.p_randomization is None:
            continue  # the page runs both tests, so every system tested has its delta and both p-values
        st.markdown(
            _(
                "**{system}** against **{baseline}** by {metric}: Δ {delta} ({direction}), "
                "p = {p_bs:.4f} (paired bootstrap), p = {p_ar:.4f} (approximate randomization): {verdict}."
            ).format(
                system=escape_markdown(row.system),
                baseline=escape_markdown(table.rows[0].system),
                metric=escape_markdown(label),
                delta=f"{row.delta:+.{digits}f}",
                direction=direction_words(table, table.direction(row)),
                p_bs=row.p_bootstrap,
                p_ar=row.p_randomization,
                verdict=verdict(label, row.p_bootstrap, row.p_randomization, row.delta),
            )
            + " "
            + estimates.sentence(row, escape_markdown(label), human)
        )
    about = estimates.caption(table, metric, label, digits, human) if metric is not None and len(table.rows) > 1 else ""
    if about:
        st.caption(escape_markdown(about))
    st.caption(
        fill_spoken(  # "a" or "an" before the metric's name, as it is read
            _(
                "Paired bootstrap resampling ({n_samples:,} resamples; Koehn 2004) and paired approximate "
                "randomization ({n_trials:,} trials; Riezler & Maxwell 2005), seed {seed:d}, as sacreBLEU's "
                "--paired-bs and --paired-ar. A p-value is the chance of {metric:a} difference at least this large "
                "if the two systems were equally good. Intervals are the bootstrap mean ± half the width of the "
                "middle 95% of resampled scores."
            ),
            n_samples=settings.n_samples,
            n_trials=settings.n_trials,
            seed=settings.seed,
            metric=shown_label,
        )
    )
    if files:
        st.caption(_("bleucore's signature (every option that changes the number):"))
        st.code(str((citation or {}).get("signature", "")), language=None, wrap_lines=True)
        st.caption(
            escape_markdown(
                _(
                    "sacreBLEU has no {metric}: its segment scores were read from {files} and averaged here. Cite the "
                    "model or the people that gave them beside this signature."
                ).format(metric=label, files=and_list(list(files)))
            )
        )
    elif citation is not None:
        show_sacrebleu_paired(dict(citation), lacking)
    download = {**table.to_dict(), **(citation or {})}
    st.download_button(
        _("Download the {metric} table (JSON)").format(metric=shown_label),
        json.dumps(download, ensure_ascii=False, indent=1),
        file_name=f"significance_{metric_id}.json",
        mime="application/json",
        key=f"compare_download_{metric_id}",
    )


def show_metric(
    scored: ScoredMetric, baseline: str, refs: Sequence[TextFile], state: cps.CompareState, files: Sequence[str] = ()
) -> None:
    """One picked metric's section: bleucore's ``significance_table`` of every system against ``baseline`` (cached),
    with the message of each system the metric cannot score; ``files``: an imported metric's score files."""
    label = escape_markdown(scored.label) if scored.from_file else scored.label
    with st.spinner(_("Testing {metric}: paired bootstrap and approximate randomization…").format(metric=label)):
        table = cache.significance(scored.key, scored.statistics, baseline, len(refs), state)
    systems = [baseline, *(name for name in scored.statistics if name != baseline)]
    metric = scored.metric
    citation = paired_citation(metric, [r.name for r in refs], systems, state.n_samples, state.n_trials, state.seed)
    equivalent = metric.sacrebleu_equivalent(len(refs))
    codes = [*table.skipped_reasons, *[None] * len(table.skipped)]  # None where a reason has no code
    errors = [
        scored.undefined.get(name)
        or _("The tests cannot be run for {name}: {error}. Choose other options in the sidebar.").format(
            name=name, error=reason_text(code, reason)
        )
        for (name, reason), code in zip(table.skipped, codes)
    ]
    lacking = lacking_words(equivalent.lacking, equivalent.missing)
    human = scored.from_file and scored.metric_id == state.imported.human  # the scores people gave: no estimate
    show(scored.metric_id, table, errors, state, citation, lacking, scored.digits, files, metric, human)
