"""One named stream of segments, as every page and the store hold it (``ui.inputs.uploads`` makes them from bytes
or pasted text; ``ui.inputs.store`` keeps them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TextFile:
    """One named stream of segments (a hypothesis or a reference file)."""

    name: str
    lines: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.lines)
