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
from typing import Any

#: Longest encoded state we write or accept (browsers and proxies cut URLs near 8-32 kB).
MAX_LINK_STATE = 8000
#: Largest decompressed state accepted from a link (guards against zip bombs).
MAX_DECODED_BYTES = 200_000
PARAM = "s"


class LinkStateError(ValueError):
    """A link's state is too long, corrupted or of the wrong shape."""


def encode_state(state: dict[str, Any]) -> str:
    """JSON -> zlib -> base64url (no padding). Raises LinkStateError if longer than MAX_LINK_STATE."""
    raw = json.dumps(state, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
    token = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")
    if len(token) > MAX_LINK_STATE:
        raise LinkStateError(
            f"this input is too long to fit in a link ({len(token):,} characters encoded, limit {MAX_LINK_STATE:,})"
        )
    return token


def decode_state(token: str) -> dict[str, Any]:
    """The inverse of encode_state; raises LinkStateError for anything malformed, too long or not a dict."""
    if len(token) > MAX_LINK_STATE:
        raise LinkStateError(f"the link's state is {len(token):,} characters long, limit {MAX_LINK_STATE:,}")
    try:
        padded = token + "=" * (-len(token) % 4)
        compressed = base64.urlsafe_b64decode(padded.encode("ascii"))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(compressed, MAX_DECODED_BYTES + 1)
        if len(raw) > MAX_DECODED_BYTES or inflater.unconsumed_tail:
            raise LinkStateError(f"the link's state expands beyond {MAX_DECODED_BYTES:,} bytes")
        state = json.loads(raw.decode("utf-8"))
    except LinkStateError:
        raise
    except (binascii.Error, zlib.error, UnicodeError, ValueError) as err:
        raise LinkStateError(f"the link is corrupted and cannot be read ({type(err).__name__})") from None
    if not isinstance(state, dict):
        raise LinkStateError("the link's state is not a set of named values")
    return state


def read_fields(
    data: dict[str, Any],
    fields: dict[str, tuple[str, type]],
    default: object,
    choices: dict[str, tuple[str, ...]],
    label: str = "field",
) -> dict[str, Any]:
    """Typed, validated values of a link's short-named fields (missing ones from ``default``).

    ``fields`` maps a short key to (attribute name, exact type); ``choices`` limits some attributes
    to named values. Raises LinkStateError naming the first wrong field.
    """
    values: dict[str, Any] = {}
    for short, (name, kind) in fields.items():
        value = data.get(short, getattr(default, name))
        if type(value) is not kind:
            raise LinkStateError(f"the link's {label} {short!r} should be a {kind.__name__}")
        if name in choices and value not in choices[name]:
            raise LinkStateError(
                f"the link's {name.replace('_', ' ')} {value!r} is not one of {', '.join(choices[name])}"
            )
        values[name] = value
    return values


def read_order_and_smoothing(data: dict[str, Any], max_order: int, limit: int) -> float | None:
    """Check a link's N against 1..limit and return its smoothing value ``sv`` (None if absent)."""
    if not 1 <= max_order <= limit:
        raise LinkStateError(f"the link's N = {max_order} is not between 1 and {limit}")
    sv = data.get("sv")
    if sv is not None and (type(sv) not in (int, float) or not math.isfinite(sv) or sv < 0):
        raise LinkStateError("the link's smoothing value should be a number of 0 or more")
    return None if sv is None else float(sv)
