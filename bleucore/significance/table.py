"""The one significance table: every system against a baseline under one metric, as sacreBLEU 2.6's
``--paired-bs`` / ``--paired-ar`` report it (Koehn 2004; Riezler & Maxwell 2005), for the command line, the
Compare page and the exports alike.

The baseline's bootstrap mean and interval are those of the paired bootstrap (every pairing draws the same
resamples from the same seed), which is the baseline row sacreBLEU prints. Beside each system's delta and p-value,
how likely people agree with a delta that large under this metric (``thresholds``: Kocmi et al. 2024), or why there
is no such estimate.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..metrics import Metric
from .defaults import AR_TRIALS, BOOTSTRAP_SAMPLES, SEED
from .paired import PairedTestResult, bootstrap_result, paired_approximate_randomization, paired_bootstrap
from .thresholds import HumanAgreement, human_agreement

__all__ = ["SignificanceRow", "SignificanceTable", "significance_table"]


@dataclass(frozen=True)
class SignificanceRow:
    """One system's line: corpus score, difference from the baseline (None on the baseline's line), bootstrap
    mean and 95% half-width, both p-values (None where that test was not run) and, beside the delta, the estimate of
    how likely people agree with it (``agreement``; None on the baseline's line)."""

    system: str
    is_baseline: bool
    score: float
    delta: float | None
    mean: float | None
    ci: float | None
    p_bootstrap: float | None
    p_randomization: float | None
    agreement: HumanAgreement | None = None

    @property
    def lower(self) -> float | None:
        return self.mean - self.ci if self.mean is not None and self.ci is not None else None

    @property
    def upper(self) -> float | None:
        return self.mean + self.ci if self.mean is not None and self.ci is not None else None


@dataclass(frozen=True)
class SignificanceTable:
    """The rows (baseline first, then the systems in the order given), the systems left out with the reason
    (a score the metric cannot give: ``ValueError``'s text), and the settings of the tests; ``skipped_reasons``: the
    code of each skipped system's reason where the error has one (BLEU's ``UndefinedScore.reason``), else None, for
    a screen to word."""

    metric: str
    label: str
    higher_is_better: bool
    rows: tuple[SignificanceRow, ...]
    skipped: tuple[tuple[str, str], ...]
    n_samples: int | None
    n_trials: int | None
    seed: int | None
    skipped_reasons: tuple[object | None, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The table as plain data (JSON-ready, names for every number) for a download or a report."""
        return {
            "metric": self.label,
            "higher_is_better": self.higher_is_better,
            "tests": {"bootstrap_resamples": self.n_samples, "randomization_trials": self.n_trials, "seed": self.seed},
            "rows": [
                {
                    "system": r.system,
                    "baseline": r.is_baseline,
                    "score": r.score,
                    "delta": r.delta,
                    "direction": self.direction(r) or None,
                    "bootstrap_mean": r.mean,
                    "ci_half_width": r.ci,
                    "ci": [r.lower, r.upper] if r.lower is not None else None,
                    "p_bootstrap": r.p_bootstrap,
                    "p_randomization": r.p_randomization,
                    "human_agreement": r.agreement.to_dict() if r.agreement is not None else None,
                }
                for r in self.rows
            ],
            "skipped": [{"system": name, "reason": reason} for name, reason in self.skipped],
        }

    def direction(self, row: SignificanceRow) -> str:
        """ "better", "worse" or "same" than the baseline, in the metric's own direction ("" on the baseline)."""
        if row.delta is None:
            return ""
        if row.delta == 0:
            return "same"
        return "better" if (row.delta > 0) == self.higher_is_better else "worse"


def significance_table(
    metric: Metric,
    systems: Mapping[str, Any],
    baseline: str,
    nrefs: int,
    n_samples: int | None = BOOTSTRAP_SAMPLES,
    n_trials: int | None = AR_TRIALS,
    seed: int | None = SEED,
    resampled: Mapping[str, Any] | None = None,
) -> SignificanceTable:
    """Each system of ``systems`` (name -> per-segment statistics) against ``baseline``: the paired bootstrap
    with ``n_samples`` resamples and approximate randomization with ``n_trials`` trials (None: not run).
    ``resampled``: each system's scores on the ``n_samples`` resamples of ``seed`` when already computed for every
    system at once (``resampling.bootstrap_scores``: the same draws, so the same p-values, means and intervals)."""
    if baseline not in systems:
        raise ValueError(f"the baseline {baseline!r} is not one of the systems")
    if n_samples is None and n_trials is None:
        raise ValueError("run at least one test: n_samples or n_trials")
    scores: dict[str, float] = {}
    skipped: list[tuple[str, str]] = []
    reasons: list[object | None] = []
    for name, stats in systems.items():
        try:
            scores[name] = metric.score_from_statistics(stats, nrefs).score
        except ValueError as err:
            skipped.append((name, str(err)))
            reasons.append(getattr(err, "reason", None))
    rows: list[SignificanceRow] = []
    if baseline in scores:
        tested: list[tuple[str, PairedTestResult | None, PairedTestResult | None]] = []
        for name in systems:
            if name == baseline or name not in scores:
                continue
            try:
                if not n_samples:
                    bs = None
                elif resampled is not None:
                    pair = (resampled[baseline], resampled[name])
                    bs = bootstrap_result(systems[baseline], systems[name], metric, *pair, seed)
                else:
                    bs = paired_bootstrap(systems[baseline], systems[name], metric, n_samples, seed)
                ar = (
                    paired_approximate_randomization(systems[baseline], systems[name], metric, n_trials, seed)
                    if n_trials
                    else None
                )
            except ValueError as err:
                skipped.append((name, str(err)))
                reasons.append(getattr(err, "reason", None))
                continue
            tested.append((name, bs, ar))
        first = tested[0][1] if tested else None
        base_score = scores[baseline]
        rows.append(
            SignificanceRow(
                baseline,
                True,
                base_score,
                None,
                first.baseline_mean if first else None,
                first.baseline_ci if first else None,
                None,
                None,
            )
        )
        values = list(scores.values())
        for name, bs, ar in tested:
            rows.append(
                SignificanceRow(
                    name,
                    False,
                    scores[name],
                    scores[name] - base_score,
                    bs.mean if bs else None,
                    bs.ci if bs else None,
                    bs.p_value if bs else None,
                    ar.p_value if ar else None,
                    human_agreement(metric, scores[name] - base_score, values),
                )
            )
    return SignificanceTable(
        metric.name,
        metric.printed_label,
        metric.higher_is_better,
        tuple(rows),
        tuple(skipped),
        n_samples,
        n_trials,
        seed,
        tuple(reasons),
    )
