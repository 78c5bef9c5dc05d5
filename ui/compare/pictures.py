"""A hypothesis drawn against its references as Explore draws a metric, for Compare's examples and its disagreement
examples: BLEU's n-gram chips (``bleucore.explain``: the unigrams, the other orders a click away), chrF's matched
character 3-grams (Explore's first order shown) against its best reference, TER's edit alignment. The legend is drawn
once for a section (``legend_html``), not beside each hypothesis, and each hypothesis shows its line as plain text
first (``line_html``). Nothing here reads the page's state."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from bleucore import BleuOptions, explain
from ui.metrics.bleu import highlight
from ui.metrics.chrf import cache as chrf_cache
from ui.metrics.chrf import view as chrf_view
from ui.metrics.ter import cache as ter_cache
from ui.metrics.ter import view as ter_view
from ui.shell.i18n import _

#: The character n-gram order of the chrF highlight (Explore's chrF tab opens on it).
CHRF_ORDER = 3


def picture(
    metric_id: str, hypothesis: str, references: Sequence[str], options: BleuOptions, metric_options: Any = None
) -> str:
    """The hypothesis highlighted against the references as Explore draws ``metric_id`` (escaped HTML), under
    ``options`` (BLEU) or ``metric_options`` (chrF's or TER's; None: sacreBLEU's defaults)."""
    if metric_id in ("chrf", "chrf++"):
        explanation = chrf_cache.chrf_explanation(hypothesis, tuple(references), metric_options)
        reference = references[explanation.reference_index]
        label = _("Reference {position}").format(position=explanation.reference_index + 1)
        order, chrf = min(CHRF_ORDER, explanation.options.char_order), explanation.options
        return (
            chrf_view.STYLE
            + chrf_view.char_html(hypothesis, reference, order, _("Candidate"), chrf)
            + chrf_view.char_html(reference, hypothesis, order, label, chrf)
        )
    if metric_id == "ter":
        if ter_view.too_long(hypothesis, references):
            raise ValueError(_("TER is computed here for sentences of up to {n} words").format(n=ter_view.MAX_WORDS))
        return ter_view.alignment_html(ter_cache.ter_explanation(hypothesis, tuple(references), metric_options))
    result = explain(hypothesis, references, options)
    return highlight.one_order_html(result.candidate, result.orders)


def legend_html(metric_id: str, metric_options: Any = None) -> str:
    """The legend of ``metric_id``'s pictures, once for a section ("": TER's edits carry their marks and words)."""
    if metric_id in ("chrf", "chrf++"):
        order = CHRF_ORDER if metric_options is None else min(CHRF_ORDER, metric_options.char_order)
        return f'<div class="chrf-legend">{chrf_view.legend_html(order)}</div>'  # its style comes with each picture
    if metric_id == "ter":
        return ""
    return highlight.legend_html()


LINE_STYLE = "<style>.hyp-line{line-height:1.9;margin:.2rem 0 .4rem;overflow-wrap:anywhere;}</style>"


def line_html(text: str) -> str:
    """A hypothesis as plain text, escaped (as a line with error spans is shown, without them)."""
    return f'{LINE_STYLE}<div class="hyp-line">{escape(text)}</div>'
