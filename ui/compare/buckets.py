"""Compare's "where the systems differ": each system per bucket of reference length, word frequency or label
(``bleucore.buckets``: compare-mt 0.2.10's buckets, paired-bootstrap intervals and marks). Clicking a bucket in
the chart (an Altair selection) lists its lines with both systems' sentence scores, each one a click from
Explore."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
import streamlit as st

from bleucore.buckets import BucketAnalysis, BucketValue
from ui.compare import cache, charts, report
from ui.compare import state as cps
from ui.inputs.kept import kept_files
from ui.inputs.uploads import MAX_UPLOAD_MB, TextFile, escape_markdown
from ui.links import handoff
from ui.metrics.bleu.options import Choices
from ui.metrics.options import MetricKey, metric_of
from ui.shell.i18n import N_, _

KINDS = {"length": N_("By reference length"), "frequency": N_("By word frequency"), "label": N_("By label")}
MEASURES = {"fmeas": N_("word F-measure"), "prec": N_("word precision"), "rec": N_("word recall")}
AXES = {"length": N_("reference length (words)"), "frequency": N_("word frequency"), "label": N_("label")}


def optional_files() -> tuple[TextFile | None, TextFile | None, list[str]]:
    """The labels file and the training corpus, kept for the session like every other file: (labels,
    training, messages)."""
    help_upload = _("Plain UTF-8 text, one segment per line, at most {mb} MB per file.").format(mb=MAX_UPLOAD_MB)
    with st.expander(_("Labels and a training corpus (optional)")):
        labels, label_errors = kept_files(
            cps.COMPARE_LABELS_UPLOAD, _("Labels file: one label per line (a domain, a source, a speaker)"),
            _("labels file"), help_upload, multiple=False,
        )  # fmt: skip
        training, training_errors = kept_files(
            cps.COMPARE_TRAIN_UPLOAD, _("Training corpus: word frequencies are counted in it instead of in reference 1"),
            _("training corpus"), help_upload, multiple=False,
        )  # fmt: skip
    return (labels[0] if labels else None), (training[0] if training else None), [*label_errors, *training_errors]


def verdict(value: BucketValue, higher_is_better: bool) -> str:
    """A bucket value against the baseline, in words (the chart's ``*`` and the table say the same)."""
    if value.delta is None:
        return _("baseline")
    if not value.significant():
        return _("no significant difference (p = {p:.3f})").format(p=value.p_value if value.p_value is not None else 1.0)
    better = (value.delta > 0) == higher_is_better
    if better:
        return _("better than the baseline (p = {p:.3f})").format(p=value.p_value)
    return _("worse than the baseline (p = {p:.3f})").format(p=value.p_value)


def frame(analysis: BucketAnalysis, metric: str, higher_is_better: bool) -> pd.DataFrame:
    """One row per bucket and system with data: bucket, system, value, low, high, mark, verdict."""
    rows = [
        (v.bucket, v.system, v.value, v.ci[0], v.ci[1], "*" if v.significant() else "", verdict(v, higher_is_better))
        for v in analysis.values
        if v.metric == metric and v.value is not None and v.ci is not None
    ]
    return pd.DataFrame(rows, columns=["bucket", "system", "value", "low", "high", "mark", "verdict"])


def _table(analysis: BucketAnalysis, metric: str, higher_is_better: bool, digits: int) -> pd.DataFrame:
    out: dict[str, list[Any]] = {_("bucket"): [], _("size"): []}
    for system in analysis.systems:
        out[system] = []
    for bucket in analysis.buckets:
        out[_("bucket")].append(bucket.name)
        out[_("size")].append(bucket.size)
        for system in analysis.systems:
            v = analysis.value(bucket.name, system, metric)
            if v.value is None or v.ci is None:
                out[system].append(_("no data"))
                continue
            out[system].append(f"{v.value:.{digits}f} [{v.ci[0]:.{digits}f}, {v.ci[1]:.{digits}f}] · {verdict(v, higher_is_better)}")
    return pd.DataFrame(out)


def show_analysis(
    analysis: BucketAnalysis, metric: str, value_title: str, higher_is_better: bool, key: str
) -> str | None:  # fmt: skip
    """The chart (click a bucket to pick it) and the table of one metric of ``analysis``; the picked bucket."""
    rows = frame(analysis, metric, higher_is_better)
    if rows.empty:
        st.info(_("No bucket has data for this analysis."))
        return None
    order = [b.name for b in analysis.buckets]
    chart = charts.bucket_chart(rows, _(AXES[analysis.analysis]), value_title, order, list(analysis.systems))
    event = st.altair_chart(chart, on_select="rerun", selection_mode=["bucket"], key=key, width="stretch")
    st.caption(
        _("Bars: each system's {value} per bucket; line: its 95% interval (paired bootstrap, {n:,} resamples); "
          "*: differs from the baseline {baseline} with p < 0.05. Click a bucket to list its lines.").format(
            value=value_title, n=analysis.n_samples, baseline=analysis.baseline)
    )  # fmt: skip
    digits = 4 if analysis.analysis == "frequency" else 2
    st.dataframe(_table(analysis, metric, higher_is_better, digits), hide_index=True)
    picked = getattr(event, "selection", {}).get("bucket") or []
    names = [p.get("bucket") for p in picked if isinstance(p, Mapping)]
    return next((n for n in names if n in order), None)


def show_bucket_lines(
    analysis: BucketAnalysis, bucket_name: str, baseline: str, other: str, systems: Mapping[str, TextFile],
    refs: Sequence[TextFile], sentence_label: str, sentences: Mapping[str, np.ndarray], options: Choices,
) -> None:  # fmt: skip
    """The lines of a bucket with both systems' sentence scores, and a line to open in Explore."""
    bucket = analysis.bucket(bucket_name)
    lines = list(bucket.segments)
    if analysis.analysis == "frequency":
        heading = _("Bucket {bucket}: {n:,} lines whose reference 1 has a word of this frequency").format(
            bucket=bucket_name, n=len(lines))  # fmt: skip
    else:
        heading = _("Bucket {bucket}: {n:,} lines").format(bucket=bucket_name, n=len(lines))
    st.markdown("**" + escape_markdown(heading) + "**")
    if not lines:
        return
    index = np.array(lines, dtype=np.intp)
    base_scores, other_scores = sentences[baseline][index], sentences[other][index]
    table = pd.DataFrame({
        _("line"): index + 1,
        _("baseline {metric}").format(metric=sentence_label): base_scores,
        _("system {metric}").format(metric=sentence_label): other_scores,
        _("difference"): other_scores - base_scores,
        _("baseline text"): [systems[baseline].lines[i] for i in lines],
        _("system text"): [systems[other].lines[i] for i in lines],
        _("Reference {position}").format(position=1): [refs[0].lines[i] for i in lines],
    })  # fmt: skip
    st.dataframe(table, hide_index=True, height=min(420, 40 + 35 * len(lines)))
    if st.session_state.get(cps.COMPARE_BUCKET_LINE) not in (index + 1).tolist():
        st.session_state[cps.COMPARE_BUCKET_LINE] = int(index[0]) + 1
    line = int(st.selectbox(_("Line of this bucket to open"), (index + 1).tolist(), key=cps.COMPARE_BUCKET_LINE))
    references = [r.lines[line - 1] for r in refs]
    for name in dict.fromkeys((baseline, other)):
        handoff.explore_button(
            _("Open line {line} of {name} in Explore").format(line=line, name=name),
            handoff.sentence_state(systems[name].lines[line - 1], references, options), f"compare_bucket_open_{name}",
        )  # fmt: skip


def where_they_differ(
    metrics: Mapping[str, tuple[MetricKey, Mapping[str, tuple[str, Any]]]],
    systems: Mapping[str, TextFile],
    refs: Sequence[TextFile],
    baseline: str,
    other: str,
    settings: cps.CompareState,
    sentence_label: str,
    sentences: Mapping[str, np.ndarray],
) -> None:
    """The section: optional labels and training corpus, the analysis and metric to show, its chart and table,
    the picked bucket's lines, and the report downloads. ``metrics``: metric id -> (key, name -> (digest,
    statistics)) for the metrics chosen on the page."""
    st.subheader(_("Where the systems differ"))
    labels, training, errors = optional_files()
    for message in errors:
        st.error(escape_markdown(message))
    if labels is not None and len(labels) != len(refs[0]):
        st.error(escape_markdown(
            _("The labels file {name} has {n:,} lines but the references have {m:,}: give one label per line.").format(
                name=labels.name, n=len(labels), m=len(refs[0]))
        ))  # fmt: skip
        labels = None
    kinds = ["length", "frequency", *(["label"] if labels is not None else [])]
    if st.session_state.get(cps.COMPARE_BUCKETS) not in kinds:
        st.session_state[cps.COMPARE_BUCKETS] = kinds[0]
    kind = st.segmented_control(
        _("Buckets"), kinds, key=cps.COMPARE_BUCKETS, format_func=lambda k: _(KINDS[k])
    ) or kinds[0]  # fmt: skip
    if kind != "frequency" and not metrics:
        return
    try:
        analysis, choices, higher = _analysis(kind, metrics, systems, refs, baseline, settings, labels, training)
    except ValueError as err:  # options that cannot score a bucket (e.g. NLTK's method6 on a bucket without 3-grams)
        st.error(escape_markdown(_("The buckets cannot be computed with these options: {error}.").format(error=err)))
        return
    if st.session_state.get(cps.COMPARE_BUCKET_METRIC) not in choices:
        st.session_state[cps.COMPARE_BUCKET_METRIC] = next(iter(choices))
    metric = st.segmented_control(
        _("Show"), list(choices), key=cps.COMPARE_BUCKET_METRIC, format_func=choices.__getitem__
    ) or next(iter(choices))  # fmt: skip
    picked = show_analysis(analysis, metric, choices[metric], higher[metric], f"compare_bucket_chart_{kind}_{metric}")
    if picked is not None:
        show_bucket_lines(analysis, picked, baseline, other, systems, refs, sentence_label, sentences, settings.options)
    report.downloads([key for key, _per in metrics.values()], systems, refs, baseline, settings, labels, training)


def _analysis(
    kind: str, metrics: Mapping[str, tuple[MetricKey, Mapping[str, tuple[str, Any]]]], systems: Mapping[str, TextFile],
    refs: Sequence[TextFile], baseline: str, settings: cps.CompareState, labels: TextFile | None,
    training: TextFile | None,
) -> tuple[BucketAnalysis, dict[str, str], dict[str, bool]]:  # fmt: skip
    """The analysis of ``kind``, its metrics (name -> shown label) and their directions; its method as a caption."""
    if kind == "frequency":
        analysis = cache.word_buckets(systems, refs, baseline, settings, training)
        choices = {m: _(MEASURES[m]) for m in analysis.metrics}
        st.caption(_("Words are the BLEU tokenizer's tokens; a word's frequency is its count in {source}. An output "
                     "word matches while the output has used fewer copies of it than reference 1 has (`compare-mt`'s rule).")
                   .format(source=_("the training corpus") if training is not None else _("reference 1")))  # fmt: skip
        return analysis, choices, dict.fromkeys(choices, True)
    keys = {key: per for key, per in metrics.values()}
    lines = {name: f.lines for name, f in systems.items()}
    analysis = cache.segment_buckets(kind, keys, lines, [r.lines for r in refs], baseline, settings, labels)
    choices = {metric_of(key).printed_label: metric_of(key).printed_label for key in keys}
    if kind == "length":
        st.caption(_("A line's length is the number of words of reference 1 (`compare-mt`'s buckets); a bucket's "
                     "score is the metric's corpus score of its lines."))  # fmt: skip
    return analysis, choices, {metric_of(key).printed_label: metric_of(key).higher_is_better for key in keys}
