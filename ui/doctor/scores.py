"""The doctor page's numbers: each tool's score of the chosen metric on the files (bleucore.doctor.diagnose, cached
per input and metric), and the waterfall from one tool to another with each step in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd
import streamlit as st

from bleucore.doctor import Report, Setup, diagnose
from bleucore.tools import METRICS
from ui.doctor.tools_wording import quirks, tool_name
from ui.doctor.waterfall_chart import waterfall_chart
from ui.doctor.waterfall_steps import rule_order, shown_waterfall, tools_of
from ui.shell import i18n
from ui.shell.cache_limits import MAX_INPUT_ENTRIES, TTL_SECONDS
from ui.shell.i18n import N_, _
from ui.state import doctor as ds

if TYPE_CHECKING:
    from ui.doctor.inputs import DoctorInput

FROM, TO = ds.FROM, ds.TO
METRIC = ds.METRIC
#: The metrics whose tools the page lines up (bleucore.tools.METRICS), by their names.
METRIC_NAMES = {"bleu": "BLEU", "chrf": "chrF", "ter": "TER"}
#: Metric -> the tools it lines up, said before their table.
_TOOLS_SAID = {
    "bleu": N_("sacreBLEU, NLTK, Hugging Face evaluate, torchmetrics, torchtext, multi-bleu.perl and the tutorials"),
    "chrf": N_("sacreBLEU (chrF2 and chrF2++), NLTK, torchmetrics and Hugging Face evaluate"),
    "ter": N_("sacreBLEU and torchmetrics"),
}


def metric_choice() -> str:
    """The metric whose implementations are scored and compared (BLEU, chrF or TER; kept while another page is
    open)."""
    return str(
        st.radio(
            _("Metric"),
            METRICS,
            key=METRIC,
            horizontal=True,
            format_func=i18n.keep_choice(METRIC, METRICS, i18n.named(METRIC_NAMES)),
            help=_(
                "Whose implementations are scored below and compared one rule at a time; the findings are the same "
                "for every metric."
            ),
            persist_state="session",
        )
    )


@st.cache_resource(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def report(key: str, tokenize: str, metric: str, _given: DoctorInput) -> Report:
    """The findings and every tool's score of ``metric`` (the scorer keeps its counts for the waterfall); ``key``
    names the files and the source."""
    hyp, refs, source = _given.hypothesis, _given.references, _given.source
    setup = Setup(
        hyp.lines,
        [r.lines for r in refs],
        hyp.name,
        [r.name for r in refs],
        tokenize,
        source=None if source is None else source.lines,
        source_name="source" if source is None else source.name,
    )
    return diagnose(setup, metric=metric)


def score_column(metric: str) -> str:
    """The score column's title: the metric on the 0-100 scale."""
    return _("{metric} (0-100)").format(metric=METRIC_NAMES[metric])


def scores_frame(result: Report) -> pd.DataFrame:
    """One row per tool: its name, the score on 0-100, the number as the tool prints it, its call and quirks."""
    rows = []
    for score in result.scores:
        printed = score.printed if score.failure is None else _("fails: {failure}").format(failure=score.failure)
        rows.append(
            {
                _("Tool"): tool_name(score.tool),
                score_column(result.metric): score.points,
                _("As the tool prints it"): printed,
                _("Called as"): score.tool.call,
                _("Also"): quirks(score.tool, result.metric),
            }
        )
    return pd.DataFrame(rows)


def show_scores(result: Report) -> None:
    """The table of every tool's number."""
    st.subheader(_("The same files, scored as each tool scores them"))
    st.caption(
        _(
            "Each {metric} number is computed by bleucore following that tool's rules, read from its code and not run "
            "here ({tools}); the tests compare each with the tool itself."
        ).format(metric=METRIC_NAMES[result.metric], tools=_(_TOOLS_SAID[result.metric]))
    )
    st.dataframe(
        scores_frame(result),
        hide_index=True,
        width="stretch",
        column_config={score_column(result.metric): st.column_config.NumberColumn(format="%.2f")},
    )


def _ends(result: Report) -> tuple[str, str]:
    """The two tools picked (kept valid for this table: a default where the kept one is not among its tools)."""
    keys = tuple(tools_of(result))
    session = st.session_state
    # BLEU's table lists sacreBLEU with the chosen tokenizer second: the waterfall ends there.
    to_sacrebleu = keys[1] if result.metric == "bleu" and keys[1].startswith("sacrebleu-") else "sacrebleu"
    if session.get(f"{TO}_tools") != keys and str(session.get(TO, "sacrebleu")).startswith("sacrebleu"):
        session[TO] = to_sacrebleu  # another tokenizer or metric: the waterfall ends at its sacreBLEU
    session[f"{TO}_tools"] = keys
    start = "nltk-corpus" if "nltk-corpus" in keys else next(k for k in keys if k != to_sacrebleu)
    for key, default in ((FROM, start), (TO, to_sacrebleu)):
        if session.get(key) not in keys:  # dropped with the page, or a tool of another tokenizer's or metric's table
            session[key] = default
    return str(session[FROM]), str(session[TO])


def show_waterfall(result: Report) -> None:
    """Two tools picked, then the steps between their numbers: a chart and one line per step."""
    st.subheader(_("Why two tools differ, one rule at a time"))
    left, right = st.columns(2)
    tools = tools_of(result)
    names = {key: tool_name(t) for key, t in tools.items()}  # worded now, in the session's language
    _ends(result)
    keys = tuple(tools)
    start = left.selectbox(
        _("From"), keys, key=FROM, format_func=i18n.keep_choice(FROM, keys, i18n.named(names)), persist_state="session"
    )
    end = right.selectbox(
        _("To"), keys, key=TO, format_func=i18n.keep_choice(TO, keys, i18n.named(names)), persist_state="session"
    )
    steps = shown_waterfall(result, str(start), str(end))
    if not steps.steps:
        st.info(
            _(
                "These two follow the same rules on every point: their numbers differ only in arithmetic (32-bit "
                "floats) or in the digits they print."
            )
        )
        return
    st.altair_chart(waterfall_chart(steps, score_column(result.metric)), width="stretch")
    lines = [_("**{tool}**: {score:.2f}").format(tool=steps.start, score=steps.start_score)]
    for step in steps.steps:
        lines.append(
            _("{before} → {after}: **{delta}** points. {why} Here: {measured}.").format(
                before=step.before, after=step.after, delta=f"{step.delta:+}", why=step.why, measured=step.measured
            )
        )
    lines.append(_("**{tool}**: {score:.2f}").format(tool=steps.end, score=steps.end_score))
    st.markdown(
        "\n\n".join([lines[0], "\n".join(f"{i}. {line}" for i, line in enumerate(lines[1:-1], start=1)), lines[-1]])
    )
    st.caption(
        _(
            "One rule changes per step, in this order: {order}. Rules interact, so another order would split "
            "the same total differently."
        ).format(order=rule_order(result.metric))
    )
