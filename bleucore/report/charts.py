"""Vega-Lite specifications (plain dicts, no Altair in bleucore) of the report's charts: one grouped bar chart
per analysis and metric, bars with their 95% interval as a rule, a mark above a significant difference and the words
"no data" in a bucket without data (the axis keeps every bucket)."""

from __future__ import annotations

from typing import Any

from ..buckets import BucketAnalysis

__all__ = ["AXES", "TITLES", "bucket_chart", "measure_name"]

TITLES = {"length": "by reference length (words)", "frequency": "by word frequency", "label": "by label"}
AXES = {"length": "reference length (words)", "frequency": "word frequency", "label": "label"}
_MEASURES = {"fmeas": "word F-measure", "prec": "word precision", "rec": "word recall"}


def measure_name(metric: str) -> str:
    """A metric's name, or a word measure's (``fmeas`` is "word F-measure")."""
    return _MEASURES.get(metric, metric)


def bucket_chart(analysis: BucketAnalysis, metric: str) -> dict[str, Any]:
    """The chart of one metric (or word measure) of ``analysis``: x the buckets in order, one bar per system."""
    values = [
        {
            "bucket": v.bucket,
            "system": v.system,
            "value": v.value,
            "low": v.ci[0],
            "high": v.ci[1],
            "mark": "*" if v.significant() else "",
        }
        for v in analysis.values
        if v.metric == metric and v.value is not None and v.ci is not None
    ]
    order = [b.name for b in analysis.buckets]
    filled = {v["bucket"] for v in values}
    empty = [{"bucket": name, "note": "no data"} for name in order if name not in filled]
    name = measure_name(metric)
    x = {
        "field": "bucket",
        "type": "ordinal",
        "sort": order,
        "title": AXES[analysis.analysis],
        "axis": {"labelAngle": 0},
        "scale": {"domain": order},
    }
    offset = {"field": "system", "sort": list(analysis.systems)}
    return {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
        "title": f"{name} {TITLES[analysis.analysis]}",
        "width": 560,
        "height": 240,
        "data": {"values": values},
        "encoding": {"x": x, "xOffset": offset},
        "layer": [
            {
                "mark": "bar",
                "encoding": {
                    "y": {"field": "value", "type": "quantitative", "title": name},
                    "color": {"field": "system", "type": "nominal", "sort": list(analysis.systems), "title": "system"},
                },
            },
            {
                "mark": {"type": "rule", "color": "#333"},
                "encoding": {"y": {"field": "low", "type": "quantitative"}, "y2": {"field": "high"}},
            },
            {
                "mark": {"type": "text", "dy": -6, "fontSize": 14},
                "encoding": {"y": {"field": "high", "type": "quantitative"}, "text": {"field": "mark"}},
            },
            *(
                [
                    {
                        "data": {"values": empty},
                        "mark": {"type": "text", "color": "#555", "angle": -90},
                        "encoding": {"x": {**x, "title": None}, "y": {"value": 120}, "text": {"field": "note"}},
                    }
                ]
                if empty
                else []
            ),
        ],
    }
