"""Metrics behind one small protocol (``base.Metric``) and one registry, loaded lazily.

A new metric is a module or package here with a ``Metric`` subclass, plus one registry line
(or ``register_metric``): the command line's argument groups, the stream and the significance
tests take it from there. ``METRIC_NAMES`` is the registry's live list of names.

A metric whose segment scores come from a file (COMET, MetricX, human scores) is ``imported.ImportedMetric``, built
with ``imported_metric(name, {system: scores})`` (re-exported here, loaded on first use); it is not in the registry,
since it needs data rather than options.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..lazy import lazy_attributes
from ..registry import Names, Registry
from .base import Metric, Score

if TYPE_CHECKING:
    from .imported import ImportedMetric, ImportedOptions, imported_metric

__getattr__ = lazy_attributes(
    __name__, {"imported": ("ImportedMetric", "ImportedOptions", "imported_metric")}, globals()
)

__all__ = [
    "DEFAULT_METRIC",
    "METRICS",
    "METRIC_NAMES",
    "ImportedMetric",
    "ImportedOptions",
    "Metric",
    "Score",
    "as_metric",
    "get_metric",
    "imported_metric",
    "register_metric",
    "unregister_metric",
]

METRICS: Registry[type[Metric]] = Registry(
    "metric", __package__ or "bleucore.metrics", {"bleu": ".bleu:BLEU", "chrf": ".chrf:CHRF", "ter": ".ter:TER"}
)
METRIC_NAMES: Names = METRICS.names
DEFAULT_METRIC = "bleu"


def register_metric(name: str, target: str | type[Metric]) -> None:
    """Offer metric ``name``: ``target`` is ``'module:Class'`` or the class."""
    METRICS.register(name, target)


def unregister_metric(name: str) -> None:
    """Withdraw metric ``name`` (one registered for a test or a session)."""
    METRICS.unregister(name)


def get_metric(name: str, options: Any = None) -> Metric:
    """Metric ``name`` with ``options`` (None: its defaults); ValueError naming the choices."""
    return METRICS.load(name)(options)


def as_metric(value: Any) -> Metric:
    """A metric as given, or the metric whose options type ``value`` is (None: default BLEU)."""
    if isinstance(value, Metric):
        return value
    if value is None:
        return get_metric(DEFAULT_METRIC)
    for name in METRICS:
        cls = METRICS[name]
        if isinstance(value, cls.options_type):
            return cls(value)
    raise TypeError(f"no metric takes options of type {type(value).__name__}")
