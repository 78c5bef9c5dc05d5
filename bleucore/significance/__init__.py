"""Significance over sufficient statistics, for any metric: the paired tests and bootstrap confidence of
sacreBLEU 2.6 (``paired``), and the one table of systems against a baseline built from them (``table``)."""

from __future__ import annotations

from . import paired, table
from .paired import *  # noqa: F403 (its __all__: the tests, the confidence and the resampling defaults)
from .table import *  # noqa: F403 (its __all__: the table of systems against a baseline)

__all__ = paired.__all__ + table.__all__
