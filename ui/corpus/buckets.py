"""Corpus's buckets: the shared bucket section (``ui.buckets``) for the one hypothesis, each bucket's score with
its bootstrap interval, a click from its lines and from Explore."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import streamlit as st

from bleucore.buckets import BucketSettings
from ui.buckets.section import MetricInputs, Slots, show_section
from ui.inputs.uploads import TextFile
from ui.options.bleu import Choices
from ui.shell.i18n import _
from ui.state import corpus as cs
from ui.state import handoff

SLOTS = Slots.for_page(cs.PAGE.prefix)


def show_buckets(
    metrics: MetricInputs,
    hyp: TextFile,
    refs: Sequence[TextFile],
    options: Choices,
    sentence_label: str,
    sentences: Mapping[str, np.ndarray],
) -> None:
    """The section under its heading; ``metrics``: metric id -> (key, {hypothesis name: (digest, statistics)})."""
    st.subheader(_("Scores by bucket"))
    st.caption(
        _(
            "The corpus score of the lines in each bucket of reference length, word frequency or label, with "
            "its 95% bootstrap interval: where the hypothesis does well and where it does not."
        )
    )
    bucket_settings = BucketSettings(tokenize=options.tokenize, lowercase=options.lowercase)
    systems = {hyp.name: hyp}
    _extras, line = show_section(SLOTS, metrics, systems, refs, [hyp.name], bucket_settings, sentence_label, sentences)
    if line is not None:
        handoff.line_buttons(line, [hyp.name], systems, refs, options, f"{SLOTS.line}_open")
