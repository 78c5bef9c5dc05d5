"""Compare's "where the systems differ": the shared bucket section (``ui.buckets``) for every system against
the baseline under every picked metric that scores every system (an imported one too), then the report downloads (with
the metric named as human scores as the report's ``--human``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np
import streamlit as st

from bleucore.buckets import BucketSettings
from ui.buckets.section import Slots, show_section
from ui.compare import report
from ui.inputs.uploads import TextFile
from ui.shell.i18n import _
from ui.state import compare as cps
from ui.state import handoff
from ui.state.sections import section

SLOTS = Slots.for_page(cps.PAGE.prefix)

if TYPE_CHECKING:
    from ui.compare.scored import ScoredMetric


def where_they_differ(
    metrics: Sequence[ScoredMetric],
    systems: Mapping[str, TextFile],
    refs: Sequence[TextFile],
    baseline: str,
    other: str,
    settings: cps.CompareState,
    sentence_label: str,
    sentences: Mapping[str, np.ndarray],
) -> None:
    """The section and the report of the picked ``metrics`` (those with a score for every system)."""
    st.subheader(_("Where the systems differ"))
    options = settings.options
    bucket_settings = BucketSettings(settings.n_samples, settings.seed, options.tokenize, options.lowercase)
    shown = list(dict.fromkeys((baseline, other)))
    complete = [m for m in metrics if m.complete]
    inputs = {m.metric_id: (m.key, m.statistics) for m in complete}
    extras, line = show_section(SLOTS, inputs, systems, refs, shown, bucket_settings, sentence_label, sentences)
    if line is not None:
        handoff.line_buttons(line, shown, systems, refs, options, f"{SLOTS.line}_open")
    picked = [(m.key, m.metric) for m in complete]
    human = next((m.label for m in complete if m.from_file and m.metric_id == settings.imported.human), None)
    # its own section: building the report reruns it alone, not the buckets above it
    section(cps.read_compare)(report.downloads)(
        picked, systems, refs, baseline, bucket_settings, extras.labels, extras.training, human
    )
