"""The metric protocol (sacreBLEU's ``metrics/base.py`` shape): options -> per-segment statistics
-> score from summed statistics -> score object -> signature.

Statistics are additive: a corpus score is computed from the column sums of per-segment
statistics, so corpus scores, sentence scores, chunked files and resampling share one path
(Post 2018). ``columns`` gives them as a float array, segments x F, whose row sums
``row_scores`` scores many at a time: the significance tests need nothing else.

Nothing here imports numpy: the command line loads every metric class for its ``--help``.
"""

from __future__ import annotations

import argparse
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import replace
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, cast

from .inputs import check_streams, chunk_bounds, reference_count

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from .row_statistics import RowStatistics
    from .sacrebleu_equivalent import SacrebleuEquivalent

    FloatArray = npt.NDArray[np.float64]

__all__ = ["Metric", "PackageMetric", "Score"]


class Score(Protocol):
    """What every score object offers: the number (sacreBLEU's 0-100 scale), the signature,
    ``format`` (``"NAME = <score> ..."``, sacreBLEU's text) and ``to_dict`` (JSON-ready)."""

    @property
    def score(self) -> float: ...
    @property
    def signature(self) -> str: ...
    def format(self, width: int = 2) -> str: ...
    def to_dict(self) -> dict[str, object]: ...


class Metric(ABC):
    """One metric with its options: ``Metric(options)``; ``options=None`` gives its defaults.

    A subclass sets ``name`` (its registry name), ``label`` (as printed: ``BLEU``),
    ``options_type`` (and ``higher_is_better = False`` for an error rate), and implements the abstract methods.
    Statistics objects have ``segments``,
    ``total()`` (one row, the column sums) and ``concatenate(parts)`` (as ``stats.Statistics``).

    Callers that know which system a text is (the report, Compare) ask ``statistics_for(system, ...)``: a metric
    whose scores were computed elsewhere (``imported.ImportedMetric``) looks them up by the system's name there, every
    other metric computes them from the text. ``mean_of_segments`` says the corpus value is the mean of per-segment
    scores (imported and human scores), which the ranking tests with Wilcoxon's signed-rank test on the segment
    values (``segment_values``), as WMT25 does; ``digits`` is how many decimals a table prints the value with.
    """

    name: ClassVar[str] = ""
    label: ClassVar[str] = ""
    options_type: ClassVar[type[Any]]
    #: False for an error rate (TER: fewer edits is better); paired tests word a difference by it. A class attribute
    #: that an instance may set (an imported metric's direction is its options').
    higher_is_better: bool = True
    #: True when the corpus value is the mean of the segments' values (``imported``): ranked by Wilcoxon's test.
    mean_of_segments: bool = False
    #: Decimals a report's tables print the value with (0-100 scores: 2; an imported 0-1 score: 4).
    digits: int = 2

    def __init__(self, options: Any = None) -> None:
        self.options = self.options_type() if options is None else options
        if not isinstance(self.options, self.options_type):
            raise TypeError(f"{self.label} takes {self.options_type.__name__}, got {type(self.options).__name__}")

    @property
    def printed_label(self) -> str:
        """The metric as its score line prints it: the options' own label where they name one (chrF2, chrF2++),
        else ``label``; it tells apart two settings of one metric in a table."""
        return str(getattr(self.options, "label", self.label))

    # --- statistics and scores ---------------------------------------------------------------

    @abstractmethod
    def statistics(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]], context: Any = None) -> Any:
        """Per-segment statistics; ``references[j][i]`` is reference j of segment i. ``context``
        (from ``chunk_context``) carries state across the chunks of one stream."""

    def statistics_for(self, system: str, hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> Any:
        """The statistics of the system called ``system`` whose output is ``hypotheses``: ``statistics`` of the text,
        unless the metric holds each system's scores (``imported.ImportedMetric``), which it looks up by name."""
        return self.statistics(hypotheses, references)

    def segment_values(self, stats: Any, nrefs: int | str = 1) -> FloatArray:
        """Each segment's value (its sentence score) as a float array: what a paired test on segments compares."""
        import numpy as np  # lazy: the command line's start-up imports this module

        return np.array([score.score for score in self.sentence_scores(stats, nrefs)], dtype=np.float64)

    def utf8_statistics(self, hypotheses: bytes, references: Sequence[bytes], lines: int, context: Any = None) -> Any:
        """``statistics`` of ``lines`` lines given as undecoded UTF-8 (split at b"\\n", the last newline optional;
        ``line_reader.LineReader.take_raw``), or None where the lines must be decoded first (the default: the
        caller then decodes them, checking them as it does, and calls ``statistics``)."""
        return None

    def systems_statistics(self, systems: Sequence[Sequence[str]], references: Sequence[Sequence[str]]) -> list[Any]:
        """The statistics of several systems against the same references (paired tests)."""
        return [self.statistics(hypotheses, references) for hypotheses in systems]

    def chunk_context(self, previous: Any = None) -> Any:
        """State shared by the chunks of one stream, given the previous chunk's (None: none)."""
        return None

    @abstractmethod
    def score_from_statistics(self, stats: Any, nrefs: int | str = 1) -> Score:
        """The corpus score: ``stats`` summed first, then scored."""

    @abstractmethod
    def sentence_scores(self, stats: Any, nrefs: int | str = 1) -> Sequence[Score]:
        """One score per segment of ``stats``; ``score.SegmentError`` (a ValueError with the
        segment's index) for a segment the options cannot score."""

    def corpus_score(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> Score:
        """The corpus score of ``hypotheses`` against reference streams: the statistics of ``inputs.CHUNK_CHARS``
        characters at a time, summed (they are additive), so the work's memory is bounded whatever the length."""
        bounds, nrefs = chunk_bounds(check_streams(hypotheses, references)), reference_count(references)
        if len(bounds) == 1:
            return self.score_from_statistics(self.statistics(hypotheses, references), nrefs)
        context, totals = None, []
        for start, end in bounds:
            context = self.chunk_context(context)
            stats = self.statistics(hypotheses[start:end], [stream[start:end] for stream in references], context)
            totals.append(stats.total())
        return self.score_from_statistics(type(totals[0]).concatenate(totals), nrefs)

    def sentence_score(self, hypothesis: str, references: Sequence[str]) -> Score:
        """The score of one hypothesis against its references."""
        if isinstance(references, str):
            raise ValueError("references must be a sequence of strings, got one string")
        stats = self.statistics([hypothesis], [[r] for r in references])
        return self.sentence_scores(stats, len(references))[0]

    @abstractmethod
    def signature(self, nrefs: int | str = 1) -> str:
        """Every option that changes the number, in one reproducible string."""

    def sacrebleu_equivalent(self, nrefs: int | str = 1, sentence_level: bool = False) -> SacrebleuEquivalent:
        """sacreBLEU 2.6's signature and command-line flags for these options, or what it has no equivalent for
        (a metric sacreBLEU does not have: the metric itself)."""
        from .sacrebleu_equivalent import SacrebleuEquivalent  # lazy: only the signature pages need it

        return SacrebleuEquivalent(None, (), (("metric", self.label),))

    # --- significance --------------------------------------------------------------------------

    @abstractmethod
    def columns(self, stats: Any) -> FloatArray:
        """The statistics as a float array, segments x F, additive over segments."""

    @abstractmethod
    def row_scores(self, rows: FloatArray, float32: bool = False) -> FloatArray:
        """The score of each row of summed ``columns`` (``float32``: sacreBLEU's bootstrap sums)."""

    # --- command line ----------------------------------------------------------------------------

    #: The module of the metric's command-line flags, imported only when the parser is built:
    #: it defines ``add_arguments(parser)`` and ``options_from_args(args)``. None: no flags.
    arguments_module: ClassVar[str | None] = None

    @classmethod
    def add_arguments(cls, parser: argparse.ArgumentParser) -> None:
        """Add the metric's argument group to the command line's parser."""
        if cls.arguments_module is not None:
            import_module(cls.arguments_module).add_arguments(parser)

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> Metric:
        """The metric with the options of a parsed command line."""
        if cls.arguments_module is None:
            return cls()
        return cls(import_module(cls.arguments_module).options_from_args(args))


StatsT = TypeVar("StatsT", bound="RowStatistics")
ScoreT = TypeVar("ScoreT", bound=Score)


class PackageMetric(Metric, Generic[StatsT, ScoreT]):
    """A metric whose pieces are modules of its own package under one set of names, imported on first use (so
    listing the metric imports no numpy): ``stats.statistics(hypotheses, references, options)`` giving
    ``RowStatistics``; and in ``score``: ``score_statistics(stats, options, nrefs)``, ``sentence_scores(stats,
    options, nrefs)``, ``signature(options, nrefs)``, ``sacrebleu_equivalent(options, nrefs)`` and
    ``row_scores(rows, options, float32)``; its command-line flags in ``arguments`` (``arguments_module``, unless
    the class names another or None). chrF and TER are built so; a new metric of that shape is its modules plus a
    three-line class."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "arguments_module" not in cls.__dict__:
            cls.arguments_module = f"{cls.__module__}.arguments"

    def _piece(self, module: str, name: str) -> Any:
        """``name`` from the metric package's ``module`` (a lazy import: numpy stays out of start-up)."""
        return getattr(import_module(f"{type(self).__module__}.{module}"), name)

    def statistics(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]], context: Any = None) -> StatsT:
        return cast(StatsT, self._piece("stats", "statistics")(hypotheses, references, self.options))

    def score_from_statistics(self, stats: StatsT, nrefs: int | str = 1) -> ScoreT:
        return cast(ScoreT, self._piece("score", "score_statistics")(stats, self.options, nrefs))

    def sentence_scores(self, stats: StatsT, nrefs: int | str = 1) -> list[ScoreT]:
        return cast("list[ScoreT]", self._piece("score", "sentence_scores")(stats, self.options, nrefs))

    def signature(self, nrefs: int | str = 1) -> str:
        return str(self._piece("score", "signature")(self.options, nrefs))

    def sacrebleu_equivalent(self, nrefs: int | str = 1, sentence_level: bool = False) -> SacrebleuEquivalent:
        equivalent: SacrebleuEquivalent = self._piece("score", "sacrebleu_equivalent")(self.options, nrefs)
        return replace(equivalent, flags=(*equivalent.flags, "-sl")) if sentence_level else equivalent

    def columns(self, stats: StatsT) -> FloatArray:
        return cast("FloatArray", stats.rows.astype("float64"))

    def row_scores(self, rows: FloatArray, float32: bool = False) -> FloatArray:
        return cast("FloatArray", self._piece("score", "row_scores")(rows, self.options, float32))
