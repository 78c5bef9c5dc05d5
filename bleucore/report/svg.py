"""The report's bucket charts drawn as SVG directly: grouped bars (one per system in each bucket) with the 95%
interval as a rule, a ``*`` above a value that differs from the baseline and the words "no data" in a bucket without
data, an axis of nice ticks, a legend of the systems. The same chart as ``charts.bucket_chart``'s Vega-Lite
specification, drawn in milliseconds: vl-convert took 0.9-1.4 s of a report's CPU (its JavaScript engine starts with
the first chart), more than every bucket's bootstrap together. Every user text is escaped."""

from __future__ import annotations

import math
from html import escape

from ..buckets import BucketAnalysis
from .charts import AXES, TITLES, measure_name

__all__ = ["COLORS", "bucket_svg", "nice_ticks"]

#: Vega's "tableau10" scheme, the colours vl-convert gave the systems.
COLORS = ("#4c78a8", "#f58518", "#e45756", "#72b7b2", "#54a24b", "#eeca3b", "#b279a2", "#ff9da6", "#9d755d", "#bab0ac")
_WIDTH, _HEIGHT = 560, 240
_LEFT, _TOP, _BOTTOM, _GAP = 56, 34, 46, 14


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """About ``count`` round tick values covering [low, high] (steps of 1, 2 or 5 times a power of ten)."""
    if not high > low:
        high = low + 1.0
    raw = (high - low) / count
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    ticks, k = [], 0
    while True:
        tick = first + k * step
        ticks.append(round(tick, 12))
        if tick >= high - 1e-12 * step:
            return ticks
        k += 1


def _label(value: float) -> str:
    return f"{value:g}" if abs(value) < 1e6 else f"{value:.3g}"


def bucket_svg(analysis: BucketAnalysis, metric: str) -> str:
    """The chart of one metric (or word measure) of ``analysis``: x the buckets in order, one bar per system."""
    systems = list(analysis.systems)
    buckets = [b.name for b in analysis.buckets]
    shown = [v for v in analysis.values if v.metric == metric and v.value is not None and v.ci is not None]
    lows = [min(v.value, v.ci[0]) for v in shown if v.value is not None and v.ci is not None]
    highs = [max(v.value, v.ci[1]) for v in shown if v.value is not None and v.ci is not None]
    ticks = nice_ticks(min([0.0, *lows]), max([0.0, *highs]) or 1.0)
    y_low, y_high = ticks[0], ticks[-1]
    legend = max(80, 14 + 7 * max((len(s) for s in systems), default=0))
    plot_w, plot_h = _WIDTH, _HEIGHT
    width = _LEFT + plot_w + _GAP + legend
    height = max(_TOP + plot_h + _BOTTOM, _TOP + 24 + 16 * len(systems))

    def y(value: float) -> float:
        return _TOP + plot_h * (y_high - value) / (y_high - y_low)

    band = plot_w / max(len(buckets), 1)
    bar = band * 0.8 / max(len(systems), 1)
    name = measure_name(metric)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif" font-size="11" role="img">',
        f"<title>{escape(name)} {escape(TITLES[analysis.analysis])}</title>",
        f'<text x="{_LEFT}" y="16" font-size="13" font-weight="bold">'
        f"{escape(name)} {escape(TITLES[analysis.analysis])}</text>",
    ]
    for tick in ticks:
        ty = y(tick)
        out.append(f'<path d="M{_LEFT} {ty:.1f}H{_LEFT + plot_w}" stroke="#ddd"/>')
        out.append(f'<text x="{_LEFT - 6}" y="{ty + 4:.1f}" text-anchor="end" fill="#333">{_label(tick)}</text>')
    baseline_y = y(max(y_low, min(0.0, y_high)))
    values = {(v.bucket, v.system): v for v in shown}
    for b, bucket in enumerate(buckets):
        x0 = _LEFT + b * band + band * 0.1
        centre = _LEFT + (b + 0.5) * band
        out.append(
            f'<text x="{centre:.1f}" y="{_TOP + plot_h + 16}" text-anchor="middle" fill="#333">{escape(bucket)}</text>'
        )
        if not any((bucket, s) in values for s in systems):
            out.append(
                f'<text x="{centre:.1f}" y="{_TOP + plot_h / 2:.1f}" text-anchor="middle" fill="#555" '
                f'transform="rotate(-90 {centre:.1f} {_TOP + plot_h / 2:.1f})">no data</text>'
            )
            continue
        for k, system in enumerate(systems):
            v = values.get((bucket, system))
            if v is None or v.value is None or v.ci is None:
                continue
            x = x0 + k * bar
            top, bottom = sorted((y(v.value), baseline_y))
            colour = COLORS[k % len(COLORS)]
            out.append(
                f'<rect x="{x:.1f}" y="{top:.1f}" width="{bar:.1f}" height="{bottom - top:.1f}" fill="{colour}">'
                f"<title>{escape(system)}: {v.value:.{analysis.digits_of(metric)}f}</title></rect>"
            )
            mid = x + bar / 2
            out.append(f'<path d="M{mid:.1f} {y(v.ci[0]):.1f}V{y(v.ci[1]):.1f}" stroke="#333"/>')
            if v.significant():
                out.append(f'<text x="{mid:.1f}" y="{y(v.ci[1]) - 4:.1f}" text-anchor="middle" font-size="14">*</text>')
    out.append(f'<path d="M{_LEFT} {baseline_y:.1f}H{_LEFT + plot_w}" stroke="#888"/>')
    out.append(
        f'<text x="{_LEFT + plot_w / 2}" y="{_TOP + plot_h + 38}" text-anchor="middle">'
        f"{escape(AXES[analysis.analysis])}</text>"
    )
    out.append(
        f'<text x="14" y="{_TOP + plot_h / 2}" text-anchor="middle" '
        f'transform="rotate(-90 14 {_TOP + plot_h / 2})">{escape(name)}</text>'
    )
    lx = _LEFT + plot_w + _GAP
    out.append(f'<text x="{lx}" y="{_TOP}" font-weight="bold">system</text>')
    for k, system in enumerate(systems):
        ly = _TOP + 14 + 16 * k
        out.append(f'<rect x="{lx}" y="{ly - 9}" width="10" height="10" fill="{COLORS[k % len(COLORS)]}"/>')
        out.append(f'<text x="{lx + 14}" y="{ly}">{escape(system)}</text>')
    out.append("</svg>")
    return "\n".join(out)
