"""A state's link, declared with its fields: one writer and one reader for every page's state and option set.

Each shareable field of a state dataclass says once, where it is declared (``linked``), under which short key and
label a link holds it (``LinkField``), how that value is checked when read back (its ``Kind``: a ``LinkReader``
method and its bounds) and when a link leaves it out. ``link_data`` writes any such state as a link's fields and
``read_state`` reads them back: a missing field keeps the default's value, a wrong one too, with a note.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import Field, field, fields, replace
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    from ui.links.share import LinkReader

T = TypeVar("T", bound="DataclassInstance")


class LinkField(NamedTuple):
    """One state field in a link: its short key and its label (a msgid) in notes about the link.

    A state dataclass declares each field's LinkField with the field (``linked``), and the one writer and reader
    here use it both ways; ``link_fields(State)`` lists them."""

    key: str
    label: str


#: Reads one field: (reader, its LinkField, the default value, the fields read before it) -> its value.
Read = Callable[["LinkReader", LinkField, Any, Mapping[str, Any]], Any]


def _same(value: Any) -> Any:
    return value


class Kind(NamedTuple):
    """How a link holds one kind of value: ``read`` checks it back, ``write`` makes it JSON."""

    read: Read
    write: Callable[[Any], Any] = _same


TEXT = Kind(lambda reader, link, default, _before: reader.text(*link, default))
FLAG = Kind(lambda reader, link, default, _before: reader.flag(*link, default))


def whole(low: int, high: int) -> Kind:
    """A whole number from ``low`` to ``high``."""
    return Kind(lambda reader, link, default, _before: reader.whole(*link, low, high, default))


def texts(low: int, high: int) -> Kind:
    """A tuple of ``low`` to ``high`` texts (a list in the link)."""
    return Kind(lambda reader, link, default, _before: reader.texts(*link, low, high, default), list)


def choice(options: Sequence[str], shown: Callable[[str], str] = repr) -> Kind:
    """One of ``options`` (``shown`` words the default in a note; a registry's live list of names stays live)."""
    return Kind(lambda reader, link, default, _before: reader.choice(*link, options, default, shown))


def choices(options: Sequence[str]) -> Kind:
    """A tuple of distinct ``options`` (a list in the link)."""
    return Kind(lambda reader, link, default, _before: reader.choices(*link, options, default), list)


def section(read: Callable[[LinkReader, T], T], write: Callable[[T], dict[str, Any]]) -> Kind:
    """A nested set of fields (an option set): ``read(its reader, the default)`` and ``write(value)``."""
    return Kind(lambda reader, link, default, _before: read(reader.section(*link), default), write)


class Linked(NamedTuple):
    """One state field in a link: its key and label, its kind, and when a link leaves it out: while it holds the
    class default (``omit_default``: links made before the field existed stay the same), when it is pasted text
    and the link is made without it (``pasted``), or when ``when`` (of the state's fields) is false."""

    link: LinkField
    kind: Kind
    omit_default: bool = False
    pasted: bool = False
    when: Callable[[Mapping[str, Any]], bool] | None = None


_LINKED = "link"


def linked(
    default: Any,
    link: LinkField,
    kind: Kind,
    *,
    omit_default: bool = False,
    pasted: bool = False,
    when: Callable[[Mapping[str, Any]], bool] | None = None,
    metadata: Mapping[str, Any] | None = None,
) -> Any:
    """A dataclass field with ``default`` that a link holds as ``link`` (see ``Linked`` for the rest), and the field's
    other ``metadata`` (how a page offers it)."""
    return field(
        default=default, metadata={**(metadata or {}), _LINKED: Linked(link, kind, omit_default, pasted, when)}
    )


def _linked(state_type: type) -> dict[str, Linked]:
    found: tuple[Field[Any], ...] = fields(state_type)
    return {f.name: f.metadata[_LINKED] for f in found if _LINKED in f.metadata}


def link_fields(state_type: type) -> dict[str, LinkField]:
    """State field -> its LinkField, for every field of ``state_type`` a link holds."""
    return {name: spec.link for name, spec in _linked(state_type).items()}


def link_data(state: Any, with_texts: bool = True) -> dict[str, Any]:
    """The link fields of ``state``; pasted texts only ``with_texts`` and when its ``source`` is "paste" (a state
    with ``pasted`` fields has a ``source`` field: ``PastedInputs``)."""
    values = {f.name: getattr(state, f.name) for f in fields(state)}
    default = type(state)()
    with_pasted = with_texts and values.get("source") == "paste"
    data = {}
    for name, spec in _linked(type(state)).items():
        value = values[name]
        left_out = (
            (spec.pasted and not with_pasted)
            or (spec.omit_default and value == getattr(default, name))
            or (spec.when is not None and not spec.when(values))
        )
        if not left_out:
            data[spec.link.key] = spec.kind.write(value)
    return data


def read_state(reader: LinkReader, default: T) -> T:
    """The state a link's fields hold, read in the order the fields are declared; a field that is missing, wrong
    (noted in ``reader.notes``) or left out by its ``when`` keeps ``default``'s value."""
    values: dict[str, Any] = {}
    for name, spec in _linked(type(default)).items():
        fallback = getattr(default, name)
        if spec.when is not None and not spec.when(values):
            values[name] = fallback
        else:
            values[name] = spec.kind.read(reader, spec.link, fallback, values)
    return replace(default, **values)
