"""Compare's "where the systems differ": the shared bucket section (``ui.buckets``) for every system against
the baseline, then the report downloads."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import streamlit as st

from bleucore.buckets import BucketSettings
from ui.buckets.section import MetricInputs, Slots, show_section
from ui.compare import report
from ui.inputs.uploads import TextFile
from ui.shell.i18n import _
from ui.state import compare as cps
from ui.state import handoff

SLOTS = Slots.for_page(cps.PAGE.prefix)


def where_they_differ(
    metrics: MetricInputs,
    systems: Mapping[str, TextFile],
    refs: Sequence[TextFile],
    baseline: str,
    other: str,
    settings: cps.CompareState,
    sentence_label: str,
    sentences: Mapping[str, np.ndarray],
) -> None:
    """The section and the report; ``metrics``: the page's metric inputs (metric id -> key, name -> (digest, stats))."""
    st.subheader(_("Where the systems differ"))
    options = settings.options
    bucket_settings = BucketSettings(settings.n_samples, settings.seed, options.tokenize, options.lowercase)
    shown = list(dict.fromkeys((baseline, other)))
    extras, line = show_section(SLOTS, metrics, systems, refs, shown, bucket_settings, sentence_label, sentences)
    if line is not None:
        handoff.line_buttons(line, shown, systems, refs, options, f"{SLOTS.line}_open")
    keys = [key for key, _per in metrics.values()]
    report.downloads(keys, systems, refs, baseline, bucket_settings, extras.labels, extras.training)
