"""bleucore's version as its signatures print it: the installed distribution's metadata (PEP 566) when this source
tree is the installed package, else the tree's own ``SOURCE_VERSION`` (a checkout run in place has no metadata, and
another installed bleucore is not this code). The wheel's metadata is built from ``SOURCE_VERSION``."""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

__all__ = ["SOURCE_VERSION", "__version__", "package_version"]

SOURCE_VERSION = "0.1.0"


def package_version() -> str:
    """The metadata's version if the installed ``bleucore`` is this file's package, else ``SOURCE_VERSION``."""
    try:
        dist = metadata.distribution("bleucore")
    except metadata.PackageNotFoundError:
        return SOURCE_VERSION
    here = Path(__file__).resolve()
    installed = next((f for f in dist.files or () if f.as_posix() == "bleucore/version.py"), None)
    if installed is None or Path(str(dist.locate_file(installed))).resolve() != here:
        return SOURCE_VERSION
    return dist.version


__version__ = package_version()
