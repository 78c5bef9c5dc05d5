"""Other tools' conventions, reproduced by bleucore (never imported at run time), so that a user can see which
rule makes another tool's number differ from sacreBLEU's: ``compare_mt`` (compare-mt 0.2.10's BLEU)."""

from __future__ import annotations

from .compare_mt import COMPARE_MT_BLEU_RULES, compare_mt_bleu

__all__ = ["COMPARE_MT_BLEU_RULES", "compare_mt_bleu"]
