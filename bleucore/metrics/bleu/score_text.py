"""The English of a score's own messages as the command line and JSON files print them.

Why here and not in ``ui/metrics/bleu/wording.py``: the CLI is not a screen. Its JSON (``BLEUScore.to_dict``,
also the app's download) is an output format that scripts read and tests compare word for word,
so its wording must not move when the app's wording is edited or translated. The app words the
same codes in ``ui/metrics/bleu/wording.py``, its one catalog; only a score's zero reasons, notes and reasons it
is undefined (the exception's message) are worded in both places.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from . import messages as m


def score_text(message: m.ZeroCause | m.ScoreNote | m.Undefined) -> str:
    """One zero reason, note or reason a score is undefined, as a lowercase clause without final full stop."""
    from . import messages as m  # lazy: made only for a message (10 ms to import)

    if isinstance(message, m.Method6NeedsOrder3):
        return f"nltk-method6 needs N >= 3 (NLTK reads p_3), got N = {message.max_order}"
    if isinstance(message, m.Method6NeedsTrigramMatch):
        return "nltk-method6 needs a non-zero trigram precision p_3 (NLTK asserts it), got 0"
    if isinstance(message, m.EmptyCandidate):
        return "the candidate is empty (c = 0), so it has no n-grams and the brevity penalty is 0"
    if isinstance(message, m.NoMatchAnyOrder):
        return "no n-gram of any order matches a reference"
    if isinstance(message, m.NoUnigramMatch):
        return "no unigram matches a reference"
    if isinstance(message, m.NltkMethod0Zero):
        return (
            f"no {message.order}-gram matches a reference; NLTK's method0 puts sys.float_info.min "
            f"({message.float_min:.3g}) in its place and prints a tiny positive number with a warning "
            "(about 1e-77 per such order at weight 1/4, 1e-155 for two); the exact answer is 0"
        )
    if isinstance(message, m.NltkMethod5AboveOne):
        return (
            "NLTK's method 5 averages each p_n with its neighbours starting from p_1 + 1, so a precision can "
            f"exceed 1 (here up to {message.max_precision:.4f}) and BLEU can exceed 100; kept for parity with NLTK 3.10"
        )
    if isinstance(message, m.NltkDropsZeroOrders):
        return (
            "NLTK 3.10 leaves out orders whose smoothed precision is still 0 instead of scoring 0 "
            "(the standard formula would give 0)"
        )
    return (
        "NLTK's corpus_bleu counts at least one n-gram per segment and order (max(1, t_n)), so segments "
        f"shorter than N add phantom n-grams; it would give {message.nltk_score:.4f} here, bleucore sums the real "
        "counts"
    )
