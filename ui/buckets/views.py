"""What a bucket analysis (``bleucore.buckets``) looks like on a page: its chart, whose buckets are an Altair
selection, the table with intervals and the verdict in words, and the picked bucket's lines, one of which the page
offers to open in Explore. Shared by Compare (systems against a baseline) and Corpus (one hypothesis)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
import streamlit as st

from bleucore.buckets import MIN_TESTED_LINES, BucketAnalysis, BucketValue
from ui.buckets.charts import bucket_chart
from ui.inputs.sources import BUCKET_KINDS
from ui.inputs.uploads import TextFile
from ui.shell.i18n import N_, _, and_list, ngettext
from ui.shell.markdown import escape_markdown

KINDS = dict(zip(BUCKET_KINDS, (N_("By reference length"), N_("By word frequency"), N_("By label")), strict=True))
MEASURES = {"fmeas": N_("word F-measure"), "prec": N_("word precision"), "rec": N_("word recall")}
AXES = {"length": N_("reference length (words)"), "frequency": N_("word frequency"), "label": N_("label")}
#: What a bucket's size counts (``BucketAnalysis.size_counts``), as the table's column is named.
SIZE_COLUMNS = {"lines": N_("lines"), "reference words": N_("reference words")}


def verdict(value: BucketValue, higher_is_better: bool) -> str:
    """A bucket value against the baseline, in words (the chart's ``*`` and the table say the same)."""
    if value.delta is None:
        return _("baseline")
    if not value.tested:
        return _("not tested: fewer than {minimum} lines in this bucket").format(minimum=MIN_TESTED_LINES)
    if not value.significant():
        return _("no significant difference (p = {p:.3f})").format(
            p=value.p_value if value.p_value is not None else 1.0
        )
    better = (value.delta > 0) == higher_is_better
    if better:
        return _("better than the baseline (p = {p:.3f})").format(p=value.p_value)
    return _("worse than the baseline (p = {p:.3f})").format(p=value.p_value)


def untested_words(analysis: BucketAnalysis) -> str:
    """Which buckets with lines are too small to be tested, and why, in words ("" when every one is tested)."""
    small = [b.name for b in analysis.buckets if 0 < b.lines < analysis.min_lines]
    if not small:
        return ""
    return ngettext(
        "Not tested: the bucket {buckets} has fewer than {minimum} lines. Its values and intervals are shown, but no "
        "test and no *: on so few lines a test marks chance differences as real (two lines of two equally good "
        "systems were marked different half the time).",
        "Not tested: the buckets {buckets} have fewer than {minimum} lines each. Their values and intervals are "
        "shown, but no test and no *: on so few lines a test marks chance differences as real (two lines of two "
        "equally good systems were marked different half the time).",
        len(small),
    ).format(buckets=and_list(small), minimum=analysis.min_lines)


def frame(analysis: BucketAnalysis, metric: str, higher_is_better: bool) -> pd.DataFrame:
    """One row per bucket and system with data: bucket, system, value, low, high, mark (``*`` only where the bucket was
    tested and differs), verdict (the mark in words; "" with one hypothesis)."""
    compared = len(analysis.systems) > 1  # one hypothesis (Corpus): no baseline, so no verdict
    rows = [
        (
            v.bucket,
            v.system,
            v.value,
            v.ci[0],
            v.ci[1],
            "*" if v.significant() else "",
            verdict(v, higher_is_better) if compared else "",
        )
        for v in analysis.values
        if v.metric == metric and v.value is not None and v.ci is not None
    ]
    return pd.DataFrame(rows, columns=["bucket", "system", "value", "low", "high", "mark", "verdict"])


def table(analysis: BucketAnalysis, metric: str, higher_is_better: bool) -> pd.DataFrame:
    """Bucket, size (named for what it counts) and each system's value with its interval (and, against a baseline,
    the verdict)."""
    compared = len(analysis.systems) > 1
    size, digits = _(SIZE_COLUMNS[analysis.size_counts]), analysis.digits_of(metric)
    out: dict[str, list[Any]] = {_("bucket"): [], size: []}
    for system in analysis.systems:
        out[system] = []
    for bucket in analysis.buckets:
        out[_("bucket")].append(bucket.name)
        out[size].append(bucket.size)
        for system in analysis.systems:
            v = analysis.value(bucket.name, system, metric)
            if v.value is None or v.ci is None:
                out[system].append(_("no data"))
                continue
            cell = f"{v.value:.{digits}f} [{v.ci[0]:.{digits}f}, {v.ci[1]:.{digits}f}]"
            out[system].append(f"{cell} · {verdict(v, higher_is_better)}" if compared else cell)
    return pd.DataFrame(out)


def show_analysis(
    analysis: BucketAnalysis, metric: str, value_title: str, higher_is_better: bool, key: str
) -> str | None:
    """The chart (click a bucket to pick it) and the table of one metric of ``analysis``; the picked bucket."""
    rows = frame(analysis, metric, higher_is_better)
    if rows.empty:
        st.info(_("No bucket has data for this analysis."))
        return None
    order = [b.name for b in analysis.buckets]
    chart = bucket_chart(rows, _(AXES[analysis.analysis]), value_title, order, list(analysis.systems))
    event = st.altair_chart(chart, on_select="rerun", selection_mode=["bucket"], key=key, width="stretch")
    if len(analysis.systems) > 1:
        st.caption(
            _(
                "Bars: each system's {value} per bucket; line: its 95% interval (paired bootstrap, {n:,} resamples); "
                "*: differs from the baseline {baseline} with p < 0.05. Click a bucket to list its lines."
            ).format(
                value=escape_markdown(value_title), n=analysis.n_samples, baseline=escape_markdown(analysis.baseline)
            )
        )
    else:
        st.caption(
            _(
                "Bars: the {value} per bucket; line: its 95% interval (bootstrap, {n:,} resamples). Click a bucket to "
                "list its lines."
            ).format(value=escape_markdown(value_title), n=analysis.n_samples)
        )
    if len(analysis.systems) > 1:
        untested = untested_words(analysis)
        if untested:
            st.caption(escape_markdown(untested))
    st.dataframe(table(analysis, metric, higher_is_better), hide_index=True)
    picked = getattr(event, "selection", {}).get("bucket") or []
    names = [p.get("bucket") for p in picked if isinstance(p, Mapping)]
    return next((n for n in names if n in order), None)


def show_bucket_lines(
    analysis: BucketAnalysis,
    bucket_name: str,
    shown: Sequence[str],
    systems: Mapping[str, TextFile],
    refs: Sequence[TextFile],
    sentence_label: str,
    sentences: Mapping[str, np.ndarray],
    line_key: str,
) -> int | None:
    """The lines of a bucket with the sentence scores of the ``shown`` systems (baseline first), and the line
    picked among them (1-based; None for an empty bucket), which the page offers to open (``handoff.line_buttons``)."""
    bucket = analysis.bucket(bucket_name)
    lines = list(bucket.segments)
    if analysis.analysis == "frequency":
        heading = _("Bucket {bucket}: {n:,} lines whose reference 1 has a word of this frequency").format(
            bucket=bucket_name, n=len(lines)
        )
    else:
        heading = _("Bucket {bucket}: {n:,} lines").format(bucket=bucket_name, n=len(lines))
    st.markdown("**" + escape_markdown(heading) + "**")
    if not lines:
        return None
    index = np.array(lines, dtype=np.intp)
    columns: dict[str, Any] = {_("line"): index + 1}
    if len(shown) == 2:
        base, other = (sentences[name][index] for name in shown)
        columns[_("baseline {metric}").format(metric=sentence_label)] = base
        columns[_("system {metric}").format(metric=sentence_label)] = other
        columns[_("difference")] = other - base
        columns[_("baseline text")] = [systems[shown[0]].lines[i] for i in lines]
        columns[_("system text")] = [systems[shown[1]].lines[i] for i in lines]
    else:
        columns[_("sentence {metric}").format(metric=sentence_label)] = sentences[shown[0]][index]
        columns[_("hypothesis")] = [systems[shown[0]].lines[i] for i in lines]
    columns[_("Reference {position}").format(position=1)] = [refs[0].lines[i] for i in lines]
    scores = {  # the sentence scores with two decimals, as everywhere else on the page
        name: st.column_config.NumberColumn(format="%.2f")
        for name, values in columns.items()
        if isinstance(values, np.ndarray) and values.dtype.kind == "f"
    }
    st.dataframe(pd.DataFrame(columns), hide_index=True, height=min(420, 40 + 35 * len(lines)), column_config=scores)
    if st.session_state.get(line_key) not in (index + 1).tolist():
        st.session_state[line_key] = int(index[0]) + 1
    return int(
        st.selectbox(_("Line of this bucket to open"), (index + 1).tolist(), key=line_key, persist_state="session")
    )
