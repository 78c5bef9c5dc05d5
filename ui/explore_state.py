"""The Explore page's state: its session keys, defaults, options and the link that reproduces it.

Every key is prefixed ``explore_`` and listed here. Widget values live under their widget keys;
``explore_saved`` keeps the last complete state (a plain value, so it survives page switches,
when Streamlit drops the keys of widgets it did not draw) and the link parameter ``s`` carries
the same state in the address bar (``ui.share``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import asdict, dataclass, replace
from fractions import Fraction
from typing import Any

from bleucore import BleuOptions, uniform_weights
from bleucore.options import (
    MAX_ORDER_LIMIT,
    REF_LENGTH_RULES,
    SMOOTHING_DEFAULTS,
    SMOOTHING_METHODS,
    TOKENIZER_NAMES,
    VARIANTS,
)
from ui.learn_examples import CA1, REFS_1
from ui.share import LinkStateError, decode_state, encode_state, read_fields, read_order_and_smoothing

CANDIDATE = "explore_candidate"
REF_IDS = "explore_ref_ids"
NEXT_REF_ID = "explore_next_ref_id"
TOKENIZE = "explore_tokenize"
LOWERCASE = "explore_lowercase"
MAX_ORDER = "explore_max_order"
CUSTOM_WEIGHTS = "explore_custom_weights"
WEIGHTS = "explore_weights"
SMOOTH_METHOD = "explore_smooth_method"
SMOOTH_VALUE = "explore_smooth_value"
EFFECTIVE_ORDER = "explore_effective_order"
REF_LENGTH = "explore_ref_length"
VARIANT = "explore_variant"
ORDER = "explore_order"
TAB = "explore_tab"
TABS = ("N-gram matches", "Formula", "Charts", "Variants", "Tokenizers", "Export")
SAVED = "explore_saved"
LOADED_LINK = "explore_loaded_link"

MAX_REFERENCES = 20
#: Most characters the candidate and references may hold together. Explore draws every token as a
#: coloured span: a 1 MB paste took 34 s per edit in Chromium (30 MB of HTML); 50,000 take ~2 s.
MAX_TEXT_CHARS = 50_000
LINK_VERSION = 1


def ref_key(ref_id: int) -> str:
    """The session key of the reference text area with this id."""
    return f"explore_ref_{ref_id}"


def remove_key(ref_id: int) -> str:
    """The key of the button that removes the reference with this id."""
    return f"explore_remove_{ref_id}"


#: What each smoothing method's value is called (methods not listed take no value).
SMOOTHING_VALUE_LABELS = {
    "floor": "floor value",
    "add-k": "k",
    "nltk-method1": "epsilon",
    "nltk-method4": "K",
    "nltk-method6": "alpha",
    "nltk-method7": "K",
}


@dataclass(frozen=True)
class ExploreState:
    """Everything the Explore page's inputs hold; the default is the tutorials' Example 1 (Ca1)."""

    candidate: str = CA1
    references: tuple[str, ...] = REFS_1
    tokenize: str = "none"
    lowercase: bool = False
    max_order: int = 4
    custom_weights: bool = False
    weights: str = ""
    smooth_method: str = "none"
    smooth_value: float | None = None
    effective_order: bool = False
    ref_length: str = "closest"
    variant: str = "standard"
    order: int = 1


DEFAULT = ExploreState()


def has_value(method: str) -> bool:
    """True when a smoothing method takes a value (epsilon, k or alpha)."""
    return SMOOTHING_DEFAULTS.get(method) is not None


def parse_weights(text: str, max_order: int) -> tuple[float, ...]:
    """Comma-separated weights (decimals or fractions such as 1/4), exactly N of them, summing to 1."""
    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    if not parts:
        raise ValueError(f"type {max_order} comma-separated weights, e.g. {', '.join(['0.25'] * 4)}")
    try:
        values = [Fraction(p) for p in parts]
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"weights must be numbers such as 0.25 or 1/4, got {text.strip()!r}") from None
    if len(values) != max_order:
        raise ValueError(f"{len(values)} weights for N = {max_order}: give one weight per order")
    if any(v < 0 for v in values):
        raise ValueError("weights must be non-negative")
    if abs(float(sum(values)) - 1.0) > 1e-9:
        raise ValueError(f"weights must sum to 1, these sum to {float(sum(values)):g}")
    return tuple(float(v) for v in values)


def to_options(state: ExploreState) -> BleuOptions:
    """The BleuOptions of a state; ValueError with a readable message for any invalid option."""
    n = state.max_order
    if not 1 <= n <= MAX_ORDER_LIMIT:
        raise ValueError(f"N must be a whole number from 1 to {MAX_ORDER_LIMIT}, got {n}")
    weights = parse_weights(state.weights, n) if state.custom_weights else uniform_weights(n)
    value = state.smooth_value if has_value(state.smooth_method) else None
    if value is not None and not (math.isfinite(value) and value >= 0):
        raise ValueError(f"the smoothing value must be 0 or more, got {value:g}")
    return BleuOptions(
        tokenize=state.tokenize,
        lowercase=state.lowercase,
        weights=weights,
        smooth_method=state.smooth_method,
        smooth_value=value,
        effective_order=state.effective_order,
        ref_length=state.ref_length,
        variant=state.variant,
    )


def from_options(candidate: str, references: Sequence[str], options: BleuOptions, order: int = 1) -> ExploreState:
    """The state that shows ``candidate`` and ``references`` scored with ``options`` (for "Open in Explore")."""
    custom = not options.uniform
    return ExploreState(
        candidate=candidate,
        references=tuple(references),
        tokenize=options.tokenize,
        lowercase=options.lowercase,
        max_order=options.max_order,
        custom_weights=custom,
        weights=", ".join(repr(w) for w in options.weights) if custom else "",
        smooth_method=options.smooth_method,
        smooth_value=options.smooth_value,
        effective_order=options.effective_order,
        ref_length=options.ref_length,
        variant=options.variant,
        order=min(max(order, 1), options.max_order),
    )


def input_problems(state: ExploreState) -> list[str]:
    """Messages for text the page cannot score (empty candidate, no non-empty reference, too long)."""
    problems = []
    if not state.candidate.strip():
        problems.append("The candidate is empty: type the sentence to score.")
    if not any(r.strip() for r in state.references):
        problems.append("Every reference is empty: type at least one reference translation.")
    total = len(state.candidate) + sum(len(r) for r in state.references)
    if total > MAX_TEXT_CHARS:
        problems.append(
            f"The candidate and references hold {total:,} characters; Explore takes at most {MAX_TEXT_CHARS:,} "
            "characters in all. Score long texts on the Corpus page."
        )
    return problems


def scored_references(state: ExploreState) -> tuple[str, ...]:
    """The non-empty references, the ones that are scored."""
    return tuple(r for r in state.references if r.strip())


# --- link state -----------------------------------------------------------------------------

_LINK_FIELDS: dict[str, tuple[str, type]] = {
    "c": ("candidate", str),
    "tok": ("tokenize", str),
    "lc": ("lowercase", bool),
    "n": ("max_order", int),
    "cw": ("custom_weights", bool),
    "w": ("weights", str),
    "sm": ("smooth_method", str),
    "eff": ("effective_order", bool),
    "rl": ("ref_length", str),
    "var": ("variant", str),
    "o": ("order", int),
}
_CHOICES = {
    "tokenize": TOKENIZER_NAMES,
    "smooth_method": SMOOTHING_METHODS,
    "ref_length": REF_LENGTH_RULES,
    "variant": VARIANTS,
}


def to_link(state: ExploreState) -> str:
    """The ``s`` parameter for a state (LinkStateError when it is too long for a link)."""
    data: dict[str, Any] = {"v": LINK_VERSION, "r": list(state.references)}
    for short, (name, _) in _LINK_FIELDS.items():
        data[short] = getattr(state, name)
    if has_value(state.smooth_method) and state.smooth_value is not None:
        data["sv"] = state.smooth_value
    return encode_state(data)


def from_link(token: str) -> ExploreState:
    """The state a link holds; LinkStateError naming the first field that is missing or wrong."""
    data = decode_state(token)
    if data.get("v") != LINK_VERSION:
        raise LinkStateError(f"the link was made by another version of this page (version {data.get('v')!r})")
    values = read_fields(data, _LINK_FIELDS, DEFAULT, _CHOICES)
    refs = data.get("r")
    if not isinstance(refs, list) or not 1 <= len(refs) <= MAX_REFERENCES or not all(isinstance(r, str) for r in refs):
        raise LinkStateError(f"the link's references should be a list of 1 to {MAX_REFERENCES} texts")
    values["references"] = tuple(refs)
    values["smooth_value"] = read_order_and_smoothing(data, values["max_order"], MAX_ORDER_LIMIT)
    values["order"] = min(max(values["order"], 1), values["max_order"])
    return ExploreState(**values)


# --- session state --------------------------------------------------------------------------


def widget_values(state: ExploreState) -> dict[str, Any]:
    """The widget keys and values that show ``state`` (references numbered from 0)."""
    smooth_value = state.smooth_value
    if smooth_value is None:
        smooth_value = SMOOTHING_DEFAULTS.get(state.smooth_method) or 0.0
    values: dict[str, Any] = {
        CANDIDATE: state.candidate,
        REF_IDS: list(range(len(state.references))),
        NEXT_REF_ID: len(state.references),
        TOKENIZE: state.tokenize,
        LOWERCASE: state.lowercase,
        MAX_ORDER: state.max_order,
        CUSTOM_WEIGHTS: state.custom_weights,
        WEIGHTS: state.weights or default_weights_text(state.max_order),
        SMOOTH_METHOD: state.smooth_method,
        SMOOTH_VALUE: float(smooth_value),
        EFFECTIVE_ORDER: state.effective_order,
        REF_LENGTH: state.ref_length,
        VARIANT: state.variant,
        ORDER: state.order,
    }
    values.update({ref_key(i): text for i, text in enumerate(state.references)})
    return values


def default_weights_text(max_order: int) -> str:
    """Uniform weights for N as the weights box shows them."""
    n = max_order if 1 <= max_order <= MAX_ORDER_LIMIT else 4
    return ", ".join(f"{1 / n:g}" for _ in range(n))


def init(session: MutableMapping[str, Any], link: str | None) -> str | None:
    """Fill the widget keys before any widget is drawn; returns a message if the link was unusable.

    A link not loaded before wins; otherwise missing keys come back from the last saved state
    (or the default example) with ``setdefault``, leaving values the user typed untouched.
    """
    error = None
    if link and link != session.get(LOADED_LINK):
        session[LOADED_LINK] = link
        try:
            state = from_link(link)
        except LinkStateError as err:
            error = f"This link could not be opened: {err}. Showing the default example instead."
            state = DEFAULT
        for key in [k for k in session if _is_ref_key(k)]:
            del session[key]
        session.update(widget_values(state))
        return error
    saved = session.get(SAVED)
    start = saved if isinstance(saved, ExploreState) else DEFAULT
    for key, value in widget_values(start).items():
        if not _is_ref_key(key):
            session.setdefault(key, value)
    # The ids are a plain key and outlive a page switch; the texts are widget keys and may not.
    for position, ref_id in enumerate(session[REF_IDS]):
        text = start.references[position] if position < len(start.references) else ""
        session.setdefault(ref_key(ref_id), text)
    return error


def _is_ref_key(key: str) -> bool:
    return key.startswith("explore_ref_") and key[len("explore_ref_") :].isdigit()


def read(session: Mapping[str, Any]) -> ExploreState:
    """The state the widgets hold now."""
    max_order = session[MAX_ORDER]
    return ExploreState(
        candidate=session[CANDIDATE],
        references=tuple(session[ref_key(i)] for i in session[REF_IDS]),
        tokenize=session[TOKENIZE],
        lowercase=bool(session[LOWERCASE]),
        max_order=int(max_order) if max_order is not None else 0,
        custom_weights=bool(session[CUSTOM_WEIGHTS]),
        weights=session[WEIGHTS] if session[CUSTOM_WEIGHTS] else "",
        smooth_method=session[SMOOTH_METHOD],
        smooth_value=float(session[SMOOTH_VALUE]) if has_value(session[SMOOTH_METHOD]) else None,
        effective_order=bool(session[EFFECTIVE_ORDER]),
        ref_length=session[REF_LENGTH],
        variant=session[VARIANT],
        order=int(session[ORDER] or 1),
    )


def publish(session: MutableMapping[str, Any], state: ExploreState) -> tuple[str | None, str | None]:
    """Save the state for later page visits and return (link token, message if it has none)."""
    session[SAVED] = state
    try:
        token = to_link(state)
    except LinkStateError as err:
        return None, f"No link for this input: {err}."
    session[LOADED_LINK] = token
    return token, None


# --- callbacks (run by Streamlit before the script; they only touch session keys) -----------


def add_reference(session: MutableMapping[str, Any]) -> None:
    """Append an empty reference."""
    if len(session[REF_IDS]) >= MAX_REFERENCES:
        return
    ref_id = session[NEXT_REF_ID]
    session[NEXT_REF_ID] = ref_id + 1
    session[REF_IDS] = [*session[REF_IDS], ref_id]
    session[ref_key(ref_id)] = ""


def remove_reference(session: MutableMapping[str, Any], ref_id: int) -> None:
    """Remove one reference, keeping at least one."""
    if len(session[REF_IDS]) <= 1:
        return
    session[REF_IDS] = [i for i in session[REF_IDS] if i != ref_id]


def smoothing_changed(session: MutableMapping[str, Any]) -> None:
    """Reset the smoothing value to the new method's default (epsilon 0.1, k 1 or 5, alpha 5)."""
    session[SMOOTH_VALUE] = float(SMOOTHING_DEFAULTS.get(session[SMOOTH_METHOD]) or 0.0)


def custom_weights_toggled(session: MutableMapping[str, Any]) -> None:
    """Start custom weights from uniform weights for the current N."""
    if session[CUSTOM_WEIGHTS]:
        n = session[MAX_ORDER]
        session[WEIGHTS] = default_weights_text(int(n) if n is not None else 4)


def clamp_order(session: MutableMapping[str, Any], max_order: int) -> None:
    """Keep the highlighted order within 1..N, or 0 for all orders (call before drawing the order selector)."""
    top = max(1, min(max_order, MAX_ORDER_LIMIT))
    current = session.get(ORDER)
    if type(current) is int and current == 0:
        return
    session[ORDER] = min(max(int(current or 1), 1), top)


def as_dict(state: ExploreState) -> dict[str, Any]:
    """The state as a JSON-ready dict (for the result download)."""
    data = asdict(state)
    data["references"] = list(state.references)
    return data


def with_changes(state: ExploreState, **changes: Any) -> ExploreState:
    """A copy of a state with some fields changed."""
    return replace(state, **changes)
