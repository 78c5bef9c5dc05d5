"""The score doctor's setup check (issue: "is my setup wrong?"): findings before numbers. Each rule in ``rules/``
looks for one way an evaluation is commonly set up wrong (references laid out wrongly, the wrong file as the
hypothesis, text prepared differently on each side, a tokenizer that does not fit the language) and reports the
lines concerned, how sure it is, what it does to the score and the fix. ``diagnose`` adds the numbers: the same
files scored as each tool in ``bleucore.tools`` would score them (``Report``)."""

from __future__ import annotations

from .finding import Finding, Setup
from .reading import MAX_FILE_BYTES, TextInput, read_bytes, read_path
from .report import BLOCKING, Report, diagnose
from .rules import RULES
from .setup_check import check_setup

__all__ = [
    "BLOCKING",
    "MAX_FILE_BYTES",
    "RULES",
    "Finding",
    "Report",
    "Setup",
    "TextInput",
    "check_setup",
    "diagnose",
    "read_bytes",
    "read_path",
]
