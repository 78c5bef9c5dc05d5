"""The setup check on Corpus and Compare: every finding of bleucore.doctor, worst first, each with its severity
in words (and an icon), the lines concerned, what it does to the score and the fix; a line saying so when none."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from bleucore.doctor import Finding, Setup, check_setup
from ui.doctor.wording import CONFIDENCE, SEVERITY, describe
from ui.inputs.uploads import TextFile, digest
from ui.shell.cache_limits import MAX_INPUT_ENTRIES, TTL_SECONDS
from ui.shell.i18n import _, ngettext
from ui.shell.markdown import escape_markdown

_ICONS = {"error": ":material/error:", "warning": ":material/warning:", "note": ":material/info:"}


@st.cache_data(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _findings(input_digest: str, tokenize: str, _hyp: TextFile, _refs: tuple[TextFile, ...]) -> list[Finding]:

    return check_setup(Setup(_hyp.lines, [r.lines for r in _refs], _hyp.name, [r.name for r in _refs], tokenize))


def show_setup_check(hypothesis: TextFile, references: Sequence[TextFile], tokenize: str) -> None:
    """The findings of one hypothesis against its references, in an expander open when something is wrong."""
    findings = _findings(digest([hypothesis, *references]), tokenize, hypothesis, tuple(references))
    serious = [f for f in findings if f.severity != "note"]
    title = (
        ngettext("Setup check: {n} finding for {name}", "Setup check: {n} findings for {name}", len(findings)).format(
            n=len(findings), name=hypothesis.name
        )
        if findings
        else _("Setup check: no problem found for {name}").format(name=hypothesis.name)
    )
    with st.expander(escape_markdown(title), expanded=bool(serious), icon=_ICONS["error" if serious else "note"]):
        if not findings:
            st.caption(
                _(
                    "Line counts and how the lines pair, reference layout, which file is which, each line's language, "
                    "chat wrappers and refusals, the output's length against the references', empty lines, invisible "
                    "characters, Unicode normalization, tokenization, subword markers, case and the tokenizer's fit to "
                    "the language look right."
                )
            )
            return
        show_findings(findings)


def show_findings(findings: Sequence[Finding]) -> None:
    """Each finding in a box of its severity: the severity in words, how sure, the lines, the effect and the fix."""
    for finding in findings:
        problem, effect, fix = describe(finding)
        where = (
            ngettext(" (line {lines})", " (lines {lines})", len(finding.lines)).format(
                lines=", ".join(map(str, finding.lines))
            )
            if finding.lines
            else ""
        )
        text = _("**{severity}** ({confidence}): {problem}{where}; {effect}. **Fix:** {fix}.").format(
            severity=_(SEVERITY[finding.severity]),
            confidence=_(CONFIDENCE[finding.confidence]),
            problem=problem,  # Markdown: the user's values escaped where they are filled in (ui/doctor/wording.py)
            where=where,
            effect=effect,
            fix=fix,
        )
        box = {"error": st.error, "warning": st.warning, "note": st.info}[finding.severity]
        box(text, icon=_ICONS[finding.severity])  # the severity is also the first word: colour never says it alone
