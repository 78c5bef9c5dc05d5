"""The doctor page's numbers: each tool's score on the files (bleucore.doctor.diagnose, cached per input), and the
waterfall from one tool to another with each step in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd
import streamlit as st

from bleucore.doctor import Report, Setup, diagnose
from bleucore.tools import FIELD_ORDER, waterfall
from ui.doctor.tools_wording import WHY, measured, quirks, tool_name, value_words
from ui.doctor.waterfall_chart import waterfall_chart
from ui.shell.cache_limits import MAX_INPUT_ENTRIES, TTL_SECONDS
from ui.shell.i18n import _

if TYPE_CHECKING:
    from ui.doctor.inputs import DoctorInput

FROM, TO = "doctor_from", "doctor_to"


@st.cache_resource(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def report(key: str, tokenize: str, _given: DoctorInput) -> Report:
    """The findings and every tool's score (the scorer keeps its counts for the waterfall)."""
    hyp, refs = _given.hypothesis, _given.references
    return diagnose(Setup(hyp.lines, [r.lines for r in refs], hyp.name, [r.name for r in refs], tokenize))


def scores_frame(result: Report) -> pd.DataFrame:
    """One row per tool: its name, the score on 0-100, the number as the tool prints it, its call and quirks."""
    rows = []
    for score in result.scores:
        printed = score.printed if score.failure is None else _("fails: {failure}").format(failure=score.failure)
        rows.append(
            {
                _("Tool"): tool_name(score.tool),
                _("BLEU (0-100)"): score.points,
                _("As the tool prints it"): printed,
                _("Called as"): score.tool.call,
                _("Also"): quirks(score.tool),
            }
        )
    return pd.DataFrame(rows)


def show_scores(result: Report) -> None:
    """The table of every tool's number."""
    st.subheader(_("The same files, scored as each tool scores them"))
    st.caption(
        _(
            "Each number is computed by bleucore following that tool's rules (its code was read, not run here); "
            "the tests compare each with the tool itself."
        )
    )
    st.dataframe(
        scores_frame(result),
        hide_index=True,
        width="stretch",
        column_config={_("BLEU (0-100)"): st.column_config.NumberColumn(format="%.2f")},
    )


def show_waterfall(result: Report) -> None:
    """Two tools picked, then the steps between their numbers: a chart and one line per step."""
    st.subheader(_("Why two tools differ, one rule at a time"))
    left, right = st.columns(2)
    tools = {score.tool.key: score.tool for score in result.scores}  # sacreBLEU with the chosen tokenizer too
    keys = tuple(tools)
    names = {key: tool_name(t) for key, t in tools.items()}  # worded now, in the session's language
    session = st.session_state
    to_sacrebleu = keys[1] if keys[1].startswith("sacrebleu-") else "sacrebleu"  # with the tokenizer chosen
    if session.get(f"{TO}_tools") != keys and str(session.get(TO, "sacrebleu")).startswith("sacrebleu"):
        session[TO] = to_sacrebleu  # another tokenizer: the waterfall ends at sacreBLEU with it
    session[f"{TO}_tools"] = keys
    for key, default in ((FROM, "nltk-corpus"), (TO, to_sacrebleu)):
        if session.get(key) not in tools:  # dropped with the page, or a tool of another tokenizer's table
            session[key] = default
    start = left.selectbox(_("From"), keys, key=FROM, format_func=names.__getitem__, persist_state="session")
    end = right.selectbox(_("To"), keys, key=TO, format_func=names.__getitem__, persist_state="session")
    steps = waterfall(tools[start], tools[end], scorer=result.scorer)
    if not steps.steps:
        st.info(
            _(
                "These two follow the same rules on every point: their numbers differ only in arithmetic (32-bit "
                "floats) or in the digits they print."
            )
        )
        return
    st.altair_chart(waterfall_chart(steps), width="stretch")
    lines = [_("**{tool}**: {score:.2f}").format(tool=tool_name(steps.start), score=steps.start_score.score)]
    for step in steps.steps:
        lines.append(
            _("{before} → {after}: **{delta}** points. {why} Here: {measured}.").format(
                before=value_words(step.field, step.before),
                after=value_words(step.field, step.after),
                delta=f"{step.printed_delta():+}",
                why=_(WHY[step.field]),
                measured=measured(step),
            )
        )
    lines.append(_("**{tool}**: {score:.2f}").format(tool=tool_name(steps.end), score=steps.end_score.score))
    st.markdown(
        "\n\n".join([lines[0], "\n".join(f"{i}. {line}" for i, line in enumerate(lines[1:-1], start=1)), lines[-1]])
    )
    order = ", ".join(rule_name(name) for name in FIELD_ORDER)
    st.caption(
        _(
            "One rule changes per step, in this order: {order}. Rules interact, so another order would split "
            "the same total differently."
        ).format(order=order)
    )


def rule_name(name: str) -> str:
    """A rule's name in the session's language."""
    return {
        "tokenize": _("tokens"),
        "case": _("case"),
        "references": _("references"),
        "ref_length": _("reference length"),
        "phantom_ngrams": _("phantom n-grams"),
        "zero_precision": _("zero precisions"),
        "brevity": _("brevity penalty"),
        "aggregate": _("corpus or mean of sentences"),
    }[name]
