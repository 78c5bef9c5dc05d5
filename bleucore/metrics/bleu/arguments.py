"""BLEU's argument group of the command line (sacreBLEU 2.6's flag names) and its options."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Iterator

from ...cli.usage import PROG, UsageError
from ...tokenizers.languages import LANGUAGE_TOKENIZERS, target_language, tokenizer_for_language
from ...tokenizers.registry import TOKENIZERS, missing_model, use_model_file
from . import options as bo

__all__ = ["DEFAULT_ORDER", "MODEL_FLAG", "add_arguments", "add_model_argument", "find_model", "options_from_args"]

DEFAULT_ORDER = 4
#: The flag naming a SentencePiece tokenizer's model file (sacreBLEU has none: it reads its own folder).
MODEL_FLAG = "--spm-model"
#: sacreBLEU 2.6's old name of flores101: the same model and signature, and a warning.
_OLD_NAMES = {"spm": "flores101"}


class _TokenizerChoices:
    """``-tok``'s choices: the registry's names (listed in ``--help``), and sacreBLEU's old names, accepted too."""

    def __iter__(self) -> Iterator[str]:
        return iter(bo.TOKENIZER_NAMES)

    def __contains__(self, value: object) -> bool:
        return value in bo.TOKENIZER_NAMES or value in _OLD_NAMES


def _tokenizer_name(value: str | None) -> str | None:
    """``-tok``'s value, sacreBLEU's old ``spm`` taken as ``flores101`` with a warning, as sacreBLEU takes it."""
    new = _OLD_NAMES.get(value or "")
    if new is None:
        return value
    sys.stderr.write(f"{PROG}: warning: -tok {value} is sacreBLEU's old name of {new} (the same model and signature)\n")
    return new


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The "BLEU options" group; the choices are read from the registries when parsing."""
    bleu = parser.add_argument_group("BLEU options")
    bleu.add_argument(
        "-tok",
        "--tokenize",
        choices=_TokenizerChoices(),
        default=None,
        help="tokenizer, as sacreBLEU's (default: zh, ja-mecab or ko-mecab for a -l target zh, ja or ko, else 13a)",
    )
    bleu.add_argument(
        "-l",
        "--language-pair",
        default=None,
        metavar="SRC-TRG",
        help="source-target language pair, e.g. en-ko: the target chooses the default tokenizer",
    )
    add_model_argument(bleu)
    bleu.add_argument("-lc", "--lowercase", action="store_true", help="case-insensitive BLEU")
    bleu.add_argument(
        "-s",
        "--smooth-method",
        choices=bo.SMOOTHING_METHODS,
        default="exp",
        metavar="METHOD",
        help=f"smoothing: {', '.join(bo.SMOOTHING_METHODS)} (default: %(default)s)",
    )
    bleu.add_argument(
        "-sv",
        "--smooth-value",
        type=float,
        default=None,
        metavar="VALUE",
        help="value of floor, add-k, nltk-method1 (epsilon), nltk-method4/7 (k), nltk-method6 (alpha)",
    )
    bleu.add_argument(
        "--max-ngram-order",
        type=int,
        default=None,
        metavar="N",
        help=f"highest n-gram order N, 1..{bo.MAX_ORDER_LIMIT} (default: {DEFAULT_ORDER}, or the number of weights)",
    )
    bleu.add_argument(
        "--weights",
        default=None,
        metavar="W1,W2,...",
        help="n-gram weights summing to 1, e.g. 0.5,0.5 or 1/3,1/3,1/3 (default: 1/N each)",
    )
    bleu.add_argument(
        "--ref-length",
        choices=bo.REF_LENGTH_RULES,
        default="closest",
        help="reference length r per segment (default: %(default)s; ties go to the shorter)",
    )
    bleu.add_argument(
        "--variant",
        choices=bo.VARIANTS,
        default="standard",
        help="standard BLEU, simplified BP min(1, c/r), or the tutorial code that skips zero precisions",
    )
    bleu.add_argument(
        "--effective-order",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="sacreBLEU's effective order (default: on with -sl, off for corpus BLEU and nltk-method*)",
    )


def _weights(args: argparse.Namespace) -> tuple[float, ...]:
    order: int | None = args.max_ngram_order
    if args.weights is None:
        return bo.uniform_weights(DEFAULT_ORDER if order is None else order)
    try:
        return bo.parse_weights(args.weights, order)
    except bo.WeightsError as err:
        from .messages import WeightsCount  # lazy: made only for a message (10 ms to import)

        if isinstance(err.reason, WeightsCount):  # N came from --max-ngram-order: name it
            raise UsageError(f"--weights gives {err.reason.count} weights but --max-ngram-order is {order}") from None
        raise UsageError(f"--weights: {err}") from None


def _smooth_value(args: argparse.Namespace) -> float | None:
    value: float | None = args.smooth_value
    if value is None:
        return None
    if not math.isfinite(value) or value < 0:
        raise UsageError(f"--smooth-value must be a finite number >= 0, got {value:g}")
    if bo.SMOOTHING_DEFAULTS[args.smooth_method] is None:
        sys.stderr.write(
            f"{PROG}: warning: {args.smooth_method} smoothing takes no value; --smooth-value {value:g} is ignored\n"
        )
        return None
    return value


def add_model_argument(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--spm-model FILE``: the SentencePiece model of a SentencePiece tokenizer (``args.spm_model``)."""
    parser.add_argument(
        MODEL_FLAG,
        default=None,
        metavar="FILE",
        help="the SentencePiece model of -tok flores101, flores200 or spBLEU-1K (default: sacreBLEU's, in "
        "$SACREBLEU/models or ~/.sacrebleu/models); the signature names the tokenizer",
    )


def options_from_args(args: argparse.Namespace) -> bo.BleuOptions:
    """BleuOptions of the command line; effective order defaults to on in sentence mode (not for NLTK)."""
    effective: bool | None = args.effective_order
    if effective is None:
        effective = bool(args.sentence_level) and not args.smooth_method.startswith("nltk-")
    trg_lang = target_language(args.language_pair) if args.language_pair else ""  # as sacreBLEU, an empty -l is none
    usual = LANGUAGE_TOKENIZERS.get(trg_lang)
    if usual is not None and args.tokenize not in (None, usual):  # sacreBLEU warns the same way
        sys.stderr.write(
            f"{PROG}: warning: consider -tok {usual} for target language {trg_lang} (sacreBLEU's choice)\n"
        )
    tokenize = tokenizer_for_language(trg_lang, _tokenizer_name(args.tokenize))
    find_model(tokenize, args.spm_model)
    return bo.BleuOptions(
        tokenize=tokenize,
        lowercase=args.lowercase,
        weights=_weights(args),
        smooth_method=args.smooth_method,
        smooth_value=_smooth_value(args),
        effective_order=effective,
        ref_length=args.ref_length,
        variant=args.variant,
    )


def find_model(tokenize: str, named: str | None) -> None:
    """The model file of a SentencePiece tokenizer: ``--spm-model``'s, else sacreBLEU's; a usage error saying where to
    put it when it is missing (bleucore downloads nothing)."""
    if named is not None:
        if TOKENIZERS.load(tokenize).model is None:
            readers = ", ".join(name for name in TOKENIZERS if TOKENIZERS[name].model is not None)
            raise UsageError(
                f"{MODEL_FLAG} names the model of a SentencePiece tokenizer ({readers}); -tok is {tokenize}"
            )
        use_model_file(tokenize, named)
    missing = missing_model(tokenize)
    if missing is None:
        return
    if missing.named:
        raise UsageError(f"{MODEL_FLAG} {missing.path}: no such file")
    raise UsageError(
        f"-tok {tokenize} needs sacreBLEU's SentencePiece model {missing.file}, not found in {missing.folder}: "
        f"download it from {missing.url} into that folder (where sacreBLEU keeps it; $SACREBLEU/models when "
        f"SACREBLEU is set), or give its path with {MODEL_FLAG} FILE; {PROG} downloads nothing"
    )
