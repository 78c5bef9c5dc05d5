"""bleucore's version as its signatures print it: the installed distribution's metadata (PEP 566) when this source
tree is the installed package, else the tree's own ``SOURCE_VERSION`` (a checkout run in place has no metadata, and
another installed bleucore is not this code). The wheel's metadata is built from ``SOURCE_VERSION``.

Every scoring run prints a signature, so the version is read at start-up: ``importlib.metadata`` (some 15 ms to
import) is imported only when a directory on ``sys.path`` holds bleucore's metadata (a ``.dist-info``, ``.egg-info``
or ``.egg``) or a file on it (a zip archive) might."""

from __future__ import annotations

import os
import sys

__all__ = ["SOURCE_VERSION", "__version__", "package_version"]

SOURCE_VERSION = "0.1.0"


def _metadata_may_exist() -> bool:
    """False if no ``sys.path`` entry can hold a bleucore distribution's metadata (importlib.metadata's places)."""
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except NotADirectoryError:
            return True  # a zip archive
        except OSError:
            continue
        for name in names:
            lower = name.lower()
            if (
                lower.startswith("bleucore")
                and lower[8:9] in ("-", ".")
                and lower.endswith((".dist-info", ".egg-info", ".egg"))
            ):
                return True
    return False


def package_version() -> str:
    """The metadata's version if the installed ``bleucore`` is this file's package, else ``SOURCE_VERSION``."""
    if not _metadata_may_exist():
        return SOURCE_VERSION
    from importlib import metadata  # lazy: only where bleucore's metadata can be
    from pathlib import Path  # lazy: as metadata

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
