"""Compare's report downloads: bleucore.report's self-contained HTML, LaTeX table and JSON records of the
systems on the page under every picked metric (an imported one with its scores), with each metric's ranking and
WMT25's AutoRank for three systems or more and, with an imported metric named as human scores, the meta-evaluation
against it (``--human``: correlations, SPA and acc_eq), built on demand (it runs every bootstrap and renders every
chart) and cached."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import streamlit as st

from bleucore.buckets import BucketSettings
from bleucore.metrics import Metric
from bleucore.report import Report, build_report, html_report, latex_table
from ui.compare.ranking import MIN_SYSTEMS
from ui.inputs.uploads import TextFile, digest
from ui.metrics.error_wording import error_text
from ui.options.metrics import MetricKey
from ui.shell.cache_limits import MAX_SENTENCE_ENTRIES, TTL_SECONDS
from ui.shell.i18n import _
from ui.shell.markdown import escape_markdown

WANTED = "compare_report_wanted"


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _report(
    keys: tuple[MetricKey, ...],
    digests: tuple[str, ...],
    baseline: str,
    settings: BucketSettings,
    _systems: dict[str, tuple[str, ...]],
    _references: tuple[tuple[str, ...], ...],
    _labels: tuple[str, ...] | None,
    _training: tuple[str, ...] | None,
    _metrics: tuple[Metric, ...],
    human: str | None = None,
) -> tuple[Report, str, str, str]:
    report = build_report(
        _systems,
        _references,
        list(_metrics),
        baseline=baseline,
        labels=_labels,
        training=_training,
        settings=settings,
        rank=len(_systems) >= MIN_SYSTEMS,
        human=human,
    )
    records = json.dumps(report.records(), ensure_ascii=False, indent=1, allow_nan=False) + "\n"
    return report, html_report(report), latex_table(report), records


def downloads(
    metrics: Sequence[tuple[MetricKey, Metric]],
    systems: Mapping[str, TextFile],
    refs: Sequence[TextFile],
    baseline: str,
    settings: BucketSettings,
    labels: TextFile | None,
    training: TextFile | None,
    human: str | None = None,
) -> None:
    """A button that builds the report, then its three downloads; ``metrics``: each picked metric's cache key and
    bleucore metric (an imported one holds its scores, which its key names by their digest); ``settings``: the ones the
    page's buckets use, so the report's numbers are the page's; ``human``: the label of the imported metric named as
    human scores (the report's ``--human``; left out below ``MIN_SYSTEMS`` systems, as the page's check is)."""
    human = human if human is not None and len(systems) >= MIN_SYSTEMS else None
    st.markdown("**" + _("A report to keep") + "**")
    st.caption(
        _(
            "One HTML file with every table and chart (opens offline), a LaTeX table (`booktabs`) with intervals, "
            "significance marks and signatures, and every number as JSON; the same as `python -m bleucore.report`."
        )
        + (
            " " + _("With three systems or more it ranks them too, as `--rank` does.")
            if len(systems) >= MIN_SYSTEMS
            else ""
        )
        + (
            " "
            + _(
                "With {human} named as human scores, it checks every other metric against them as `--human` does: "
                "the correlations, SPA and acc_eq."
            ).format(human=escape_markdown(human))
            if human is not None
            else ""
        )
    )
    if st.button(_("Build the report"), key="compare_report_build", icon=":material/summarize:"):
        st.session_state[WANTED] = True
    if not st.session_state.get(WANTED) or not metrics:
        return
    files = [*systems.values(), *refs, *(f for f in (labels, training) if f is not None)]
    with st.spinner(_("Building the report…")):
        try:
            _unused, html, latex, records = _report(
                tuple(key for key, _metric in metrics),
                (digest(files), *(f.name for f in files)),
                baseline,
                settings,
                {n: tuple(f.lines) for n, f in systems.items()},
                tuple(tuple(r.lines) for r in refs),
                tuple(labels.lines) if labels is not None else None,
                tuple(training.lines) if training is not None else None,
                tuple(metric for _key, metric in metrics),
                human,
            )
        except ValueError as err:
            st.error(
                _(
                    "The report cannot be built: {error}. Change what it names (a file or an option) and build it "
                    "again."
                ).format(error=error_text(err))
            )
            return
    left, middle, right = st.columns(3)
    left.download_button(_("Report (HTML)"), html, "bleu-explorer-report.html", "text/html", icon=":material/download:")
    middle.download_button(
        _("Table (LaTeX)"), latex, "bleu-explorer-table.tex", "text/x-tex", icon=":material/download:"
    )
    right.download_button(
        _("Numbers (JSON)"), records, "bleu-explorer-report.json", "application/json", icon=":material/download:"
    )
