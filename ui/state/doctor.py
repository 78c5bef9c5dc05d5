"""What the Score doctor holds of its own: the source text pasted beside Corpus's pasted texts (the page's other
input is Corpus's state, ``ui.state.corpus``). The page has no share link: this state is only kept for the browser
(``ui.inputs.kept``), so that a reload finds the pasted source again, as it finds Corpus's pasted texts."""

from __future__ import annotations

from dataclasses import dataclass

from ui.links.codec import TEXT, LinkField, linked
from ui.shell.i18n import N_

#: The name the doctor's state is kept under for the browser.
KEPT = "doctor_source"


@dataclass(frozen=True)
class DoctorSource:
    """The pasted source (``bleucore.doctor.Setup.source``): empty when none was pasted."""

    text: str = linked("", LinkField("source", N_("pasted source")), TEXT)


DEFAULT = DoctorSource()
