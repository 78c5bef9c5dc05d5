"""How far intl's stdlib fallback classes are from ``regex``'s (the figures in ``unicode_classes``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import cast

from .unicode_classes import import_regex, ucd_item

__all__ = ["intl_class_disagreement"]


def intl_class_disagreement() -> dict[str, int]:
    """Code points on which ``regex``'s ``\\p{P}``/``\\p{S}``/``\\p{N}`` and the ``unicodedata``
    classes disagree, per class and in total ("all"); needs the ``regex`` module."""
    module = import_regex()
    if module is None:
        raise ImportError("the regex module is not installed")
    findall = cast(Callable[[str, str], list[str]], getattr(module, "findall"))  # noqa: B009 - the module is typed as object
    every = "".join(chr(code) for code in range(0x110000) if not 0xD800 <= code <= 0xDFFF)
    counts: dict[str, int] = {}
    differing: set[str] = set()
    for major in "PSN":
        theirs = set(findall(rf"\p{{{major}}}", every))
        ours = set(re.findall(ucd_item(major), every))
        counts[major] = len(theirs ^ ours)
        differing |= theirs ^ ours
    counts["all"] = len(differing)
    return counts
