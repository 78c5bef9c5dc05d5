"""A hypothesis drawn against its references as Explore draws a metric, for Compare's examples and its disagreement
examples: BLEU's n-gram chips (``bleucore.explain``), chrF's matched character 3-grams (Explore's first order shown)
against its best reference, TER's edit alignment. Nothing here reads the page's state."""

from __future__ import annotations

from collections.abc import Sequence
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
            + chrf_view.legend_html(order)
            + chrf_view.char_html(hypothesis, reference, order, _("Candidate"), chrf)
            + chrf_view.char_html(reference, hypothesis, order, label, chrf)
        )
    if metric_id == "ter":
        if ter_view.too_long(hypothesis, references):
            raise ValueError(_("TER is computed here for sentences of up to {n} words").format(n=ter_view.MAX_WORDS))
        return ter_view.alignment_html(ter_cache.ter_explanation(hypothesis, tuple(references), metric_options))
    result = explain(hypothesis, references, options)
    return highlight.orders_html(result.candidate, result.orders)
