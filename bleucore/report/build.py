"""A comparison report's numbers: every system against the baseline under each metric (sacreBLEU 2.6's paired
bootstrap, Koehn 2004) and the bucket analyses of ``bleucore.buckets`` (compare-mt 0.2.10's buckets), computed
once from one set of statistics per system and metric, for the HTML, LaTeX and JSON outputs alike."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..buckets import BucketAnalysis, BucketSettings, frequency_buckets, label_buckets, length_buckets
from ..metrics import Metric
from ..significance import SignificanceTable, significance_table

__all__ = ["Report", "build_report"]


@dataclass(frozen=True)
class Report:
    """Systems (baseline first as given), one significance table per metric with both signatures
    (bleucore's, sacreBLEU's), the bucket analyses, the systems whose output equals the baseline's, and the
    settings every test and bucket was run with."""

    systems: tuple[str, ...]
    baseline: str
    segments: int
    nrefs: int
    tables: tuple[SignificanceTable, ...]
    signatures: tuple[tuple[str, str, str | None], ...]
    analyses: tuple[BucketAnalysis, ...]
    identical: tuple[str, ...]
    settings: BucketSettings

    def records(self) -> list[dict[str, Any]]:
        """Every number of the report, one record per bucket (``bleucore.buckets.BucketValue.to_dict``), after
        one record per system and metric for the whole test set (analysis ``corpus``, bucket ``all``). An output
        identical to the baseline's gets p = 1, as a bucket where two systems agree does (sacreBLEU's rule would
        give it the smallest p-value)."""
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
) -> Report:
    """The report of ``systems`` (name -> lines) against reference streams: corpus tables and the length,
    frequency and (with ``labels``) label buckets; ``training``: lines to count word frequencies in; ``settings``:
    the resampling of every test and the words the buckets count."""
    names = tuple(systems)
    if not metrics:
        raise ValueError("no metric: give at least one (bleu, chrf, chrf++, ter)")
    if len({m.printed_label for m in metrics}) != len(metrics):
        raise ValueError("a metric is given twice")
    base = names[0] if baseline is None else baseline
    # The buckets check every input (line counts, limits, baseline) before any statistics are computed.
    frequency = frequency_buckets(systems, references, training=training, baseline=base, settings=settings)
    statistics = {m.printed_label: [m.statistics(lines, references) for lines in systems.values()] for m in metrics}
    length = length_buckets(systems, references, metrics, baseline=base, settings=settings, statistics=statistics)
    analyses = [length, frequency]
    if labels is not None:
        analyses.append(
            label_buckets(systems, references, labels, metrics, baseline=base, settings=settings, statistics=statistics)
        )
    nrefs = len(references)
    tables = tuple(
        significance_table(
            m, dict(zip(names, statistics[m.printed_label])), base, nrefs, settings.n_samples, None, settings.seed
        )
        for m in metrics
    )
    signatures = tuple(
        (t.label, m.signature(nrefs), m.sacrebleu_equivalent(nrefs).signature) for t, m in zip(tables, metrics)
    )
    identical = tuple(n for n in names if n != base and list(systems[n]) == list(systems[base]))
    return Report(names, base, len(references[0]), nrefs, tables, signatures, tuple(analyses), identical, settings)
