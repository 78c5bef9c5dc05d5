"""One module per check; each defines ``CODE`` and ``check(setup) -> list[Finding]``. Adding a check is adding a
module here and its name to ``RULES``."""

from __future__ import annotations

RULES = (
    "line_counts",
    "concatenated_references",
    "tab_separated_references",
    "hypothesis_is_reference",
    "identical_references",
    "empty_lines",
    "invisible_characters",
    "unicode_normalization",
    "pretokenized",
    "subword_markers",
    "case_one_side",
    "cjk_with_13a",
    "short_lines",
)
