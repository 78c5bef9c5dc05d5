"""Shareable links: page state <-> one compact, validated query parameter.

State is JSON, compressed with zlib and base64url-encoded into ``?s=...``; links longer than
MAX_LINK_STATE characters are refused with a message instead of producing a broken page.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import zlib
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from typing import Any

from ui.shell.i18n import _

#: Longest encoded state we write or accept (browsers and proxies cut URLs near 8-32 kB).
MAX_LINK_STATE = 8000
#: Largest decompressed state accepted from a link (guards against zip bombs).
MAX_DECODED_BYTES = 200_000
PARAM = "s"
#: Version written into new links; version 1 (before the shared options model) is still read.
LINK_VERSION = 2
#: How many of a session's own tokens are remembered (see ``is_new``).
KNOWN_TOKENS = 32
#: Deepest nesting of a link's JSON (pages use 3 levels).
MAX_NESTING = 8


class LinkStateError(ValueError):
    """A link's state is too long, corrupted or of the wrong shape."""


def encode_state(state: dict[str, Any]) -> str:
    """JSON -> zlib -> base64url (no padding). Raises LinkStateError if longer than MAX_LINK_STATE."""
    raw = json.dumps(state, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
    token = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")
    if len(token) > MAX_LINK_STATE:
        raise LinkStateError(
            _("this input is too long to fit in a link ({n:,} characters encoded, limit {limit:,})").format(
                n=len(token), limit=MAX_LINK_STATE
            )
        )
    return token


def decode_state(token: str) -> dict[str, Any]:
    """The inverse of encode_state; raises LinkStateError for anything malformed, too long or not a dict."""
    if len(token) > MAX_LINK_STATE:
        raise LinkStateError(
            _("the link's state is {n:,} characters long, limit {limit:,}").format(n=len(token), limit=MAX_LINK_STATE)
        )
    try:
        padded = token + "=" * (-len(token) % 4)
        compressed = base64.urlsafe_b64decode(padded.encode("ascii"))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(compressed, MAX_DECODED_BYTES + 1)
        if len(raw) > MAX_DECODED_BYTES or inflater.unconsumed_tail:
            raise LinkStateError(_("the link's state expands beyond {limit:,} bytes").format(limit=MAX_DECODED_BYTES))
        if not inflater.eof or inflater.unused_data:  # cut short (its checksum missing) or padded after its end
            raise LinkStateError(_("the link is corrupted and cannot be read"))
        text = raw.decode("utf-8")
        if _nesting(text) > MAX_NESTING:
            raise LinkStateError(
                _("the link's state is nested {n:,} levels deep, limit {limit}").format(
                    n=_nesting(text), limit=MAX_NESTING
                )
            )
        state = json.loads(text)
        json.dumps(state, ensure_ascii=False).encode(
            "utf-8"
        )  # a lone surrogate ("\\ud800" in the JSON): no page could show it
    except LinkStateError:
        raise
    except (binascii.Error, zlib.error, UnicodeError, ValueError):
        raise LinkStateError(_("the link is corrupted and cannot be read")) from None
    if not isinstance(state, dict):
        raise LinkStateError(_("the link's state is not a set of named values"))
    return state


def _nesting(text: str) -> int:
    """How deep JSON arrays and objects nest in ``text`` (brackets inside strings not counted), checked before
    ``json.loads``, whose recursion a deep enough link would exhaust."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


class OtherPageLink(LinkStateError):
    """A link made for another page (left unused without a message)."""


def open_link(token: str, page: str, versions: tuple[int, ...] = (1, LINK_VERSION)) -> tuple[dict[str, Any], int]:
    """A link's fields and version; LinkStateError if unreadable, OtherPageLink if made for another page.

    Links name their page (``page``); Explore's version-1 links did not, so a link without one is Explore's.
    """
    data = decode_state(token)
    if data.get("page", "explore") != page:
        raise OtherPageLink(f"the link belongs to another page ({data.get('page')!r}, not {page!r})")
    version = data.get("v")
    if type(version) is not int or version not in versions:
        raise LinkStateError(
            _("the link was made by another version of this page (version {version})").format(version=repr(version))
        )
    return data, version


def make_link(page: str, fields: dict[str, Any]) -> str:
    """The ``s`` token of a page's fields, stamped with the page and LINK_VERSION (LinkStateError if too long)."""
    return encode_state({"page": page, "v": LINK_VERSION, **fields})


class LinkReader:
    """Reads a link's fields one by one; a missing field gets its default, a wrong one its default and a note.

    A link that can be opened only in part thus opens what it can, and ``notes`` say what was dropped
    ("This link's smoothing 'foo' is unknown: kept the rest, using smoothing 'none'.").
    """

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.notes: list[str] = []

    def drop(self, problem: str, fallback: str) -> None:
        """Note a field that could not be used."""
        self.notes.append(
            _("This link's {problem}: kept the rest, using {fallback}.").format(problem=problem, fallback=fallback)
        )

    def choice(
        self, key: str, label: str, choices: Sequence[str], default: str, shown: Callable[[str], str] = repr
    ) -> str:
        """One of ``choices`` (``shown`` words the default in the note, e.g. a tab key as its translated label)."""
        value = self.data.get(key, default)
        if isinstance(value, str) and value in choices:
            return value
        label = _(label)
        self.drop(_("{label} {value} is unknown").format(label=label, value=_shown(value)), f"{label} {shown(default)}")
        return default

    def flag(self, key: str, label: str, default: bool) -> bool:
        """True or False."""
        value = self.data.get(key, default)
        if type(value) is bool:
            return value
        label = _(label)
        fallback = (_("{label} on") if default else _("{label} off")).format(label=label)
        self.drop(_("{label} {value} is not true or false").format(label=label, value=_shown(value)), fallback)
        return default

    def whole(self, key: str, label: str, low: int, high: int, default: int) -> int:
        """A whole number from ``low`` to ``high``."""
        value = self.data.get(key, default)
        if type(value) is int and low <= value <= high:
            return value
        label = _(label)
        problem = _("{label} {value} is not a whole number from {low:,} to {high:,}").format(
            label=label, value=_shown(value), low=low, high=high
        )
        self.drop(problem, f"{label} = {default:,}")
        return default

    def number(self, key: str, label: str, default: float | None) -> float | None:
        """A finite number of 0 or more (None when absent and the default is None)."""
        value = self.data.get(key, default)
        if value is None or (type(value) in (int, float) and math.isfinite(value) and value >= 0):
            return None if value is None else float(value)
        label = _(label)
        fallback = _("none") if default is None else f"{default:g}"
        self.drop(
            _("{label} {value} is not a number of 0 or more").format(label=label, value=_shown(value)),
            f"{label} {fallback}",
        )
        return default

    def text(self, key: str, label: str, default: str) -> str:
        """A text."""
        value = self.data.get(key, default)
        if isinstance(value, str):
            return value
        label = _(label)
        self.drop(_("{label} is not a text").format(label=label), _("the default {label}").format(label=label))
        return default

    def texts(self, key: str, label: str, low: int, high: int, default: tuple[str, ...]) -> tuple[str, ...]:
        """A list of ``low`` to ``high`` texts."""
        value = self.data.get(key, list(default))
        if isinstance(value, list) and low <= len(value) <= high and all(isinstance(t, str) for t in value):
            return tuple(value)
        label = _(label)
        problem = _("{label} should be a list of {low} to {high} texts").format(label=label, low=low, high=high)
        self.drop(problem, _("the default {label}").format(label=label))
        return default

    def choices(self, key: str, label: str, choices: Sequence[str], default: tuple[str, ...]) -> tuple[str, ...]:
        """A list of distinct ``choices``, kept in the order of ``choices``."""
        value = self.data.get(key, list(default))
        if isinstance(value, list) and all(isinstance(v, str) and v in choices for v in value):
            return tuple(c for c in choices if c in value)
        label = _(label)
        self.drop(
            _("{label} {value} are unknown").format(label=label, value=_shown(value)), f"{label} {', '.join(default)}"
        )
        return default

    def section(self, key: str, label: str) -> LinkReader:
        """A reader of a nested set of fields (an empty one, noted, if it is not a set of named values)."""
        value = self.data.get(key, {})
        if isinstance(value, dict):
            sub = LinkReader(value)
        else:
            self.drop(_("{label} are not a set of named values").format(label=_(label)), _("the defaults"))
            sub = LinkReader({})
        sub.notes = self.notes
        return sub


def _shown(value: Any) -> str:
    """A link's value as a message quotes it (cut short: it comes from whoever made the link)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def remember(session: MutableMapping[str, Any], key: str, token: str) -> None:
    """Record a token this session has shown or opened (the last few, under ``key``)."""
    previous = session.get(key)
    known = [t for t in previous if t != token] if isinstance(previous, list) else []
    session[key] = [*known[-(KNOWN_TOKENS - 1) :], token]


def forget(session: MutableMapping[str, Any], key: str, token: str) -> None:
    """Let ``token`` be opened again (a hand-off that sends it on purpose, even if the session knows it)."""
    previous = session.get(key)
    if isinstance(previous, list):
        session[key] = [t for t in previous if t != token]


def is_new(session: Mapping[str, Any], key: str, link: str | None) -> bool:
    """True when ``link`` is neither a token this session made nor one it opened already.

    A browser may send back the address of an earlier run (a rerun requested before the newest
    address arrived, or a page switch racing a publish); reopening it would undo the user's edits.
    """
    known = session.get(key)
    return bool(link) and not (isinstance(known, list) and link in known)
