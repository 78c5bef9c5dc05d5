"""The one list of tokenizers: name -> ``'module:Class'``, imported on first use.

``TOKENIZER_NAMES`` (the command line's choices, ``BleuOptions``' validation, the app's choices)
and ``TOKENIZERS`` (name -> class) are live views of this registry, so a tokenizer registered
with ``register_tokenizer`` is offered and accepted everywhere. A tokenizer that needs an optional
analyser (``Tokenizer.requires_module``) stays listed when the analyser is missing;
``missing_package`` names what to install and ``get_tokenizer`` refuses it with that message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..registry import Names, Registry

if TYPE_CHECKING:
    from .base import Tokenizer

__all__ = [
    "TOKENIZERS",
    "TOKENIZER_NAMES",
    "available_tokenizers",
    "get_tokenizer",
    "missing_package",
    "register_tokenizer",
    "unregister_tokenizer",
]

TOKENIZERS: Registry[type[Tokenizer]] = Registry(
    "tokenizer",
    __package__ or "bleucore.tokenizers",
    {
        "none": ".whitespace:TokenizerNone",
        "13a": ".tokenizer_13a:Tokenizer13a",
        "intl": ".intl:TokenizerIntl",
        "char": ".char:TokenizerChar",
        "zh": ".tokenizer_zh:TokenizerZh",
        "ja-mecab": ".mecab:TokenizerJaMecab",
        "ko-mecab": ".mecab:TokenizerKoMecab",
    },
)
TOKENIZER_NAMES: Names = TOKENIZERS.names
_INSTANCES: dict[str, Tokenizer] = {}


def register_tokenizer(name: str, target: str | type[Tokenizer]) -> None:
    """Offer tokenizer ``name`` everywhere: ``target`` is ``'module:Class'`` or the class."""
    TOKENIZERS.register(name, target)
    _INSTANCES.pop(name, None)


def unregister_tokenizer(name: str) -> None:
    """Withdraw tokenizer ``name`` (one registered for a test or a session)."""
    TOKENIZERS.unregister(name)
    _INSTANCES.pop(name, None)


def missing_package(name: str) -> str | None:
    """The package tokenizer ``name`` needs and that is not installed, or None if it can run."""
    return TOKENIZERS.load(name).missing_package()


def available_tokenizers() -> tuple[str, ...]:
    """The names of the tokenizers that can run here (a missing analyser disables its choice)."""
    return tuple(name for name in TOKENIZERS if missing_package(name) is None)


def get_tokenizer(name: str) -> Tokenizer:
    """The shared instance of tokenizer ``name``; ``ValueError`` naming the choices if unknown,
    or naming the package to install if its analyser is missing."""
    tokenizer = _INSTANCES.get(name)
    if tokenizer is None:
        cls = TOKENIZERS.load(name)
        package = cls.missing_package()
        if package is not None:
            raise ValueError(f"tokenizer {name!r} needs the {package} package: pip install {package}")
        tokenizer = _INSTANCES[name] = cls()
    return tokenizer
