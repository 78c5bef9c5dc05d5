"""The conventions that make one BLEU tool's number differ from another's on the same files (Post 2018,
"A Call for Clarity in Reporting BLEU Scores"): each field is one rule a tool fixes, worded in ``RULE_WORDS``.

sacreBLEU 2.6's defaults are ``SACREBLEU``; every other tool in ``catalog`` is a set of these fields, so the
waterfall can change one field at a time between any two tools.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Literal, get_args

from ..tokenizers import TOKENIZER_NAMES

#: How a line becomes tokens: a bleucore tokenizer (sacreBLEU's), or one of the splits tools use instead.
SPLITS = ("whitespace", "ascii-whitespace", "single-space")
Case = Literal["cased", "lower", "ascii-lower"]
ReferenceLength = Literal["closest", "closest-first", "shortest"]
References = Literal["all", "first"]
ZeroPrecision = Literal["zero", "tiny", "exp", "skip"]
Brevity = Literal["standard", "simplified"]
Aggregate = Literal["corpus", "sentence-mean"]

#: The fields in the order the waterfall changes them (the text first, the formula last).
FIELD_ORDER = (
    "tokenize",
    "case",
    "references",
    "ref_length",
    "phantom_ngrams",
    "zero_precision",
    "brevity",
    "aggregate",
)


@dataclass(frozen=True)
class Conventions:
    """One tool's BLEU rules (Papineni et al. 2002 leave each of them open or fix it differently).

    ``tokenize``: a bleucore tokenizer name or one of ``SPLITS`` (``str.split()``; Perl's ``split`` on ASCII
    whitespace; ``split(' ')``, which keeps empty tokens). ``case``: ``lower`` is ``str.lower``, ``ascii-lower``
    Perl's ``lc`` on bytes (A-Z only). ``references``: every reference or the first only. ``ref_length``: r
    per sentence, closest to c (ties to the shorter, or to the first listed) or the shortest. ``phantom_ngrams``:
    a sentence shorter than n still adds 1 to the n-gram denominator (NLTK). ``zero_precision``: a zero p_n
    makes the score 0, becomes ``sys.float_info.min`` (NLTK's ``method0``: a score of about 1e-155 unless no
    unigram matches), is smoothed as sacreBLEU's ``exp`` does, or is left out of the mean (the wikidocs
    tutorial's code). ``brevity``: ``standard`` exp(1 - r/c) or ``simplified`` min(1, c/r). ``aggregate``: one
    corpus score from the summed counts, or the mean of sentence scores.
    """

    tokenize: str = "13a"
    case: Case = "cased"
    references: References = "all"
    ref_length: ReferenceLength = "closest"
    phantom_ngrams: bool = False
    zero_precision: ZeroPrecision = "exp"
    brevity: Brevity = "standard"
    aggregate: Aggregate = "corpus"

    def __post_init__(self) -> None:
        if self.tokenize not in SPLITS and self.tokenize not in TOKENIZER_NAMES:
            raise ValueError(
                f"unknown tokenization {self.tokenize!r}; choose one of {', '.join([*SPLITS, *TOKENIZER_NAMES])}"
            )
        for name, allowed in (
            ("case", Case),
            ("references", References),
            ("ref_length", ReferenceLength),
            ("zero_precision", ZeroPrecision),
            ("brevity", Brevity),
            ("aggregate", Aggregate),
        ):
            if getattr(self, name) not in get_args(allowed):
                raise ValueError(
                    f"unknown {name} {getattr(self, name)!r}; choose one of {', '.join(get_args(allowed))}"
                )

    def differences(self, other: Conventions) -> list[str]:
        """The fields whose values differ, in ``FIELD_ORDER``."""
        return [name for name in FIELD_ORDER if getattr(self, name) != getattr(other, name)]

    def with_field(self, name: str, value: object) -> Conventions:
        """A copy with one field changed (validated again)."""
        if name not in {f.name for f in fields(self)}:
            raise ValueError(f"no convention named {name!r}")
        return replace(self, **{name: value})  # type: ignore[arg-type]


#: sacreBLEU 2.6's defaults: 13a, cased, every reference, closest length (ties to the shorter), exp smoothing.
SACREBLEU = Conventions()
