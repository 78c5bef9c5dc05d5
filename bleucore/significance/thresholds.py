"""How likely people agree with a metric's delta between two systems: the estimated system-level accuracy of Kocmi,
Zouhar, Federmann and Post 2024, "Navigating the Metrics Maze: Reconciling Score Magnitudes and Accuracies" (ACL
2024, arXiv 2401.06760), as their MT-Thresholds tool computes it (kocmitom/MT-Thresholds, ``mt_thresholds.accuracy``;
PyPI ``mt-thresholds`` 1.0.4):

    accuracy(delta) = a / 100 * 1 / (1 + exp(-b * |delta|))

a sigmoid fitted per metric to the share of 6,530 system pairs (ToShip23) where the metric's direction was the human
judges', at each delta in the paper's points: BLEU's and chrF's 0-100 scale, and 100 times the 0-1 scores of the
learned metrics (COMET-22's 0.35 points are a COMET delta of 0.0035). The fit's (a, b) are the tool's own numbers
(``MODELS``). A metric the paper does not cover (TER, chrF++, human scores, MetricX-24, an unnamed COMET model) gets
no estimate, with the reason as a code (``no_estimate``)."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..metrics import Metric

__all__ = [
    "MODELS",
    "SOURCE",
    "HumanAgreement",
    "NoEstimate",
    "ThresholdModel",
    "human_agreement",
    "threshold_model",
]

#: The source named beside every estimate.
SOURCE = "Kocmi et al. 2024, Navigating the Metrics Maze (ACL 2024), MT-Thresholds"
#: Why a metric has no estimate: the paper does not cover it, or its name does not say which model made the scores.
NoEstimate = Literal["not_covered", "ambiguous"]


@dataclass(frozen=True)
class ThresholdModel:
    """One metric's fitted sigmoid: ``key`` as MT-Thresholds names it, the paper's ``name``, the fit's ``a`` (its
    ceiling, in percent) and ``b``, and ``unit``: "points" (a delta taken as it is: BLEU, chrF, MetricX-23) or
    "fraction" (a 0-1 score, whose delta is multiplied by 100 unless its values are already beyond 0-1)."""

    key: str
    name: str
    a: float
    b: float
    unit: Literal["points", "fraction"] = "fraction"

    def accuracy(self, delta_points: float) -> float:
        """The estimated share (0-1) of system pairs where people agree with a delta of ``delta_points``."""
        return self.a / 100.0 * (1.0 / (1.0 + math.pow(math.e, -self.b * abs(delta_points))))

    def delta_for(self, accuracy: float) -> float | None:
        """The delta (in points) at which the estimate reaches ``accuracy`` (0-1), None where the curve never does
        (the fit's ceiling ``a`` is below it, or it is below the curve's start, a / 2)."""
        ratio = self.a / (100.0 * accuracy) - 1.0 if accuracy > 0 else -1.0
        if ratio <= 0 or ratio >= 1:
            return None
        return -math.log(ratio) / self.b


def _models(*rows: tuple[str, str, float, float, str]) -> dict[str, ThresholdModel]:
    return {key: ThresholdModel(key, name, a, b, unit) for key, name, a, b, unit in rows}  # type: ignore[arg-type]


#: MT-Thresholds' fits (``_thresholds_raw`` of ``mt_thresholds.py``), by its keys.
MODELS: dict[str, ThresholdModel] = _models(
    ("bleu", "BLEU", 88.33333333333225, 0.9663926931178954, "points"),
    ("chrf", "ChrF", 92.999999999972, 1.1142732157139852, "points"),
    ("spbleu101", "spBLEU-101", 84.58445492823891, 1.262507595109315, "points"),
    ("spbleu200", "spBLEU-200", 90.99999999998793, 0.8079046528617078, "points"),
    ("bleurt-default", "BLEURT (default)", 94.66666666666666, 0.4947232832741672, "fraction"),
    ("bleurt20", "BLEURT-20", 98.33333333332963, 1.3727206190931929, "fraction"),
    ("comet20", "COMET-20", 97.33333333332897, 0.7266990738678005, "fraction"),
    ("comet22", "COMET-22", 96.22374133884283, 2.8359194570556636, "fraction"),
    ("comet21qe", "COMET-21-QE", 93.7997435048193, 43.38413992717536, "fraction"),
    ("cometkiwi22", "CometKiwi-22", 98.88141616584615, 2.719280643871758, "fraction"),
    ("xcometxxl", "xCOMET-XXL", 98.93432477039522, 1.1629533711748128, "fraction"),
    ("xcometxl", "xCOMET-XL", 96.56738237041118, 1.4535595865214588, "fraction"),
    ("cometkiwixxl", "CometKiwi-XXL", 96.23167242471065, 1.2826577343149304, "fraction"),
    ("bertscore", "BERTScore", 94.99999999999999, 2.6823162097239917, "fraction"),
    ("cometkiwi23-xl-src", "CometKiwi-23-XL", 96.39080593943235, 1.8888877927713834, "fraction"),
    ("metricx-23-large", "MetricX-23-Large", 93.60777624544488, 26.277850179370947, "points"),
    ("metricx-23-qe-large", "MetricX-23-QE-Large", 97.99999999782683, 15.541455989240491, "points"),
)

#: An imported metric's name, lowercased without "unbabel/", "google/" and the characters " -_./", to its model.
_ALIASES = {
    "comet22": "comet22",
    "comet22da": "comet22",
    "wmt22cometda": "comet22",
    "comet20": "comet20",
    "wmt20cometda": "comet20",
    "comet21qe": "comet21qe",
    "cometkiwi22": "cometkiwi22",
    "wmt22cometkiwida": "cometkiwi22",
    "cometkiwixl": "cometkiwi23-xl-src",
    "cometkiwi23xl": "cometkiwi23-xl-src",
    "wmt23cometkiwidaxl": "cometkiwi23-xl-src",
    "cometkiwixxl": "cometkiwixxl",
    "cometkiwi23xxl": "cometkiwixxl",
    "wmt23cometkiwidaxxl": "cometkiwixxl",
    "xcometxl": "xcometxl",
    "xcometxxl": "xcometxxl",
    "bleurt20": "bleurt20",
    "bleurtdefault": "bleurt-default",
    "bertscore": "bertscore",
    "metricx23": "metricx-23-large",
    "metricx23large": "metricx-23-large",
    "metricx23qe": "metricx-23-qe-large",
    "metricx23qelarge": "metricx-23-qe-large",
}
#: Names that could be several of the paper's models: the name must say which (COMET-22, xCOMET-XL, ...).
_AMBIGUOUS = {"comet", "xcomet", "cometkiwi", "bleurt", "metricx", "cometqe"}


def _normalized(name: str) -> str:
    lowered = name.strip().lower()
    for prefix in ("unbabel/", "google/"):
        lowered = lowered.removeprefix(prefix)
    return re.sub(r"[\s\-_./]", "", lowered)


def threshold_model(metric: Metric) -> ThresholdModel | NoEstimate:
    """The paper's model of ``metric``: BLEU (spBLEU with sacreBLEU's ``flores101``/``flores200`` tokenizers), chrF
    with sacreBLEU's default settings (chrF2: character order 6, no word n-grams, beta 2), or an imported metric named
    after one of the paper's models (``_ALIASES``); else why there is none."""
    options = metric.options
    if metric.name == "bleu":
        tokenize = getattr(options, "tokenize", "13a")
        return MODELS[{"flores101": "spbleu101", "flores200": "spbleu200"}.get(tokenize, "bleu")]
    if metric.name == "chrf":
        default = (getattr(options, "char_order", 6), getattr(options, "word_order", 0), getattr(options, "beta", 2))
        return MODELS["chrf"] if default == (6, 0, 2) else "not_covered"
    if type(metric).statistics_for is Metric.statistics_for:  # a built-in metric the paper does not cover (TER)
        return "not_covered"
    name = _normalized(metric.printed_label)
    if name in _ALIASES:
        return MODELS[_ALIASES[name]]
    return "ambiguous" if name in _AMBIGUOUS else "not_covered"


@dataclass(frozen=True)
class HumanAgreement:
    """The estimate beside one delta: ``estimate``, the share (0-1) of system pairs where people agreed with a delta
    this large under ``model`` (None with the ``reason``, a ``NoEstimate`` code, where there is no model), ``delta``
    the metric's own delta and ``points`` the same in the paper's points (``scale`` times it)."""

    delta: float
    estimate: float | None
    model: str | None = None
    points: float | None = None
    scale: float = 1.0
    reason: NoEstimate | None = None
    source: str = SOURCE

    def to_dict(self) -> dict[str, object]:
        """The estimate as plain data (JSON-ready)."""
        out: dict[str, object] = {"estimate": self.estimate, "model": self.model, "delta_points": self.points}
        if self.reason is not None:
            out["reason"] = self.reason
        out["source"] = self.source
        return out


def _scale(model: ThresholdModel, values: Sequence[float]) -> float:
    """100 for a 0-1 score (every system's value within [-2, 2]: no learned metric's 0-1 scores leave it, no 0-100
    scores of a real system stay inside), else 1."""
    if model.unit == "points":
        return 1.0
    return 100.0 if all(abs(v) <= 2.0 for v in values) else 1.0


def human_agreement(metric: Metric, delta: float, values: Sequence[float] = ()) -> HumanAgreement:
    """The estimate for a system's ``delta`` from the baseline under ``metric``; ``values``: every system's value
    under it, which tells a 0-1 score from one already multiplied by 100."""
    model = threshold_model(metric)
    if isinstance(model, str):
        return HumanAgreement(delta, None, reason=model)
    scale = _scale(model, values)
    points = delta * scale
    return HumanAgreement(delta, model.accuracy(points), model.key, points, scale)
