"""Beside bleucore's signature, the one sacreBLEU 2.6 prints for the same settings and the ``sacrebleu`` command
that reproduces the number (Corpus's score, Compare's paired tests), or the settings sacreBLEU has no equivalent
for (bleucore's ``Metric.sacrebleu_equivalent``), for any metric."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any, Literal

import streamlit as st

from bleucore.metrics import Metric
from ui.inputs.uploads import TextFile
from ui.shell.i18n import N_, _, and_list
from ui.shell.markdown import escape_markdown

#: A setting sacreBLEU 2.6 has no equivalent for, by bleucore's code (``SacrebleuEquivalent.lacking``): its words,
#: filled with the setting's value.
_LACKING = {
    "order": N_("order {value}"),
    "weights": N_("order {value} with custom weights"),
    "smoothing": N_("smoothing {value}"),
    "reference_length": N_("reference length {value}"),
    "variant": N_("variant {value}"),
    "effective_order:on": N_("effective order on for corpus BLEU"),
    "effective_order:off": N_("effective order off for -sl"),
    "metric": N_("the metric {value}"),
}


def lacking_words(lacking: Sequence[tuple[str, str]], missing: Sequence[str]) -> str:
    """The settings sacreBLEU 2.6 has no equivalent for (an equivalent's ``lacking`` codes and their English,
    ``missing``), as one list in the session's language ("order 5 and smoothing nltk-method3"); a code this app
    does not know yet keeps bleucore's English."""
    words = []
    for (code, value), english in zip(lacking, missing):
        template = _LACKING.get(f"{code}:{value}", _LACKING.get(code))
        words.append(_(template).format(value=value) if template is not None else english)
    return and_list(words)


def show_sacrebleu(metric: Metric, hypothesis: TextFile, references: Sequence[TextFile]) -> None:
    """sacreBLEU's signature and command for ``metric``'s corpus score of these files, or why there is none."""
    equivalent = metric.sacrebleu_equivalent(len(references))
    if equivalent.signature is None:
        st.caption(
            escape_markdown(
                _(
                    "sacreBLEU 2.6 has no equivalent for {settings}, so these settings have no sacreBLEU signature: "
                    "cite bleucore's signature above."
                ).format(settings=lacking_words(equivalent.lacking, equivalent.missing))
            )
        )
        return
    st.caption(_("The signature sacreBLEU 2.6 gives these settings:"))
    st.code(equivalent.signature, language=None, wrap_lines=True)
    if equivalent.unsigned:
        st.caption(
            escape_markdown(
                _("sacreBLEU uses {settings} but leaves it out of its signature: cite it beside the signature.").format(
                    settings=", ".join(equivalent.unsigned)
                )
            )
        )
    st.caption(_("The same score with sacreBLEU (the files under the names they were given here):"))
    st.code(equivalent.command([r.name for r in references], hypothesis.name), language="bash", wrap_lines=True)


def paired_citation(
    metric: Metric, references: Sequence[str], systems: Sequence[str], n_samples: int, n_trials: int, seed: int
) -> dict[str, Any]:
    """What cites and reproduces Compare's paired tests under one metric (JSON-ready): bleucore's signature, and
    per test ("bs", "ar") the signature sacreBLEU 2.6 prints beside it and the ``sacrebleu`` command that
    reproduces it (``systems``: the baseline first), or the settings sacreBLEU lacks."""
    nrefs = len(references)
    equivalent = metric.sacrebleu_equivalent(nrefs)
    tests: dict[Literal["bs", "ar"], int] = {"bs": n_samples, "ar": n_trials}
    return {
        "options": asdict(metric.options),
        "signature": metric.signature(nrefs),
        "sacrebleu_signature": equivalent.signature,
        "sacrebleu_missing": list(equivalent.missing),
        "sacrebleu_unsigned": list(equivalent.unsigned),
        "sacrebleu_tests": {
            test: {
                "signature": equivalent.paired_signature(test, n, seed),
                "command": equivalent.paired_command(references, systems, test, n, seed),
            }
            for test, n in tests.items()
        }
        if equivalent.signature is not None
        else None,
    }


def show_sacrebleu_paired(citation: dict[str, Any], lacking: str) -> None:
    """Compare's cite-and-reproduce part for one metric (``paired_citation``): bleucore's signature, then for each
    test the signature sacreBLEU 2.6 prints beside it above the command that reproduces it, or why there is none
    (``lacking``: ``lacking_words`` of the metric's equivalent)."""
    st.caption(_("bleucore's signature (every option that changes the number):"))
    st.code(citation["signature"], language=None, wrap_lines=True)
    if citation["sacrebleu_tests"] is None:
        st.caption(
            escape_markdown(
                _(
                    "sacreBLEU 2.6 has no equivalent for {settings}, so these settings have no sacreBLEU signature: "
                    "cite bleucore's signature above."
                ).format(settings=lacking)
            )
        )
        return
    st.caption(
        _(
            "The signature sacreBLEU 2.6 gives these settings for each test, above the sacrebleu command that "
            "reproduces the test (the files under the names they were given here):"
        )
    )
    lines = [f"# {t['signature']}\n{t['command']}" for t in citation["sacrebleu_tests"].values()]
    st.code("\n".join(lines), language="bash", wrap_lines=True)
    if citation["sacrebleu_unsigned"]:
        st.caption(
            escape_markdown(
                _("sacreBLEU uses {settings} but leaves it out of its signature: cite it beside the signature.").format(
                    settings=", ".join(citation["sacrebleu_unsigned"])
                )
            )
        )
