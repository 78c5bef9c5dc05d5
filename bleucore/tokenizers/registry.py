"""The one list of tokenizers: name -> ``'module:Class'``, imported on first use.

``TOKENIZER_NAMES`` (the command line's choices, ``BleuOptions``' validation, the app's choices)
and ``TOKENIZERS`` (name -> class) are live views of this registry, so a tokenizer registered
with ``register_tokenizer`` is offered and accepted everywhere. A tokenizer that needs an optional
analyser (``Tokenizer.requires_module``) stays listed when the analyser is missing;
``missing_package`` names what to install and ``get_tokenizer`` refuses it with that message. One that reads a model
file (``Tokenizer.model``: SentencePiece's) stays listed when the file is missing; ``missing_model`` says where it was
looked for and where sacreBLEU downloads it, and ``use_model_file`` names another file.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ..registry import Names, Registry
from .model_files import choose_file

if TYPE_CHECKING:
    from .base import Tokenizer
    from .model_files import MissingModel

__all__ = [
    "TOKENIZERS",
    "TOKENIZER_NAMES",
    "available_tokenizers",
    "get_tokenizer",
    "missing_model",
    "missing_package",
    "register_tokenizer",
    "unregister_tokenizer",
    "use_model_file",
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
        "flores101": ".spm:TokenizerFlores101",
        "flores200": ".spm:TokenizerFlores200",
        "spBLEU-1K": ".spm:TokenizerSpBLEU1K",
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


def missing_model(name: str) -> MissingModel | None:
    """The model file tokenizer ``name`` reads and that is not on disk, or None (it has one, or needs none)."""
    return TOKENIZERS.load(name).missing_model()


def use_model_file(name: str, path: str | os.PathLike[str] | None) -> None:
    """Tokenizer ``name`` reads its model from ``path`` instead of sacreBLEU's folder (None: from the folder again);
    its signature is unchanged. ``ValueError`` if it reads no model file."""
    if TOKENIZERS.load(name).model is None:
        readers = [other for other in TOKENIZERS if TOKENIZERS[other].model is not None]
        raise ValueError(f"tokenizer {name!r} reads no model file (these do: {', '.join(readers)})")
    choose_file(name, path)


def available_tokenizers() -> tuple[str, ...]:
    """The names of the tokenizers that can run here (a missing analyser or model file disables its choice)."""
    return tuple(name for name in TOKENIZERS if missing_package(name) is None and missing_model(name) is None)


def get_tokenizer(name: str) -> Tokenizer:
    """The shared instance of tokenizer ``name``; ``ValueError`` naming the choices if unknown,
    naming the package to install if its analyser is missing, or saying where to put its missing model file."""
    tokenizer = _INSTANCES.get(name)
    if tokenizer is None or not tokenizer.current():  # not current: its model file is no longer the one named
        cls = TOKENIZERS.load(name)
        package = cls.missing_package()
        if package is not None:
            raise ValueError(f"tokenizer {name!r} needs the {package} package: pip install {package}")
        tokenizer = _INSTANCES[name] = cls()  # a missing model file: its ValueError
    return tokenizer
