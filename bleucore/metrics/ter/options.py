"""Every option that changes a TER number (Snover et al. 2006), with sacreBLEU 2.6's defaults."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["TerOptions"]


@dataclass(frozen=True)
class TerOptions:
    """TER's tokenization (Tercom's normaliser, as sacreBLEU's ``TercomTokenizer``).

    ``normalized``: tokenize punctuation and unescape XML entities; ``no_punct``: remove
    punctuation; ``asian_support``: with either of them, split CJK characters and remove CJK and
    full-width punctuation; ``case_sensitive``: keep case (TER lowercases by default).
    """

    normalized: bool = False
    no_punct: bool = False
    asian_support: bool = False
    case_sensitive: bool = False

    def __post_init__(self) -> None:
        for name in ("normalized", "no_punct", "asian_support", "case_sensitive"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"TER option {name} must be True or False, got {getattr(self, name)!r}")

    @property
    def label(self) -> str:
        """sacreBLEU's name, ``TER``."""
        return "TER"
