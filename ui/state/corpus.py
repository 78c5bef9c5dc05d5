"""State of the Corpus page: session keys, widget values, and the link that reproduces them.

Keys are prefixed ``corpus_`` and listed here; what the page shares with Compare (the input sources and their keys,
the pasted references, the options and metrics) is ``ui.state.inputs`` and ``ui.inputs.sources``, and the
mechanism that restores keys after a page switch and links a state without its pasted texts is ``ui.state.page``.
The shareable part (options, pasted texts when short enough, the chosen line) is mirrored in the query parameter
``s``; uploaded files never are. The options are ``ui.options.bleu.Choices``, as on Explore; their widgets are
``ui.options.sidebar``. The Score doctor draws Corpus's input widgets and saves this state too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bleucore.metrics.bleu import MAX_ORDER_LIMIT
from bleucore.metrics.chrf import MAX_CHAR_ORDER
from ui.inputs.sources import (
    hypothesis_file_key,
    hypothesis_paste_key,
    hypothesis_upload_key,
    pasted_reference_key,
    ref_count_key,
    references_upload_key,
    source_key,
)
from ui.links.codec import TEXT, LinkField, linked, whole
from ui.options import bleu as om
from ui.options.metrics import CHRF_FIRST_ORDER
from ui.shell import held
from ui.shell.i18n import N_
from ui.state.inputs import (
    PastedInputs,
    metrics_key,
    one_of,
    options_under_o,
    read_shared,
    sentence_metric_key,
    shared_widget_values,
)
from ui.state.page import StatePage


@dataclass(frozen=True)
class CorpusState(PastedInputs):
    """The Corpus page's shareable state: the inputs it shares with Compare, the pasted hypothesis, and the line
    explained (1-based; 0, left out of links, is the worst sentence)."""

    hypothesis: str = linked("", LinkField("h", N_("hypothesis")), TEXT, pasted=True)
    #: The uploaded output scored ("": the one uploaded last), among those Corpus shares with Compare.
    hypothesis_file: str = linked("", LinkField("hf", N_("hypothesis file")), TEXT, omit_default=True)
    line: int = linked(0, LinkField("line", N_("line")), whole(0, 10_000_000), omit_default=True)
    #: The line's n-gram order shown (0: every order) and character n-gram order shown (chrF), each kept while the
    #: options offer fewer orders (``ui.shell.held``).
    order: int = linked(1, LinkField("no", N_("n-gram order")), whole(0, MAX_ORDER_LIMIT), omit_default=True)
    chrf_order: int = linked(
        CHRF_FIRST_ORDER, LinkField("co", N_("character n-gram order")), whole(1, MAX_CHAR_ORDER), omit_default=True
    )


CORPUS = om.OptionKeys("corpus")
CORPUS_SOURCE = source_key("corpus")
CORPUS_HYP_UPLOAD = hypothesis_upload_key("corpus")
CORPUS_REF_UPLOAD = references_upload_key("corpus")
CORPUS_HYP_PASTE = hypothesis_paste_key("corpus")
CORPUS_HYP_FILE = hypothesis_file_key("corpus")
CORPUS_REF_COUNT = ref_count_key("corpus")
CORPUS_LINE = "corpus_line"
CORPUS_ORDER = "corpus_explain_order"
#: The character n-gram order a line explained by chrF highlights.
CORPUS_CHRF_ORDER = "corpus_explain_chrf_order"
#: The metric the sentence table sorts by and the line is explained by (one of the picked metrics).
CORPUS_SENTENCE_METRIC = sentence_metric_key("corpus")
CORPUS_TABLE = "corpus_table"
CORPUS_LAST_SELECTION = "corpus_last_selection"
CORPUS_LAST_INPUT = "corpus_last_input"
CORPUS_METRICS = metrics_key("corpus")


def corpus_ref_key(index: int) -> str:
    """The key of the pasted reference text area ``index`` (0-based) on the Corpus page."""
    return pasted_reference_key("corpus", index)


def corpus_widget_values(state: CorpusState) -> dict[str, Any]:
    """Widget key -> value that shows a CorpusState (line 0, "the worst", is chosen once the table exists)."""
    values = {
        **shared_widget_values("corpus", state),
        CORPUS_HYP_PASTE: state.hypothesis,
        **held.wish_values(CORPUS_HYP_FILE, state.hypothesis_file),
        **held.wish_values(CORPUS_ORDER, state.order),
        **held.wish_values(CORPUS_CHRF_ORDER, state.chrf_order),
    }
    if state.line > 0:
        values[CORPUS_LINE] = state.line
    return values


def read_corpus(session: Mapping[str, Any]) -> CorpusState:
    """The Corpus state the widgets hold now."""
    line = session.get(CORPUS_LINE)
    return CorpusState(
        hypothesis=session[CORPUS_HYP_PASTE],
        hypothesis_file=one_of(held.wish(session, CORPUS_HYP_FILE, ""), None, ""),
        line=int(line) if isinstance(line, (int, float)) else 0,
        order=_order(held.wish(session, CORPUS_ORDER, 1), 1),
        chrf_order=_order(held.wish(session, CORPUS_CHRF_ORDER, CHRF_FIRST_ORDER), CHRF_FIRST_ORDER),
        **read_shared(session, "corpus"),
    )


def _order(value: Any, default: int) -> int:
    return value if type(value) is int else default


PAGE = StatePage("corpus", CorpusState(), corpus_widget_values, options_under_o)
