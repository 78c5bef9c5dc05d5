"""The signature: every option that changes a BLEU number, in one reproducible string (Post 2018)."""

from __future__ import annotations

from functools import lru_cache

from ... import __version__
from ...tokenizers import get_tokenizer
from ..sacrebleu_equivalent import SACREBLEU_VERSION, Lacking, SacrebleuEquivalent
from .options import SACREBLEU_SMOOTHING, BleuOptions


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


def sacrebleu_equivalent(
    options: BleuOptions, nrefs: int | str = 1, sentence_level: bool = False
) -> SacrebleuEquivalent:
    """sacreBLEU 2.6's BLEU signature and ``sacrebleu`` flags for ``options`` (corpus BLEU, or ``-sl``), or the
    settings its command line lacks: N and weights other than 4 uniform, NLTK smoothing, a reference-length
    rule other than closest, a variant, effective order other than on exactly with ``-sl``."""
    lacking: list[Lacking] = []
    if options.max_order != 4 or not options.uniform:
        lacking.append(("order" if options.uniform else "weights", str(options.max_order)))
    if options.is_nltk:
        lacking.append(("smoothing", options.smooth_method))
    if options.ref_length != "closest":
        lacking.append(("reference_length", options.ref_length))
    if options.variant != "standard":
        lacking.append(("variant", options.variant))
    if options.effective_order != sentence_level:
        lacking.append(("effective_order", "on" if options.effective_order else "off"))
    flags = ["-m", "bleu", "-tok", options.tokenize]
    if options.lowercase:
        flags.append("-lc")
    flags += ["-s", options.smooth_method]
    smooth = options.smooth_method
    value = options.effective_smooth_value
    if value is not None and SACREBLEU_SMOOTHING.get(options.smooth_method) is not None:  # floor, add-k
        flags += ["-sv", _fmt(value)]
        smooth = f"{smooth}[{value:.2f}]"
    if sentence_level:
        flags.append("-sl")
    if lacking:
        return SacrebleuEquivalent(None, tuple(flags), tuple(lacking))
    signature = "|".join(
        [
            f"nrefs:{nrefs}",
            f"case:{'lc' if options.lowercase else 'mixed'}",
            f"eff:{'yes' if options.effective_order else 'no'}",
            f"tok:{get_tokenizer(options.tokenize).signature()}",
            f"smooth:{smooth}",
            f"version:{SACREBLEU_VERSION}",
        ]
    )
    return SacrebleuEquivalent(signature, tuple(flags))
