"""A name -> ``'module:Class'`` table whose entries are imported on first use (sacreBLEU's
``tokenizers/__init__.py`` and ``metrics/__init__.py`` shape).

One ``Registry`` per kind of plug-in (tokenizers, metrics). Every list of names (command-line
choices, options validation, the app's choices) reads the registry when it is used, so a
registered plug-in appears everywhere and a module that is never chosen is never imported.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Generic, NoReturn, TypeVar, cast

T = TypeVar("T")

__all__ = ["Names", "Registry"]


class Registry(Mapping[str, T], Generic[T]):
    """Names (in registration order) to plug-ins, loaded lazily; ``kind`` names them in messages.

    Targets are ``'module:attribute'`` (a module relative to ``package``, or absolute) or the
    object itself. ``registry[name]`` imports and returns it; ``KeyError`` if not registered.
    """

    def __init__(self, kind: str, package: str, targets: Mapping[str, str]) -> None:
        self.kind = kind
        self._package = package
        self._targets: dict[str, str | T] = dict(targets)
        self._loaded: dict[str, T] = {}
        self.names = Names(self._targets)

    def __getitem__(self, name: str) -> T:
        loaded = self._loaded.get(name)
        if loaded is not None:
            return loaded
        target = self._targets[name]
        if isinstance(target, str):
            module, _, attribute = target.partition(":")
            value = cast(T, getattr(importlib.import_module(module, self._package), attribute))
        else:
            value = target
        self._loaded[name] = value
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._targets))

    def __len__(self) -> int:
        return len(self._targets)

    def __contains__(self, name: object) -> bool:
        return name in self._targets

    def register(self, name: str, target: str | T) -> None:
        """Add (or replace) ``name``; ``target`` is ``'module:attribute'`` or the object."""
        if not name or name != name.strip():
            raise ValueError(f"a {self.kind} name must be a non-empty word, got {name!r}")
        self._targets[name] = target
        self._loaded.pop(name, None)
        self.names._sync(self._targets)

    def unregister(self, name: str) -> None:
        """Remove ``name`` (a plug-in registered for a test or a session)."""
        del self._targets[name]
        self._loaded.pop(name, None)
        self.names._sync(self._targets)

    def unknown(self, name: str) -> ValueError:
        """The error for a name that is not registered, naming the choices."""
        return ValueError(f"unknown {self.kind} {name!r}; choose one of {', '.join(self._targets)}")

    def load(self, name: str) -> T:
        """``registry[name]``, but a ``ValueError`` naming the choices if ``name`` is unknown."""
        if name not in self._targets:
            raise self.unknown(name)
        return self[name]


class Names(list[str]):
    """The registered names, kept equal to the registry by the registry itself (a live list that
    pandas, Streamlit, argparse and json take as they take any list); read-only to everyone else.
    Equal to any sequence (tuple or list) of the same names."""

    def _sync(self, names: Iterable[str]) -> None:
        list.clear(self)
        list.extend(self, names)

    def _read_only(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("the names follow the registry: use its register() and unregister()")

    append = extend = insert = remove = pop = clear = sort = reverse = _read_only
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None
