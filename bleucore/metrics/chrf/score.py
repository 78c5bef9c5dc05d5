"""chrF scores from statistics: the score object, corpus and sentence scores, and the signature."""

from __future__ import annotations

from dataclasses import dataclass

from ... import __version__
from ..sacrebleu_equivalent import SacrebleuEquivalent, with_sacrebleu_version
from .fscore import FloatArray, f_scores
from .options import ChrfOptions
from .stats import ChrfStatistics

__all__ = ["CHRFScore", "row_scores", "sacrebleu_equivalent", "score_statistics", "sentence_scores", "signature"]


def signature(options: ChrfOptions, nrefs: int | str = 1) -> str:
    """sacreBLEU's chrF signature: ``nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:...``."""
    return "|".join(
        [
            f"nrefs:{nrefs}",
            f"case:{'lc' if options.lowercase else 'mixed'}",
            f"eff:{'no' if options.eps_smoothing else 'yes'}",
            f"nc:{options.char_order}",
            f"nw:{options.word_order}",
            f"space:{'yes' if options.whitespace else 'no'}",
            f"version:{__version__}",
        ]
    )


def sacrebleu_equivalent(options: ChrfOptions, nrefs: int | str = 1) -> SacrebleuEquivalent:
    """sacreBLEU 2.6's chrF signature and ``sacrebleu -m chrf`` flags (every option has one; its signature
    leaves out β)."""
    default = ChrfOptions()
    flags = ["-m", "chrf"]
    for name, flag in (
        ("char_order", "--chrf-char-order"),
        ("word_order", "--chrf-word-order"),
        ("beta", "--chrf-beta"),
    ):
        if getattr(options, name) != getattr(default, name):
            flags += [flag, str(getattr(options, name))]
    for name, flag in (
        ("whitespace", "--chrf-whitespace"),
        ("lowercase", "--chrf-lowercase"),
        ("eps_smoothing", "--chrf-eps-smoothing"),
    ):
        if getattr(options, name):
            flags.append(flag)
    unsigned = (f"β = {options.beta}",) if options.beta != default.beta else ()
    return SacrebleuEquivalent(with_sacrebleu_version(signature(options, nrefs)), tuple(flags), (), unsigned)


@dataclass(frozen=True)
class CHRFScore:
    """A chrF result on sacreBLEU's 0-100 scale, with the summed statistics that produced it
    (per order ``[hyp, ref, match]``: character orders, then word orders)."""

    score: float
    statistics: tuple[int, ...]
    options: ChrfOptions
    signature: str

    @property
    def name(self) -> str:
        """``chrF2`` or ``chrF2++``."""
        return self.options.label

    def format(self, width: int = 2) -> str:
        """sacreBLEU's text: ``chrF2 = 59.73``."""
        return f"{self.name} = {self.score:.{width}f}"

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: name, score, signature, options and the statistics."""
        o = self.options
        return {
            "name": self.name,
            "score": self.score,
            "signature": self.signature,
            "char_order": o.char_order,
            "word_order": o.word_order,
            "beta": o.beta,
            "statistics": list(self.statistics),
        }


def _score(row: list[int], score: float, options: ChrfOptions, nrefs: int | str) -> CHRFScore:
    return CHRFScore(float(score), tuple(int(v) for v in row), options, signature(options, nrefs))


def score_statistics(stats: ChrfStatistics, options: ChrfOptions, nrefs: int | str = 1) -> CHRFScore:
    """Corpus chrF: F-beta of the summed statistics."""
    total = stats.total().rows
    return _score(total[0].tolist(), float(f_scores(total, options)[0]), options, nrefs)


def sentence_scores(stats: ChrfStatistics, options: ChrfOptions, nrefs: int | str = 1) -> list[CHRFScore]:
    """One chrF per segment (sacreBLEU's ``sentence_score``)."""
    scores = f_scores(stats.rows, options).tolist()
    return [_score(row, s, options, nrefs) for row, s in zip(stats.rows.tolist(), scores)]


def row_scores(rows: FloatArray, options: ChrfOptions, float32: bool = False) -> FloatArray:
    """chrF of each row of summed statistics (``float32``: sacreBLEU's bootstrap arithmetic)."""
    return f_scores(rows, options, float32)
