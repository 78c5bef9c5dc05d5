"""BleuOptions as a plain tuple: the cheap, hashable key of every st.cache_data wrapper.

The tuple holds BleuOptions' fields in their declared order, so a new option needs no change here.
"""

from __future__ import annotations

from dataclasses import astuple, fields
from typing import Any

from bleucore import BleuOptions

OptionsKey = tuple[Any, ...]
_NAMES = tuple(f.name for f in fields(BleuOptions))


def options_key(options: BleuOptions) -> OptionsKey:
    """The fields of ``options`` as a plain tuple."""
    return astuple(options)


def from_key(key: OptionsKey) -> BleuOptions:
    """The BleuOptions of an ``options_key``."""
    return BleuOptions(**dict(zip(_NAMES, key, strict=True)))
