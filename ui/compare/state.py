"""State of the Compare page: session keys, widget values, and the link that reproduces them.

Keys are prefixed ``compare_`` and listed here; what the page shares with Corpus is
``ui.links.page_state``. The shareable part (options, pasted texts when short enough, the test
settings) is mirrored in the query parameter ``s`` through ``ui.links.share``; uploaded files never are.
The test settings default to sacreBLEU's (``bleucore.resampling``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bleucore.significance import AR_TRIALS, BOOTSTRAP_SAMPLES, SEED
from ui.links.page_state import (
    SHARED_FIELDS, StatePage, metrics_key, pasted_reference_key, read_shared, ref_count_key, shared_link_data,
    shared_link_fields, shared_widget_values, source_key,
)
from ui.links.share import LinkField, LinkReader, make_link, open_link
from ui.metrics import choice as mc
from ui.metrics import options as mo
from ui.metrics.bleu import options as om
from ui.shell.i18n import N_

MAX_PASTED_SYSTEMS = 6
MAX_BOOTSTRAP_SAMPLES = 10_000
MAX_AR_TRIALS = 100_000
MAX_SEED = 2**32 - 1


@dataclass(frozen=True)
class CompareState:
    """The Compare page's shareable state. ``references``/``systems`` are pasted texts."""

    source: str = "sample"
    references: tuple[str, ...] = ("",)
    systems: tuple[str, ...] = ("", "")
    n_samples: int = BOOTSTRAP_SAMPLES
    n_trials: int = AR_TRIALS
    seed: int = SEED
    options: om.Choices = field(default_factory=lambda: om.SACREBLEU)
    metrics: tuple[str, ...] = mc.DEFAULT  # ids of ui.metrics.choice
    metric_options: mo.MetricSettings = mo.DEFAULT_SETTINGS
    baseline: str = ""  # the baseline system's name ("": the first system)


COMPARE = om.OptionKeys("compare")
COMPARE_SOURCE = source_key("compare")
COMPARE_REF_UPLOAD = "compare_ref_upload"
COMPARE_SYS_UPLOAD = "compare_sys_upload"
COMPARE_EXTRA_UPLOAD = "compare_extra_upload"
COMPARE_REF_COUNT = ref_count_key("compare")
COMPARE_SYS_COUNT = "compare_sys_count"
COMPARE_BASELINE = "compare_baseline"
COMPARE_OTHER = "compare_other"
COMPARE_SAMPLES = "compare_samples"
COMPARE_TRIALS = "compare_trials"
COMPARE_SEED = "compare_seed"
COMPARE_NGRAM_ORDER = "compare_ngram_order"
COMPARE_METRICS = metrics_key("compare")
COMPARE_SENTENCE_METRIC = "compare_sentence_metric"
COMPARE_EXAMPLES = "compare_examples"


def compare_ref_key(index: int) -> str:
    """The key of the pasted reference text area ``index`` (0-based) on the Compare page."""
    return pasted_reference_key("compare", index)


def compare_sys_key(index: int) -> str:
    """The key of the pasted system text area ``index`` (0-based) on the Compare page."""
    return f"compare_sys_paste_{index}"


def compare_widget_values(state: CompareState) -> dict[str, Any]:
    """Widget key -> value that shows a CompareState."""
    systems = state.systems[:MAX_PASTED_SYSTEMS]
    systems = systems + ("",) * (2 - len(systems)) if len(systems) < 2 else systems
    values = {
        **shared_widget_values("compare", state),
        COMPARE_SYS_COUNT: len(systems),
        COMPARE_SAMPLES: state.n_samples,
        COMPARE_TRIALS: state.n_trials,
        COMPARE_SEED: state.seed,
        COMPARE_BASELINE: state.baseline,
    }
    values.update({compare_sys_key(i): systems[i] if i < len(systems) else "" for i in range(MAX_PASTED_SYSTEMS)})
    return values


def read_compare(session: Mapping[str, Any]) -> CompareState:
    """The Compare state the widgets hold now."""
    systems = int(session[COMPARE_SYS_COUNT] or 2)
    return CompareState(
        systems=tuple(session[compare_sys_key(i)] for i in range(systems)),
        n_samples=int(session[COMPARE_SAMPLES] or BOOTSTRAP_SAMPLES),
        n_trials=int(session[COMPARE_TRIALS] or AR_TRIALS),
        seed=int(session[COMPARE_SEED] or 0),
        baseline=str(session.get(COMPARE_BASELINE) or ""),
        **read_shared(session, "compare"),
    )


LINK_FIELDS = {
    **SHARED_FIELDS,
    "systems": LinkField("sys", N_("systems")),
    "n_samples": LinkField("bs", N_("bootstrap resamples")),
    "n_trials": LinkField("ar", N_("randomization trials")),
    "seed": LinkField("seed", N_("seed")),
    "baseline": LinkField("base", N_("baseline")),
}


def compare_link(state: CompareState, with_texts: bool = True) -> str:
    """The ``s`` parameter of a Compare state; LinkStateError if too long."""
    f = LINK_FIELDS
    data = shared_link_data(state, with_texts)
    data.update({f["n_samples"].key: state.n_samples, f["n_trials"].key: state.n_trials, f["seed"].key: state.seed})
    if state.baseline:
        data[f["baseline"].key] = state.baseline
    if state.source == "paste" and with_texts:
        data[f["systems"].key] = list(state.systems)
    return make_link("compare", data)


def compare_from_link(token: str) -> tuple[CompareState, list[str]]:
    """The Compare state a link holds and notes on fields it could not use; LinkStateError if unreadable."""
    data, version = open_link(token, "compare")
    reader = LinkReader(data)
    f = LINK_FIELDS
    state = CompareState(
        systems=reader.texts(*f["systems"], 2, MAX_PASTED_SYSTEMS, ("", "")),
        n_samples=reader.whole(*f["n_samples"], 1, MAX_BOOTSTRAP_SAMPLES, BOOTSTRAP_SAMPLES),
        n_trials=reader.whole(*f["n_trials"], 1, MAX_AR_TRIALS, AR_TRIALS),
        seed=reader.whole(*f["seed"], 0, MAX_SEED, SEED),
        baseline=reader.text(*f["baseline"], ""),
        **shared_link_fields(reader, version),
    )
    return state, reader.notes


PAGE = StatePage("compare", CompareState(), compare_link, compare_from_link, compare_widget_values)
