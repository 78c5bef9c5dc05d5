"""What Corpus and Compare share in their states: the input source, the pasted references, the BLEU options, the
metrics picked and their options, the sentence metric and the bucket section's choices (``PastedInputs``), read from
and written to the widgets under the page's prefix."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ui.inputs.sources import (
    BUCKET_KINDS,
    MAX_PASTED_REFERENCES,
    SOURCES,
    bucket_kind_key,
    bucket_metric_key,
    pasted_reference_key,
    ref_count_key,
    source_key,
)
from ui.links.codec import TEXT, LinkField, choice, choices, linked, texts
from ui.options import bleu as om
from ui.options import imported as mi
from ui.options import metrics as mo
from ui.shell import held
from ui.shell.i18n import N_
from ui.state.page import OPTIONS_LINK, REFERENCES_LINK

#: The preset both pages open with and reset to.
START_PRESET = om.SACREBLEU_NAME


@dataclass(frozen=True)
class PastedInputs:
    """The state Corpus and Compare share (each page's state adds its own fields): the input source, the pasted
    references, the BLEU options, the metrics picked (ids of ``ui.options.metrics``) and their options, and the
    imported metrics' names and directions (``ui.options.imported``; their score files are kept on the server, never
    in a link). A link leaves the metrics and their options out while they are the defaults (older links stay the
    same)."""

    source: str = linked("sample", LinkField("src", N_("input source")), choice(SOURCES))
    references: tuple[str, ...] = linked(("",), REFERENCES_LINK, texts(1, MAX_PASTED_REFERENCES), pasted=True)
    options: om.Choices = linked(om.SACREBLEU, OPTIONS_LINK, om.SECTION)
    metrics: tuple[str, ...] = linked(
        mo.DEFAULT, LinkField("m", N_("metrics")), choices(mo.CHOICE_IDS), omit_default=True
    )
    metric_options: mo.MetricSettings = linked(
        mo.DEFAULT_SETTINGS, LinkField("mo", N_("chrF and TER options")), mo.SECTION, omit_default=True
    )
    imported: mi.ImportedSettings = linked(
        mi.DEFAULT_SETTINGS, LinkField("imp", N_("imported metrics")), mi.SECTION, omit_default=True
    )
    #: The choices of the sections below the scores, each the option a person chose last ("": the first offered),
    #: kept while it is not offered (``ui.shell.held``): the metric the sentences are compared by, and the bucket
    #: section's kind of buckets and metric shown (its label).
    sentence_metric: str = linked(
        "", LinkField("sm", N_("sentence metric")), choice(("", *mo.CHOICE_IDS)), omit_default=True
    )
    bucket_kind: str = linked(
        BUCKET_KINDS[0], LinkField("bk", N_("kind of buckets")), choice(BUCKET_KINDS), omit_default=True
    )
    bucket_metric: str = linked("", LinkField("bm", N_("metric of the buckets")), TEXT, omit_default=True)


def options_under_o(data: dict[str, Any]) -> dict[str, Any]:
    """A version-1 link of Corpus or Compare, which kept the options under "o", as version 2 lays it out."""
    kept = {key: value for key, value in data.items() if key not in ("o", OPTIONS_LINK.key)}
    return {**kept, OPTIONS_LINK.key: data["o"]} if "o" in data else kept


def metrics_key(prefix: str) -> str:
    """The key of the metrics picked on Corpus or Compare (``prefix``)."""
    return f"{prefix}_metrics"


def sentence_metric_key(prefix: str) -> str:
    """The key of the metric the sentences are sorted or compared by on Corpus or Compare (``prefix``)."""
    return f"{prefix}_sentence_metric"


def shared_widget_values(prefix: str, state: PastedInputs) -> dict[str, Any]:
    """Widget key -> value of the fields Corpus and Compare share (``PastedInputs``), under ``<prefix>_`` keys."""
    refs = state.references[:MAX_PASTED_REFERENCES] or ("",)
    return {
        source_key(prefix): state.source,
        ref_count_key(prefix): len(refs),
        metrics_key(prefix): list(state.metrics),
        **mo.widget_values(prefix, state.metric_options),
        **mi.widget_values(prefix, state.imported),
        **{pasted_reference_key(prefix, i): refs[i] if i < len(refs) else "" for i in range(MAX_PASTED_REFERENCES)},
        **om.widget_values(om.OptionKeys(prefix), state.options),
        **held.wish_values(sentence_metric_key(prefix), state.sentence_metric),
        **held.wish_values(bucket_kind_key(prefix), state.bucket_kind),
        **held.wish_values(bucket_metric_key(prefix), state.bucket_metric),
    }


def read_shared(session: Mapping[str, Any], prefix: str) -> dict[str, Any]:
    """The shared fields the widgets hold now, as keyword arguments of ``CorpusState`` or ``CompareState``."""
    count = int(session[ref_count_key(prefix)] or 1)
    return {
        "source": session[source_key(prefix)],
        "references": tuple(session[pasted_reference_key(prefix, i)] for i in range(count)),
        "options": om.read(session, om.OptionKeys(prefix)),
        "metrics": mo.normalize(session.get(metrics_key(prefix), list(mo.DEFAULT))),
        "metric_options": mo.read(session, prefix),
        "imported": mi.read(session, prefix),
        "sentence_metric": one_of(held.wish(session, sentence_metric_key(prefix), ""), mo.CHOICE_IDS, ""),
        "bucket_kind": one_of(held.wish(session, bucket_kind_key(prefix), ""), BUCKET_KINDS, BUCKET_KINDS[0]),
        "bucket_metric": one_of(held.wish(session, bucket_metric_key(prefix), ""), None, ""),
    }


def one_of(value: Any, options: Sequence[str] | None, default: str) -> str:
    """A choice's value as a state holds it: one of ``options`` (any text when None), else ``default``."""
    return value if isinstance(value, str) and (options is None or value in options) else default
