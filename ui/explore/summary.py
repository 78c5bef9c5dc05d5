"""Explore's result at a glance: the headline and BLEU, BP and c/r, drawn above the inputs; chrF and TER beside it.

Four metrics in a horizontal container that wraps: one row on a wide screen, two rows of two on a
phone, so the score is on the first screen at 390×844 (tests/browser/test_phone_layout_browser.py).
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from bleucore import BLEUScore
from ui.metrics.bleu import headline
from ui.metrics.chrf import view as chrf_view
from ui.metrics.ter import view as ter_view
from ui.shell.i18n import _

#: Narrow enough that two metrics share a row on a 390 px phone.
METRIC_WIDTH = 150


def result_summary(score: BLEUScore) -> None:
    """``BLEU 50.46 (standard, no smoothing)``, then BLEU on both scales, the brevity penalty and c / r."""
    # No help icon on the heading: a screen reader names it only "Help"; the metric below says the same ("Help for
    # BLEU").
    st.subheader(headline.headline(score), anchor=False)
    with st.container(horizontal=True, gap="small"):
        st.metric(_("BLEU (0–100)"), f"{score.score:.2f}", help=headline.full_precision(score), width=METRIC_WIDTH)
        st.metric(_("BLEU (0–1)"), f"{score.value:.4f}", width=METRIC_WIDTH)
        st.metric(_("Brevity penalty"), f"{score.bp:.4f}", width=METRIC_WIDTH)
        st.metric("c / r", f"{score.sys_len} / {score.ref_len:g}", width=METRIC_WIDTH)


def other_metrics(candidate: str, references: Sequence[str]) -> None:
    """chrF2, chrF2++ and TER of the candidate, three metrics beside BLEU's: one row that wraps (columns stack on a
    phone, three rows that pushed the n-gram explanation a screen further down)."""
    row = st.container(horizontal=True, gap="small")
    chrf, chrf_plus, ter = (row.container(width="content") for _ in range(3))
    chrf_view.score_metrics(chrf, chrf_plus, candidate, references)
    ter_view.score_metric(ter, candidate, references)
