"""State of the Corpus and Compare pages: session keys, option widgets, and the link that reproduces them.

Keys are prefixed ``corpus_`` or ``compare_`` and listed here. Streamlit drops the keys of
widgets a run did not draw (another page was open), so each page saves its last state under a
plain key (``<prefix>_saved``) and restores missing widget keys from it with ``setdefault``.
The shareable part (options, pasted texts when short enough, the chosen line, test settings) is
mirrored in the query parameter ``s`` through ``ui.share``; uploaded files never are.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass, field
from typing import Any, cast

from bleucore import BleuOptions, uniform_weights
from bleucore.options import (
    MAX_ORDER_LIMIT,
    REF_LENGTH_RULES,
    SMOOTHING_DEFAULTS,
    SMOOTHING_METHODS,
    TOKENIZER_NAMES,
    VARIANTS,
)
from ui.share import LinkStateError, decode_state, encode_state, read_fields, read_order_and_smoothing

LINK_VERSION = 1
SOURCES = ("sample", "upload", "paste")
SOURCE_LABELS = {"sample": "Bundled sample", "upload": "Upload files", "paste": "Paste text"}
MAX_PASTED_REFERENCES = 4
MAX_PASTED_SYSTEMS = 6
MAX_BOOTSTRAP_SAMPLES = 10_000
MAX_AR_TRIALS = 100_000


# --- options --------------------------------------------------------------------------------


class OtherPageLink(LinkStateError):
    """A link made for another page (left unused without a message)."""


@dataclass(frozen=True)
class OptionsState:
    """The sidebar's options; sacreBLEU's defaults (13a, mixed case, exp, N = 4, closest r).

    ``sentence_effective_order`` applies to sentence BLEU only (sacreBLEU's ``sentence_bleu``
    default); corpus BLEU never uses effective order, as sacreBLEU's ``corpus_score``.
    """

    tokenize: str = "13a"
    lowercase: bool = False
    max_order: int = 4
    smooth_method: str = "exp"
    smooth_value: float | None = None
    sentence_effective_order: bool = True
    ref_length: str = "closest"
    variant: str = "standard"

    def corpus_options(self) -> BleuOptions:
        """The options of corpus BLEU (ValueError with a readable message if invalid)."""
        return BleuOptions(
            tokenize=self.tokenize,
            lowercase=self.lowercase,
            weights=uniform_weights(self.max_order),
            smooth_method=self.smooth_method,
            smooth_value=self.smooth_value if has_value(self.smooth_method) else None,
            effective_order=False,
            ref_length=self.ref_length,
            variant=self.variant,
        )

    def sentence_options(self) -> BleuOptions:
        """The options of sentence BLEU: the corpus options plus effective order (not with NLTK smoothing)."""
        options = self.corpus_options()
        if self.sentence_effective_order and not options.is_nltk:
            return options.with_changes(effective_order=True)
        return options


def has_value(method: str) -> bool:
    """True when a smoothing method takes a value (epsilon, k or alpha)."""
    return SMOOTHING_DEFAULTS.get(method) is not None


@dataclass(frozen=True)
class OptionKeys:
    """The widget keys of the option sidebar of one page."""

    prefix: str

    def key(self, name: str) -> str:
        """``<prefix>_<name>``."""
        return f"{self.prefix}_{name}"

    @property
    def names(self) -> tuple[str, ...]:
        """The OptionsState fields, one widget each."""
        return tuple(OptionsState.__dataclass_fields__)


def options_widget_values(keys: OptionKeys, options: OptionsState) -> dict[str, Any]:
    """Widget key -> value that shows ``options`` (the smoothing value box always holds a number)."""
    values: dict[str, Any] = {keys.key(name): getattr(options, name) for name in keys.names}
    value = options.smooth_value
    if value is None:
        value = SMOOTHING_DEFAULTS.get(options.smooth_method) or 0.0
    values[keys.key("smooth_value")] = float(value)
    return values


def read_options(session: Mapping[str, Any], keys: OptionKeys) -> OptionsState:
    """The options the widgets hold now."""
    method = session[keys.key("smooth_method")]
    value = session[keys.key("smooth_value")]
    order = session[keys.key("max_order")]
    return OptionsState(
        tokenize=session[keys.key("tokenize")],
        lowercase=bool(session[keys.key("lowercase")]),
        max_order=int(order) if order is not None else 4,
        smooth_method=method,
        smooth_value=float(value) if has_value(method) and value is not None else None,
        sentence_effective_order=bool(session[keys.key("sentence_effective_order")]),
        ref_length=session[keys.key("ref_length")],
        variant=session[keys.key("variant")],
    )


def reset_smooth_value(session: MutableMapping[str, Any], keys: OptionKeys) -> None:
    """Callback: a new smoothing method starts from its own default value (epsilon 0.1, k 1 or 5, alpha 5)."""
    method = session[keys.key("smooth_method")]
    session[keys.key("smooth_value")] = float(SMOOTHING_DEFAULTS.get(method) or 0.0)


_OPTION_LINK: dict[str, tuple[str, type]] = {
    "tok": ("tokenize", str),
    "lc": ("lowercase", bool),
    "n": ("max_order", int),
    "sm": ("smooth_method", str),
    "eff": ("sentence_effective_order", bool),
    "rl": ("ref_length", str),
    "var": ("variant", str),
}
_CHOICES: dict[str, tuple[str, ...]] = {
    "tokenize": TOKENIZER_NAMES,
    "smooth_method": SMOOTHING_METHODS,
    "ref_length": REF_LENGTH_RULES,
    "variant": VARIANTS,
}


def options_to_link(options: OptionsState) -> dict[str, Any]:
    """The options as a compact dict for a link."""
    data: dict[str, Any] = {short: getattr(options, name) for short, (name, _) in _OPTION_LINK.items()}
    if has_value(options.smooth_method) and options.smooth_value is not None:
        data["sv"] = options.smooth_value
    return data


def options_from_link(data: Any) -> OptionsState:
    """Options from a link's dict; LinkStateError naming the first wrong field."""
    if not isinstance(data, dict):
        raise LinkStateError("the link's options are not a set of named values")
    values = read_fields(data, _OPTION_LINK, OptionsState(), _CHOICES, label="option")
    sv = read_order_and_smoothing(data, values["max_order"], MAX_ORDER_LIMIT)
    values["smooth_value"] = sv if has_value(values["smooth_method"]) else None
    return OptionsState(**values)


# --- the two pages' states ------------------------------------------------------------------


@dataclass(frozen=True)
class CorpusState:
    """The Corpus page's shareable state. ``references`` are the pasted reference texts."""

    source: str = "sample"
    hypothesis: str = ""
    references: tuple[str, ...] = ("",)
    line: int = 0  # 1-based line to explain; 0 = the worst sentence
    options: OptionsState = field(default_factory=OptionsState)


@dataclass(frozen=True)
class CompareState:
    """The Compare page's shareable state. ``references``/``systems`` are pasted texts."""

    source: str = "sample"
    references: tuple[str, ...] = ("",)
    systems: tuple[str, ...] = ("", "")
    n_samples: int = 1000
    n_trials: int = 10000
    seed: int = 12345
    options: OptionsState = field(default_factory=OptionsState)


CORPUS = OptionKeys("corpus")
COMPARE = OptionKeys("compare")

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
    values.update(options_widget_values(CORPUS, state.options))
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
    values.update(options_widget_values(COMPARE, state.options))
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
        options=read_options(session, CORPUS),
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
        options=read_options(session, COMPARE),
    )


# --- links ----------------------------------------------------------------------------------


def _texts(data: Mapping[str, Any], key: str, low: int, high: int) -> tuple[str, ...]:
    value = data.get(key, [""] * low)
    if not isinstance(value, list) or not low <= len(value) <= high or not all(isinstance(t, str) for t in value):
        raise LinkStateError(f"the link's field {key!r} should be a list of {low} to {high} texts")
    return tuple(value)


def _int(data: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = data.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise LinkStateError(f"the link's field {key!r} should be a whole number from {low:,} to {high:,}")
    return value


def _source(data: Mapping[str, Any]) -> str:
    source = data.get("src", "sample")
    if source not in SOURCES:
        raise LinkStateError(f"the link's input source {source!r} is not one of {', '.join(SOURCES)}")
    return str(source)


def _check_header(data: Mapping[str, Any], page: str) -> None:
    if data.get("page") != page:
        raise OtherPageLink(f"the link belongs to another page ({data.get('page')!r}, not {page!r})")
    if data.get("v") != LINK_VERSION:
        raise LinkStateError(f"the link was made by another version of this page (version {data.get('v')!r})")


def corpus_link(state: CorpusState, with_texts: bool = True) -> str:
    """The ``s`` parameter of a Corpus state (pasted texts only when ``with_texts``); LinkStateError if too long."""
    data: dict[str, Any] = {
        "page": "corpus",
        "v": LINK_VERSION,
        "src": state.source,
        "o": options_to_link(state.options),
    }
    if state.line:
        data["line"] = state.line
    if state.source == "paste" and with_texts:
        data["h"] = state.hypothesis
        data["r"] = list(state.references)
    return encode_state(data)


def corpus_from_link(token: str) -> CorpusState:
    """The Corpus state a link holds; LinkStateError naming what is wrong."""
    data = decode_state(token)
    _check_header(data, "corpus")
    hypothesis = data.get("h", "")
    if not isinstance(hypothesis, str):
        raise LinkStateError("the link's hypothesis should be a text")
    return CorpusState(
        source=_source(data),
        hypothesis=hypothesis,
        references=_texts(data, "r", 1, MAX_PASTED_REFERENCES),
        line=_int(data, "line", 0, 0, 10_000_000),
        options=options_from_link(data.get("o", {})),
    )


def compare_link(state: CompareState, with_texts: bool = True) -> str:
    """The ``s`` parameter of a Compare state; LinkStateError if too long."""
    data: dict[str, Any] = {
        "page": "compare",
        "v": LINK_VERSION,
        "src": state.source,
        "o": options_to_link(state.options),
        "bs": state.n_samples,
        "ar": state.n_trials,
        "seed": state.seed,
    }
    if state.source == "paste" and with_texts:
        data["r"] = list(state.references)
        data["sys"] = list(state.systems)
    return encode_state(data)


def compare_from_link(token: str) -> CompareState:
    """The Compare state a link holds; LinkStateError naming what is wrong."""
    data = decode_state(token)
    _check_header(data, "compare")
    return CompareState(
        source=_source(data),
        references=_texts(data, "r", 1, MAX_PASTED_REFERENCES),
        systems=_texts(data, "sys", 2, MAX_PASTED_SYSTEMS) if "sys" in data else ("", ""),
        n_samples=_int(data, "bs", 1000, 1, MAX_BOOTSTRAP_SAMPLES),
        n_trials=_int(data, "ar", 10000, 1, MAX_AR_TRIALS),
        seed=_int(data, "seed", 12345, 0, 2**32 - 1),
        options=options_from_link(data.get("o", {})),
    )


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

    A link not loaded before wins (its values overwrite the widgets). Otherwise, when
    ``sentinel_key`` (a widget drawn on every run) is missing, the page was not drawn in the last
    run: Streamlit dropped some of its widget keys and may have kept others at stale values, so
    every key is reset from the last saved state (or the default). Returns (state loaded from
    the link or None, message if the link was unusable).
    """
    start = session.get(saved_key, default)
    if link and link != session.get(loaded_key):
        session[loaded_key] = link
        try:
            state = from_link(link)
        except LinkStateError as err:
            _restore(session, widget_values(start), overwrite=sentinel_key not in session)
            return None, None if isinstance(err, OtherPageLink) else f"This link could not be opened: {err}."
        session.update(widget_values(state))
        return state, None
    _restore(session, widget_values(start), overwrite=sentinel_key not in session)
    return None, None


def _restore(session: MutableMapping[str, Any], values: Mapping[str, Any], overwrite: bool) -> None:
    if overwrite:
        session.update(values)
    else:
        for key, value in values.items():
            session.setdefault(key, value)


# --- the option widgets (drawn in the sidebar of both pages) ---------------------------------

TOKENIZER_HELP = (
    "13a: sacreBLEU's default (mteval-v13a: punctuation split off); intl: Unicode punctuation and "
    "symbols split off; char: every character is a token; none: split on whitespace only."
)


def option_widgets(keys: OptionKeys) -> OptionsState:
    """Draw the option widgets bound to ``keys`` (their values must be set already) and read them."""
    import streamlit as st

    # SessionStateProxy maps str | int keys; every key used here is a str.
    session = cast(MutableMapping[str, Any], st.session_state)
    st.header("Options")
    st.selectbox("Tokenizer", TOKENIZER_NAMES, key=keys.key("tokenize"), help=TOKENIZER_HELP)
    st.checkbox(
        "Lowercase",
        key=keys.key("lowercase"),
        help="Lowercase hypotheses and references before tokenizing (sacreBLEU's -lc).",
    )
    st.number_input(
        "Max n-gram order N", min_value=1, max_value=MAX_ORDER_LIMIT, step=1, key=keys.key("max_order"),
        help="BLEU uses n-grams of orders 1..N with weights 1/N each; sacreBLEU's default is 4.",
    )  # fmt: skip
    st.selectbox(
        "Smoothing", SMOOTHING_METHODS, key=keys.key("smooth_method"),
        on_change=reset_smooth_value, args=(session, keys),
        help="exp is sacreBLEU's default; floor, add-k and NLTK's Chen & Cherry methods 1-7 are also available.",
    )  # fmt: skip
    method = session[keys.key("smooth_method")]
    if has_value(method):
        st.number_input(
            "Smoothing value",
            min_value=0.0,
            step=0.1,
            key=keys.key("smooth_value"),
            help="epsilon (floor, nltk-method1), k (add-k, nltk-method4/7) or alpha (nltk-method6).",
        )
    nltk = method.startswith("nltk-")
    st.checkbox(
        "Effective order for sentence BLEU", key=keys.key("sentence_effective_order"), disabled=nltk,
        help="sacreBLEU's sentence_bleu default: a sentence with no n-grams of an order leaves that order out. "
        "Corpus BLEU never uses it (as sacreBLEU's corpus_score). Not available with NLTK's smoothing.",
    )  # fmt: skip
    st.selectbox(
        "Reference length r",
        REF_LENGTH_RULES,
        key=keys.key("ref_length"),
        help="closest: the reference length nearest to c, ties to the shorter (Papineni, sacreBLEU, NLTK).",
    )
    st.selectbox(
        "Variant",
        VARIANTS,
        key=keys.key("variant"),
        help="standard: Papineni et al.; simplified: min(1, c/r) as BP; tutorial: zero precisions skipped (a bug).",
    )
    st.button("Reset to sacreBLEU's defaults", key=keys.key("reset"), on_click=_reset_options, args=(session, keys))
    return read_options(session, keys)


def _reset_options(session: MutableMapping[str, Any], keys: OptionKeys) -> None:
    session.update(options_widget_values(keys, OptionsState()))
