"""A package's public names loaded on first use (PEP 562's module ``__getattr__``), so that a light entry point
(``python -m bleucore --help``) imports no numpy; the table's shape is scientific-python's SPEC 1 (``lazy_loader``)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["lazy_attributes"]


def lazy_attributes(
    package: str, exports: Mapping[str, Sequence[str]], namespace: dict[str, Any]
) -> Callable[[str], Any]:
    """A module ``__getattr__`` (PEP 562) for ``package``: ``exports`` maps a submodule to the public names it
    defines (as its import line would; the submodule's own name is the submodule), imported on first access and then
    cached in ``namespace``."""
    modules = {name: module for module, names in exports.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = modules.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        imported = importlib.import_module(f".{module}", package)
        value = imported if module == name else getattr(imported, name)
        namespace[name] = value
        return value

    return __getattr__
