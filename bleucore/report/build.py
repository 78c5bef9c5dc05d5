"""A comparison report's numbers: every system against the baseline under each metric (sacreBLEU 2.6's paired
bootstrap, Koehn 2004), the bucket analyses of ``bleucore.buckets`` (compare-mt 0.2.10's buckets) and, with
``rank``, every system ranked in clusters as WMT25 ranks them (``bleucore.significance.ranking``), computed once from
one set of statistics per system and metric, for the HTML, LaTeX, JSON and text outputs alike.

A metric is any ``Metric``: an imported one (``bleucore.metrics.imported``: COMET's scores) gives its statistics by
system name (``statistics_for``) and is then a metric like the others: its corpus value, its interval and its
p-value against the baseline (from each metric's resampled scores of every system, computed once per metric on the
same draws), its buckets, its ranking and its records (``"metric": NAME``). Beside the built-in metrics it is
meta-evaluated (``bleucore.meta_evaluation``, issue 38): how often it agrees with each on a system's segments, where
they disagree most, and with ``human``, how every metric correlates with the human judgement and WMT25's soft pairwise
accuracy and acc_eq. Every delta carries Kocmi et al.'s estimate of how likely people agree with it (records
``human_agreement``), and ``rank`` adds WMT25's AutoRank of every metric but the human one (``autorank``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import limits
from ..buckets import BucketAnalysis, BucketSettings, frequency_buckets, label_buckets, length_buckets
from ..meta_evaluation import AgreementRow, DisagreementExample, MetaRow
from ..meta_evaluation.evaluate import evaluate_metrics, human_check
from ..metrics import Metric
from ..metrics.imported.errors import TooManySystems
from ..significance import Ranking, SignificanceTable, bootstrap_scores, rank_systems, significance_table
from ..significance.auto_rank import AutoRank
from .auto_ranking import report_autorank
from .statistics import report_statistics

__all__ = ["Report", "build_report"]


@dataclass(frozen=True)
class Report:
    """Systems (baseline first as given), one significance table per metric with both signatures
    (bleucore's, sacreBLEU's), the bucket analyses, the systems whose output equals the baseline's, the
    settings every test and bucket was run with, each table's decimals (``digits``) and, when asked, one ranking
    per metric (``rankings``); with an imported metric, its agreement with each built-in one on each system
    (``agreements``) and the segments where they disagree most (``examples``), and with ``human`` (an imported
    metric's name) every other metric's correlations with it (``meta``); with ``rankings``, the AutoRank of every metric
    but the human one (``autorank``; None where fewer than 2 systems or no metric scores every system)."""

    systems: tuple[str, ...]
    baseline: str
    segments: int
    nrefs: int
    tables: tuple[SignificanceTable, ...]
    signatures: tuple[tuple[str, str, str | None], ...]
    analyses: tuple[BucketAnalysis, ...]
    identical: tuple[str, ...]
    settings: BucketSettings
    digits: tuple[int, ...] = ()
    rankings: tuple[Ranking, ...] = ()
    agreements: tuple[AgreementRow, ...] = ()
    examples: tuple[DisagreementExample, ...] = ()
    human: str | None = None
    meta: tuple[MetaRow, ...] = ()
    autorank: AutoRank | None = None

    def digits_of(self, table: SignificanceTable) -> int:
        """Decimals of ``table``'s values (2 for 0-100 scores, 4 for an imported metric's)."""
        return self.digits[self.tables.index(table)] if self.digits else 2

    def records(self) -> list[dict[str, Any]]:
        """Every number of the report, one record per bucket (``bleucore.buckets.BucketValue.to_dict``), after
        one record per system and metric for the whole test set (analysis ``corpus``, bucket ``all``), and then
        the rankings' records (analysis ``rank``: ``rank`` and ``cluster`` in place of ``ci`` and ``p_value``), the
        agreement records (analysis ``agreement``) and the correlations with the human judgement (``meta``). An
        output identical to the baseline's gets p = 1, as a bucket where two systems agree does (sacreBLEU's rule
        would give it the smallest p-value)."""
        out: list[dict[str, Any]] = []
        for table in self.tables:
            for row in table.rows:
                out.append(
                    {
                        "analysis": "corpus",
                        "bucket": "all",
                        "system": row.system,
                        "metric": table.label,
                        "value": row.score,
                        "ci": [row.lower, row.upper] if row.lower is not None else None,
                        "p_value": None
                        if row.is_baseline
                        else 1.0
                        if row.system in self.identical
                        else row.p_bootstrap,
                        "delta": row.delta,
                        "size": self.segments,
                    }
                )
        for analysis in self.analyses:
            out += analysis.records()
        for ranking in self.rankings:
            out += ranking.records()
        out += [row.to_dict() for row in self.agreements]
        out += [row.to_dict() for row in self.meta]
        out += self.agreement_records()
        if self.autorank is not None:
            out += self.autorank.records()
        return out

    def agreement_records(self) -> list[dict[str, Any]]:
        """Every system's delta from the baseline under every metric with Kocmi et al. 2024's estimate of how likely
        people agree with it (analysis ``human_agreement``; ``estimate`` null with a ``reason`` where the paper has no
        model of the metric, and for an output identical to the baseline's, whose delta is no difference at all)."""
        out: list[dict[str, Any]] = []
        for table in self.tables:
            for row in table.rows:
                if row.is_baseline or row.agreement is None:
                    continue
                record: dict[str, Any] = {
                    "analysis": "human_agreement",
                    "bucket": "all",
                    "system": row.system,
                    "metric": table.label,
                    "delta": row.delta,
                    "p_value": 1.0 if row.system in self.identical else row.p_bootstrap,
                }
                estimate = row.agreement.to_dict()
                if row.system in self.identical or table.label == self.human:
                    reason = "identical" if row.system in self.identical else "human"
                    estimate.update(estimate=None, model=None, delta_points=None, reason=reason)
                record.update(estimate)
                out.append(record)
        return out

    def significant(self, table: SignificanceTable, system: str, alpha: float = 0.05) -> bool:
        """True when ``system`` differs from the baseline under ``table``'s metric with p < alpha (never for an
        output identical to the baseline's, which sacreBLEU's p-value rule would call different)."""
        if system in self.identical:
            return False
        row = next((r for r in table.rows if r.system == system), None)
        return row is not None and row.p_bootstrap is not None and row.p_bootstrap < alpha


def build_report(
    systems: Mapping[str, Sequence[str]],
    references: Sequence[Sequence[str]],
    metrics: Sequence[Metric],
    *,
    baseline: str | None = None,
    labels: Sequence[str] | None = None,
    training: Iterable[str] | None = None,
    settings: BucketSettings = BucketSettings(),
    rank: bool = False,
    human: str | None = None,
    processes: int = 1,
) -> Report:
    """The report of ``systems`` (name -> lines) against reference streams: corpus tables and the length,
    frequency and (with ``labels``) label buckets; ``training``: lines to count word frequencies in; ``settings``:
    the resampling of every test and the words the buckets count; ``rank``: every metric's ranking too;
    ``human``: the imported metric holding human judgements, every other metric correlated with it
    (``bleucore.meta_evaluation``; UnknownHuman, TooFewSystems); ``processes`` 2: the statistics shared with a forked
    copy (``statistics``; the command line's). With an imported metric, its agreement with every built-in one and the
    segments where they disagree most are computed too."""
    names = tuple(systems)
    if not metrics:
        raise ValueError("no metric: give at least one (bleu, chrf, chrf++, ter, or imported scores)")
    if len({m.printed_label for m in metrics}) != len(metrics):
        raise ValueError("a metric is given twice: each needs its own name")
    if len(names) > limits.MAX_SYSTEMS:
        raise TooManySystems(len(names), limits.MAX_SYSTEMS)
    base = names[0] if baseline is None else baseline
    human_check(metrics, human, len(names))
    # The buckets check every input (line counts, limits, baseline) before any statistics are computed.
    frequency = frequency_buckets(systems, references, training=training, baseline=base, settings=settings)
    statistics = report_statistics(metrics, systems, references, processes)
    length = length_buckets(systems, references, metrics, baseline=base, settings=settings, statistics=statistics)
    analyses = [length, frequency]
    if labels is not None:
        analyses.append(
            label_buckets(systems, references, labels, metrics, baseline=base, settings=settings, statistics=statistics)
        )
    nrefs = len(references)
    tables, rankings = [], []
    for m in metrics:
        stats = statistics[m.printed_label]
        resampled = bootstrap_scores(stats, m, settings.n_samples, settings.seed)  # every system on the same draws
        by_name = dict(zip(names, stats))
        tables.append(
            significance_table(
                m, by_name, base, nrefs, settings.n_samples, None, settings.seed, dict(zip(names, resampled))
            )
        )
        if rank:
            rankings.append(
                rank_systems(
                    m, by_name, nrefs=nrefs, n_samples=settings.n_samples, seed=settings.seed, resampled=resampled
                )
            )
    signatures = tuple(
        (t.label, m.signature(nrefs), m.sacrebleu_equivalent(nrefs).signature) for t, m in zip(tables, metrics)
    )
    identical = tuple(n for n in names if n != base and list(systems[n]) == list(systems[base]))
    evaluation = evaluate_metrics(metrics, systems, references, baseline=base, human=human, statistics=statistics)
    autorank = report_autorank(tables, names, human) if rank else None
    return Report(
        names,
        base,
        len(references[0]),
        nrefs,
        tuple(tables),
        signatures,
        tuple(analyses),
        identical,
        settings,
        tuple(m.digits for m in metrics),
        tuple(rankings),
        evaluation.agreements,
        evaluation.examples,
        evaluation.human,
        evaluation.meta,
        autorank,
    )
