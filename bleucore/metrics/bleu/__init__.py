"""BLEU (Papineni et al. 2002) behind the metric protocol, numbers identical to sacreBLEU 2.6 and NLTK 3.10.

One module per piece: ``options``; statistics (``ngrams``, ``lengths``, ``stats``, and the fast
path ``fast`` + ``ngram_matches``); ``smoothing``; ``score`` and ``row_scores`` (many rows at
once); ``signatures``; ``from_text`` (corpus and sentence BLEU of text); the explanation
(``explanation``, ``breakdown``, ``diagnosis``, ``variants``, coded in ``messages``); and
``arguments``, the command-line group. This class joins them; heavy modules (numpy) are
imported by the methods, so listing the metric stays light.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ...lazy import lazy_attributes
from ..base import Metric
from .options import (
    MAX_ORDER_LIMIT,
    REF_LENGTH_RULES,
    SMOOTHING_DEFAULTS,
    SMOOTHING_METHODS,
    TOKENIZER_NAMES,
    VARIANTS,
    BleuOptions,
    WeightsError,
    parse_weights,
    uniform_weights,
)
from .signatures import sacrebleu_equivalent, signature

if TYPE_CHECKING:
    from ..sacrebleu_equivalent import SacrebleuEquivalent
    from .score import BLEUScore
    from .stats import FloatArray, Statistics

__all__ = [
    "BLEU",
    "MAX_ENCODER_BYTES",
    "MAX_ORDER_LIMIT",
    "REF_LENGTH_RULES",
    "SMOOTHING_DEFAULTS",
    "SMOOTHING_METHODS",
    "TOKENIZER_NAMES",
    "VARIANTS",
    "BleuOptions",
    "Ngram",
    "Occurrence",
    "ReferenceOccurrence",
    "SegmentError",
    "Undefined",
    "WeightsError",
    "clipped_counts",
    "corpus_clipped_counts",
    "count_ngrams",
    "explain",
    "iter_row_scores",
    "matched_ngrams",
    "max_reference_counts",
    "messages",
    "parse_weights",
    "uniform_weights",
    "used_weights",
]

#: What ui/ and other callers use from this package's modules, loaded on first use (PEP 562).
_EXPORTS: dict[str, tuple[str, ...]] = {
    "breakdown": ("Occurrence", "ReferenceOccurrence"),
    "explanation": ("explain",),
    "matched": ("corpus_clipped_counts", "matched_ngrams"),
    # the module itself: its 35 dataclasses cost 10 ms, which a score without a message saves
    "messages": ("Undefined", "messages"),
    "ngrams": ("Ngram", "clipped_counts", "count_ngrams", "max_reference_counts"),
    "score": ("SegmentError", "iter_row_scores", "used_weights"),
}
__getattr__ = lazy_attributes(__name__, _EXPORTS, globals())

#: A chunked stream starts a new token vocabulary past this many bytes of it (``TokenEncoder.nbytes``: about 50 bytes a
#: word, so some 400,000 words; a 1M-line file of WMT22-shaped text holds 2M): bounded memory (issue 41).
MAX_ENCODER_BYTES = 20 << 20


class BLEU(Metric):
    """BLEU with ``BleuOptions`` (sacreBLEU's corpus defaults when None)."""

    name = "bleu"
    arguments_module = f"{__name__}.arguments"
    label = "BLEU"
    options_type = BleuOptions
    options: BleuOptions

    def statistics(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]], context: Any = None
    ) -> Statistics:
        from .fast import text_statistics  # lazy: numpy, kept out of start-up (--help imports none)

        return text_statistics(hypotheses, references, self.options, context)

    def utf8_statistics(
        self, hypotheses: bytes, references: Sequence[bytes], lines: int, context: Any = None
    ) -> Statistics | None:
        from .fast import utf8_statistics  # lazy: numpy, kept out of start-up (--help imports none)

        return utf8_statistics(hypotheses, references, lines, self.options, context)

    def systems_statistics(
        self, systems: Sequence[Sequence[str]], references: Sequence[Sequence[str]]
    ) -> list[Statistics]:
        from .fast import systems_statistics  # lazy: numpy, kept out of start-up (--help imports none)

        return systems_statistics(systems, references, self.options)  # references tokenized once

    def chunk_context(self, previous: Any = None) -> Any:
        """One ``TokenEncoder`` for the chunks of a stream, renewed past ``MAX_ENCODER_BYTES``."""
        from ...tokenizers import TokenEncoder  # lazy: numpy, kept out of start-up (--help imports none)

        if isinstance(previous, TokenEncoder) and previous.nbytes <= MAX_ENCODER_BYTES:
            return previous
        return TokenEncoder(self.options.tokenize, self.options.lowercase)

    def score_from_statistics(self, stats: Statistics, nrefs: int | str = 1) -> BLEUScore:
        from .score import score_statistics  # lazy: numpy, kept out of start-up (--help imports none)

        return score_statistics(stats, self.options, nrefs)

    def sentence_scores(self, stats: Statistics, nrefs: int | str = 1) -> list[BLEUScore]:
        # lazy: numpy, kept out of start-up (--help imports none)
        from .sentence_rows import sentence_scores_from_statistics

        return sentence_scores_from_statistics(stats, self.options, nrefs)

    def sentence_lines(
        self,
        stats: Statistics,
        nrefs: int | str,
        json_format: bool,
        width: int,
        score_only: bool = False,
        shorten: Callable[[str], str] | None = None,
    ) -> Iterator[str] | None:
        """The command line's ``-sl`` lines of a chunk, scored at once (``sentence_rows``) and
        formatted a batch at a time, or None where the options are scored row by row (NLTK's)."""
        from .sentence_rows import covered, sentence_rows  # lazy: numpy, kept out of start-up (--help imports none)

        if not covered(self.options):
            return None
        rows = sentence_rows(stats, self.options, nrefs)
        text_signature = shorten(rows.signature) if shorten else None
        return rows.iter_lines(json_format, width, score_only, text_signature)

    def signature(self, nrefs: int | str = 1) -> str:

        return signature(self.options, nrefs)

    def sacrebleu_equivalent(self, nrefs: int | str = 1, sentence_level: bool = False) -> SacrebleuEquivalent:
        return sacrebleu_equivalent(self.options, nrefs, sentence_level)

    def columns(self, stats: Statistics) -> FloatArray:
        from .row_scores import columns  # lazy: numpy, kept out of start-up (--help imports none)

        return columns(stats, self.options)

    def row_scores(self, rows: FloatArray, float32: bool = False) -> FloatArray:
        from .row_scores import row_scores  # lazy: numpy, kept out of start-up (--help imports none)

        return row_scores(rows, self.options, float32)
