"""A metric whose segment scores were computed elsewhere (COMET, xCOMET and MetricX on a GPU, human DA, ESA or MQM
scores), a metric like the others everywhere in the report and on the Compare page.

The seams other code builds on (the Compare page, issue 38's agreement and meta-evaluation):

* ``ImportedMetric(ImportedOptions(name, higher_is_better), {system: scores})`` (or ``imported_metric(name,
  {system: [float, ...]})``, re-exported by ``bleucore.metrics``) holds each system's ``SegmentScores``
  (``scores``: a float64 array, and xCOMET's per-segment ``ErrorSpan``s where the file had them). It is not a
  ``-m`` choice of the command line: it needs the data.
* Its statistics are looked up by system: ``metric.statistics_for(system, hypotheses, references)`` (every metric
  has it; the others compute from the text). They are ``ImportedStatistics``, a row ``(value, 1)`` per segment, so
  the corpus value (the column sums' ratio) is the mean of the segment scores, a bucket's value the mean of its
  segments', and a bootstrap resample's the mean of the segments it drew: intervals and p-values come from the same
  draws (same seed) as BLEU's, chrF's and TER's. Its sentence scores are the segment values; ``mean_of_segments`` is
  True, so the ranking (``bleucore.significance.ranking``) tests it with Wilcoxon's signed-rank test, as WMT25.
* Its signature is ``imported|higher:yes|version:...`` (printed ``COMET|imported|...``); sacreBLEU has no equivalent
  (``sacrebleu_equivalent`` says so).
* Files: ``readers.parse_scores`` (bytes of plain numbers, COMET's printed output or its ``--to_json``, MetricX's
  JSONL, told apart by their content, every value checked before any arithmetic by ``bleucore.reading``),
  ``files.assign_scores`` (files to systems: one per system, or one for all matched by path, name, then file name),
  ``files.read_score_files`` (the same from paths, within ``bleucore.limits``) and ``files.format_direction`` (the
  direction the files' format says: MetricX's JSONL is lower-is-better). Bad input is a typed
  ``bleucore.reading.ReadingError`` (``errors``; a count that differs from the references' is ``LineCountMismatch``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ... import __version__, limits
from ...lazy import lazy_attributes
from ..base import Metric
from ..inputs import check_streams
from .errors import (
    BadScoreFile,
    MissingSystem,
    NotAScore,
    ScoreFileCount,
    ScoreFileTooLarge,
    SegmentMissing,
    TooManyImported,
    TooManySystems,
)
from .options import MAX_NAME_CHARS, ImportedOptions

if TYPE_CHECKING:
    from ..sacrebleu_equivalent import SacrebleuEquivalent
    from .files import assign_scores, format_direction, read_score_files
    from .problems import (
        FileProblem,
        JsonSyntax,
        NoPrediction,
        NoScore,
        NoScoreKey,
        NotAnObject,
        NotPrintedLine,
        NotSegments,
        NotSystems,
        OnlySystemScores,
        PredictionNotNumber,
        ScoreNotNumber,
        SecondJsonValue,
        SegmentPastLines,
        SystemIdMismatch,
        SystemIdNotName,
    )
    from .readers import ScoreFile, parse_scores
    from .scores import ErrorSpan, FloatArray, ImportedScore, ImportedStatistics, SegmentScores

#: What the app and other callers use from this package's modules (numpy), loaded on first use (PEP 562).
_EXPORTS: dict[str, tuple[str, ...]] = {
    "files": ("assign_scores", "format_direction", "read_score_files"),
    "problems": (
        "FileProblem",
        "JsonSyntax",
        "NoPrediction",
        "NoScore",
        "NoScoreKey",
        "NotAnObject",
        "NotPrintedLine",
        "NotSegments",
        "NotSystems",
        "OnlySystemScores",
        "PredictionNotNumber",
        "ScoreNotNumber",
        "SecondJsonValue",
        "SegmentPastLines",
        "SystemIdMismatch",
        "SystemIdNotName",
    ),
    "readers": ("ScoreFile", "parse_scores"),
    "scores": ("ErrorSpan", "ImportedScore", "ImportedStatistics", "SegmentScores"),
}
__getattr__ = lazy_attributes(__name__, _EXPORTS, globals())
__all__ = [
    "MAX_NAME_CHARS",
    "BadScoreFile",
    "ErrorSpan",
    "FileProblem",
    "ImportedMetric",
    "ImportedOptions",
    "ImportedScore",
    "ImportedStatistics",
    "JsonSyntax",
    "MissingSystem",
    "NoPrediction",
    "NoScore",
    "NoScoreKey",
    "NotAScore",
    "NotAnObject",
    "NotPrintedLine",
    "NotSegments",
    "NotSystems",
    "OnlySystemScores",
    "PredictionNotNumber",
    "ScoreFile",
    "ScoreFileCount",
    "ScoreFileTooLarge",
    "ScoreNotNumber",
    "SecondJsonValue",
    "SegmentMissing",
    "SegmentPastLines",
    "SegmentScores",
    "SystemIdMismatch",
    "SystemIdNotName",
    "TooManyImported",
    "TooManySystems",
    "assign_scores",
    "format_direction",
    "imported_metric",
    "parse_scores",
    "read_score_files",
]


class ImportedMetric(Metric):
    """The segment scores of each system (``scores``: system name -> ``SegmentScores``) under ``options``' name and
    direction. Values are kept on their own scale (COMET's 0-1, MetricX's 0-25, DA's 0-100)."""

    name = "imported"
    label = "imported"
    options_type = ImportedOptions
    mean_of_segments = True
    digits = 4
    options: ImportedOptions

    def __init__(self, options: ImportedOptions, scores: Mapping[str, SegmentScores | Sequence[float]]) -> None:
        from .scores import as_segment_scores  # lazy: numpy, kept out of the metrics registry's import

        super().__init__(options)
        if len(scores) > limits.MAX_SYSTEMS:
            raise TooManySystems(len(scores), limits.MAX_SYSTEMS)
        self.higher_is_better = options.higher_is_better
        self.scores: dict[str, SegmentScores] = {
            system: as_segment_scores(values, system) for system, values in scores.items()
        }

    def _scores_of(self, system: str) -> SegmentScores:
        if system not in self.scores:
            held = ", ".join(self.scores) or "none"
            raise ValueError(f"{self.options.name} has no scores for the system {system} (it has: {held})")
        return self.scores[system]

    # --- statistics and scores ---------------------------------------------------------------

    def statistics(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]], context: Any = None) -> Any:
        """An imported metric's scores belong to a system, not to a text: ``statistics_for(system, ...)``."""
        raise ValueError(
            f"{self.options.name} holds scores per system, not per text: ask statistics_for(system, hypotheses, "
            "references)"
        )

    def statistics_for(
        self, system: str, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
    ) -> ImportedStatistics:
        """The system's segment scores as statistics; ValueError unless it has one score per hypothesis."""
        from .scores import ImportedStatistics  # lazy: numpy

        check_streams(hypotheses, references)
        scores = self._scores_of(system)
        if scores.segments != len(hypotheses):
            raise ValueError(
                f"{self.options.name} has {scores.segments:,} scores for the system {system}, which has "
                f"{len(hypotheses):,} lines"
            )
        return ImportedStatistics.of(scores.values)

    def _score(self, value: float, segments: int, nrefs: int | str) -> ImportedScore:
        from .scores import ImportedScore  # lazy: numpy

        return ImportedScore(value, self.options.name, self.signature(nrefs), segments)

    def score_from_statistics(self, stats: ImportedStatistics, nrefs: int | str = 1) -> ImportedScore:
        """The mean of the segment scores."""
        if stats.segments == 0:
            raise ValueError(f"{self.options.name} of no segment: there is no score to average")
        total = math.fsum(stats.rows[:, 0].tolist())  # correctly rounded: the ranking sorts by it, as WMT25 by
        return self._score(total / float(stats.rows[:, 1].sum()), stats.segments, nrefs)  # statistics.mean

    def sentence_scores(self, stats: ImportedStatistics, nrefs: int | str = 1) -> list[ImportedScore]:
        return [self._score(value, 1, nrefs) for value in stats.rows[:, 0].tolist()]

    def segment_values(self, stats: ImportedStatistics, nrefs: int | str = 1) -> FloatArray:
        return stats.rows[:, 0].copy()

    def signature(self, nrefs: int | str = 1) -> str:
        """``imported|higher:yes|version:0.1.0``: the values are the file's, averaged; the direction is the user's."""
        return f"imported|higher:{'yes' if self.higher_is_better else 'no'}|version:{__version__}"

    def sacrebleu_equivalent(self, nrefs: int | str = 1, sentence_level: bool = False) -> SacrebleuEquivalent:
        from ..sacrebleu_equivalent import SacrebleuEquivalent  # lazy: only the signature pages need it

        return SacrebleuEquivalent(None, (), (("metric", f"{self.options.name} (segment scores read from a file)"),))

    # --- significance --------------------------------------------------------------------------

    def columns(self, stats: ImportedStatistics) -> FloatArray:
        return stats.rows.astype("float64")

    def row_scores(self, rows: FloatArray, float32: bool = False) -> FloatArray:
        """The mean of each row's segments (rows of summed ``[value, 1]``); 0 for a row of no segment, as every
        metric scores a bucket a resample did not draw from. float64 always: sacreBLEU has no such metric."""
        import numpy as np  # lazy: numpy

        counts = rows[:, 1]
        out: FloatArray = np.divide(rows[:, 0], counts, out=np.zeros(rows.shape[0]), where=counts > 0)
        return out


def imported_metric(
    name: str, scores: Mapping[str, SegmentScores | Sequence[float]], higher_is_better: bool = True
) -> ImportedMetric:
    """A metric called ``name`` from each system's segment scores (system name -> one number per segment)."""
    return ImportedMetric(ImportedOptions(name, higher_is_better), scores)
