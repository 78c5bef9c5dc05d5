"""What the Score doctor holds of its own: what it checks (Corpus's input or Explore's sentence), the source text
pasted beside Corpus's pasted texts, the metric whose tools it lines up and the two tools of its waterfall (the
page's other input is Corpus's state, ``ui.state.corpus``). The page has no share link: this state is only kept for
the browser (``ui.inputs.identity``), so that a reload or a restarted server finds it again, as Corpus finds its
pasted texts and choices (issue 45: the choices went back to their defaults)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bleucore.tools import METRICS
from ui.links.codec import TEXT, LinkField, choice, linked
from ui.shell.i18n import N_

#: The name the doctor's state is kept under for the browser.
KEPT = "doctor_source"
#: The keys of the page's widgets: what to check (and the last choice, kept while another page is open), the pasted
#: source, the metric, and the waterfall's two ends.
CHECK = "doctor_check"
CHOICE = "doctor_choice"
SOURCE_PASTE = "doctor_source_paste"
METRIC = "doctor_metric"
FROM, TO = "doctor_from", "doctor_to"
#: What the page checks: Corpus's input, or the sentence open in Explore.
CHECKS = ("corpus", "explore")


@dataclass(frozen=True)
class DoctorState:
    """The pasted source (``bleucore.doctor.Setup.source``: empty when none was pasted), what is checked, the metric
    and the waterfall's two tools ("": the page's default ends)."""

    text: str = linked("", LinkField("source", N_("pasted source")), TEXT)
    check: str = linked(CHECKS[0], LinkField("check", N_("what to check")), choice(CHECKS), omit_default=True)
    metric: str = linked(METRICS[0], LinkField("metric", N_("metric")), choice(METRICS), omit_default=True)
    start: str = linked("", LinkField("from", N_("tool to start from")), TEXT, omit_default=True)
    end: str = linked("", LinkField("to", N_("tool to end at")), TEXT, omit_default=True)


DEFAULT = DoctorState()


def widget_values(state: DoctorState) -> dict[str, Any]:
    """Widget key -> value that shows ``state`` (the waterfall's ends only when chosen)."""
    values: dict[str, Any] = {SOURCE_PASTE: state.text, CHECK: state.check, CHOICE: state.check, METRIC: state.metric}
    values.update({key: tool for key, tool in ((FROM, state.start), (TO, state.end)) if tool})
    return values


def read(session: Mapping[str, Any]) -> DoctorState:
    """The state the widgets hold now (the defaults for those not drawn yet)."""

    def text(key: str, default: str, options: tuple[str, ...] | None = None) -> str:
        value = session.get(key, default)
        return value if isinstance(value, str) and (options is None or value in options) else default

    return DoctorState(
        text(SOURCE_PASTE, ""),
        text(CHOICE, text(CHECK, CHECKS[0], CHECKS), CHECKS),
        text(METRIC, METRICS[0], METRICS),
        text(FROM, ""),
        text(TO, ""),
    )
