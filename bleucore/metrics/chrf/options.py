"""Every option that changes a chrF number (Popović 2015, 2017), with sacreBLEU 2.6's defaults."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MAX_CHAR_ORDER", "MAX_WORD_ORDER", "ChrfOptions"]

#: Limits of this implementation (sacreBLEU sets none; its defaults are 6 and 0 or 2).
MAX_CHAR_ORDER = 20
MAX_WORD_ORDER = 10


@dataclass(frozen=True)
class ChrfOptions:
    """chrF (``word_order`` 0) or chrF++ (``word_order`` 2): character n-grams 1..``char_order``,
    word n-grams 1..``word_order``, F-beta with ``beta`` (recall beta times as important).

    ``lowercase``: case-insensitive; ``whitespace``: spaces count as characters of the n-grams;
    ``eps_smoothing``: chrF++.py's epsilon smoothing (an average of per-order F scores) instead of
    sacreBLEU's default (F of the averaged precision and recall over the orders that have n-grams).
    """

    char_order: int = 6
    word_order: int = 0
    beta: int = 2
    lowercase: bool = False
    whitespace: bool = False
    eps_smoothing: bool = False

    def __post_init__(self) -> None:
        for name, value, low, high in (
            ("char_order", self.char_order, 0, MAX_CHAR_ORDER),
            ("word_order", self.word_order, 0, MAX_WORD_ORDER),
            ("beta", self.beta, 0, 1000),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ValueError(f"chrF {name} must be a whole number between {low} and {high}, got {value!r}")
        if self.char_order + self.word_order == 0:
            raise ValueError("chrF needs at least one character or word n-gram order")

    @property
    def order(self) -> int:
        """The number of n-gram orders: character orders, then word orders."""
        return self.char_order + self.word_order

    @property
    def label(self) -> str:
        """sacreBLEU's name: ``chrF2`` and ``chrF2++`` (one "+" per word order)."""
        return f"chrF{self.beta}" + "+" * self.word_order
