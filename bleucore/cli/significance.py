"""The command line's significance commands: ``--confidence``, ``--paired-bs``, ``--paired-ar``
(sacreBLEU 2.6's draws and output, for any metric)."""

from __future__ import annotations

import argparse
import json

from ..limits import MAX_RESAMPLES
from ..metrics import Metric, Score
from ..metrics.sacrebleu_equivalent import with_test
from ..significance.defaults import SEED
from .agreement_column import with_agreement_column
from .formats import join_outputs, score_dict, text_line
from .inputs import HeldStatistics, read_statistics
from .usage import UsageError

__all__ = ["run_confidence", "run_paired", "run_significance"]


def _samples(value: int, flag: str) -> int:
    if not 1 <= value <= MAX_RESAMPLES:
        raise UsageError(f"{flag} must be between 1 and {MAX_RESAMPLES:,}, got {value:,}")
    return value


def _with_bootstrap(signature: str, test: str, n: int) -> str:
    """sacreBLEU's signature additions: ``nrefs:1|bs:1000|seed:12345|...``."""
    return with_test(signature, test, n, SEED)


def run_confidence(args: argparse.Namespace, held: HeldStatistics, metric: Metric, n: int) -> str:
    """One system's score with sacreBLEU's bootstrap ``μ = mean ± 95% CI`` of ``n`` resamples (same draws, same
    numbers)."""
    from ..significance import bootstrap_confidence  # lazy: numpy, kept out of start-up (--help imports none)

    stats = held.statistics[0]
    score = metric.score_from_statistics(stats, held.nrefs)
    conf = bootstrap_confidence(stats, metric, n, SEED)
    width = args.width
    interval = f"μ = {conf.mean:.{width}f} ± {conf.ci:.{width}f}"
    if args.score_only:
        return f"{score.score:.{width}f} ({interval})\n"
    signature = _with_bootstrap(score.signature, "bs", n)
    if args.format != "text":
        d = score_dict(score, width)
        d.update(signature=signature, confidence_mean=conf.mean, confidence_var=conf.ci, confidence=interval)
        return json.dumps(d, indent=1) + "\n"
    line = text_line(score, width).split(" = ", 1)[1]
    number, *rest = line.split(" ", 1)
    return " ".join([f"{score_name(score)}|{signature} = {number} ({interval})", *rest]) + "\n"


def run_paired(args: argparse.Namespace, held: HeldStatistics, metric: Metric, n: int) -> str:
    """Each system against the first (the baseline), as sacreBLEU's paired tests of ``n`` resamples or trials; JSON by
    default (sacreBLEU's list of ``{"system", "BLEU": {score, p_value, mean, ci}}``) or a text table."""
    from ..significance import significance_table  # lazy: numpy, kept out of start-up (--help imports none)

    bootstrap = bool(args.paired_bs)
    stats = held.statistics
    keys = [str(i) for i in range(len(stats))]  # file names may repeat across folders; rows follow -i's order
    table = significance_table(
        metric,
        dict(zip(keys, stats)),
        keys[0],
        held.nrefs,
        n if bootstrap else None,
        None if bootstrap else n,
        SEED,
    )
    if table.skipped:
        name, reason = table.skipped[0]
        raise ValueError(f"{held.system_names[int(name)]}: {reason}")
    rows: list[dict[str, float | None]] = [
        {
            "score": row.score,
            "p_value": row.p_bootstrap if bootstrap else row.p_randomization,
            "mean": row.mean,
            "ci": row.ci,
        }
        for row in table.rows
    ]
    names = [f"Baseline: {held.system_names[0]}", *held.system_names[1:]]
    base_score = metric.score_from_statistics(stats[0], held.nrefs)
    agreements = [row.agreement for row in table.rows] if args.human_agreement else None
    if args.format != "text":
        label = score_name(base_score)
        if agreements is not None:  # a key after sacreBLEU's four, only when asked
            for row, agreement in zip(rows, agreements):
                row["human_agreement"] = agreement.to_dict() if agreement is not None else None  # type: ignore[assignment]
        return json.dumps([{"system": name, label: row} for name, row in zip(names, rows)], indent=4) + "\n"
    equivalent = metric.sacrebleu_equivalent(held.nrefs).paired_signature("bs" if bootstrap else "ar", n, SEED)
    table_text = _paired_table(names, rows, bootstrap, n, args.width, score_name(base_score), base_score.signature)
    if agreements is not None:
        table_text = with_agreement_column(table_text, agreements, len(names))
    return table_text + _sacrebleu_paired_line(metric, equivalent, held.nrefs)


def _sacrebleu_paired_line(metric: Metric, signature: str | None, nrefs: int) -> str:
    """The text output's second signature: the one sacreBLEU 2.6 prints beside the same test, or the settings
    it has no equivalent for."""
    if signature is None:
        missing = ", ".join(metric.sacrebleu_equivalent(nrefs).missing)
        return f"# sacreBLEU 2.6 has no equivalent for {metric.printed_label}: {missing}\n"
    return f"# sacreBLEU 2.6: {metric.printed_label}|{signature}\n"


def _paired_table(
    names: list[str],
    rows: list[dict[str, float | None]],
    bootstrap: bool,
    n: int,
    width: int,
    label: str,
    signature: str,
) -> str:
    test = (
        f"Paired bootstrap resampling test with {n} resampling trials"
        if bootstrap
        else (f"Paired approximate randomization test with {n} trials")
    )
    header = ["System", label, "mean ± 95% CI" if bootstrap else "", "p-value"]
    lines = []
    for name, row in zip(names, rows):
        mean, ci, p = row["mean"], row["ci"], row["p_value"]
        lines.append(
            [
                name,
                f"{row['score']:.{width}f}",
                f"{mean:.{width}f} ± {ci:.{width}f}" if mean is not None and ci is not None else "",
                "" if p is None else f"{p:.4f}{' *' if p < 0.05 else ''}",
            ]
        )
    widths = [max(len(r[i]) for r in [header, *lines]) for i in range(4)]
    table = [
        "  ".join([r[0].ljust(widths[0]), *(r[i].rjust(widths[i]) for i in range(1, 4))]).rstrip()
        for r in [header, *lines]
    ]
    note = "* p < 0.05: the difference from the baseline is unlikely to be chance (same-system null hypothesis)."
    test_sig = _with_bootstrap(signature, "bs" if bootstrap else "ar", n)
    return "\n".join([test, f"{label}|{test_sig}", "", *table, "", note]) + "\n"


def score_name(score: Score) -> str:
    """The name sacreBLEU gives a score: BLEU, chrF2, chrF2++, TER."""
    return str(score.to_dict().get("name", ""))


def _merge_paired(outputs: list[str], json_format: bool) -> str:
    """Several metrics' paired tests: one row per system holding every metric (sacreBLEU's JSON),
    or the text tables one after another."""
    if not json_format:
        return "\n".join(outputs)

    tables = [json.loads(out) for out in outputs]
    merged = [{k: v for table in tables for k, v in table[i].items()} for i in range(len(tables[0]))]
    return json.dumps(merged, indent=4) + "\n"


def run_significance(args: argparse.Namespace, hypothesis_paths: list[str], metrics: Metric | list[Metric]) -> str:
    """--confidence (one system) or --paired-bs / --paired-ar (a baseline and systems), per metric."""
    if isinstance(metrics, list):
        outputs = [run_significance(args, hypothesis_paths, m) for m in metrics]
        if len(outputs) > 1 and (args.paired_bs or args.paired_ar):
            return _merge_paired(outputs, args.format != "text")
        return join_outputs(outputs, args, args.format != "text")
    metric = metrics
    if args.sentence_level:
        raise UsageError(f"significance tests and confidence intervals are for corpus {metric.label}, not -sl")
    paired = args.paired_bs or args.paired_ar
    if paired and args.confidence:
        raise UsageError("--confidence is for one system; paired tests already give each system's interval")
    if paired and len(hypothesis_paths) < 2:
        raise UsageError("paired tests need a baseline and at least one system: -i BASELINE SYSTEM [SYSTEM ...]")
    if not paired and len(hypothesis_paths) > 1:
        raise UsageError(
            f"--confidence takes one hypothesis file, got {len(hypothesis_paths)}; compare systems with --paired-bs"
        )
    if not paired:
        n = _samples(args.confidence_n, "--confidence-n")  # checked before the files are read
    else:
        n = (
            _samples(args.paired_bs_n, "--paired-bs-n")
            if args.paired_bs
            else _samples(args.paired_ar_n, "--paired-ar-n")
        )
    held = read_statistics(args.refs, hypothesis_paths, metric, args.num_refs, args.encoding)
    if paired:
        return run_paired(args, held, metric, n)
    return run_confidence(args, held, metric, n)
