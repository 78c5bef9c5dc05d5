"""What a tokenizer choice needs that this server lacks, in the page's language: an analyser's package (MeCab,
SentencePiece) or sacreBLEU's SentencePiece model (flores101, flores200, spBLEU-1K), from bleucore's
``missing_package`` and ``missing_model``. The choice stays listed with what it needs in its label; a page that would
score with it says where to put what is missing instead (the app downloads nothing)."""

from __future__ import annotations

from collections.abc import Callable

from bleucore.tokenizers import TOKENIZER_NAMES, missing_model, missing_package
from ui.shell.i18n import _

__all__ = ["needs_label", "needs_message"]


def needs_label(name: str, gettext: Callable[[str], str] = _) -> str:
    """The tokenizer's name in a choice; one that cannot run here says what it needs (``gettext``: a run's
    ``i18n.bound()``, for a ``format_func`` called outside the run)."""
    if name not in TOKENIZER_NAMES:
        return name
    package = missing_package(name)
    if package is not None:
        return gettext("{name} (needs pip install {package})").format(name=name, package=package)
    if missing_model(name) is not None:
        return gettext("{name} (needs its SentencePiece model)").format(name=name)
    return name


def needs_message(name: str) -> str | None:
    """Why the tokenizer cannot score here and what to do, or None if it can (plain text: show it escaped)."""
    if name not in TOKENIZER_NAMES:
        return None
    package = missing_package(name)
    if package is not None:
        return _(
            "The tokenizer {tokenizer} needs the {package} package (pip install {package}), "
            "which is not installed here: choose another tokenizer in the sidebar."
        ).format(tokenizer=name, package=package)
    missing = missing_model(name)
    if missing is None:
        return None
    return _(
        "The tokenizer {tokenizer} needs sacreBLEU's SentencePiece model {file}, which is not on this server: "
        "download it from {url} into {folder} (where sacreBLEU keeps it) and reload the page, or choose another "
        "tokenizer in the sidebar. The app downloads nothing."
    ).format(tokenizer=name, file=missing.file, url=missing.url, folder=missing.folder)
