"""State of the Compare page: session keys, widget values, and the link that reproduces them.

Keys are prefixed ``compare_`` and listed here; what the page shares with Corpus is ``ui.state.inputs`` and
``ui.inputs.sources``, its mechanism ``ui.state.page``. The shareable part (options, pasted texts when short enough,
the test settings) is mirrored in the query parameter ``s``; uploaded files never are. The test settings default to
sacreBLEU's (``bleucore.significance``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bleucore.metrics.bleu import MAX_ORDER_LIMIT
from bleucore.significance import AR_TRIALS, BOOTSTRAP_SAMPLES, SEED
from ui.inputs.sources import SYSTEMS_UPLOAD, pasted_reference_key, ref_count_key, references_upload_key, source_key
from ui.links.codec import TEXT, LinkField, choice, linked, texts, whole
from ui.options import bleu as om
from ui.options.metrics import IMPORTED_IDS, METRIC_IDS
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

MAX_PASTED_SYSTEMS = 6
MAX_BOOTSTRAP_SAMPLES = 10_000
MAX_AR_TRIALS = 100_000
MAX_SEED = 2**32 - 1
#: The examples each side of "Examples that tell the story", and the disagreement examples per system (the HTML
#: report's count): at most, and at first.
MAX_EXAMPLES = 10
FIRST_EXAMPLES = 3
#: The line of "Open one segment in Explore" at most (a file has fewer: ``bleucore.limits.MAX_LINES``).
MAX_LINE = 10_000_000


@dataclass(frozen=True)
class CompareState(PastedInputs):
    """The Compare page's shareable state: the inputs it shares with Corpus, the pasted systems, the tests'
    settings, and the baseline system's name ("", left out of links: the first system)."""

    systems: tuple[str, ...] = linked(
        ("", ""), LinkField("sys", N_("systems")), texts(2, MAX_PASTED_SYSTEMS), pasted=True
    )
    n_samples: int = linked(
        BOOTSTRAP_SAMPLES, LinkField("bs", N_("bootstrap resamples")), whole(1, MAX_BOOTSTRAP_SAMPLES)
    )
    n_trials: int = linked(AR_TRIALS, LinkField("ar", N_("randomization trials")), whole(1, MAX_AR_TRIALS))
    seed: int = linked(SEED, LinkField("seed", N_("seed")), whole(0, MAX_SEED))
    baseline: str = linked("", LinkField("base", N_("baseline")), TEXT, omit_default=True)
    #: The choices of the sections below the tests ("": the first offered; a system or metric chosen is kept while
    #: its file is replaced, ``ui.shell.held``).
    other: str = linked("", LinkField("vs", N_("system set against the baseline")), TEXT, omit_default=True)
    examples: int = linked(
        FIRST_EXAMPLES, LinkField("ex", N_("examples on each side")), whole(1, MAX_EXAMPLES), omit_default=True
    )
    ngram_order: int = linked(
        0, LinkField("no", N_("n-gram order")), whole(0, MAX_ORDER_LIMIT), omit_default=True
    )  # 0: every order
    open_system: str = linked("", LinkField("os", N_("system to open")), TEXT, omit_default=True)
    open_line: int = linked(1, LinkField("ol", N_("line to open")), whole(1, MAX_LINE), omit_default=True)
    disagree_imported: str = linked(
        "", LinkField("di", N_("imported metric of the disagreements")), choice(("", *IMPORTED_IDS)), omit_default=True
    )
    disagree_builtin: str = linked(
        "", LinkField("db", N_("built-in metric of the disagreements")), choice(("", *METRIC_IDS)), omit_default=True
    )
    disagree_count: int = linked(
        FIRST_EXAMPLES, LinkField("dn", N_("segments per system")), whole(1, MAX_EXAMPLES), omit_default=True
    )


COMPARE = om.OptionKeys("compare")
COMPARE_SOURCE = source_key("compare")
COMPARE_REF_UPLOAD = references_upload_key("compare")
COMPARE_SYS_UPLOAD = SYSTEMS_UPLOAD
COMPARE_EXTRA_UPLOAD = "compare_extra_upload"
COMPARE_REF_COUNT = ref_count_key("compare")
COMPARE_SYS_COUNT = "compare_sys_count"
COMPARE_BASELINE = "compare_baseline"
COMPARE_OTHER = "compare_other"
COMPARE_OPEN_SYSTEM = "compare_open_system"
COMPARE_OPEN_LINE = "compare_open_line"
COMPARE_SAMPLES = "compare_samples"
COMPARE_TRIALS = "compare_trials"
COMPARE_SEED = "compare_seed"
COMPARE_NGRAM_ORDER = "compare_ngram_order"
COMPARE_METRICS = metrics_key("compare")
COMPARE_SENTENCE_METRIC = sentence_metric_key("compare")
COMPARE_EXAMPLES = "compare_examples"
#: The disagreement examples' pair (an imported metric's id, a built-in one's) and their count per system.
COMPARE_DISAGREE_IMPORTED = "compare_disagree_imported"
COMPARE_DISAGREE_BUILT_IN = "compare_disagree_builtin"
COMPARE_DISAGREE_COUNT = "compare_disagree_examples"


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
        **held.wish_values(COMPARE_BASELINE, state.baseline),
        **held.wish_values(COMPARE_OTHER, state.other),
        **held.wish_values(COMPARE_OPEN_SYSTEM, state.open_system),
        **held.wish_values(COMPARE_NGRAM_ORDER, state.ngram_order or "all"),
        **held.wish_values(COMPARE_DISAGREE_IMPORTED, state.disagree_imported),
        **held.wish_values(COMPARE_DISAGREE_BUILT_IN, state.disagree_builtin),
        COMPARE_EXAMPLES: state.examples,
        COMPARE_OPEN_LINE: state.open_line,
        COMPARE_DISAGREE_COUNT: state.disagree_count,
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
        baseline=one_of(held.wish(session, COMPARE_BASELINE, ""), None, ""),
        other=one_of(held.wish(session, COMPARE_OTHER, ""), None, ""),
        examples=_whole(session.get(COMPARE_EXAMPLES), FIRST_EXAMPLES),
        ngram_order=_whole(held.wish(session, COMPARE_NGRAM_ORDER, 0), 0),
        open_system=one_of(held.wish(session, COMPARE_OPEN_SYSTEM, ""), None, ""),
        open_line=_whole(session.get(COMPARE_OPEN_LINE), 1),
        disagree_imported=one_of(held.wish(session, COMPARE_DISAGREE_IMPORTED, ""), IMPORTED_IDS, ""),
        disagree_builtin=one_of(held.wish(session, COMPARE_DISAGREE_BUILT_IN, ""), METRIC_IDS, ""),
        disagree_count=_whole(session.get(COMPARE_DISAGREE_COUNT), FIRST_EXAMPLES),
        **read_shared(session, "compare"),
    )


def _whole(value: Any, default: int) -> int:
    """A number widget's value as a state holds it ("all" orders: 0)."""
    return value if type(value) is int else (0 if value == "all" else default)


PAGE = StatePage("compare", CompareState(), compare_widget_values, options_under_o)
