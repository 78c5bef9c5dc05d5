"""What sacreBLEU 2.6 prints for the same settings (Post 2018): its signature and the command line that
reproduces a score, or the settings it has no equivalent for, so a paper can cite either tool's number."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

#: The sacreBLEU release whose signatures and command line bleucore reproduces.
SACREBLEU_VERSION = "2.6.0"
#: sacreBLEU's seed of its resampling tests when ``SACREBLEU_SEED`` is not set (bleucore.significance.defaults.SEED).
SACREBLEU_SEED = 12345
#: sacreBLEU's paired tests: "bs" (``--paired-bs``, Koehn 2004), "ar" (``--paired-ar``, Riezler & Maxwell 2005).
PairedTest = Literal["bs", "ar"]
#: A setting sacreBLEU 2.6 has no equivalent for, as a code and its value, which a screen words in its own language
#: (``setting_words`` is the command line's English): "order" (N other than 4), "weights" (N with custom weights),
#: "smoothing" (an NLTK method), "reference_length", "variant", "effective_order" ("on" for corpus BLEU, "off" for
#: sentence BLEU) and "metric" (a metric sacreBLEU does not have: its label).
Lacking = tuple[str, str]
_LACKING_WORDS = {
    "order": "order {}",
    "weights": "order {} with custom weights",
    "smoothing": "smoothing {}",
    "reference_length": "reference length {}",
    "variant": "variant {}",
    "metric": "the metric {}",
}
_EFFECTIVE_ORDER_WORDS = {"on": "effective order on for corpus BLEU", "off": "effective order off for -sl"}


def setting_words(setting: Lacking) -> str:
    """A setting sacreBLEU lacks in the command line's English: ``("smoothing", "nltk-method3")`` ->
    ``smoothing nltk-method3``."""
    code, value = setting
    if code == "effective_order":
        return _EFFECTIVE_ORDER_WORDS[value]
    return _LACKING_WORDS[code].format(value)


@dataclass(frozen=True)
class SacrebleuEquivalent:
    """sacreBLEU's ``signature`` for these settings and the ``flags`` that reproduce the score with ``sacrebleu``;
    ``signature`` is None when some settings (``lacking``, as codes; ``missing`` words them) have no sacreBLEU
    equivalent. ``unsigned`` names settings sacreBLEU reproduces but leaves out of its signature (chrF's β)."""

    signature: str | None
    flags: tuple[str, ...]
    lacking: tuple[Lacking, ...] = ()
    unsigned: tuple[str, ...] = ()

    @property
    def missing(self) -> tuple[str, ...]:
        """The settings sacreBLEU has no equivalent for, in the command line's English (``setting_words``)."""
        return tuple(setting_words(setting) for setting in self.lacking)

    def command(self, references: Sequence[str], hypothesis: str) -> str | None:
        """``sacrebleu REF... -i HYP FLAGS`` (shell-quoted), or None without an equivalent."""
        if self.signature is None:
            return None
        return shlex.join(["sacrebleu", *references, "-i", hypothesis, *self.flags])

    def paired_signature(self, test: PairedTest, n: int, seed: int) -> str | None:
        """The signature sacreBLEU 2.6 prints beside its paired test ``test`` ("bs": ``--paired-bs``, "ar":
        ``--paired-ar``) with ``n`` resamples or trials and ``seed``: ``nrefs:2|bs:1000|seed:12345|...``."""
        return None if self.signature is None else with_test(self.signature, test, n, seed)

    def paired_command(
        self, references: Sequence[str], systems: Sequence[str], test: PairedTest, n: int, seed: int
    ) -> str | None:
        """``sacrebleu REF... -i BASELINE SYSTEM... FLAGS --paired-bs --paired-bs-n N -f text``, the baseline first;
        sacreBLEU reads its seed from ``SACREBLEU_SEED`` (12345 when unset), so another seed is set there.
        ``-f text``: sacreBLEU 2.6's JSON output of a paired chrF test fails (a float32 it cannot write)."""
        if self.signature is None:
            return None
        flags = [f"--paired-{test}", f"--paired-{test}-n", str(n), "-f", "text"]
        command = shlex.join(["sacrebleu", *references, "-i", *systems, *self.flags, *flags])
        return command if seed == SACREBLEU_SEED else f"SACREBLEU_SEED={seed} {command}"


def with_test(signature: str, test: str, n: int, seed: int) -> str:
    """``signature`` with sacreBLEU's fields of a resampling test after ``nrefs``: ``nrefs:1|bs:1000|seed:12345|...``
    (``test``: "bs" for the bootstrap, "ar" for approximate randomization)."""
    first, _sep, rest = signature.partition("|")
    return f"{first}|{test}:{n}|seed:{seed}|{rest}"


def with_sacrebleu_version(signature: str) -> str:
    """A signature in sacreBLEU's own format with sacreBLEU's version in place of bleucore's."""
    head, _sep, _version = signature.rpartition("|version:")
    return f"{head}|version:{SACREBLEU_VERSION}"
