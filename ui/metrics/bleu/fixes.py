"""The fixes of a zero diagnosis as a table: each option change that would give the input a non-zero score, and
that score, best first (``bleucore.ZeroDiagnosis.fixes``). Explore and Learn draw it."""

from __future__ import annotations

import streamlit as st

from bleucore import ZeroDiagnosis
from ui.metrics.bleu.wording import describe
from ui.shell.i18n import _


def show_fixes(diagnosis: ZeroDiagnosis) -> None:
    """One row per fix: the change in words and the BLEU it gives (0-100)."""
    st.dataframe(
        [{"change": describe(f.change), "BLEU": f.score} for f in diagnosis.fixes],
        hide_index=True,
        column_config={
            "change": st.column_config.TextColumn(_("change")),
            "BLEU": st.column_config.NumberColumn(_("BLEU (0–100)"), format="%.2f"),
        },
    )
