"""The bucket section of Compare and Corpus: optional labels file and training corpus (kept for the session),
the analysis and metric to show, its chart and table, and the picked bucket's lines."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import streamlit as st

from bleucore.buckets import BucketAnalysis, BucketSettings
from ui.buckets import cache
from ui.buckets.views import KINDS, MEASURES, show_analysis, show_bucket_lines
from ui.inputs.kept import kept_files
from ui.inputs.limits import MAX_TRAINING_UPLOAD_MB
from ui.inputs.sources import bucket_kind_key, bucket_metric_key
from ui.inputs.uploads import TextFile
from ui.metrics.error_wording import error_text
from ui.options.metrics import MetricKey, metric_of
from ui.shell import held, i18n
from ui.shell.i18n import _
from ui.shell.markdown import escape_markdown

#: metric id -> (its key, system name -> (text digest, statistics))
MetricInputs = Mapping[str, tuple[MetricKey, Mapping[str, tuple[str, Any]]]]


@dataclass(frozen=True)
class Slots:
    """The session keys of one page's bucket section (its page's prefix keeps them apart)."""

    labels: str
    training: str
    kind: str
    metric: str
    line: str
    chart: str

    @classmethod
    def for_page(cls, page: str) -> Slots:
        """The keys ``<page>_labels_upload``, ``_train_upload``, ``_buckets``, ``_bucket_metric``, ``_bucket_line``
        and ``_bucket_chart``."""
        labels, training, line, chart = (
            f"{page}_{name}" for name in ("labels_upload", "train_upload", "bucket_line", "bucket_chart")
        )
        return cls(labels, training, bucket_kind_key(page), bucket_metric_key(page), line, chart)


@dataclass(frozen=True)
class Extras:
    """The section's optional files, as the page's report needs them too."""

    labels: TextFile | None
    training: TextFile | None


def optional_files(slots: Slots, segments: int) -> Extras:
    """The labels file and the training corpus, kept for the session like every other file; a labels file of
    the wrong length is a message and is not used."""
    help_upload = _("Plain UTF-8 text, one segment per line.")
    with st.expander(_("Labels and a training corpus (optional)")):
        labels, label_errors = kept_files(
            slots.labels,
            _("Labels file: one label per line (a domain, a source, a speaker)"),
            _("labels file"),
            help_upload,
            multiple=False,
        )
        training, training_errors = kept_files(
            slots.training,
            _("Training corpus: word frequencies are counted in it instead of in reference 1"),
            _("training corpus"),
            help_upload,
            multiple=False,
            box_mb=MAX_TRAINING_UPLOAD_MB,
            held=False,  # only its words are counted
        )
    for message in [*label_errors, *training_errors]:
        st.error(escape_markdown(message))
    label_file = labels[0] if labels else None
    if label_file is not None and len(label_file) != segments:
        st.error(
            escape_markdown(
                _(
                    "The labels file {name} has {n:,} lines but the references have {m:,}: give one label per line."
                ).format(name=label_file.name, n=len(label_file), m=segments)
            )
        )
        label_file = None
    return Extras(label_file, training[0] if training else None)


def _analysis(
    kind: str,
    metrics: MetricInputs,
    systems: Mapping[str, TextFile],
    refs: Sequence[TextFile],
    baseline: str,
    settings: BucketSettings,
    extras: Extras,
) -> tuple[BucketAnalysis, dict[str, str], dict[str, bool]]:
    """The analysis of ``kind``, its metrics (name -> title, plain text) and their directions; its method as a
    caption."""
    if kind == "frequency":
        analysis = cache.bucket_analysis(kind, {}, systems, refs, baseline, settings, extras.training)
        choices = {m: _(MEASURES[m]) for m in analysis.metrics}
        method = _(
            "Words are the BLEU tokenizer's tokens; a word's frequency is its count in {source}. An output "
            "word matches while the output has used fewer copies of it than reference 1 has (`compare-mt`'s rule)."
        )
        source = _("the training corpus") if extras.training is not None else _("reference 1")
        notes = [_("Lowercase is on in BLEU's options, so words are lowercased first.")] if settings.lowercase else []
        if extras.training is None:
            notes.append(
                _(
                    "The bucket <1 holds the output words that reference 1 never has: they never match, and it "
                    "has no reference words."
                )
            )
        imported = [metric_of(key).printed_label for key, _per in metrics.values() if metric_of(key).mean_of_segments]
        if imported:  # as the report: a segment's score has no value per word
            notes.append(
                i18n.ngettext(
                    "{metrics} has no value here: its scores belong to whole segments, and these buckets count words; "
                    "its buckets are by reference length and by label.",
                    "{metrics} have no value here: their scores belong to whole segments, and these buckets count "
                    "words; their buckets are by reference length and by label.",
                    len(imported),
                ).format(metrics=escape_markdown(i18n.and_list(imported)))
            )
        st.caption(" ".join([method.format(source=source), *notes]))
        return analysis, choices, dict.fromkeys(choices, True)
    keys = dict(metrics.values())
    analysis = cache.bucket_analysis(kind, keys, systems, refs, baseline, settings, extras.labels)
    choices = {metric_of(key).printed_label: metric_of(key).printed_label for key in keys}
    if kind == "length":
        st.caption(
            _(
                "A line's length is the number of words of reference 1 (`compare-mt`'s buckets); a bucket's "
                "score is the metric's corpus score of its lines."
            )
        )
    return analysis, choices, {metric_of(key).printed_label: metric_of(key).higher_is_better for key in keys}


def show_section(
    slots: Slots,
    metrics: MetricInputs,
    systems: Mapping[str, TextFile],
    refs: Sequence[TextFile],
    shown: Sequence[str],
    settings: BucketSettings,
    sentence_label: str,
    sentences: Mapping[str, np.ndarray],
) -> tuple[Extras, int | None]:
    """The whole section; ``shown``: the systems whose lines a picked bucket lists (baseline first). Returns
    the optional files for the page's report and the line picked in a picked bucket (1-based), or None."""
    extras = optional_files(slots, len(refs[0]))
    kinds = ["length", "frequency", *(["label"] if extras.labels is not None else [])]
    kind = (
        st.segmented_control(
            _("Buckets"),
            kinds,
            key=slots.kind,
            format_func=i18n.keep_choice(slots.kind, kinds, lambda k, gettext: gettext(KINDS[k])),
            persist_state="session",
            **held.hold(slots.kind, kinds, kinds[0]),  # labels chosen last, while their file is replaced
        )
        or kinds[0]
    )
    if kind != "frequency" and not metrics:
        return extras, None
    try:
        with st.spinner(_("Scoring each bucket with its bootstrap interval…")):
            analysis, choices, higher = _analysis(kind, metrics, systems, refs, shown[0], settings, extras)
    except ValueError as err:  # options that cannot score a bucket (e.g. NLTK's method6 on a bucket without 3-grams)
        st.error(
            escape_markdown(
                _(
                    "The buckets cannot be computed with these options: {error}. Choose another smoothing method in "
                    "the sidebar."
                ).format(error=error_text(err))
            )
        )
        return extras, None
    for name, system in systems.items():
        if name != shown[0] and system.lines == systems[shown[0]].lines:
            st.info(
                escape_markdown(
                    _(
                        "{name}'s output is identical to the baseline {baseline}'s, line for line: it has the "
                        "baseline's value "
                        "in every bucket, and no bucket is marked different."
                    ).format(name=name, baseline=shown[0])
                )
            )
    typed = {metric_of(key).printed_label for key, _per in metrics.values() if metric_of(key).mean_of_segments}
    labels = {m: escape_markdown(title) if m in typed else title for m, title in choices.items()}  # Markdown options
    metric = st.segmented_control(
        _("Show"),
        list(choices),
        key=slots.metric,
        format_func=labels.__getitem__,
        persist_state="session",
        **held.hold(slots.metric, list(choices), next(iter(choices))),
    ) or next(iter(choices))
    picked = show_analysis(analysis, metric, choices[metric], higher[metric], f"{slots.chart}_{kind}_{metric}")
    if picked is None:
        return extras, None
    return extras, show_bucket_lines(analysis, picked, shown, systems, refs, sentence_label, sentences, slots.line)
