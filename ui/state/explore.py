"""The Explore page's state: its session keys, defaults, options and the link that reproduces it.

Every key is prefixed ``explore_`` and listed here. Widget values live under their widget keys;
``ui.state.page`` (the mechanism every page shares, through ``PAGE_STATE``) keeps the last complete state under
``explore_saved`` and mirrors it in the link parameter ``s``. Other pages open a sentence here by making this state
(``ui.state.handoff``); the Score doctor reads it.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING, Any

from bleucore import BleuOptions
from bleucore.metrics.bleu import MAX_ORDER_LIMIT
from ui.links.codec import TEXT, Kind, LinkField, choice, link_fields, linked, texts
from ui.links.share import LINK_VERSION as LINK_VERSION  # the version new links carry (tests build links with it)
from ui.metrics.bleu.examples import CA1, REFS_1
from ui.options import bleu as om
from ui.shell.i18n import LANGUAGES, N_, _, translations
from ui.state.page import OPTIONS_LINK, REFERENCES_LINK, StatePage

if TYPE_CHECKING:
    from ui.links.share import LinkReader

CANDIDATE = "explore_candidate"
REF_IDS = "explore_ref_ids"
NEXT_REF_ID = "explore_next_ref_id"
OPTIONS = om.OptionKeys("explore")
TOKENIZE = OPTIONS.key("tokenize")
LOWERCASE = OPTIONS.key("lowercase")
MAX_ORDER = OPTIONS.key("max_order")
CUSTOM_WEIGHTS = OPTIONS.key("custom_weights")
WEIGHTS = OPTIONS.key("weights")
SMOOTH_METHOD = OPTIONS.key("smooth_method")
SMOOTH_VALUE = OPTIONS.key("smooth_value")
EFFECTIVE_ORDER = OPTIONS.key("effective_order")
REF_LENGTH = OPTIONS.key("ref_length")
VARIANT = OPTIONS.key("variant")
#: The preset Explore opens with and resets to: the tutorials' settings.
START_PRESET = om.TUTORIAL_NAME
ORDER = "explore_order"
TAB = "explore_tab"
#: The tabs' stable keys: what the link's ``tab`` holds and ``ExploreState.tab`` stores, in every language.
#: Each is also its English label (a msgid); the tabs show ``tab_labels()``, the session's language.
TABS = (
    N_("N-gram matches"),
    N_("Formula"),
    N_("Charts"),
    N_("Variants"),
    N_("Tokenizers"),
    N_("Export"),
    N_("chrF & TER"),
)
#: The character n-gram order highlighted in the chrF & TER tab.
CHRF_ORDER = "explore_chrf_order"
PAGE = "explore"

MAX_REFERENCES = 20
#: Most characters the candidate and references may hold together. Explore draws every token as a
#: coloured span: a 1 MB paste took 34 s per edit in Chromium (30 MB of HTML); 50,000 take ~2 s.
MAX_TEXT_CHARS = 50_000


def tab_labels() -> list[str]:
    """The tabs' labels in the session's language, in the order of ``TABS``."""
    return [_(key) for key in TABS]


def tab_key(shown: object) -> str | None:
    """The stable key of a tab label in any language (the tab widget holds its label), or None."""
    if shown in TABS:
        return str(shown)
    return next((key for key in TABS for lang in LANGUAGES if translations(lang).gettext(key) == shown), None)


def show_tab_in_language(session: MutableMapping[str, Any]) -> None:
    """Before the tabs are drawn: the tab widget's value becomes the open tab's label in this language
    (it may hold an English key from a link or a test, or the other language's label after a switch)."""
    key = tab_key(session.get(TAB))
    label = _(key if key is not None else TABS[0])
    if session.get(TAB) != label:
        session[TAB] = label


def ref_key(ref_id: int) -> str:
    """The session key of the reference text area with this id."""
    return f"explore_ref_{ref_id}"


def remove_key(ref_id: int) -> str:
    """The key of the button that removes the reference with this id."""
    return f"explore_remove_{ref_id}"


def _read_order(reader: LinkReader, link: LinkField, default: int, before: Mapping[str, Any]) -> int:
    """The highlighted order of a link: 0 (all orders) to the link's own N."""
    n = before["options"].max_order
    return reader.whole(*link, 0, n, min(default, n))


@dataclass(frozen=True)
class ExploreState:
    """Everything the Explore page's inputs hold, each with its link field (``ui.links.codec``); the default is the
    tutorials' Example 1 (Ca1). ``order`` is the highlighted n-gram order (0: all orders)."""

    candidate: str = linked(CA1, LinkField("c", N_("candidate")), TEXT)
    references: tuple[str, ...] = linked(REFS_1, REFERENCES_LINK, texts(1, MAX_REFERENCES))
    options: om.Choices = linked(om.TUTORIAL, OPTIONS_LINK, om.SECTION)
    order: int = linked(1, LinkField("o", N_("n-gram order")), Kind(_read_order))
    tab: str = linked(TABS[0], LinkField("tab", N_("tab")), choice(TABS, lambda key: repr(_(key))))


DEFAULT = ExploreState()


def to_options(state: ExploreState) -> BleuOptions:
    """The BleuOptions of a state (sentence BLEU); ValueError with a readable message for any invalid option."""
    return state.options.sentence_options()


def from_options(candidate: str, references: Sequence[str], options: BleuOptions, order: int = 1) -> ExploreState:
    """The state that shows ``candidate`` and ``references`` scored with ``options`` (for "Open in Explore")."""
    choices = om.Choices.from_bleu(options)
    return ExploreState(candidate, tuple(references), choices, _clamp(order, choices.max_order))


def _clamp(order: float, max_order: int) -> int:
    return min(max(int(order), 0), max(1, min(max_order, MAX_ORDER_LIMIT)))


def input_problems(state: ExploreState) -> list[str]:
    """Messages for text the page cannot score (no non-empty reference, too long).

    An empty candidate is scored, as sacreBLEU scores it: c = 0, so BP = 0 and BLEU = 0, with the reason.
    """
    problems = []
    if not any(r.strip() for r in state.references):
        problems.append(_("Every reference is empty: type at least one reference translation."))
    total = len(state.candidate) + sum(len(r) for r in state.references)
    if total > MAX_TEXT_CHARS:
        problems.append(
            _(
                "The candidate and references hold {total:,} characters; Explore takes at most {limit:,} "
                "characters in all. Score long texts on the Corpus page."
            ).format(total=total, limit=MAX_TEXT_CHARS)
        )
    return problems


def scored_references(state: ExploreState) -> tuple[str, ...]:
    """The non-empty references, the ones that are scored."""
    return tuple(r for r in state.references if r.strip())


# --- link state -----------------------------------------------------------------------------


def _options_at_top(data: dict[str, Any]) -> dict[str, Any]:
    """A version-1 link of Explore, which kept the options at its top level, as version 2 lays it out."""
    option_keys = {f.key for f in link_fields(om.Choices).values()}
    kept = {key: value for key, value in data.items() if key not in option_keys and key != OPTIONS_LINK.key}
    return {**kept, OPTIONS_LINK.key: {key: value for key, value in data.items() if key in option_keys}}


# --- session state --------------------------------------------------------------------------


def widget_values(state: ExploreState) -> dict[str, Any]:
    """The widget keys and values that show ``state`` (references numbered from 0)."""
    values: dict[str, Any] = {
        CANDIDATE: state.candidate,
        REF_IDS: list(range(len(state.references))),
        NEXT_REF_ID: len(state.references),
        ORDER: state.order,
        TAB: state.tab,
        **om.widget_values(OPTIONS, state.options),
    }
    values.update({ref_key(i): text for i, text in enumerate(state.references)})
    return values


def _is_ref_key(key: str) -> bool:
    return key.startswith("explore_ref_") and key[len("explore_ref_") :].isdigit()


def read(session: Mapping[str, Any]) -> ExploreState:
    """The state the widgets hold now."""
    order = session.get(ORDER)
    tab = session.get(TAB)
    return ExploreState(
        candidate=session[CANDIDATE],
        references=tuple(session[ref_key(i)] for i in session[REF_IDS]),
        options=om.read(session, OPTIONS),
        order=int(order) if isinstance(order, (int, float)) else 1,
        tab=tab_key(tab) or TABS[0],
    )


#: Explore's state for ``ui.state.page`` (the mechanism every page shares): the reference boxes are as many as the
#: state has, and a link holds all of it (nothing is kept on the server).
PAGE_STATE = StatePage(PAGE, DEFAULT, widget_values, _options_at_top, is_item_key=_is_ref_key, kept_on_server=False)


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


def clamp_order(session: MutableMapping[str, Any], max_order: int) -> None:
    """Keep the highlighted order within 0..N, 0 being all orders (call before drawing the order selector)."""
    current = session.get(ORDER)
    session[ORDER] = _clamp(current if isinstance(current, (int, float)) else 1, max_order)


def as_dict(state: ExploreState) -> dict[str, Any]:
    """The state as a JSON-ready dict (for the result download)."""
    data = asdict(state)
    data["references"] = list(state.references)
    data.update(data.pop("options"))
    return data


def with_changes(state: ExploreState, **changes: Any) -> ExploreState:
    """A copy of a state with some fields changed."""
    return replace(state, **changes)
