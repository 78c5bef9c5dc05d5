"""State of the Corpus and Compare pages: session keys, widget values, and the link that reproduces them.

Keys are prefixed ``corpus_`` or ``compare_`` and listed here. Streamlit drops the keys of
widgets a run did not draw (another page was open), so each page saves its last state under a
plain key (``<prefix>_saved``) and restores missing widget keys from it with ``setdefault``.
The shareable part (options, pasted texts when short enough, the chosen line, test settings) is
mirrored in the query parameter ``s`` through ``ui.share``; uploaded files never are. The options
are ``ui.options_model.Choices``, as on Explore; their widgets are ``ui.options_sidebar``.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass, field
from typing import Any

from ui import options_model as om
from ui.share import LinkReader, LinkStateError, OtherPageLink, is_new, make_link, open_link, remember

SOURCES = ("sample", "upload", "paste")
SOURCE_LABELS = {"sample": "Bundled sample", "upload": "Upload files", "paste": "Paste text"}
MAX_PASTED_REFERENCES = 4
MAX_PASTED_SYSTEMS = 6
MAX_BOOTSTRAP_SAMPLES = 10_000
MAX_AR_TRIALS = 100_000
#: The preset both pages open with and reset to.
START_PRESET = om.SACREBLEU_NAME


# --- the two pages' states ------------------------------------------------------------------


@dataclass(frozen=True)
class CorpusState:
    """The Corpus page's shareable state. ``references`` are the pasted reference texts."""

    source: str = "sample"
    hypothesis: str = ""
    references: tuple[str, ...] = ("",)
    line: int = 0  # 1-based line to explain; 0 = the worst sentence
    options: om.Choices = field(default_factory=lambda: om.SACREBLEU)


@dataclass(frozen=True)
class CompareState:
    """The Compare page's shareable state. ``references``/``systems`` are pasted texts."""

    source: str = "sample"
    references: tuple[str, ...] = ("",)
    systems: tuple[str, ...] = ("", "")
    n_samples: int = 1000
    n_trials: int = 10000
    seed: int = 12345
    options: om.Choices = field(default_factory=lambda: om.SACREBLEU)


CORPUS = om.OptionKeys("corpus")
COMPARE = om.OptionKeys("compare")

# Corpus page keys.
CORPUS_SOURCE = "corpus_source"
CORPUS_HYP_UPLOAD = "corpus_hyp_upload"
CORPUS_REF_UPLOAD = "corpus_ref_upload"
CORPUS_HYP_PASTE = "corpus_hyp_paste"
CORPUS_REF_COUNT = "corpus_ref_count"
CORPUS_LINE = "corpus_line"
CORPUS_ORDER = "corpus_explain_order"
CORPUS_TABLE = "corpus_table"
CORPUS_LAST_SELECTION = "corpus_last_selection"
CORPUS_LAST_INPUT = "corpus_last_input"
CORPUS_SAVED = "corpus_saved"
CORPUS_LOADED_LINK = "corpus_loaded_link"

# Compare page keys.
COMPARE_SOURCE = "compare_source"
COMPARE_REF_UPLOAD = "compare_ref_upload"
COMPARE_SYS_UPLOAD = "compare_sys_upload"
COMPARE_EXTRA_UPLOAD = "compare_extra_upload"
COMPARE_REF_COUNT = "compare_ref_count"
COMPARE_SYS_COUNT = "compare_sys_count"
COMPARE_BASELINE = "compare_baseline"
COMPARE_OTHER = "compare_other"
COMPARE_SAMPLES = "compare_samples"
COMPARE_TRIALS = "compare_trials"
COMPARE_SEED = "compare_seed"
COMPARE_NGRAM_ORDER = "compare_ngram_order"
COMPARE_SAVED = "compare_saved"
COMPARE_LOADED_LINK = "compare_loaded_link"


def corpus_ref_key(index: int) -> str:
    """The key of the pasted reference text area ``index`` (0-based) on the Corpus page."""
    return f"corpus_ref_paste_{index}"


def compare_ref_key(index: int) -> str:
    """The key of the pasted reference text area ``index`` (0-based) on the Compare page."""
    return f"compare_ref_paste_{index}"


def compare_sys_key(index: int) -> str:
    """The key of the pasted system text area ``index`` (0-based) on the Compare page."""
    return f"compare_sys_paste_{index}"


def corpus_widget_values(state: CorpusState) -> dict[str, Any]:
    """Widget key -> value that shows a CorpusState (line 0, "the worst", is chosen once the table exists)."""
    refs = state.references[:MAX_PASTED_REFERENCES] or ("",)
    values: dict[str, Any] = {
        CORPUS_SOURCE: state.source,
        CORPUS_HYP_PASTE: state.hypothesis,
        CORPUS_REF_COUNT: len(refs),
    }
    values.update({corpus_ref_key(i): refs[i] if i < len(refs) else "" for i in range(MAX_PASTED_REFERENCES)})
    values.update(om.widget_values(CORPUS, state.options))
    if state.line > 0:
        values[CORPUS_LINE] = state.line
    return values


def compare_widget_values(state: CompareState) -> dict[str, Any]:
    """Widget key -> value that shows a CompareState."""
    refs = state.references[:MAX_PASTED_REFERENCES] or ("",)
    systems = state.systems[:MAX_PASTED_SYSTEMS]
    systems = systems + ("",) * (2 - len(systems)) if len(systems) < 2 else systems
    values: dict[str, Any] = {
        COMPARE_SOURCE: state.source,
        COMPARE_REF_COUNT: len(refs),
        COMPARE_SYS_COUNT: len(systems),
        COMPARE_SAMPLES: state.n_samples,
        COMPARE_TRIALS: state.n_trials,
        COMPARE_SEED: state.seed,
    }
    values.update({compare_ref_key(i): refs[i] if i < len(refs) else "" for i in range(MAX_PASTED_REFERENCES)})
    values.update({compare_sys_key(i): systems[i] if i < len(systems) else "" for i in range(MAX_PASTED_SYSTEMS)})
    values.update(om.widget_values(COMPARE, state.options))
    return values


def read_corpus(session: Mapping[str, Any]) -> CorpusState:
    """The Corpus state the widgets hold now."""
    count = int(session[CORPUS_REF_COUNT] or 1)
    line = session.get(CORPUS_LINE)
    return CorpusState(
        source=session[CORPUS_SOURCE],
        hypothesis=session[CORPUS_HYP_PASTE],
        references=tuple(session[corpus_ref_key(i)] for i in range(count)),
        line=int(line) if isinstance(line, (int, float)) else 0,
        options=om.read(session, CORPUS),
    )


def read_compare(session: Mapping[str, Any]) -> CompareState:
    """The Compare state the widgets hold now."""
    refs = int(session[COMPARE_REF_COUNT] or 1)
    systems = int(session[COMPARE_SYS_COUNT] or 2)
    return CompareState(
        source=session[COMPARE_SOURCE],
        references=tuple(session[compare_ref_key(i)] for i in range(refs)),
        systems=tuple(session[compare_sys_key(i)] for i in range(systems)),
        n_samples=int(session[COMPARE_SAMPLES] or 1000),
        n_trials=int(session[COMPARE_TRIALS] or 10000),
        seed=int(session[COMPARE_SEED] or 0),
        options=om.read(session, COMPARE),
    )


# --- links ----------------------------------------------------------------------------------


def _options(reader: LinkReader, version: int) -> om.Choices:
    # Version 1 kept the options under "o", version 2 (every page) under "opt".
    return om.from_link(reader.section("o" if version == 1 else "opt", "options"), om.SACREBLEU)


def corpus_link(state: CorpusState, with_texts: bool = True) -> str:
    """The ``s`` parameter of a Corpus state (pasted texts only when ``with_texts``); LinkStateError if too long."""
    data: dict[str, Any] = {"src": state.source, "opt": om.to_link(state.options)}
    if state.line:
        data["line"] = state.line
    if state.source == "paste" and with_texts:
        data["h"] = state.hypothesis
        data["r"] = list(state.references)
    return make_link("corpus", data)


def corpus_from_link(token: str) -> tuple[CorpusState, list[str]]:
    """The Corpus state a link holds and notes on fields it could not use; LinkStateError if unreadable."""
    data, version = open_link(token, "corpus")
    reader = LinkReader(data)
    state = CorpusState(
        source=reader.choice("src", "input source", SOURCES, "sample"),
        hypothesis=reader.text("h", "hypothesis", ""),
        references=reader.texts("r", "references", 1, MAX_PASTED_REFERENCES, ("",)),
        line=reader.whole("line", "line", 0, 10_000_000, 0),
        options=_options(reader, version),
    )
    return state, reader.notes


def compare_link(state: CompareState, with_texts: bool = True) -> str:
    """The ``s`` parameter of a Compare state; LinkStateError if too long."""
    data: dict[str, Any] = {
        "src": state.source,
        "opt": om.to_link(state.options),
        "bs": state.n_samples,
        "ar": state.n_trials,
        "seed": state.seed,
    }
    if state.source == "paste" and with_texts:
        data["r"] = list(state.references)
        data["sys"] = list(state.systems)
    return make_link("compare", data)


def compare_from_link(token: str) -> tuple[CompareState, list[str]]:
    """The Compare state a link holds and notes on fields it could not use; LinkStateError if unreadable."""
    data, version = open_link(token, "compare")
    reader = LinkReader(data)
    state = CompareState(
        source=reader.choice("src", "input source", SOURCES, "sample"),
        references=reader.texts("r", "references", 1, MAX_PASTED_REFERENCES, ("",)),
        systems=reader.texts("sys", "systems", 2, MAX_PASTED_SYSTEMS, ("", "")),
        n_samples=reader.whole("bs", "bootstrap resamples", 1, MAX_BOOTSTRAP_SAMPLES, 1000),
        n_trials=reader.whole("ar", "randomization trials", 1, MAX_AR_TRIALS, 10000),
        seed=reader.whole("seed", "seed", 0, 2**32 - 1, 12345),
        options=_options(reader, version),
    )
    return state, reader.notes


def link_with_fallback(make: Any, state: Any) -> tuple[str | None, str | None]:
    """(token, note): the full link, else one without pasted texts (note says why), else none."""
    try:
        return make(state, True), None
    except LinkStateError as err:
        full_error = err
    try:
        return make(
            state, False
        ), f"The pasted texts are too long for a link ({full_error}); the link keeps the options only."
    except LinkStateError as err:
        return None, f"No link for this view: {err}."


# --- session set-up -------------------------------------------------------------------------


def init_page(
    session: MutableMapping[str, Any],
    link: str | None,
    *,
    loaded_key: str,
    saved_key: str,
    sentinel_key: str,
    default: Any,
    from_link: Any,
    widget_values: Any,
) -> tuple[Any | None, str | None]:
    """Fill widget keys before any widget is drawn.

    A link this session has not made or opened before wins (its values overwrite the widgets). Otherwise, when
    ``sentinel_key`` (a widget drawn on every run) is missing, the page was not drawn in the last
    run: Streamlit dropped some of its widget keys and may have kept others at stale values, so
    every key is reset from the last saved state (or the default). Returns (state loaded from
    the link or None, message if the link was not fully usable).
    """
    start = session.get(saved_key, default)
    if link and is_new(session, loaded_key, link):
        remember(session, loaded_key, link)
        try:
            state, notes = from_link(link)
        except LinkStateError as err:
            _restore(session, widget_values(start), overwrite=sentinel_key not in session)
            return None, None if isinstance(err, OtherPageLink) else f"This link could not be opened: {err}."
        session.update(widget_values(state))
        return state, " ".join(notes) or None
    _restore(session, widget_values(start), overwrite=sentinel_key not in session)
    return None, None


def _restore(session: MutableMapping[str, Any], values: Mapping[str, Any], overwrite: bool) -> None:
    if overwrite:
        session.update(values)
    else:
        for key, value in values.items():
            session.setdefault(key, value)
