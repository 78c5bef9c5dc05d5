"""What an imported metric is: its name (as the report's tables and records print it) and its direction."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MAX_NAME_CHARS", "ImportedOptions"]

#: Characters of an imported metric's name (a column header and a JSON record's ``metric``).
MAX_NAME_CHARS = 40


@dataclass(frozen=True)
class ImportedOptions:
    """An imported metric called ``name`` (``COMET``, ``xCOMET-XL``, ``MetricX-24``, ``DA``); ``higher_is_better``
    False for an error score (MetricX: 0 is a perfect translation, 25 the worst)."""

    name: str
    higher_is_better: bool = True

    def __post_init__(self) -> None:
        name = self.name
        if not isinstance(name, str) or not name.strip() or name != name.strip():
            raise ValueError(f"an imported metric needs a name without surrounding spaces, got {name!r}")
        if len(name) > MAX_NAME_CHARS or "|" in name or not name.isprintable():
            raise ValueError(
                f"the metric name {name!r} must have at most {MAX_NAME_CHARS} printable characters and no '|'"
            )
        if not isinstance(self.higher_is_better, bool):
            raise ValueError(f"higher_is_better must be True or False, got {self.higher_is_better!r}")

    @property
    def label(self) -> str:
        """The metric as tables, charts and records name it: its name."""
        return self.name
