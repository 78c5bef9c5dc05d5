"""Beside bleucore's signature, the one sacreBLEU 2.6 prints for the same settings and the ``sacrebleu`` command
that reproduces the number, or the settings sacreBLEU has no equivalent for (bleucore's
``Metric.sacrebleu_equivalent``), for any metric."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from bleucore.metrics import Metric
from ui.inputs.uploads import TextFile, escape_markdown
from ui.shell.i18n import _


def show_sacrebleu(metric: Metric, hypothesis: TextFile, references: Sequence[TextFile]) -> None:
    """sacreBLEU's signature and command for ``metric``'s corpus score of these files, or why there is none."""
    equivalent = metric.sacrebleu_equivalent(len(references))
    if equivalent.signature is None:
        st.caption(
            escape_markdown(_(
                "sacreBLEU 2.6 has no equivalent for {settings}, so these settings have no sacreBLEU signature: "
                "cite bleucore's signature above."
            ).format(settings=", ".join(equivalent.missing)))
        )  # fmt: skip
        return
    st.caption(_("The signature sacreBLEU 2.6 gives these settings:"))
    st.code(equivalent.signature, language=None, wrap_lines=True)
    if equivalent.unsigned:
        st.caption(
            escape_markdown(_("sacreBLEU uses {settings} but leaves it out of its signature: cite it beside the signature.").format(
                settings=", ".join(equivalent.unsigned)))
        )  # fmt: skip
    st.caption(_("The same score with sacreBLEU (the files under the names they were given here):"))
    st.code(equivalent.command([r.name for r in references], hypothesis.name), language="bash", wrap_lines=True)
