"""bleucore's errors that reach a page, worded from their codes and fields in the session's language, never glued in
as bleucore's English (``str(err)`` is the command line's): an undefined BLEU by its reason
(``ui.metrics.bleu.wording``), a file's problem by its fields (``ui.metrics.imported.wording``, which words the
readers' errors too), TER's limit on a segment's word pairs and the buckets' limit on labels."""

from __future__ import annotations

from bleucore.buckets import TooManyLabels
from bleucore.reading import ReadingError, TerWordPairs
from ui.metrics.bleu import wording as bleu_wording
from ui.metrics.imported.wording import describe
from ui.shell.i18n import _


def error_text(err: BaseException) -> str:
    """``err`` in the page's language: a clause to put after "cannot be computed: " (its code's words), or bleucore's
    English only for an error no page was found to meet."""
    if isinstance(err, TerWordPairs):
        return ter_pairs(err.hypothesis_words, err.reference_words, err.limit)
    if isinstance(err, TooManyLabels):
        return _("the labels file has {count:,} distinct labels; at most {limit:,} are allowed").format(
            count=err.count, limit=err.limit
        )
    if isinstance(err, ReadingError):
        return describe(err).rstrip(".")
    return bleu_wording.reason_text(getattr(err, "reason", None), str(err))


def ter_pairs(hypothesis: int, reference: int, limit: int) -> str:
    """TER's limit on one segment's word pairs (``TerWordPairs``' fields), as a clause."""
    return _(
        "TER compares {hypothesis:,} hypothesis words with {reference:,} reference words in one segment; it "
        "compares at most {limit:,} word pairs (2,000 × 2,000)"
    ).format(hypothesis=hypothesis, reference=reference, limit=limit)


def left_out(err: TerWordPairs, metric: str, name: str) -> str:
    """Why ``metric`` is not shown: line ``err.index + 1`` of ``name`` is past TER's limit on word pairs."""
    return _(
        "{metric} is left out: line {line:,} of {name} has {hypothesis:,} words and its longest reference "
        "{reference:,}, and TER compares at most {limit:,} word pairs per segment (2,000 × 2,000). Split the line, "
        "or score these files with chrF."
    ).format(
        metric=metric,
        line=err.index + 1,
        name=name,
        hypothesis=err.hypothesis_words,
        reference=err.reference_words,
        limit=err.limit,
    )
