"""A file kept whole only while it is used (``HeldFile``): the lines of a file within ``limits.HELD``'s limits of one
file, read again each time they are asked for, so that a reader of many files (the report's systems) holds one file's
text at a time. The two files read last are kept (a system and the baseline, which the report's examples read in
turn)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Sequence
from typing import overload

from .lines import PathLike, read_held_lines

__all__ = ["HeldFile"]

#: Files whose lines stay read (the least recently read one goes first).
KEPT_FILES = 2
_kept: OrderedDict[tuple[str, int], list[str]] = OrderedDict()


class HeldFile(Sequence[str]):
    """The lines of the file at ``path``, read (``read_held_lines``: its limits checked) when first asked for and
    counted then; ``len`` reads it once if nothing else has."""

    def __init__(self, path: PathLike) -> None:
        self.path = path
        self._count: int | None = None

    def lines(self) -> list[str]:
        """Every line (a list that may be shared with the next caller: do not change it)."""
        key = (str(self.path), id(self))
        found = _kept.get(key)
        if found is None:
            found = read_held_lines(self.path)
            _kept[key] = found
            while len(_kept) > KEPT_FILES:
                _kept.popitem(last=False)
        else:
            _kept.move_to_end(key)
        self._count = len(found)
        return found

    def __len__(self) -> int:
        return self._count if self._count is not None else len(self.lines())

    def __iter__(self) -> Iterator[str]:
        return iter(self.lines())

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self.lines()[index]

    def __repr__(self) -> str:
        return f"HeldFile({str(self.path)!r})"
