"""The signature: every option that changes a BLEU number, in one reproducible string (Post 2018)."""

from __future__ import annotations

from functools import lru_cache

from ... import __version__
from ...tokenizers import get_tokenizer
from .options import BleuOptions


def _fmt(value: float) -> str:
    return f"{value:g}"


@lru_cache(maxsize=256)
def signature(options: BleuOptions, nrefs: int | str = 1) -> str:
    """``nrefs:3|case:mixed|eff:no|tok:13a|smooth:exp|order:4|weights:uniform|reflen:closest|variant:standard|version:0.1.0``.

    Unlike sacreBLEU's, it names the max order, the weights, the reference-length rule and the variant.
    """
    smooth = options.smooth_method
    value = options.effective_smooth_value
    if value is not None:
        smooth = f"{smooth}-{_fmt(value)}"
    weights = "uniform" if options.uniform else ",".join(_fmt(w) for w in options.weights)
    parts = [
        f"nrefs:{nrefs}",
        f"case:{'lc' if options.lowercase else 'mixed'}",
        f"eff:{'yes' if options.effective_order else 'no'}",
        f"tok:{get_tokenizer(options.tokenize).signature()}",
        f"smooth:{smooth}",
        f"order:{options.max_order}",
        f"weights:{weights}",
        f"reflen:{options.ref_length}",
        f"variant:{options.variant}",
        f"version:{__version__}",
    ]
    return "|".join(parts)
